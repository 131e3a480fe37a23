import { defineRule, matchesOutcome, type Match } from '../../core/rule.js';
import { BBCODE_TAG, HTML_ELEMENTS, isMarkupTag, START_TAG } from '../../text/html.js';
import { punctuationBits, punctuationOf } from '../../text/marks.js';

const ANGLE = punctuationBits('<');
const SQUARE = punctuationBits('[');
const OPENINGS = ANGLE | SQUARE;

export default defineRule({
  id: 'text.HTML',
  significance: 'medium',
  formula: { per: 1 },
  description: 'HTML elements (each start tag of a known element counts once; closing tags do not) and BBCode [url]/[link]/[img] tags.',
  skipReasons: [],
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches: Match[] = [];
    // Which ASCII punctuation each field has (from the tokens' pass): no search for "<" or "[" in
    // a field without one.
    const punctuation = punctuationOf(text);
    const segments = text.segments;
    for (let g = 0; g < segments.length; g++) {
      const { field, text: value } = segments[g]!;
      const bits = punctuation[g]!;
      if ((bits & OPENINGS) === 0) continue;
      const inField: Match[] = [];
      if ((bits & ANGLE) !== 0) {
        for (const m of value.matchAll(START_TAG)) {
          if (HTML_ELEMENTS.has(m[1]!.toLowerCase()) && isMarkupTag(m[0], m[1]!)) inField.push({ field, value: m[0], index: m.index });
        }
      }
      if ((bits & SQUARE) !== 0) {
        for (const m of value.matchAll(BBCODE_TAG)) inField.push({ field, value: m[0], index: m.index });
      }
      matches.push(...inField.sort((a, b) => a.index! - b.index!));
    }
    return matchesOutcome(matches);
  },
});
