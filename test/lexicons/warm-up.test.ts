// warmUp(): the language model and every word-list trie the rules can choose are built before
// the first request, once.
import { describe, expect, it } from 'vitest';
import { warmUp } from '../../src/index.js';
import { FULLY_SUPPORTED_LANGUAGES } from '../../src/language/index.js';
import { builtTries, chooseLexicons, trieFor } from '../../src/lexicons/index.js';
import { normalizeRequest } from '../../src/core/request.js';

describe('warmUp', () => {
  it('builds the trie of every choice of lists, for each kind', async () => {
    await warmUp();
    const built = new Set(builtTries());
    for (const kind of ['spam-words', 'profanity'] as const) {
      expect(built).toContain(`${kind}:all`);
      for (const lang of FULLY_SUPPORTED_LANGUAGES) expect(built).toContain(lang === 'en' ? `${kind}:en` : `${kind}:${lang}+en`);
    }
    // SPAM_WORDS also for formType "comment" (the comment lists on top).
    expect(built).toContain('spam-words:all:comment');
    for (const lang of FULLY_SUPPORTED_LANGUAGES) expect(built).toContain(lang === 'en' ? 'spam-words:en:comment' : `spam-words:${lang}+en:comment`);
    // SENTIMENT: the classifier's list alone (English when the language is unknown).
    for (const lang of FULLY_SUPPORTED_LANGUAGES) expect(built).toContain(`sentiment:${lang}`);
    expect(built.size).toBe(3 * (FULLY_SUPPORTED_LANGUAGES.length + 1) + FULLY_SUPPORTED_LANGUAGES.length);
  });

  it('covers whatever chooseLexicons picks: a requested classifier, a detected language, none', async () => {
    await warmUp();
    const built = new Set(builtTries());
    const text = 'Dobrý den, mám dotaz k objednávce.';
    const choices = [
      chooseLexicons(normalizeRequest({ text, classifier: 'cs' }), undefined),
      chooseLexicons(normalizeRequest({ text }), undefined),
      ...FULLY_SUPPORTED_LANGUAGES.map((language) => chooseLexicons(normalizeRequest({ text }), [{ language, confidence: 0.9 }])),
      chooseLexicons(normalizeRequest({ text }), [{ language: 'ja', confidence: 0.9 }]),
    ];
    for (const { classifier, languages } of choices) {
      for (const kind of ['spam-words', 'profanity'] as const) expect(built).toContain(`${kind}:${languages === 'all' ? 'all' : languages.join('+')}`);
      expect(built).toContain(`spam-words:${languages === 'all' ? 'all' : languages.join('+')}:comment`);
      expect(built).toContain(`sentiment:${languages === 'all' ? 'en' : classifier}`);
    }
  });

  it('is idempotent: a second call keeps the same tries', async () => {
    await warmUp();
    const before = trieFor('sentiment', ['de']);
    const count = builtTries().length;
    await warmUp();
    expect(trieFor('sentiment', ['de'])).toBe(before);
    expect(builtTries()).toHaveLength(count);
  });
});
