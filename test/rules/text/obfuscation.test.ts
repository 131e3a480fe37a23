import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import { normalizeRequest } from '../../../src/core/request.js';
import type { Match } from '../../../src/core/rule.js';
import rule, { letterSpaced, MARKS_AND_MORE, RUN_LETTER } from '../../../src/rules/text/obfuscation.js';
import { expectHit, expectMiss, runRuleCase, testRule } from '../../../src/testing/rule.js';

// Example texts written for formspam (not real traffic).
testRule(rule, {
  hits: [
    // mixed-script: look-alikes of another script inside a word
    {
      name: 'ru: Latin а, р inside Cyrillic words (recruitment spam)',
      request: 'Удалённая рaбота, зaрaботок от 5000 в день, пишите в личку',
      count: 2,
      values: ['работа', 'заработок'],
      score: 3,
    },
    { name: 'ru: Latin p in a loan offer', request: 'Одобрим кpедит без справок за 5 минут', count: 1, values: ['кредит'] },
    {
      name: 'ru: capitals, most of them Latin (З, Б, Д, Ь have no Latin look-alike)',
      request: 'ЗAPAБOTOK OT 5000 B ДEHЬ',
      values: ['ЗАРАБОТОК', 'ДЕНЬ'],
    },
    {
      name: 'ru: a look-alike at a word\'s edge counts beside a clear disguise',
      request: 'Нужны люди на удалёнку! Пишитe в ЛС, oплата ежедневно, рaбота из дома',
      values: ['Пишите', 'оплата', 'работа'],
    },
    { name: 'ru: Greek ο and ε inside Cyrillic words', request: 'Инвестиции в крипту, дοход от 30% в месяц, пишите менεджеру', values: ['доход', 'менеджеру'] },
    { name: 'bg: Latin о, е inside Cyrillic words', request: 'Бързи кредити онлайн, без поръчители, пишете ни в Telegrаm за бързо oдoбрение', values: ['одобрение'] },
    { name: 'en: Cyrillic і, а, е inside Latin words', request: 'Cheap vіаgrа and frее pills, discreet shipping', values: ['viagra', 'free'] },
    { name: 'en: a Cyrillic О in a word in capitals', request: 'Stop CОVID now with our miracle cure', values: ['COVID'] },
    { name: 'de: Cyrillic о in a German word', request: 'Sie haben gewоnnen! Jetzt den Gewinn abholen', values: ['gewonnen'] },
    { name: 'el: Latin o inside a Greek word', request: 'Κερδίστε δωρεάν ταξίδι, καλέστε τώρα τoν αριθμό', values: ['τον'] },
    // invisible: characters that do not show between the letters of a word
    { name: 'zero-width spaces between letters', request: 'Buy v\u200Bi\u200Ba\u200Bg\u200Br\u200Ba today', count: 1, values: ['viagra'] },
    { name: 'a zero-width non-joiner in a Cyrillic word', request: 'Быстрый зара\u200Cботок', values: ['заработок'] },
    { name: 'a soft hyphen inside a short word', request: 'Totally fr\u00ADee money', values: ['free'] },
    { name: 'soft hyphens between single letters', request: 'Cheap c\u00ADi\u00ADa\u00ADl\u00ADi\u00ADs here', values: ['cialis'] },
    { name: 'a right-to-left override', request: 'Claim your pri\u202Eze now', values: ['prize'] },
    { name: 'tag characters', request: 'Claim your ca\u{E0073}sh now', values: ['cash'] },
    { name: 'a word joiner and a BOM in the middle of the text', request: 'Hello, cas\u2060ino bo\uFEFFnus', values: ['casino', 'bonus'] },
    // letter-spaced: single letters that spell a word of the word lists
    { name: 'en: letters with spaces', request: 'Get your v i a g r a here', count: 1, values: ['viagra'] },
    { name: 'en: two letter-spaced words', request: 'f r e e  c a s h for you', values: ['free', 'cash'] },
    { name: 'en: capitals with dots', request: 'Buy V.I.A.G.R.A online', values: ['VIAGRA'] },
    { name: 'en: letters with hyphens', request: 'Best c-a-s-i-n-o bonus', values: ['casino'] },
    { name: 'ru: Cyrillic letters with spaces', request: 'Одобрим к р е д и т за 5 минут', values: ['кредит'] },
    { name: 'el: Greek letters with spaces', request: 'Παίξτε στο κ α ζ ί ν ο τώρα', values: ['καζίνο'] },
    { name: 'ru: after two one-letter words of prose', request: 'Пишите и в Москве, к р е д и т за 5 минут', values: ['кредит'] },
    { name: 'en: in brackets and quotes', request: 'Get (f r e e) and “c a s h” now', values: ['free', 'cash'] },
    { name: 'en: a spaced word whose first letter has a mark', request: 'c\u0327 a s h? no: get c a s h', values: ['çash', 'cash'] },
    {
      name: 'several fields, in the order of the fields',
      request: { fields: { name: 'Ivan', message: 'Быстрый зaрaботок', note: 'f r e e' } },
      values: ['заработок', 'free'],
      fields: ['message', 'note'],
    },
  ],
  misses: [
    // legitimate mixed tokens
    'My iPhone and the MacBook Pro are both under AppleCare.',
    'NaCl, H₂O, CO₂ and H₂SO₄ were kept at 25 °C.',
    { name: 'Greek letters in science', request: 'We measured α-synuclein, TNFα, IκB, 5 µg/ml, ΔpH and a 10 kΩ resistor.' },
    { name: 'Cyrillic and Latin words side by side', request: 'Мы используем Microsoft Teams и Google Docs для работы, IT-отдел и CRM-система.' },
    { name: 'a Latin word glued to a Cyrillic one', request: 'Проект Москваcity открыт.' },
    {
      name: 'ru: foreign words inflected in Cyrillic (Windowsе, iPhoneа)',
      request: 'Вчера купил новый iPhoneа, но на старом Windowsе он не работает, пришлось звонить в поддержку.',
    },
    {
      name: 'ru: one look-alike at a word edge (layout switched a key-stroke late or early)',
      request: 'Тариф составляет 760 фунтов; cтолько же платят и другие клиенты, сказала его жена Алисa.',
    },
    {
      name: 'fi: a Cyrillic name with a Latin o in Finnish text',
      request: 'Stahanov (ukr. Стаханoв) on teollisuuskaupunki Luhanskin alueella Itä-Ukrainassa.',
    },
    { name: 'sr: Serbian in both alphabets', request: 'Добар дан, желим да поручим. Dobar dan, želim da poručim.' },
    { name: 'addresses', request: 'Write to info@аpple-support.com or see https://пример.рф/аpple' },
    { name: 'single letters of another script alone', request: 'Привет, это с ним и с ней, a Latin a and an о alone' },
    // invisible characters where they belong
    { name: 'a BOM at the very start', request: '\uFEFFHello, I would like a quote for 20 chairs.' },
    { name: 'ZWJ in emoji sequences', request: 'Our family 👨‍👩‍👧 loves your shop 🏳️‍🌈' },
    { name: 'a subdivision flag (tag characters after a black flag)', request: 'Greetings from 🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland' },
    { name: 'fa: ZWNJ in Persian words', request: 'می‌خواهم یک سفارش بدهم' },
    { name: 'hi: ZWJ and ZWNJ in Devanagari', request: 'क्‍ष और क्‌ष अलग दिखते हैं' },
    { name: 'de: soft hyphens from a web page (hyphenation)', request: 'Die Donau\u00ADdampf\u00ADschiff\u00ADfahrts\u00ADgesellschaft' },
    { name: 'invisible characters between words, not inside one', request: 'Hello\u200B world \u200Cand\u200D more' },
    // letter-spaced runs that are not a disguise
    { name: 'initials', request: 'J. R. R. Tolkien and U. S. A. and J.R.R.' },
    { name: 'acronyms with dots', request: 'The U.S.S.R., N.A.T.O. and R.S.V.P.' },
    { name: 'cs: single-letter words', request: 'Šel s k a v o z a i u domu' },
    { name: 'pl: single-letter words', request: 'Był w z a i o u domu' },
    { name: 'the alphabet and note names', request: 'Options a b c d e; standard tuning E A D G B E.' },
    { name: 'emphasis: a spaced word that is no spam or swear word', request: 'P E A C E  &  L O V E, U P D A T E D' },
    { name: 'three letters', request: 'f r e and s e x' },
    { name: 'a spaced word glued to a word before it', request: 'af r e e and xc-a-s-h' },
  ],
});

