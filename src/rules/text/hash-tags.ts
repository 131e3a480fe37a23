import { defineRule, matchesOutcome } from '../../core/rule.js';
import { scanSegments } from '../../text/scan.js';

// "#" that starts a word (not "C#", "&#39;", "page#top" or "/#top"), followed by word characters
// with at least one letter (so "#1" and "order #12345" are not hash-tags). Bounded: linear.
const HASH_TAG = /(?<![\p{L}\p{N}\p{M}_&#/])#(?=[\p{L}\p{N}\p{M}_]{0,100}\p{L})[\p{L}\p{N}\p{M}_]{1,100}/gu;
// Numbers with a letter or two after them are flat, suite and rank numbers ("Apt #4B", "#2nd"),
// and hex codes with a digit are colours ("#FF5733", "#1a2b3c"), not hash-tags.
const UNIT_NUMBER = /^#\p{N}{1,10}\p{L}{1,2}$/u;
const HEX_COLOUR = /^#(?=[a-fA-F]{0,7}[0-9])(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export default defineRule({
  id: 'text.HASH_TAGS',
  significance: 'low',
  formula: { per: 0.25 },
  description: 'Hash-tags: "#" at the start of a word followed by a word with at least one letter.',
  skipReasons: [],
  score({ text }) {
    if (!text || !text.joined.includes('#')) return matchesOutcome([]);
    return matchesOutcome(scanSegments(text, HASH_TAG, (v) => !UNIT_NUMBER.test(v) && !HEX_COLOUR.test(v)));
  },
});
