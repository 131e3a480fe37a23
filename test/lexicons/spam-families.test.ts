// fixtures/spam-families-19-languages.json, written by hand for formspam (issue 16): in each of the
// 19 classifier languages one spam message per family (pharmacy, supplements, loans, crypto,
// recruitment, SEO, adult, gambling, hand-off to a chat app, abuse aimed at the site) must be BAD,
// and the near misses that use the same vocabulary innocently (a pharmacist, a bank customer with a
// loan) must not be. Examples, not accuracy: they are never reported as a rate.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/index.js';
import type { LanguageDetector } from '../../src/providers/types.js';

interface Fixture {
  families: string[];
  languages: Record<string, { spam: Record<string, string>; nearMiss: string[] }>;
}
const fixture: Fixture = JSON.parse(readFileSync(new URL('../../fixtures/spam-families-19-languages.json', import.meta.url), 'utf8'));

const detector = (language: string): LanguageDetector => ({
  name: 'fixed',
  detect: async () => [{ language, confidence: 0.99 }],
});

it('covers the 19 classifier languages and every family in each', () => {
  expect(Object.keys(fixture.languages).sort()).toEqual(['bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'fi', 'fr', 'hu', 'it', 'nl', 'no', 'pl', 'pt', 'ro', 'ru', 'sk', 'sv']);
  expect(fixture.families).toEqual(['pharmacy', 'supplements', 'loans', 'crypto', 'recruitment', 'seo', 'adult', 'gambling', 'handoff', 'abuse']);
  for (const { spam, nearMiss } of Object.values(fixture.languages)) {
    expect(Object.keys(spam)).toEqual(fixture.families);
    expect(nearMiss.length).toBeGreaterThanOrEqual(2);
    for (const text of [...Object.values(spam), ...nearMiss]) {
      expect(text.length).toBeGreaterThanOrEqual(40);
      expect(text.length).toBeLessThanOrEqual(300);
    }
  }
});

describe.each(Object.entries(fixture.languages))('%s', (language, { spam, nearMiss }) => {
  it.each(Object.entries(spam))('spam, %s: BAD', async (_family, text) => {
    const r = await classify({ text }, { language: detector(language) });
    expect(r.classification, `score ${r.score}: ${r.reasons.join(', ')}`).toBe('BAD');
  });
  it.each(nearMiss.map((t) => [t.length > 60 ? `${t.slice(0, 57)}...` : t, t]))('near miss %s: not BAD', async (_name, text) => {
    const r = await classify({ text }, { language: detector(language) });
    expect(r.classification, `score ${r.score}: ${r.reasons.join(', ')}`).not.toBe('BAD');
  });
});
