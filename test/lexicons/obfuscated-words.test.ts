// The word lists see through the disguises of text.OBFUSCATION (issue 16, item 6): look-alike
// letters of another script inside a word, invisible characters inside a word, and
// letter-spaced words. Each case names the entry it must match (`<list>: <entry>`); the
// disguise is applied at scan time only, so entries normalise as before.
import { describe, expect, it } from 'vitest';
import { fill, SIZE } from '../../bench/adversarial-inputs.mjs';
import { normalizePhrase, normalizeWords } from '../../src/lexicons/normalize.js';
import { normalizeRequest } from '../../src/core/request.js';
import profanity from '../../src/rules/text/profanity.js';
import spamWords from '../../src/rules/text/spam-words.js';
import { runRuleCase } from '../../src/testing/index.js';

const lang = (language: string) => ({ language: [{ language, confidence: 0.95 }] });

/** The matched values and the entries they matched (`value → reason`). */
async function matched(rule: typeof spamWords, text: string, language: string): Promise<string[]> {
  const { result } = await runRuleCase(rule, { request: text, facts: lang(language) });
  return (result.matches ?? []).map((m) => `${m.value} → ${m.reason}`);
}

describe('SPAM_WORDS sees through obfuscation', () => {
  it.each([
    // (a) look-alike letters of another script inside a word
    ['Latin а, о in a Cyrillic word', 'ru', 'Быстрый зaрaботок без вложений', ['зaрaботок → ru: заработок', 'без вложений → ru: без вложений']],
    ['Latin p in a Cyrillic word', 'ru', 'Одобрим кpедит за 5 минут', ['кpедит → ru: кредит']],
    ['Greek ε in a Cyrillic word', 'ru', 'Одобрим крεдит за 5 минут', ['крεдит → ru: кредит']],
    ['capitals, most of them Latin, in a Cyrillic word', 'ru', 'ЗAPAБOTOK OT 5000 B ДEHЬ', ['ЗAPAБOTOK → ru: заработок']],
    ['Greek ο, α in a Cyrillic word', 'ru', 'Лучшее οнлайн кαзинο', ['οнлайн кαзинο → ru: онлайн казино']],
    ['Cyrillic і, а in a Latin word', 'en', 'Cheap vіаgrа, no prescription', ['vіаgrа → en: viagra', 'no prescription → en: no prescription']],
    ['Cyrillic е in an upper-case Latin word', 'en', 'FRЕЕ MONEY for you', ['FRЕЕ MONEY → en: free money']],
    // (b) invisible characters inside a word
    ['zero-width non-joiner', 'en', 'Cheap vi\u200Cagra here', ['vi\u200Cagra → en: viagra']],
    ['zero-width joiner', 'en', 'Cheap via\u200Dgra here', ['via\u200Dgra → en: viagra']],
    ['right-to-left override', 'en', 'Cheap vi\u202Eag\u202Cra here', ['vi\u202Eag\u202Cra → en: viagra']],
    ['tag characters', 'en', 'Cheap vi\u{E0061}\u{E0062}agra here', ['vi\u{E0061}\u{E0062}agra → en: viagra']],
    ['variation selector', 'en', 'Cheap vi\uFE0Fagra here', ['vi\uFE0Fagra → en: viagra']],
    ['Mongolian vowel separator', 'en', 'Cheap vi\u180Eagra here', ['vi\u180Eagra → en: viagra']],
    // zero-width space, word joiner and soft hyphen are removed before any rule runs; the
    // match's value is then the visible word
    ['zero-width space', 'en', 'Cheap v\u200Bi\u200Ba\u200Bg\u200Br\u200Ba here', ['viagra → en: viagra']],
    ['soft hyphens', 'en', 'Cheap vi\u00ADag\u00ADra here', ['viagra → en: viagra']],
    ['invisible characters in a Cyrillic word', 'ru', 'Одобрим кре\u200Cдит', ['кре\u200Cдит → ru: кредит']],
    // (c) letter-spaced words
    ['letters with spaces', 'en', 'Get v i a g r a today', ['v i a g r a → en: viagra']],
    ['two spaced words, two spaces between them', 'en', 'f r e e  m o n e y', ['f r e e  m o n e y → en: free money']],
    ['letters with dots', 'en', 'Get V.I.A.G.R.A today', ['V.I.A.G.R.A → en: viagra']],
    ['letters with hyphens', 'en', 'Get v-i-a-g-r-a today', ['v-i-a-g-r-a → en: viagra']],
    ['Cyrillic letters with spaces', 'ru', 'Одобрим к р е д и т за 5 минут', ['к р е д и т → ru: кредит']],
    ['spaced letters with a look-alike', 'en', 'Get v i а g r а today', ['v i а g r а → en: viagra']],
  ])('%s (%s)', async (_name, language, text, expected) => {
    expect(await matched(spamWords, text, language)).toEqual(expected);
  });
});

describe('PROFANITY sees through obfuscation', () => {
  it.each([
    ['Cyrillic look-alikes', 'en', 'What the fuсk is this sh\u0456t', ['fuсk → en: fuck', 'sh\u0456t → en: shit']],
    ['Latin look-alikes in a Cyrillic word', 'ru', 'Ты сукa и идиoт', ['сукa → ru: сука', 'идиoт → ru: идиот']],
    ['Greek ο in a Cyrillic word', 'ru', 'Какое гοвнο', ['гοвнο → ru: говно']],
    ['invisible characters', 'en', 'What the f\u200Cu\u200Cc\u200Ck', ['f\u200Cu\u200Cc\u200Ck → en: fuck']],
    ['letter-spaced', 'en', 'What the f u c k is this', ['f u c k → en: fuck']],
    ['letter-spaced Cyrillic', 'ru', 'Ну б л я т ь, опять', ['б л я т ь → ru: блять']],
  ])('%s (%s)', async (_name, language, text, expected) => {
    expect(await matched(profanity, text, language)).toEqual(expected);
  });
});

