/**
 * The language of a submission's text: the `text.language` fact (from the `language`
 * provider, a {@link LanguageDetector}) and the choice of the text classifier.
 *
 * The fact is optional: the text rules that use the language (word lists, sentiment) still
 * run without a detector, with the classifier the request names or `en`.
 */
import { defineFact } from '../core/rule.js';
export { createLanguageDetector, detectLanguage, loadLanguageModel } from './detector.js';
export { areRelated, RELATED_LANGUAGES, toIso6391 } from './iso.js';
import type { LanguageGuess } from '../providers/types.js';
import type { NormalizedRequest } from '../core/request.js';

/** The 19 languages with a full classifier (spec: "Text classifier languages"). */
export const FULLY_SUPPORTED_LANGUAGES = [
  'bg', 'cs', 'da', 'nl', 'en', 'fi', 'fr', 'de', 'el', 'hu', 'it', 'no', 'pl', 'pt', 'ro', 'ru', 'sk', 'es', 'sv',
] as const;
export type SupportedLanguage = (typeof FULLY_SUPPORTED_LANGUAGES)[number];

const SUPPORTED: ReadonlySet<string> = new Set(FULLY_SUPPORTED_LANGUAGES);

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

/** The detector's best guess when it is reliable (not too short or ambiguous to tell), else undefined. */
export function reliableLanguage(guesses: readonly LanguageGuess[] | undefined): string | undefined {
  const best: unknown = Array.isArray(guesses) ? guesses[0] : undefined;
  if (typeof best !== 'object' || best === null) return undefined;
  const { language, reliable } = best as Partial<LanguageGuess>;
  return typeof language === 'string' && reliable !== false ? language : undefined;
}

/**
 * The classifier used for the text: the request's `classifier` when given, otherwise the
 * detected language when it is one of the 19 and the detection is reliable (a text too short
 * or ambiguous to tell gets `en`), otherwise `en` (base-level detection).
 */
export function selectClassifier(request: NormalizedRequest, guesses: readonly LanguageGuess[] | undefined): SupportedLanguage {
  if (request.classifier) return request.classifier;
  const best = reliableLanguage(guesses);
  return best !== undefined && SUPPORTED.has(best) ? (best as SupportedLanguage) : 'en';
}
