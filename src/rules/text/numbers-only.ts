import { defineRule, hit, miss } from '../../core/rule.js';

// Separators that may stand between digits in numbers, phone numbers and dates: white space and
// + - . , ( ) / # * : ; and nothing else: a quote, %, a currency sign or a letter makes the text
// more than numbers.
const SEPARATORS = /[\s+\-.,()/#*:;]/gu;
const DIGITS = /^\p{Nd}+$/u;
// The same set as one anchored class: fails at the first letter, so ordinary text costs almost nothing.
const ONLY_NUMBER_CHARS = /^[\s+\-.,()/#*:;\p{Nd}]*$/u;
// An emoticon made of the same characters is not a number: ":(", ";-)" (a colon or semicolon
// directly before a parenthesis, "-" between them allowed), and ":3" / ";3" where the colon does
// not follow a digit and the 3 is not followed by one (the ":3" of "14:30" and "2:3" is a number).
const EMOTICON = /[:;]-?[()]|(?<![\p{Nd}:;])[:;]-?3(?![\p{Nd}])/u;

export default defineRule({
  id: 'text.NUMBERS_ONLY',
  significance: 'medium',
  formula: { fixed: 2 },
  description:
    'The whole text (all fields together) is numbers, with at most separators such as spaces, +, -, ., /; an emoticon such as ":(" or ":3" is not a number.',
  skipReasons: [],
  score({ text }) {
    if (!text || !ONLY_NUMBER_CHARS.test(text.joined) || EMOTICON.test(text.joined)) return miss();
    const bare = text.joined.replace(SEPARATORS, '');
    if (bare.length > 0 && DIGITS.test(bare)) {
      return hit([{ value: text.joined.trim().slice(0, 100) }], { digits: bare.length });
    }
    return miss();
  },
});
