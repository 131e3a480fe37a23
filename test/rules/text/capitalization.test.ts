import { describe, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule from '../../../src/rules/text/capitalization.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/index.js';

testRule(rule, {
  hits: [
    { request: 'BUY NOW, it is CHEAP', count: 3, values: ['BUY', 'NOW', 'CHEAP'], score: 0.75 },
    { name: 'acronyms outside the list count', request: 'The CEO of ACME says hi', count: 1, values: ['ACME'] },
    { name: 'cs', request: 'KUPTE TEĎ, velká SLEVA', count: 3, values: ['KUPTE', 'TEĎ', 'SLEVA'] },
    { name: 'de, ß in a word written in capitals', request: 'GRATIS Versand, GROßE Auswahl, STRASSE', count: 3, values: ['GRATIS', 'GROßE', 'STRASSE'] },
    { name: 'fr', request: 'Offre SPÉCIALE et GRATUIT', count: 2, values: ['SPÉCIALE', 'GRATUIT'] },
    { name: 'pl', request: 'NAJLEPSZA oferta, ŻÓŁW', count: 2, values: ['NAJLEPSZA', 'ŻÓŁW'] },
    { name: 'hu', request: 'INGYENES AJÁNLAT csak ma', count: 2, values: ['INGYENES', 'AJÁNLAT'] },
    { name: 'ru (Cyrillic)', request: 'СКИДКА только сегодня, ПРОСТО ТАК', count: 3, values: ['СКИДКА', 'ПРОСТО', 'ТАК'] },
    { name: 'bg (Cyrillic)', request: 'Голяма ПРОМОЦИЯ', count: 1, values: ['ПРОМОЦИЯ'] },
    { name: 'el (Greek), with and without accents', request: 'ΠΡΟΣΦΟΡΑ τώρα, ΚΑΛΗΜΈΡΑ ΣΑΣ', count: 3, values: ['ΠΡΟΣΦΟΡΑ', 'ΚΑΛΗΜΈΡΑ', 'ΣΑΣ'] },
    { name: 'letters of I V X L C D M that are not Roman numerals', request: 'I DID IT, MILD and DIM', count: 3, values: ['DID', 'MILD', 'DIM'] },
    { name: 'a hyphen or apostrophe splits words', request: "HELLO-WORLD, DON'T", count: 3, values: ['HELLO', 'WORLD', 'DON'] },
    { name: 'digits split words', request: 'COVID19 and MP3', count: 1, values: ['COVID'] },
    { name: 'full-width capitals are folded by NFKC', request: 'ＦＲＥＥ money', count: 1, values: ['FREE'] },
    {
      name: 'a field typed in capitals (caps lock) counts once',
      request: 'HI DARLIN I HOPE YOU HAD A NICE NIGHT, SEE U TOMORROW xx',
      count: 1,
      values: ['DARLIN I HOPE YOU HAD A NICE NIGHT, SEE U TOMORROW'],
      score: 0.25,
    },
    { name: 'caps lock, Cyrillic', request: 'ПРИВЕТ, КАК ДЕЛА? ЗАВТРА УВИДИМСЯ', count: 1 },
    {
      name: 'caps lock is judged per field',
      request: { fields: { name: 'JOHN SMITH', message: 'WE NEED THIS ORDER BY FRIDAY PLEASE', note: 'Please CALL me BACK SOON, it is URGENT now' } },
      count: 7,
      values: ['JOHN', 'SMITH', 'NEED THIS ORDER BY FRIDAY PLEASE', 'CALL', 'BACK', 'SOON', 'URGENT'],
      fields: ['name', 'name', 'message', 'note', 'note', 'note', 'note'],
    },
    {
      name: 'shouted words in ordinary text each count',
      request: 'Hello, this is a LIMITED OFFER for you: BUY NOW and get a FREE gift, only this week.',
      count: 5,
      values: ['LIMITED', 'OFFER', 'BUY', 'NOW', 'FREE'],
    },
    { name: 'three shouted words are too few to tell caps lock', request: 'LOVE THIS SONG', count: 3 },
    {
      name: 'a run of four or more shouted words in ordinary text counts once (caps run)',
      request: 'Say this slowly: I LOVE YOU & I NEED YOU, CLEAN MY HEART, and send it on',
      count: 1,
      values: ['LOVE YOU & I NEED YOU, CLEAN MY HEART'],
      score: 0.25,
    },
    {
      name: 'a caps run and a shouted word after lower-case text',
      request: 'Please read: THIS IS THE LAST NOTICE, then pay NOW',
      count: 2,
      values: ['THIS IS THE LAST NOTICE', 'NOW'],
    },
    {
      name: 'a lower-case word breaks a run: three and two shouted words count word by word',
      request: 'We have a GREAT NEW OFFER for you and FREE SHIPPING today, see the site',
      count: 5,
      values: ['GREAT', 'NEW', 'OFFER', 'FREE', 'SHIPPING'],
    },
    {
      name: 'caps runs are judged per field: a run does not go on into the next field',
      request: { fields: { subject: 'Re: BIG SALE', message: 'GREAT DEALS inside, please VISIT THE SHOP TODAY or call us at any time of day' } },
      count: 5,
      values: ['BIG', 'SALE', 'GREAT', 'DEALS', 'VISIT THE SHOP TODAY'],
      fields: ['subject', 'subject', 'message', 'message', 'message'],
    },
    { name: 'caps run, Cyrillic', request: 'Здравствуйте, СРОЧНО ЗВОНИТЕ НАМ СЕГОДНЯ, спасибо за внимание и хорошего дня', count: 1 },
    {
      name: 'several fields',
      request: { fields: { name: 'JOHN SMITH', company: 'Acme', message: 'Hello, URGENT reply needed' } },
      count: 3,
      values: ['JOHN', 'SMITH', 'URGENT'],
      fields: ['name', 'name', 'message'],
    },
  ],
  misses: [
    'Dear Sir, I am the CEO of Acme LLC. Please send the PDF invoice with VAT via DHL ASAP.',
    'Hello World. This Is Title Case And That Is Fine.',
    'I am OK. A UK or EU address is fine, see the FAQ and the API docs.',
    'Mixed case brands: iPhone, McDonald, eBay, YouTube, PhD, GmbH.',
    'Chapter XIV of Louis XVI, World War II, Super Bowl LIV, © MMXXIV.',
    { name: 'cs', request: 'Dobrý den, IČO 12345678, DIČ CZ12345678, cena je bez DPH.' },
    { name: 'de', request: 'Sehr geehrte Damen und Herren, bitte senden Sie die Rechnung per SEPA. MwSt. ist enthalten.' },
    { name: 'ru (Cyrillic)', request: 'ООО «Ромашка», ИНН 7701234567. Спасибо за сотрудничество.' },
    { name: 'bg (Cyrillic)', request: 'Фирма ЕИК 123456789, цена с ДДС.' },
    { name: 'el (Greek)', request: 'Η τιμή είναι χωρίς ΦΠΑ. Η ΕΠΕ μας έχει ΑΦΜ 123456789.' },
    { name: 'pl', request: 'Dzień dobry, NIP 1234567890, REGON 123456789. Pozdrawiam.' },
    { name: 'ro, it, es, sv', request: 'Bună ziua! IVA inclusa. Precio con IVA. Tack för ert svar.' },
    { name: 'caseless scripts', request: '日本語のテキスト 中文 עברית العربية' },
    { name: 'sentence-initial capitals and short words', request: 'A. B. OK? No. UI/UX, QA, HR, IT.' },
    { name: 'title-case letters', request: 'ǅemal Ǉubica' },
  ],
});

describe('adversarial 100 KB inputs', () => {
  it('counts 100 KB of "A" as one shouted word', () => expectHit(rule, { request: fill('A'), count: 1 }));
  it('counts 100 KB of Greek capitals as one shouted word', () => expectHit(rule, { request: fill('ΑΒΓΔ'), count: 1 }));
  it('counts 100 KB of "HELLO " (caps lock) once', () => expectHit(rule, { request: fill('HELLO '), count: 1 }));
  it('counts 100 KB of "STRAßE " (caps lock) once', () => expectHit(rule, { request: fill('STRAßE '), count: 1 }));
  it('counts 100 KB of Cyrillic "СКИДКА " (caps lock) once', () => expectHit(rule, { request: fill('СКИДКА '), count: 1 }));
  it('counts every shouted word of 100 KB of "HELLO and more words "', () =>
    expectHit(rule, { request: fill('HELLO and more words '), count: Math.ceil(SIZE / 21) }));
  it('counts every shouted word of 100 KB of "STRAßE und mehr "', () =>
    expectHit(rule, { request: fill('STRAßE und mehr Wörter '), count: Math.ceil(SIZE / 23) }));
  it('counts every shouted word of 100 KB of Cyrillic "СКИДКА только сегодня "', () =>
    expectHit(rule, { request: fill('СКИДКА только сегодня '), count: Math.ceil(SIZE / 22) }));
  it('counts no word in 100 KB of lower-case letters', () => expectMiss(rule, fill('a')));
  it('counts no word in 100 KB of "Hello "', () => expectMiss(rule, fill('Hello ')));
  it('counts no word in 100 KB of acronyms "CEO "', () => expectMiss(rule, fill('CEO ')));
  it('counts no word in 100 KB of Roman numerals "XIV "', () => expectMiss(rule, fill('XIV ')));
  it('counts no word in 100 KB of two-letter words "OK "', () => expectMiss(rule, fill('OK ')));
  it('counts no word in one capital with 100 KB of combining marks', () => expectMiss(rule, 'A' + fill('\u0301', SIZE - 1)));
  it('counts no word in 100 KB of "aB"', () => expectMiss(rule, fill('aB')));
});
