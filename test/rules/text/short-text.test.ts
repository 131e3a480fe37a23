import { describe, expect, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import type { ClassifyRequest } from '../../../src/core/request.js';
import rule from '../../../src/rules/text/short-text.js';
import { expectHit, expectMiss, runRuleCase, testRule } from '../../../src/testing/rule.js';

// A fixed-score rule with no matches: a hit has score 1 and no count; `evidence.length` says how long the text was.
const A39 = 'a'.repeat(39);
const A40 = 'a'.repeat(40);

testRule(rule, {
  hits: [
    { request: 'Hi', score: 1 },
    { name: 'empty text is short', request: '', score: 1 },
    { name: 'white space only is short', request: ' \n\t  ', score: 1 },
    { name: '39 characters', request: A39, score: 1 },
    { name: 'runs of white space count as one', request: 'Hello          there,\n\n\n\n\n\nhow are you?     ', score: 1 },
    { name: 'en', request: 'Great website, thanks!', score: 1 },
    { name: 'de', request: 'Tolle Seite, danke schön!', score: 1 },
    { name: 'cs, pl', request: 'Děkuji. Dziękuję bardzo.', score: 1 },
    { name: 'ru (Cyrillic)', request: 'Привет, как дела?', score: 1 },
    { name: 'bg (Cyrillic)', request: 'Здравейте, колко струва?', score: 1 },
    { name: 'el (Greek)', request: 'Γεια σας, πόσο κοστίζει;', score: 1 },
    { name: '39 emoji are 39 code points', request: '😀'.repeat(39), score: 1 },
    { name: 'all fields joined, still short', request: { fields: { name: 'Jo', email: 'jo@x.io', message: 'Call me' } }, score: 1 },
    { name: 'empty fields', request: { fields: { name: '', message: '' } }, score: 1 },
    { name: 'text array', request: { text: ['Hi', 'there'] }, score: 1 },
    { name: 'URLs do not count towards the length', request: 'please like :D https://premium.easypromosapp.com/voteme/19924/616375350', score: 1 },
    { name: 'www. and bare domains do not count either', request: 'Check it out: www.example.com/very/long/path and shop.example.co.uk/abc', score: 1 },
    { name: 'a link posted alone is short', request: 'https://www.twitch.tv/somechannelname12345', score: 1 },
    { name: 'one link repeated is no list', request: 'http://www.example.pl/dolacz/V3VeYGIN http://www.example.pl/dolacz/V3VeYGIN', score: 1 },
    { name: 'a short message with two links', request: 'Look here http://img.example.ru/48051/1340524/ http://img.example.ru/48051/1340523/', score: 1 },
    { name: 'a link in an HTML attribute is not set off', request: '<a href="https://shop.example.com/very/long/path/to/a/landing-page">x</a>', score: 1 },
    { name: 'a bracket after a word is no citation', request: 'Visit shop(https://shop.example.com/very/long/path/to/a/page)', score: 1 },
  ],
  misses: [
    { name: '40 characters', request: A40 },
    {
      name: 'a short name with a long message is not short',
      request: { fields: { name: 'Jo', message: 'I would like a quote for 20 office chairs, delivered by May.' } },
    },
    { name: 'fields joined reach 40', request: { fields: { first: 'a'.repeat(20), second: 'b'.repeat(19) } } },
    'Hello, I would like to book a table for four people tonight.',
    { name: 'a message with a link is long when its words are', request: 'Hello, here is the link to our catalogue you asked for: https://example.com/catalogue' },
    { name: 'an e-mail address counts as text', request: 'Please write to me at jane.longname@example.com' },
    // Issue 16: links the writer cites are the text.
    { name: 'a link set off in square brackets (a cited source)', request: '[http://www.example-news.com/tech/science/2005-03-09-search_x.htm?csp=34]' },
    { name: 'a link in round brackets', request: 'Zdroj (https://www.example.cz/zpravy/domaci/clanek-12345)' },
    { name: 'a link in angle brackets', request: '<https://www.example.org/en/reports/2024/annual.pdf>' },
    { name: 'a link in quotes (a file)', request: "<< File: 'http://go.example.com/bql/hmtag_itl_EN.asp' >>" },
    { name: 'a link in German quotes', request: '„https://www.example.de/politik/artikel-1234.html“' },
    { name: 'a link in guillemets', request: '«https://www.example.ch/fr/article/2024/01/02/x.html»' },
    {
      name: 'a list of two links and nothing else',
      request: 'http://www.example.net/news/image/2005.09/20050917_2big.html http://www.example.net/news/image/2005.09/20050909_14big.html',
    },
    { name: 'de', request: 'Guten Tag, ich hätte gerne ein Angebot für Ihre Dienstleistungen.' },
    { name: 'fr', request: "Bonjour, pourriez-vous m'envoyer un devis, s'il vous plaît ?" },
    { name: 'pl', request: 'Dzień dobry, proszę o przesłanie oferty cenowej na ten produkt.' },
    { name: 'ru (Cyrillic)', request: 'Здравствуйте, пришлите, пожалуйста, прайс-лист на вашу продукцию.' },
    { name: 'el (Greek)', request: 'Καλημέρα σας, θα ήθελα μια προσφορά για τα προϊόντα σας, ευχαριστώ.' },
    { name: 'hu, fi', request: 'Jó napot, kérek árajánlatot. Hyvää päivää, pyydän tarjousta.' },
  ],
});

describe('text.SHORT_TEXT evidence', () => {
  const lengthOf = async (request: ClassifyRequest | string) => (await runRuleCase(rule, { request })).result.evidence?.length;
  it('counts code points, not UTF-16 units', async () => expect(await lengthOf('😀'.repeat(20))).toBe(20));
  it('counts runs of white space as one and trims', async () => expect(await lengthOf('  a \n\n\t b  ')).toBe(3));
  it('joins fields with one white space', async () => expect(await lengthOf({ fields: { a: 'ab', b: 'cd' } })).toBe(5));
  it('composes with NFKC: e + combining acute is one character', async () => expect(await lengthOf('e\u0301'.repeat(10))).toBe(10));
});

describe('adversarial 100 KB inputs', () => {
  it('100 KB of spaces is short', () => expectHit(rule, { request: fill(' '), score: 1 }));
  it('100 KB of newlines is short', () => expectHit(rule, { request: fill('\n'), score: 1 }));
  it('100 KB of letters is not short', () => expectMiss(rule, fill('a')));
  it('100 KB of emoji is not short', () => expectMiss(rule, fill('😀')));
  it('19 + 19 letters around 100 KB of white space are 39 characters: short', () =>
    expectHit(rule, { request: 'a'.repeat(19) + fill(' \t\n', SIZE - 38) + 'b'.repeat(19), score: 1 }));
  it('20 + 19 letters around 100 KB of white space are 40 characters: not short', () =>
    expectMiss(rule, 'a'.repeat(20) + fill(' \t\n', SIZE - 39) + 'b'.repeat(19)));
  it('one letter with 100 KB of combining marks is not short (the marks are code points)', () =>
    expectMiss(rule, 'a' + fill('\u0301', SIZE - 1)));
});
