/**
 * The reading of the detector's guesses and the choice of the text classifier. Apart from the
 * detector, so that the engine shapes a response without loading the language model.
 */
import type { LanguageGuess } from '../providers/types.js';
import type { NormalizedRequest } from '../core/request.js';

/** The 19 languages with a full classifier (spec: "Text classifier languages"). */
export const FULLY_SUPPORTED_LANGUAGES = [
  'bg', 'cs', 'da', 'nl', 'en', 'fi', 'fr', 'de', 'el', 'hu', 'it', 'no', 'pl', 'pt', 'ro', 'ru', 'sk', 'es', 'sv',
] as const;
export type SupportedLanguage = (typeof FULLY_SUPPORTED_LANGUAGES)[number];

const SUPPORTED: ReadonlySet<string> = new Set(FULLY_SUPPORTED_LANGUAGES);

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
