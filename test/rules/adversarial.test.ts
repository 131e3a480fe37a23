// Every text rule on every 100 KB adversarial input of bench/adversarial-inputs.mjs. The test
// checks results (the rule returns a well-formed outcome, and known counts are right); how long
// each takes is measured by `npm run bench` (bench/adversarial.mjs), not asserted here.
import { describe, expect, it } from 'vitest';
import { ADVERSARIAL_INPUTS, fill, SIZE } from '../../bench/adversarial-inputs.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeRequest } from '../../src/core/request.js';
import { defaultRules } from '../../src/index.js';
import { parseModel } from '../../src/providers/index.js';
import { ROOT } from '../cli/run-cli.js';

const textRules = defaultRules.filter((r) => r.category === 'text');
// The facts of the rules that need one (text.MODEL: the bundled model; text.SITE_MODEL: a site
// whose reports had every token of the text, some more as spam, some more as ham); others ignore them.
const everyToken = { size: 1, get: (t: number) => ({ spam: t % 4, ham: (t >>> 2) % 3 }) };
const FACTS = {
  model: parseModel(readFileSync(join(ROOT, 'data/text-model.bin'))),
  site: { salt: 0x12345678, minReports: 1, counts: { spam: 40, ham: 30, tokens: everyToken } },
} as never;

describe.each(ADVERSARIAL_INPUTS.map((i) => [i.name, i.text] as const))('adversarial input: %s', (_name, text) => {
  it('every text rule returns a hit, miss or skip', () => {
    const request = normalizeRequest({ text });
    for (const rule of textRules) {
      const outcome = rule.score(request, FACTS);
      expect(['hit', 'miss', 'skip']).toContain(outcome.kind);
    }
  });
});

describe('known results on adversarial inputs', () => {
  const score = (id: string, text: string) => {
    const rule = textRules.find((r) => r.id === id)!;
    return rule.score(normalizeRequest({ text }), FACTS);
  };
  const count = (id: string, text: string) => {
    const o = score(id, text);
    return o.kind === 'hit' ? o.matches.reduce((n, m) => n + (m.count ?? 1), 0) : 0;
  };

  it('counts 100 KB of exclamation marks as one run', () => expect(count('text.EXCLAMATION', fill('!'))).toBe(1));
  it('counts every exclamation mark of 100 KB of "!a"', () => expect(count('text.EXCLAMATION', fill('!a'))).toBe(SIZE / 2));
  it('counts no URL in 100 KB of dots and one letter', () => expect(count('text.URL', fill('.', SIZE - 1) + 'a')).toBe(0));
  it('counts no SQL injection in repeated near-misses', () => expect(count('text.SQL_INJECTION', fill('union '))).toBe(0));
  it('counts no HTML in 100 KB of unclosed tags', () => expect(count('text.HTML', fill('<a '))).toBe(0));
  it('calls 100 KB of digits NUMBERS_ONLY', () => expect(score('text.NUMBERS_ONLY', fill('1')).kind).toBe('hit'));
  it('does not call 100 KB of text SHORT_TEXT', () => expect(score('text.SHORT_TEXT', fill('a ')).kind).toBe('miss'));
  // Issue 16: a row of emoji counts once, so adjacent emoji are one match; between words each counts.
  it('counts 100 KB of two alternating emoji as one row', () => expect(count('text.EMOJI', fill('😀🔥'))).toBe(1));
  it('counts each emoji of 100 KB of two alternating emoji between commas once', () => expect(count('text.EMOJI', fill('😀, 🔥, '))).toBe(SIZE / 4));
  it('counts 100 KB of one repeated emoji once', () => expect(count('text.EMOJI', fill('😀'))).toBe(1));
  it('counts one special-character run for 100 KB of asterisks', () => expect(count('text.SPECIAL_CHARS', fill('*'))).toBe(1));
});
