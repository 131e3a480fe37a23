import { requiredLanguageFact } from '../../facts/language.js';
import { areRelated } from '../../language/iso.js';
import { defineRule, hit, miss, skip } from '../../core/rule.js';

/** `nb` (Bokmål) is reported as `no`; expecting either accepts the other. */
const canonical = (code: string): string => (code === 'nb' ? 'no' : code);

export default defineRule({
  id: 'text.UNEXPECTED_LANGUAGE',
  significance: 'high',
  formula: { fixed: 5 },
  description:
    'The text is reliably detected in a language not listed in `expectedLanguages`; never on text too short or ambiguous to tell, and a close relative the detector could not rule out (cs/sk, no/da/sv, bg/ru) counts as expected.',
  skipReasons: [],
  needs: { language: requiredLanguageFact },
  score({ text, expectedLanguages }, { language }) {
    // The engine skips this rule when the fact is missing; a direct caller may not.
    if (language === undefined) return skip('no-provider');
    if (!text || expectedLanguages.length === 0) return miss();
    const expected = expectedLanguages.map(canonical);
    const best = language[0];
    if (best === undefined) {
      return miss({ detectedLanguage: null, expectedLanguages: expected, note: 'no language could be detected' });
    }
    const alternatives = language.slice(1).map((g) => g.language);
    const evidence = {
      detectedLanguage: best.language,
      confidence: best.confidence,
      reliable: best.reliable !== false,
      alternatives,
      expectedLanguages: expected,
    };
    if (best.reliable === false) return miss({ ...evidence, note: 'text too short or ambiguous to tell its language' });
    if (expected.includes(best.language)) return miss(evidence);
    const accepted = alternatives.find((a) => expected.includes(a));
    if (accepted !== undefined) {
      return miss({
        ...evidence,
        note: areRelated(best.language, accepted)
          ? `${best.language} and ${accepted} are close; the detector could not rule out ${accepted}`
          : `the detector could not rule out ${accepted}`,
      });
    }
    return hit([{ value: best.language }], evidence);
  },
});
