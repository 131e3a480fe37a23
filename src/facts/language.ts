/**
 * The language of a submission's text: the `text.language` fact, from the `language` provider
 * (a {@link LanguageDetector}).
 *
 * The fact is optional: the text rules that use the language (word lists, sentiment) still
 * run without a detector, with the classifier the request names or `en`.
 */
import { defineFact } from '../core/rule.js';
import type { LanguageDetector } from '../providers/types.js';

/** The detector's guesses for the joined text, most likely first (empty: no language could be told). */
export const languageFact = defineFact({
  key: 'text.language',
  provider: 'language',
  optional: true,
  fetch: (detector, request, options) => detector.detect(request.text?.joined ?? '', options),
});

/**
 * The same fact (same key, fetched once) for the rules that cannot run without a detector
 * (`text.UNEXPECTED_LANGUAGE`, `text.UNKNOWN_LANGUAGE`): without one they are skipped with `no-provider`.
 */
export const requiredLanguageFact = defineFact({
  key: 'text.language',
  provider: 'language',
  fetch: (detector, request, options) => detector.detect(request.text?.joined ?? '', options),
});