describe('what is not read as one letter-spaced word', () => {
  const words = (text: string) => {
    const w = normalizeWords([text], true);
    const out: string[] = [];
    for (let i = 0; i < w.count; i++) out.push(String.fromCharCode(...w.codes.subarray(w.start[i]!, w.end[i]!)));
    return out;
  };
  it.each([
    ['three letters', 'a b c', ['a', 'b', 'c']],
    ['initials with a dot and a space', 'J. R. R. R. Tolkien', ['j', 'r', 'r', 'r', 'tolkien']],
    ['separators that change', 'f r-e.e', ['f', 'r', 'e', 'e']],
    ['a comma between the letters', 'a, b, c, d', ['a', 'b', 'c', 'd']],
    ['two fields', ['f r', 'e e'], ['f', 'r', 'e', 'e']],
    ['four letters then a word', 'f r e e money', ['free', 'money']],
    ['two runs', 'f r e e  m o n e y', ['free', 'money']],
    ['one run with one space throughout', 'f r e e m o n e y', ['freemoney']],
  ])('%s', (_name, text, expected) => {
    const w = normalizeWords(Array.isArray(text) ? text : [text], true);
    const out: string[] = [];
    for (let i = 0; i < w.count; i++) out.push(String.fromCharCode(...w.codes.subarray(w.start[i]!, w.end[i]!)));
    expect(out).toEqual(expected);
  });

  it('keeps the words apart when an entry is normalised (not a scan)', () => {
    expect(normalizePhrase('f r e e')).toBe('f r e e');
    expect(words('f r e e')).toEqual(['free']);
  });

  it('gives the merged word the span of its letters in the text', () => {
    const w = normalizeWords(['Get v i a g r a today'], true);
    expect([w.count, w.from[1], w.to[1]]).toEqual([3, 4, 15]);
  });
});

describe('normalisation of a word, in an entry and in a scanned text alike (every entry of the lists normalises as before)', () => {
  it.each([
    ['a Greek word with Latin letters that are not look-alikes stays as it is', 'γιοofaσκύ', 'γιοofaσκυ'],
    ['Latin look-alikes in a Greek word become Greek', 'κερδίσaτε', 'κερδισατε'],
    ['Latin look-alikes in a Cyrillic word become Cyrillic', 'кpедит', 'кредит'],
    ['a word with more Latin capitals than Cyrillic letters stays Cyrillic', 'ЗAPAБOTOK', 'заработок'],
    ['a Latin word with a Cyrillic letter that has a look-alike stays Latin', 'vіagra', 'viagra'],
    ['an invisible character at the end of a word is a separator', 'free\u200C money', 'free money'],
  ])('%s', (_name, input, expected) => expect(normalizePhrase(input)).toBe(expected));
});

describe('linear time on 100 KB', () => {
  const count = (text: string) => normalizeWords([text], true).count;
  // Words are cut into pieces of 64 letters (the longest word kept), letter-spaced ones too.
  it('reads 100 KB of "a b c d …" as words of 64 letters', () => expect(count(fill('a b c d e f g h '))).toBe(SIZE / 2 / 64));
  it('reads 100 KB of letters and zero-width non-joiners as words of 64 letters', () => expect(count(fill('a\u200C'))).toBe(SIZE / 2 / 64));
  it('finds no word in 100 KB of zero-width joiners', () => expect(count(fill('\u200D'))).toBe(0));
  it('reads one letter, 100 KB of invisible characters and a letter as one word', () =>
    expect(count('a' + fill('\u200C\u202E\u{E0061}', SIZE - 2) + 'b')).toBe(1));
  it('finds the words of 100 KB of alternating Latin and Cyrillic look-alikes', () =>
    expect(count(fill('aаeеoо'))).toBe(SIZE / 64));
  it('scores 100 KB of letter-spaced entries', () => {
    const outcome = spamWords.score(normalizeRequest({ text: fill('v i a g r a  ') }), { language: undefined });
    // 7876 whole units of 13 characters, and the last 12 ("v i a g r a ") once more.
    expect(outcome.kind === 'hit' ? outcome.matches.length : 0).toBe(7877);
  });
});

describe('look-alike folding by the scripts a word mixes', () => {
  it.each([
    ['a Cyrillic word is kept as it is', 'кредит', 'кредит'],
    ['a Greek word is kept as it is', 'δάνειο', 'δανειο'],
    ['a Cyrillic word with a zero: о', 'кр0дит', 'кродит'],
    ['a Cyrillic word with a Latin look-alike', 'кpедит', 'кредит'],
    ['a Cyrillic word with a Greek look-alike', 'крεдит', 'кредит'],
    ['a Greek word with a Latin look-alike', 'δανειo', 'δανειο'],
    ['a Latin word with a Cyrillic look-alike', 'frее', 'free'],
    ['a Latin word with a Greek look-alike', 'frεe', 'free'],
    ['a Latin word with leet signs', 'fr33', 'free'],
  ])('%s', (_name, text, expected) => {
    expect(normalizePhrase(text)).toBe(expected);
  });
});
