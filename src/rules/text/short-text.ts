import { defineRule, hit, miss } from '../../rule.js';
import { isSpace } from '../../text/input.js';

export const SHORT_TEXT_THRESHOLD = 40;

/**
 * Code points of `s` with every run of white space counted as one and the ends trimmed: the
 * length of `s.replace(/\s+/g, ' ').trim()`, in one pass without building that string.
 */
export function collapsedLength(s: string): number {
  let n = 0;
  let pendingSpace = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isSpace(c)) {
      pendingSpace = n > 0;
      continue;
    }
    if (pendingSpace) {
      n++;
      pendingSpace = false;
    }
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

export default defineRule({
  id: 'text.SHORT_TEXT',
  significance: 'medium',
  formula: { fixed: 1 },
  description: `The text, all fields joined and runs of white space counted as one, is shorter than ${SHORT_TEXT_THRESHOLD} characters.`,
  score({ text }) {
    if (!text) return miss();
    const length = collapsedLength(text.joined);
    const evidence = { length, threshold: SHORT_TEXT_THRESHOLD };
    return length < SHORT_TEXT_THRESHOLD ? hit([], evidence) : miss(evidence);
  },
});
