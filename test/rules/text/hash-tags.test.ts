import { describe, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule from '../../../src/rules/text/hash-tags.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: 'Grow fast with #SEO #marketing #growth', count: 3, values: ['#SEO', '#marketing', '#growth'], score: 0.75 },
    { name: 'es', request: 'Síguenos en #Madrid y #España', count: 2, values: ['#Madrid', '#España'] },
    { name: 'ru (Cyrillic)', request: 'Следите за #новости и #скидки', count: 2, values: ['#новости', '#скидки'] },
    { name: 'bg (Cyrillic)', request: 'Абонирайте се: #промоция', count: 1, values: ['#промоция'] },
    { name: 'el (Greek)', request: 'Ακολουθήστε μας #Ελλάδα #διακοπές', count: 2, values: ['#Ελλάδα', '#διακοπές'] },
    { name: 'pl', request: 'Najlepsze oferty #Kraków #Gdańsk', count: 2, values: ['#Kraków', '#Gdańsk'] },
    { name: 'cs, underscore is part of the tag', request: 'Akce #jarní_výprodej!', count: 1, values: ['#jarní_výprodej'] },
    { name: 'de, hyphen ends the tag', request: 'Jetzt #Sommer-Angebote sichern', count: 1, values: ['#Sommer'] },
    { name: 'digits before the letters', request: 'Day 1 of #100DaysOfCode and #web3', count: 2, values: ['#100DaysOfCode', '#web3'] },
    { name: 'in brackets, quotes and lists', request: '(#tag) "#quoted" #a,#b', count: 4, values: ['#tag', '#quoted', '#a', '#b'] },
    { name: 'full-width ＃ is folded by NFKC', request: 'Follow ＃crypto now', count: 1, values: ['#crypto'] },
    {
      name: 'several fields',
      request: { fields: { name: 'Anna #influencer', subject: 'Hello', message: 'Check #giveaway and #free' } },
      count: 3,
      values: ['#influencer', '#giveaway', '#free'],
      fields: ['name', 'message', 'message'],
    },
  ],
  misses: [
    'I am a senior C# and F# developer looking for a new role.',
    'The export shows &#39;quotes&#39; and &#x27;apostrophes&#x27; as entities.',
    'See https://example.com/docs/page#top or /#top for the manual.',
    'My order #12345 arrived damaged, it was item #1 on the invoice.',
    'Please deliver to 221 Baker Street, Apt #4B, London. We ranked #2nd last year.',
    'The button colour should be #FF5733, the border #1a2b3c.',
    { name: 'cs', request: 'Dobrý den, objednávka č. #2024001 ještě nedorazila. Děkuji, Jan Novák' },
    { name: 'de', request: 'Sehr geehrte Damen und Herren, bitte rufen Sie mich unter 030 1234567 #3 an.' },
    { name: 'fr', request: 'Bonjour, je voudrais réserver une table pour 4 personnes samedi soir. Merci !' },
    { name: 'ru', request: 'Здравствуйте, заказ № 4521 ещё не пришёл. Спасибо!' },
    { name: 'el', request: 'Καλησπέρα, θα ήθελα πληροφορίες για το δωμάτιο #12.' },
    '# Heading written in Markdown',
    '### ## #',
    'x#y and a##b',
  ],
});

describe('adversarial 100 KB inputs', () => {
  it('counts no hash-tag in 100 KB of "#"', () => expectMiss(rule, fill('#')));
  it('counts no hash-tag in 100 KB of "#1"', () => expectMiss(rule, fill('#1')));
  it('counts no hash-tag in 100 KB of HTML entities "&#39;"', () => expectMiss(rule, fill('&#39;')));
  it('counts no hash-tag in 100 KB of "C# "', () => expectMiss(rule, fill('C# ')));
  it('counts no hash-tag when no letter follows within 100 characters', () => expectMiss(rule, '#' + fill('1', SIZE - 2) + 'a'));
  it('counts one capped hash-tag for "#" and 100 KB of letters', () =>
    expectHit(rule, { request: '#' + fill('a', SIZE - 1), count: 1, values: ['#' + 'a'.repeat(98) + '…'] }));
  it('counts "#a#a#a…" as one hash-tag (a "#" after a letter is not a word start)', () =>
    expectHit(rule, { request: fill('#a'), count: 1 }));
  it('counts every tag of 100 KB of "#a " (the last unit is a lone "#")', () => expectHit(rule, { request: fill('#a '), count: Math.floor(SIZE / 3) }));
});