interface Fixture {
  languages: Record<string, { sentences: string[]; words: string[] }>;
}
const fixture = JSON.parse(
  readFileSync(new URL('../../../fixtures/real-text-19-languages.json', import.meta.url), 'utf8'),
) as Fixture;

describe('text.OBFUSCATION on real and hand-written legitimate text', () => {
  for (const [language, { sentences }] of Object.entries(fixture.languages)) {
    it(`finds nothing in the sentences of ${language} (fixtures/real-text-19-languages.json)`, async () => {
      const found: string[] = [];
      for (const text of sentences) {
        const { result } = await runRuleCase(rule, text);
        if (result.score !== 0) found.push(`${text}: ${JSON.stringify(result.matches)}`);
      }
      expect(found).toEqual([]);
    });
  }

  const contact = readdirSync(new URL('../../../fixtures/', import.meta.url)).filter((f) => /^contact-form-ham-en.*\.json$/.test(f));
  it.each(contact)('finds nothing in fixtures/%s', async (file) => {
    const data = JSON.parse(readFileSync(new URL(`../../../fixtures/${file}`, import.meta.url), 'utf8')) as unknown;
    const texts: string[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === 'string') texts.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(data);
    expect(texts.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const text of texts) {
      const { result } = await runRuleCase(rule, text);
      if (result.score !== 0) found.push(`${text}: ${JSON.stringify(result.matches)}`);
    }
    expect(found).toEqual([]);
  });
});

