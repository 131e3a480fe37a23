import { defineRule, hit, miss } from '../../rule.js';

// Separators that may stand between digits in numbers, phone numbers and dates: white space and
// + - . , ( ) / # * : ; and nothing else: a quote, %, a currency sign or a letter makes the text
// more than numbers.
const SEPARATORS = /[\s+\-.,()/#*:;]/gu;
const DIGITS = /^\p{Nd}+$/u;
// The same set as one anchored class: fails at the first letter, so ordinary text costs almost nothing.
const ONLY_NUMBER_CHARS = /^[\s+\-.,()/#*:;\p{Nd}]*$/u;

export default defineRule({
  id: 'text.NUMBERS_ONLY',
  significance: 'medium',
  formula: { fixed: 2 },
  description: 'The whole text (all fields together) is numbers, with at most separators such as spaces, +, -, ., /.',
  score({ text }) {
    if (!text || !ONLY_NUMBER_CHARS.test(text.joined)) return miss();
    const bare = text.joined.replace(SEPARATORS, '');
    if (bare.length > 0 && DIGITS.test(bare)) {
      return hit([{ value: text.joined.trim().slice(0, 100) }], { digits: bare.length });
    }
    return miss();
  },
});
