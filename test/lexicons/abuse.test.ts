// fixtures/abuse-and-threats.json, written by hand for formspam: abuse aimed at the site in the
// forms the generalised PROFANITY and SENTIMENT entries cover ({…|…} groups in
// data/lexicons/<lang>/, expanded by scripts/lib/expand.mjs). Threats must be BAD; an insult
// addressed to the reader is PROFANITY's 1.5 (BAD with SENTIMENT's hit, NEUTRAL alone); near
// misses with the same words must not be BAD and get nothing from PROFANITY. Examples, not
// accuracy: never reported as a rate.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/index.js';
import type { LanguageDetector } from '../../src/providers/types.js';
// @ts-expect-error: the scripts' plain .mjs helper has no types
import { expand } from '../../scripts/lib/expand.mjs';

interface Fixture {
  languages: Record<string, { threat: string[]; insult: string[]; nearMiss: string[] }>;
}
const fixture: Fixture = JSON.parse(readFileSync(new URL('../../fixtures/abuse-and-threats.json', import.meta.url), 'utf8'));

const detector = (language: string): LanguageDetector => ({
  name: 'fixed',
  detect: async () => [{ language, confidence: 0.99 }],
});

describe.each(Object.entries(fixture.languages))('%s', (language, { threat, insult, nearMiss }) => {
  it.each(threat)('threat: BAD (%s)', async (text) => {
    const r = await classify({ text }, { language: detector(language) });
    expect(r.classification, `score ${r.score}: ${r.reasons.join(', ')}`).toBe('BAD');
    expect(r.reasons).toContain('text.PROFANITY');
  });
  it.each(insult)('insult: PROFANITY, not GOOD (%s)', async (text) => {
    const r = await classify({ text }, { language: detector(language) });
    expect(r.text!.rules.PROFANITY!.score).toBeGreaterThanOrEqual(1.5);
    expect(r.classification).not.toBe('GOOD');
  });
  it.each(nearMiss)('near miss: not BAD, no PROFANITY (%s)', async (text) => {
    const r = await classify({ text }, { language: detector(language) });
    expect(r.classification, `score ${r.score}: ${r.reasons.join(', ')}`).not.toBe('BAD');
    expect(r.text!.rules.PROFANITY!.score).toBe(0);
  });
});

describe('expand: the {…|…} groups of a word-list line', () => {
  it('stands for every combination, an empty alternative dropping its group, spaces collapsed', () => {
    expect(expand('{you|you are} {a |}idiot*').sort()).toEqual(['you a idiot*', 'you are a idiot*', 'you are idiot*', 'you idiot*']);
    expect(expand('plain entry')).toEqual(['plain entry']);
    expect(expand('{a|a}')).toEqual(['a']);
    expect(expand('x {|y} z')).toEqual(['x z', 'x y z']);
  });
  it('refuses unbalanced groups and lines that stand for too many entries', () => {
    expect(() => expand('{a|b')).toThrow(/unbalanced/);
    expect(() => expand('a}b')).toThrow(/unbalanced/);
    expect(() => expand('{a|{b}}')).toThrow(/unbalanced/);
    const big = Array.from({ length: 5 }, () => `{${Array.from({ length: 6 }, (_, i) => `w${i}`).join('|')}}`).join(' ');
    expect(() => expand(big)).toThrow(/more than 3000/);
  });
});

describe('English forms (data/lexicons/en/profanity.forms.txt): where they apply', () => {
  const text = 'You are a worthless idiot, I am going to hurt you.';
  it('with the English classifier and when the language is unknown', async () => {
    const en = await classify({ text }, { language: detector('en') });
    expect(en.text!.rules.PROFANITY!.matches!.map((m) => m.value)).toEqual(['You are a worthless idiot', 'I am going to hurt you']);
    const unknown = await classify({ text });
    expect(unknown.text!.rules.PROFANITY!.matches!.map((m) => m.value)).toEqual(['You are a worthless idiot', 'I am going to hurt you']);
  });
  it('not beside another language\'s lists (German classifier: English fixed phrases only)', async () => {
    const de = await classify({ text }, { language: detector('de') });
    // German's own 'idiot' (0.5), not the English form around it.
    expect(de.text!.rules.PROFANITY!.matches!.map((m) => m.value)).toEqual(['idiot']);
    const fixed = await classify({ text: 'Ihr Betrüger, you idiots' }, { language: detector('de') });
    expect(fixed.text!.rules.PROFANITY!.matches!.map((m) => m.value)).toEqual(['Ihr Betrüger', 'you idiots']);
  });
});