describe('offsets', () => {
  it('gives the offset in the normalised text when invisible characters were removed before the word', async () => {
    const { result } = await runRuleCase(rule, 'a\u200Bb c\u00ADd ca\u200Bsh');
    // Normalised: "ab cd cash"; "cash" starts at 6 (two characters removed before it).
    expect(result.matches).toEqual([
      { field: 'text', value: 'ab', index: 0, reason: 'invisible' },
      { field: 'text', value: 'cd', index: 3, reason: 'invisible' },
      { field: 'text', value: 'cash', index: 6, reason: 'invisible' },
    ]);
  });
});

describe('adversarial 100 KB inputs', () => {
  const score = (text: string) => rule.score(normalizeRequest({ text }), {});
  const count = (text: string) => {
    const o = score(text);
    return o.kind === 'hit' ? o.matches.length : 0;
  };
  it('finds nothing in 100 KB of alternating Latin and Cyrillic look-alikes (no script has a letter of its own)', () =>
    expectMiss(rule, fill('aаoо')));
  it('counts 100 KB of a Cyrillic word with a Latin look-alike inside, repeated', () =>
    expect(count(fill('кpедит '))).toBe(Math.ceil(SIZE / 7)));
  it('counts 100 KB of letters and zero-width spaces as one word', () => expectHit(rule, { request: fill('a\u200B'), count: 1 }));
  it('finds nothing in 100 KB of zero-width spaces', () => expectMiss(rule, fill('\u200B')));
  it('finds nothing in 100 KB of tag characters', () => expectMiss(rule, fill('\u{E0061}')));
  it('finds nothing in 100 KB of "a b c d …" (the alphabet, not a word of the lists)', () => expectMiss(rule, fill('a b c d e f g h ')));
  it('counts every "v i a g r a" of 100 KB', () => expect(count(fill('v i a g r a  '))).toBe(7877));
  it('finds nothing in 100 KB of U+FDFA (NFKC makes it 18 times longer)', () => expectMiss(rule, fill('\uFDFA')));
  it('finds nothing in 100 KB of one letter and combining marks', () => expectMiss(rule, 'a' + fill('\u0301', SIZE - 1)));
});

