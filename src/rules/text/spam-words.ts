import { chooseLexicons, scanLexicon, toMatch } from '../../lexicons/index.js';
import { languageFact } from '../../facts/language.js';
import { defineRule, matchesOutcome, miss } from '../../core/rule.js';
import { commentLink } from '../../lexicons/comment-link.js';

export default defineRule({
  id: 'text.SPAM_WORDS',
  significance: 'medium',
  formula: { weighted: 1 },
  skipReasons: [],
  needs: { language: languageFact },
  description:
    'Common spam words and phrases of the classifier language plus English (all 19 lists when the language is unknown), each with its own weight, matched after case, diacritics, leet-speak, look-alike and repeated-letter normalisation; with `formType: "comment"` the comment lists (self-promotion) apply too, and the first link to another site than a YouTube video counts 1 (1.5 with a plea such as "please", "watch", "visit"; 2 when it carries a referral code; 1.5 for a link written apart such as "site . com"). An entry of weight 0 is an ordinary phrase ("check out page"): as the longest match it keeps the shorter entries inside it from counting, and scores nothing.',
  score(request, { language }) {
    const { text } = request;
    if (!text) return miss();
    const choice = chooseLexicons(request, language);
    const { words, matches } = scanLexicon(text, 'spam-words', choice, request.formType);
    const evidence: Record<string, string> = { classifier: choice.classifier, lexicons: choice.languages === 'all' ? 'all' : choice.languages.join(',') };
    const out = matches.map((m) => toMatch(text, words, m));
    if (request.formType === 'comment') {
      evidence.formType = 'comment';
      const link = commentLink(text, words, choice.languages);
      if (link) out.push(link);
    }
    return matchesOutcome(out, evidence);
  },
});
