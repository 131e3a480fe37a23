import { describe, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule from '../../../src/rules/text/currency.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: 'Only $100 today, was $1,000,000.50', count: 2, values: ['$100', '$1,000,000.50'], score: 0.5 },
    { name: 'symbol either side, with or without a space', request: 'Price 100€ or € 50 or 5000$', count: 3, values: ['100€', '€ 50', '5000$'] },
    { name: 'ISO codes and crypto tickers', request: 'Send USD 100 or 100 EUR or 0.5 BTC', count: 3, values: ['USD 100', '100 EUR', '0.5 BTC'] },
    { name: 'bare signs: a run is one token', request: 'Make $$$ fast, €€€€€€€€€€€€ guaranteed', count: 2, values: ['$$$', '€€€€€€€€€€€€'] },
    { name: 'en: currency words', request: 'It costs 10 dollars or 5 bucks, £20 in London', count: 3, values: ['10 dollars', '5 bucks', '£20'] },
    { name: 'cs', request: 'Cena 1 299 Kč, dříve 1 500,- Kč, nebo 20 eur', count: 3, values: ['1 299 Kč', '1 500,- Kč', '20 eur'] },
    { name: 'sk', request: 'Cena je 5 eurá, spolu 120 eur', count: 2, values: ['5 eurá', '120 eur'] },
    { name: 'pl', request: 'Tylko 49,90 zł lub 100 złotych', count: 2, values: ['49,90 zł', '100 złotych'] },
    { name: 'hu', request: 'Ár: 5 000 Ft, akció 1990 forint', count: 2, values: ['5 000 Ft', '1990 forint'] },
    { name: 'de, fr, it, es, pt, nl', request: 'Das kostet 20 Euro. 15,99 €. 30 euro. 20 euros. 50 reais. € 12,50', count: 6 },
    { name: 'da, no, sv, fi', request: '1 000 kroner, 99 kr, 50 kronor, 10 euroa', count: 4, values: ['1 000 kroner', '99 kr', '50 kronor', '10 euroa'] },
    { name: 'ro', request: 'Preț 250 lei sau 50 RON', count: 2, values: ['250 lei', '50 RON'] },
    { name: 'ru (Cyrillic)', request: 'Стоимость 500 рублей или 20 евро или 10 000 ₽', count: 3, values: ['500 рублей', '20 евро', '10 000 ₽'] },
    { name: 'bg (Cyrillic)', request: 'Цена 30 лв, отстъпка 5 лева', count: 2, values: ['30 лв', '5 лева'] },
    { name: 'el (Greek)', request: 'Τιμή 20 ευρώ ή 25 δολάρια', count: 2, values: ['20 ευρώ', '25 δολάρια'] },
    { name: 'Swiss apostrophe separators', request: 'Preis CHF 1’200 oder CHF 1\'500', count: 2, values: ['CHF 1’200', "CHF 1'500"] },
    { name: 'thousands with a k or million', request: 'Earn $5k a week, 2 million dollars', count: 2, values: ['$5k', '2 million dollars'] },
    { name: 'full-width signs and digits are folded by NFKC', request: 'Only ＄１００', count: 1, values: ['$100'] },
    {
      name: 'several fields',
      request: { fields: { subject: 'Win $500', name: 'Anna', message: 'Pay 20 EUR, get 1000 €' } },
      count: 3,
      values: ['$500', '20 EUR', '1000 €'],
      fields: ['subject', 'message', 'message'],
    },
  ],
  misses: [
    'Hello, my phone is +420 123 456 789 and I need 3 rooms for 25 people on 12.05.2024.',
    'Our revenue grew 50% in 2023; version 2.4.1 is out, see v1.2.3.',
    'The EUROPE tour, the eur in prose and the Euro-zone are not prices.',
    'The room is 10 ft wide, 5 kg, 20 km, 120 sq ft, 100 m2.',
    'Please deliver 1 000 pieces to Hauptstraße 5, 10115 Berlin, by 10:45.',
    'ISBN 978-3-16-148410-0, order no. 2024-117, flight LH 1234.',
    'The USD/EUR rate is published daily.',
    'I bought 2 pounds of apples. Try 50 times.',
    { name: 'cs', request: 'Dobrý den, prosím o zavolání na 603 123 456. Děkuji, Jan.' },
    { name: 'de', request: 'Sehr geehrte Damen und Herren, wir sind 12 Personen am 3. Mai um 19 Uhr.' },
    { name: 'fr', request: 'Bonjour, je voudrais réserver pour 4 personnes le 14 juillet.' },
    { name: 'ru', request: 'Здравствуйте, нас будет 5 человек, 2 номера на 3 ночи.' },
    { name: 'el', request: 'Καλημέρα, είμαστε 4 άτομα για 2 νύχτες.' },
    { name: 'it: "lei" without an amount', request: 'Lei è molto gentile, grazie.' },
  ],
});

describe('adversarial 100 KB inputs', () => {
  it('counts 100 KB of "$" as one token', () =>
    expectHit(rule, { request: fill('$'), count: 1, values: ['$'.repeat(99) + '…'] }));
  it('counts every price of 100 KB of "$1 " (the last unit is a bare "$")', () =>
    expectHit(rule, { request: fill('$1 '), count: Math.ceil(SIZE / 3) }));
  it('counts every price of 100 KB of "USD 1 " (the last unit has no amount)', () =>
    expectHit(rule, { request: fill('USD 1 '), count: Math.floor(SIZE / 6) }));
  it('counts no price in 100 KB of "1 00"', () => expectMiss(rule, fill('1 00')));
  it('counts no price in 100 KB of "1 000,"', () => expectMiss(rule, fill('1 000,')));
  it('counts no price in 100 KB of "1,2.3 4"', () => expectMiss(rule, fill('1,2.3 4')));
  it('counts no price in 100 KB of "EUR"', () => expectMiss(rule, fill('EUR')));
  it('counts no price in 100 KB of "100 EUROPE "', () => expectMiss(rule, fill('100 EUROPE ')));
});