describe('the letters of a letter-spaced word, their marks and separators', () => {
  const SEPARATORS = ' .-_*~/+\u00A0\u00B7\u2022';

  it('MARKS_AND_MORE holds every combining mark of the BMP and no separator', () => {
    const marks = new RegExp(`^[${MARKS_AND_MORE}]$`);
    const missed: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      if (/\p{M}/u.test(ch) && !marks.test(ch)) missed.push(c.toString(16));
    }
    expect(missed).toEqual([]);
    // An astral mark's surrogates (U+1D165).
    for (const unit of '\u{1D165}'.split('')) expect(marks.test(unit)).toBe(true);
    for (const sep of SEPARATORS) expect(marks.test(sep), JSON.stringify(sep)).toBe(false);
  });

  it('reads every letter the scan may keep (Latin to Cyrillic, Latin and Greek Extended) as RUN_LETTER, and no separator', () => {
    const re = new RegExp(`^${RUN_LETTER}$`);
    const missed: string[] = [];
    for (let c = 0; c < 0x2000; c++) {
      const ch = String.fromCharCode(c);
      const latin1 = c >= 0xc0 && c < 0x250 && c !== 0xd7 && c !== 0xf7;
      const letter = /\p{L}/u.test(ch) && (c < 0x530 || c >= 0x1e00);
      if ((latin1 || letter) && !re.test(ch)) missed.push(c.toString(16));
    }
    expect(missed).toEqual([]);
    for (const sep of SEPARATORS) expect(re.test(sep), JSON.stringify(sep)).toBe(false);
  });

  it('passes over Devanagari and Arabic spaced out, and still finds a spaced word beside them', async () => {
    const values = async (text: string) => ((await runRuleCase(rule, text)).result.matches ?? []).map((m) => m.value);
    expect(await values('यह है कि वह आ गया और फिर क ख ग घ')).toEqual([]);
    expect(await values('यह है कि वह आ गया, buy f r e e pills')).toEqual(['free']);
  });

  it('still finds letter-spaced words, with marks NFKC cannot compose among the letters', async () => {
    // r̃ and е̄ (Cyrillic) have no precomposed form: the letter and its mark are one letter of the run.
    const values = async (text: string) => ((await runRuleCase(rule, text)).result.matches ?? []).map((m) => m.value);
    expect(await values('Buy v.i.a.g.r.a now')).toEqual(['viagra']);
    expect(await values('get f r\u0303 e e stuff and f r e e')).toEqual(['fr\u0303ee', 'free']);
    expect(await values('k r e\u0304 d i t, к р е\u0304 д и т')).toEqual(['kr\u0113dit', 'кре\u0304дит']);
  });
});

describe('the quick tests before the letter-spacing scan', () => {
  // MAY_SPACE and maySpaceOut only spare the scan of fields where it keeps nothing: on random
  // fields of single letters, separators, marks, list words spaced out and prose, the scan
  // keeps the same words with them as without them.
  it('change nothing the scan finds', () => {
    const pieces = [
      'f r e e', 'к р е д и т', 'V.I.A.G.R.A', 'c-a-s-i-n-o', 'п о р н о', 'ф и г', 'a', 'b', 'и', 'в', 'у', 'ε', 'к', 'à', 'é',
      'ё', 'ы', 'x', 'I', 'A', ' ', ' ', ' ', '.', '-', '_', '*', '/', '+', '\u00A0', '·', '•', '~', '\u0301', '\u0308',
      'ый', 'слово', 'free', 'Москве', 'c', '1', '😍', 'ж', 'है', 'कि', '中',
    ];
    let seed = 2024;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let kept = 0;
    for (let k = 0; k < 6000; k++) {
      let t = '';
      const n = 1 + next(20);
      for (let p = 0; p < n; p++) t += pieces[next(pieces.length)];
      const s = t.normalize('NFKC');
      const quick: Match[] = [];
      const whole: Match[] = [];
      letterSpaced(s, 'm', new Map(), quick);
      letterSpaced(s, 'm', new Map(), whole, false);
      expect(quick, JSON.stringify(s)).toEqual(whole);
      kept += whole.length;
    }
    expect(kept).toBeGreaterThan(300);
  });
});
