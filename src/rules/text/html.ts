import { defineRule, matchesOutcome, type Match } from '../../core/rule.js';
import { BBCODE_TAG, HTML_ELEMENTS, isMarkupTag, START_TAG } from '../../text/html.js';

export default defineRule({
  id: 'text.HTML',
  significance: 'medium',
  formula: { per: 1 },
  description: 'HTML elements (each start tag of a known element counts once; closing tags do not) and BBCode [url]/[link]/[img] tags.',
  skipReasons: [],
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches: Match[] = [];
    for (const { field, text: value } of text.segments) {
      const inField: Match[] = [];
      if (value.includes('<')) {
        for (const m of value.matchAll(START_TAG)) {
          if (HTML_ELEMENTS.has(m[1]!.toLowerCase()) && isMarkupTag(m[0], m[1]!)) inField.push({ field, value: m[0], index: m.index });
        }
      }
      if (value.includes('[')) {
        for (const m of value.matchAll(BBCODE_TAG)) inField.push({ field, value: m[0], index: m.index });
      }
      matches.push(...inField.sort((a, b) => a.index! - b.index!));
    }
    return matchesOutcome(matches);
  },
});
