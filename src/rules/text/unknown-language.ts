import { requiredLanguageFact } from '../../facts/language.js';
import { defineRule, hit, miss, skip } from '../../core/rule.js';
import type { TextInput } from '../../text/input.js';
import { collapsedLengthOf } from '../../text/length.js';
import { findUrls, onlyLinks, uncitedLinks } from '../../text/urls.js';

/** Texts shorter than this (white space collapsed) are too short to say no language can be told. */
export const UNKNOWN_LANGUAGE_MIN_LENGTH = 20;

const LETTER = /\p{L}/u;

/** True when some field has a letter (in a word, a URL or an address): something a language could be told from. */
function hasLetter(text: TextInput): boolean {
  return text.segments.some((s) => LETTER.test(s.text));
}

export default defineRule({
  id: 'text.UNKNOWN_LANGUAGE',
  significance: 'medium',
  formula: { fixed: 1 },
  description: `No language can be detected in a text of at least ${UNKNOWN_LANGUAGE_MIN_LENGTH} characters that has letters (letters that form no language: keyboard mashing, consonant runs, URLs or addresses alone); never on shorter text, nor on text without a letter (digits, symbols or emoji only: NUMBERS_ONLY, SPECIAL_CHARS, EMOJI and SHORT_TEXT judge it).`,
  skipReasons: [],
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
    // Digits, symbols and emoji alone are no words in an unknown language: there is nothing to
    // tell a language from, and the rules for what is there (NUMBERS_ONLY, SPECIAL_CHARS, EMOJI,
    // SHORT_TEXT) count it. Counting it here too would make a row of hearts BAD.
    if (!hasLetter(text)) {
      return miss({ detectedLanguage: null, length, threshold: UNKNOWN_LANGUAGE_MIN_LENGTH, note: 'no letters: nothing to tell a language from' });
    }
    // Nothing but links the writer cites ("[https://…]", a list of sources): addresses, no words
    // in an unknown language. A link posted alone still counts (link-only comment spam).
    const urls = findUrls(text);
    if (urls.length > 0 && onlyLinks(text, urls) && uncitedLinks(text, urls).length === 0) {
      return miss({ detectedLanguage: null, length, threshold: UNKNOWN_LANGUAGE_MIN_LENGTH, note: 'only links the writer cites: no words to tell a language from' });
    }
    return hit([], { detectedLanguage: null, length, threshold: UNKNOWN_LANGUAGE_MIN_LENGTH });
  },
});
