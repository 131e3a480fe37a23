import { chooseLexicons, scanText, toMatch } from '../../lexicons/index.js';
import { languageFact } from '../../language/index.js';
import { defineRule, matchesOutcome, miss } from '../../rule.js';

export default defineRule({
  id: 'text.SPAM_WORDS',
  significance: 'medium',
  formula: { weighted: 1 },
  needs: { language: languageFact },
  description:
    'Common spam words and phrases of the classifier language plus English (all 19 lists when the language is unknown), each with its own weight, matched after case, diacritics, leet-speak, look-alike and repeated-letter normalisation; with `formType: "comment"` the comment lists (self-promotion) apply too. An entry of weight 0 is an ordinary phrase ("check out page"): as the longest match it keeps the shorter entries inside it from counting, and scores nothing.',
  score(request, { language }) {
    const { text } = request;
    if (!text) return miss();
    const choice = chooseLexicons(request, language);
    const { words, matches } = scanText(text, 'spam-words', choice.languages, request.formType);
    const evidence: Record<string, string> = { classifier: choice.classifier, lexicons: choice.languages === 'all' ? 'all' : choice.languages.join(',') };
    if (request.formType === 'comment') evidence.formType = 'comment';
    // Weight-0 entries are ordinary phrases that contain a spam phrase ("my channel list" in a
    // TV-support question): the scan matched them instead of the shorter entry; they do not count.
    const counted: ReturnType<typeof toMatch>[] = [];
    for (const m of matches) if (m.entry.weight !== 0) counted.push(toMatch(text, words, m));
    return matchesOutcome(counted, evidence);
  },
});
