import { chooseLexicons, scanLexicon, toMatch } from '../../lexicons/index.js';
import { languageFact } from '../../facts/language.js';
import { defineRule, matchesOutcome, miss } from '../../core/rule.js';

export default defineRule({
  id: 'text.PROFANITY',
  significance: 'high',
  formula: { weighted: 1 },
  skipReasons: [],
  needs: { language: languageFact },
  description:
    'Profanities of the classifier language plus English (all 19 lists when the language is unknown), weighted 1 (mild), 2 (strong) or 3 (slurs), matched as whole words or stems after case, diacritics, leet-speak, look-alike and repeated-letter normalisation.',
  score(request, { language }) {
    const { text } = request;
    if (!text) return miss();
    const choice = chooseLexicons(request, language);
    const { words, matches } = scanLexicon(text, 'profanity', choice, request.formType);
    const evidence = { classifier: choice.classifier, lexicons: choice.languages === 'all' ? 'all' : choice.languages.join(',') };
    return matchesOutcome(matches.map((m) => toMatch(text, words, m)), evidence);
  },
});
