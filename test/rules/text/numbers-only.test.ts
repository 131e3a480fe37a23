import { describe, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule from '../../../src/rules/text/numbers-only.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: '123456', count: 1, values: ['123456'], score: 2 },
    { request: '+1 (555) 123-4567', count: 1, values: ['+1 (555) 123-4567'] },
    { name: 'every separator', request: ' 12 + 3 - 4.5, (6) / 7 # 8 * 9 : 10 ; 11 ', count: 1, values: ['12 + 3 - 4.5, (6) / 7 # 8 * 9 : 10 ; 11'] },
    { name: 'dates and times', request: '12.03.2024 14:30', count: 1 },
    { name: 'all fields joined', request: { fields: { name: '123', phone: '456 789', message: '0' } }, count: 1, values: ['123\n456 789\n0'] },
    { name: 'an empty field beside a number', request: { fields: { name: '', message: '42' } }, count: 1 },
    { name: 'Arabic-Indic digits', request: '١٢٣ ٤٥٦', count: 1 },
    { name: 'Devanagari digits', request: '१२३४', count: 1 },
    { name: 'full-width digits are folded by NFKC', request: '１２３４', count: 1, values: ['1234'] },
    { name: 'superscript digits are folded by NFKC', request: '²³', count: 1, values: ['23'] },
    { name: 'text array', request: { text: ['1', '2'] }, count: 1 },
    { name: 'a time with ":3" in it is not an emoticon', request: '14:30', count: 1 },
    { name: 'a ratio', request: '2:3', count: 1 },
    { name: 'a list item: a colon after a parenthesis', request: '(1): 23', count: 1 },
    { name: 'a colon before a space and a parenthesis', request: '12: (3)', count: 1 },
  ],
  misses: [
    { name: 'empty text', request: '' },
    { name: 'white space only', request: '   \n ' },
    { name: 'separators only', request: '--- ... ///' },
    '12a',
    'Call me at +1 555 123 4567',
    { name: 'a quote is not a separator', request: "1'000'000" },
    { name: 'percent', request: '12%' },
    { name: 'currency', request: '100 €' },
    { name: 'a fraction with a fraction slash', request: '½' },
    { name: 'a letter in another field', request: { fields: { phone: '555 1234', name: 'Jo' } } },
    { name: 'an emoticon ":3" is not a number', request: ':3' },
    { name: 'a year and a sad face', request: '2010:(' },
    { name: 'a number and a smile', request: '5 ;-)' },
    { name: 'an emoticon ":3" after a number and a space', request: '100 :3' },
    {
      name: 'business enquiry with many numbers',
      request: 'Order 4711: 12 x 3.50 = 42.00, delivery 12.03.2024, ref. 2024/17, tel. +49 30 1234567',
    },
    { name: 'de', request: 'Bestellung 123, Menge 4' },
    { name: 'ru (Cyrillic)', request: 'Заказ 123, 4 шт.' },
    { name: 'bg (Cyrillic)', request: 'Поръчка 5 бр.' },
    { name: 'el (Greek)', request: 'Παραγγελία 12, τεμ. 3' },
    { name: 'pl, cs', request: 'Zamówienie 12 szt. Objednávka 3 ks.' },
  ],
});

describe('adversarial 100 KB inputs', () => {
  it('100 KB of digits is numbers only', () => expectHit(rule, { request: fill('1'), count: 1, score: 2 }));
  it('100 KB of digits and separators is numbers only', () => expectHit(rule, { request: fill('1,2.3 4'), count: 1 }));
  it('100 KB of Arabic-Indic digits and spaces is numbers only', () => expectHit(rule, { request: fill('١٢٣ '), count: 1 }));
  it('100 KB of digits with one letter at the end is not', () => expectMiss(rule, fill('1', SIZE - 1) + 'a'));
  it('100 KB of digits with a quote at the end is not', () => expectMiss(rule, fill('1', SIZE - 1) + '"'));
  it('100 KB of separators without a digit is not', () => expectMiss(rule, fill('-. ')));
  it('100 KB of spaces is not', () => expectMiss(rule, fill(' ')));
});
