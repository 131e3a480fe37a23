import { describe, expect, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule, { isPlainLower } from '../../../src/rules/text/capitalization.js';
import { charFlags, LOWER } from '../../../src/text/chars.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/rule.js';

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
    { name: 'digits split words', request: 'FREE 4 U: PRIZE2WIN and MP3', count: 1, values: ['FREE'] },
    // Issue 16: acronyms and codes are not shouting, and a word counts once; spam still hits.
    { name: 'issue 16: shouted spam words in English', request: 'URGENT! You have WON a FREE prize, CALL now', count: 4, values: ['URGENT', 'WON', 'FREE', 'CALL'] },
    { name: 'issue 16: a shouted word repeated counts once', request: 'FREE entry, FREE gift and FREE shipping, order NOW', count: 2, values: ['FREE', 'NOW'] },
    { name: 'issue 16: shouted words beside a product code', request: 'Order the new ZX-9000 NOW and SAVE half', count: 2, values: ['NOW', 'SAVE'] },
    { name: 'issue 16: fr, shouted spam words', request: 'Votre cadeau GRATUIT vous attend, appelez MAINTENANT', count: 2, values: ['GRATUIT', 'MAINTENANT'] },
    { name: 'issue 16: el, shouted spam words', request: 'Τελευταία ευκαιρία: ΔΩΡΕΑΝ δώρο, καλέστε ΤΩΡΑ', count: 2, values: ['ΔΩΡΕΑΝ', 'ΤΩΡΑ'] },
    { name: 'issue 16: pl, shouted spam words', request: 'Wygraj NAGRODĘ, kliknij TERAZ i odbierz', count: 2, values: ['NAGRODĘ', 'TERAZ'] },
    {
      name: 'issue 16: ru, an acronym named three times counts once',
      request: 'Годовой бюджет превышает 1,4 миллиарда долларов США; в США и за пределами США работает 6000 человек.',
      count: 1,
      values: ['США'],
    },
    {
      name: 'issue 16: el, an acronym named twice counts once',
      request: 'Η διακίνηση αλληλογραφίας έπεσε στις ΗΠΑ. Τα κέρδη της Ταχυδρομικής Υπηρεσίας των ΗΠΑ μειώθηκαν.',
      count: 1,
      values: ['ΗΠΑ'],
    },
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
    // Issue 16: acronyms and codes in real prose (ud-prose) are not shouting.
    { name: 'issue 16: digits make a code', request: 'COVID19 and MP3, the RX-780 and ISO9001, see 93/23/ETY and 94/432/EY' },
    { name: 'issue 16: hu, vowel-less, inflected and bracketed acronyms', request: 'Az MDF javaslatát az SZDSZ-es képviselők (HVG, 1999. június 19.) és az NSZK-ban élők sem támogatták.' },
    { name: 'issue 16: pl, inflected acronyms', request: 'Płk Marian Zacharski, as PRL-owskiego wywiadu i oficer UOP-u, wrócił do kraju.' },
    { name: 'issue 16: fi, a declined acronym and codes', request: 'Neuvoston direktiivien 93/23/ETY ja 93/24/ETY sekä ETY:n päätösten muuttamisesta.' },
    { name: 'issue 16: ro, a vowel-less acronym', request: 'Aceste informații au fost aduse în atenția CSMVSP, care le-a examinat la 3 mai 2000.' },
    { name: 'issue 16: en, acronyms in a technical text', request: 'The BBC and CNN reported on GDP; the MCT oil and hydroxycitric acid (HCA) study follows.' },
    { name: 'issue 16: de, acronyms in compounds', request: 'Die SPD und die CDU-Fraktion lehnen den EU-Vorschlag und die USB-Sticks ab.' },
    { name: 'issue 16: ru and bg, vowel-less acronyms', request: 'Сотрудники МВД и ФСБ работали ещё в СССР. Лидерът на БСП се срещна с ДПС.' },
    { name: 'issue 16: el, bracketed acronym', request: 'Ο Παγκόσμιος Οργανισμός Υγείας (ΠΟΥ) ανακοίνωσε νέα στοιχεία.' },
    { name: 'issue 16: compound with a lower-case word before it', request: 'They held an anti-NATO rally and a pro-EURO march.' },
    { name: 'identifiers: an underscore touches the word', request: 'Chrome says ERR_SSL_PROTOCOL_ERROR; I set NODE_ENV and MAX_RETRIES, then LOG_LEVEL=debug.' },
  ],
});

