import { defineRule, matchesOutcome } from '../../rule.js';
import { scanSegments } from '../../text/scan.js';

// "#" that starts a word (not "C#", "&#39;", "page#top" or "/#top"), followed by word characters
// with at least one letter (so "#1" and "order #12345" are not hash-tags). Bounded: linear.
const HASH_TAG = /(?<![\p{L}\p{N}\p{M}_&#/])#(?=[\p{L}\p{N}\p{M}_]{0,100}\p{L})[\p{L}\p{N}\p{M}_]{1,100}/gu;

export default defineRule({
  id: 'text.HASH_TAGS',
  significance: 'low',
  formula: { per: 0.25 },
  description: 'Hash-tags: "#" at the start of a word followed by a word with at least one letter.',
  score({ text }) {
    return matchesOutcome(text ? scanSegments(text, HASH_TAG) : []);
  },
});
