/**
 * The language of a submission's text: the detector (a {@link LanguageDetector}, the `language`
 * provider), the reading of its guesses and the choice of the text classifier. The
 * `text.language` fact the rules need is in facts/language.ts.
 */
export { createLanguageDetector, detectLanguage, loadLanguageModel } from './detector.js';
export { areRelated, RELATED_LANGUAGES, toIso6391 } from './iso.js';
export { FULLY_SUPPORTED_LANGUAGES, reliableLanguage, selectClassifier, type SupportedLanguage } from './choice.js';