describe('adversarial 100 KB inputs', () => {
  it('counts 100 KB of "A" as one shouted word', () => expectHit(rule, { request: fill('A'), count: 1 }));
  it('counts 100 KB of Greek capitals as one shouted word', () => expectHit(rule, { request: fill('ΑΒΓΔ'), count: 1 }));
  it('counts 100 KB of "HELLO " (caps lock) once', () => expectHit(rule, { request: fill('HELLO '), count: 1 }));
  it('counts 100 KB of "STRAßE " (caps lock) once', () => expectHit(rule, { request: fill('STRAßE '), count: 1 }));
  it('counts 100 KB of Cyrillic "СКИДКА " (caps lock) once', () => expectHit(rule, { request: fill('СКИДКА '), count: 1 }));
  // Each shouted word counts once in a text (issue 16), so a repeated word is one match.
  it('counts the shouted word of 100 KB of "HELLO and some more words here. " once', () =>
    expectHit(rule, { request: fill('HELLO and some more words here. '), count: 1 }));
  it('counts the shouted word of 100 KB of "STRAßE und noch mehr Wörter da. " once', () =>
    expectHit(rule, { request: fill('STRAßE und noch mehr Wörter da. '), count: 1 }));
  it('counts each distinct shouted word of 100 KB of "NOW FREE and more " once', () =>
    expectHit(rule, { request: fill('NOW and FREE, more of it. '), count: 2, values: ['NOW', 'FREE'] }));
  it('counts the shouted word of 100 KB of Cyrillic "СКИДКА только сегодня " once', () =>
    expectHit(rule, { request: fill('СКИДКА только сегодня '), count: 1 }));
  it('counts no word in 100 KB of vowel-less acronyms "SZDSZ-es "', () => expectMiss(rule, fill('SZDSZ-es ')));
  it('counts no word in 100 KB of "(HVG) " and "RX-780 "', () => expectMiss(rule, fill('(HVG) RX-780 ')));
  it('counts no word in 100 KB of lower-case letters', () => expectMiss(rule, fill('a')));
  it('counts no word in 100 KB of "Hello "', () => expectMiss(rule, fill('Hello ')));
  it('counts no word in 100 KB of acronyms "CEO "', () => expectMiss(rule, fill('CEO ')));
  it('counts no word in 100 KB of Roman numerals "XIV "', () => expectMiss(rule, fill('XIV ')));
  it('counts no word in 100 KB of two-letter words "OK "', () => expectMiss(rule, fill('OK ')));
  it('counts no word in one capital with 100 KB of combining marks', () => expectMiss(rule, 'A' + fill('\u0301', SIZE - 1)));
  it('counts no word in 100 KB of "aB"', () => expectMiss(rule, fill('aB')));
});

describe('isPlainLower', () => {
  it('is true only for lower-case letters (\\p{Ll}, charFlags) other than "ß", on every code unit', () => {
    const wrong: number[] = [];
    let count = 0;
    for (let c = 0; c < 0x10000; c++) {
      if (!isPlainLower(c)) continue;
      count++;
      const ch = String.fromCharCode(c);
      if (c === 0xdf || !/\p{Ll}/u.test(ch) || (charFlags(c) & LOWER) === 0) wrong.push(c);
    }
    expect(wrong).toEqual([]);
    // a–z, à–ÿ but ÷, ά–ώ, а–џ
    expect(count).toBe(26 + 31 + 35 + 48);
  });
});
