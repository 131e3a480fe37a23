import { defineRule, hit, miss } from '../../rule.js';

export const SHORT_TEXT_THRESHOLD = 40;

function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
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
    const length = codePoints(text.joined.replace(/\s+/gu, ' ').trim());
    const evidence = { length, threshold: SHORT_TEXT_THRESHOLD };
    return length < SHORT_TEXT_THRESHOLD ? hit([], evidence) : miss(evidence);
  },
});
