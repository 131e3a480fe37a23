import { defineRule, matchesOutcome, type Match } from '../../core/rule.js';
import { charFlags, LETTER, MARK, NUMBER } from '../../text/chars.js';
import { punctuationBits, punctuationOf } from '../../text/marks.js';

const HASH = punctuationBits('#');

// "#" that starts a word (not "C#", "&#39;", "page#top" or "/#top"), followed by word characters
// with at least one letter (so "#1" and "order #12345" are not hash-tags). Bounded: linear.
export const HASH_TAG = /(?<![\p{L}\p{N}\p{M}_&#/])#(?=[\p{L}\p{N}\p{M}_]{0,100}\p{L})[\p{L}\p{N}\p{M}_]{1,100}/gu;
// HASH_TAG from a "#" found by indexOf, whose start of a word is checked in code (isTagStart):
// the expression tried at each "#" only, not searched for one over the whole field with its
// lookbehind (a `u` expression over two-byte text, wherever a "#" is).
const TAG_AT = /#(?=[\p{L}\p{N}\p{M}_]{0,100}\p{L})[\p{L}\p{N}\p{M}_]{1,100}/uy;
// Numbers with a letter or two after them are flat, suite and rank numbers ("Apt #4B", "#2nd"),
// and hex codes with a digit are colours ("#FF5733", "#1a2b3c"), not hash-tags.
const UNIT_NUMBER = /^#\p{N}{1,10}\p{L}{1,2}$/u;
const HEX_COLOUR = /^#(?=[a-fA-F]{0,7}[0-9])(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/**
 * True when the "#" at `i` of `s` may start a hash-tag: HASH_TAG's lookbehind, the code point
 * before it (a surrogate pair read as one, a lone surrogate as itself) is no letter, number,
 * mark, "_", "&", "#" or "/".
 */
export function isTagStart(s: string, i: number): boolean {
  if (i === 0) return true;
  let c = s.charCodeAt(i - 1);
  if (c < 0x80) return !((((c | 0x20) - 0x61) >>> 0 < 26) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x26 || c === 0x23 || c === 0x2f);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const h = s.charCodeAt(i - 2);
    if (h >= 0xd800 && h <= 0xdbff) c = (h - 0xd800) * 0x400 + (c - 0xdc00) + 0x10000;
  }
  return (charFlags(c) & (LETTER | NUMBER | MARK)) === 0;
}

export default defineRule({
  id: 'text.HASH_TAGS',
  significance: 'low',
  formula: { per: 0.25 },
  description: 'Hash-tags: "#" at the start of a word followed by a word with at least one letter.',
  skipReasons: [],
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches: Match[] = [];
    // Which ASCII punctuation each field has (from the tokens' pass).
    const punctuation = punctuationOf(text);
    const segments = text.segments;
    for (let g = 0; g < segments.length; g++) {
      // Most fields have no "#": no search. A match holds no "#": the next one is searched
      // from the "#" after this one.
      if ((punctuation[g]! & HASH) === 0) continue;
      const { field, text: value } = segments[g]!;
      for (let i = value.indexOf('#'); i !== -1; i = value.indexOf('#', i + 1)) {
        if (!isTagStart(value, i)) continue;
        TAG_AT.lastIndex = i;
        const m = TAG_AT.exec(value);
        if (m === null) continue;
        const v = m[0];
        if (!UNIT_NUMBER.test(v) && !HEX_COLOUR.test(v)) matches.push({ field, value: v, index: i });
      }
    }
    return matchesOutcome(matches);
  },
});
