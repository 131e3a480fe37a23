import { chooseLexicons, negatorsOf, scanLexicon, toMatch } from '../../lexicons/index.js';
import { languageFact } from '../../facts/language.js';
import type { Words } from '../../lexicons/normalize.js';
import { defineRule, hit, miss, type Match } from '../../core/rule.js';

/** Words before a sentiment word in which a negator flips it ("not at all good"). */
export const NEGATION_WINDOW = 3;
/** The overall valence at or below which a text is harmful, when it has strong words. */
export const THRESHOLD = -6;

const NEGATOR_LISTS = new WeakMap<ReadonlySet<string>, readonly string[]>();

/** The negators of a set as a list (made once per set). */
function listOf(negators: ReadonlySet<string>): readonly string[] {
  let list = NEGATOR_LISTS.get(negators);
  if (list === undefined) NEGATOR_LISTS.set(negators, (list = [...negators]));
  return list;
}

/** Whether word i is one of the negators: their code units compared, no string made for the word. */
function isNegator(negators: readonly string[], words: Words, i: number): boolean {
  const { codes } = words;
  const from = words.start[i]!;
  const n = words.end[i]! - from;
  next: for (const negator of negators) {
    if (negator.length !== n) continue;
    for (let j = 0; j < n; j++) if (negator.charCodeAt(j) !== codes[from + j]) continue next;
    return true;
  }
  return false;
}

export default defineRule({
  id: 'text.SENTIMENT',
  significance: 'medium',
  formula: { fixed: 1 },
  skipReasons: [],
  needs: { language: languageFact },
  description:
    'Bad or harmful overall sentiment: a threat or strong abuse (a word or phrase of valence −5), or an overall valence of −6 or less that has a word of −4 or two of −3 or less (AFINN-style lists of the classifier language with negation and stems); a polite complaint does not count.',
  score(request, { language }) {
    const { text } = request;
    if (!text) return miss();
    // The classifier's list; English when the language is unknown.
    const choice = chooseLexicons(request, language);
    const lang = choice.languages === 'all' ? 'en' : choice.classifier;
    const { words, matches } = scanLexicon(text, 'sentiment', choice, request.formType);
    const negators = listOf(negatorsOf(lang));
    let total = 0;
    let strong = 0;
    let severe = false;
    let extreme = false;
    const negative: Match[] = [];
    let prevEnd = -1;
    for (const m of matches) {
      let v = m.entry.weight;
      // A negator in the few words before (and after the previous sentiment word) flips the
      // valence and halves it: "not bad" is mildly positive, "not good" mildly negative.
      let negated = false;
      for (let i = Math.max(prevEnd + 1, m.first - NEGATION_WINDOW); i < m.first; i++) {
        if (words.segment[i] === words.segment[m.first] && isNegator(negators, words, i)) negated = true;
      }
      if (negated) v = -v / 2;
      prevEnd = m.last;
      total += v;
      if (v <= -5) extreme = true;
      if (v <= -4) severe = true;
      if (v <= -3) strong++;
      if (v < 0) negative.push(toMatch(text, words, m, v));
    }
    const evidence = { classifier: lang, valence: total, words: matches.length };
    if (extreme || (total <= THRESHOLD && (severe || strong >= 2))) return hit(negative, evidence);
    return miss(evidence);
  },
});
