import { requiredLanguageFact } from '../../language/index.js';
import { defineRule, hit, miss, skip } from '../../rule.js';
import { collapsedLengthOf } from './short-text.js';

/** Texts shorter than this (white space collapsed) are too short to say no language can be told. */
export const UNKNOWN_LANGUAGE_MIN_LENGTH = 20;

export default defineRule({
  id: 'text.UNKNOWN_LANGUAGE',
  significance: 'medium',
  formula: { fixed: 1 },
  description: `No language can be detected in a text of at least ${UNKNOWN_LANGUAGE_MIN_LENGTH} characters (only digits, symbols or emoji, or letters that form no language); never on shorter text.`,
  needs: { language: requiredLanguageFact },
  score({ text }, { language }) {
    // The engine skips this rule when the fact is missing; a direct caller may not.
    if (language === undefined) return skip('no-provider');
    if (!text) return miss();
    const length = collapsedLengthOf(text);
    const best = language[0];
    if (best !== undefined) {
      return miss({ detectedLanguage: best.language, confidence: best.confidence, reliable: best.reliable !== false, length });
    }
    if (length < UNKNOWN_LANGUAGE_MIN_LENGTH) {
      return miss({ detectedLanguage: null, length, threshold: UNKNOWN_LANGUAGE_MIN_LENGTH, note: 'text too short to tell its language' });
    }
    return hit([], { detectedLanguage: null, length, threshold: UNKNOWN_LANGUAGE_MIN_LENGTH });
  },
});
