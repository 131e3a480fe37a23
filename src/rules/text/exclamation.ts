import { defineRule, matchesOutcome } from '../../core/rule.js';

// NFKC has already turned "！" into "!" and "‼" into "!!". A run ("!!!", "!!!!!!!!") is one
// exclamation, typed with one key held or pressed again, and counts once: its length is not
// more evidence of spam (long runs are counted by text.SPECIAL_CHARS as well).
// Each run is found with indexOf (a run of "!", as /!+/g matches it): no match object or
// iterator per run, which Russian posts have many of.

export default defineRule({
  id: 'text.EXCLAMATION',
  significance: 'low',
  formula: { per: 0.25 },
  description: 'Exclamation marks; a run of them counts once ("!!!" is 1). The Spanish opening "¡" does not count.',
  skipReasons: [],
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches = [];
    for (const { field, text: value } of text.segments) {
      // Most fields have no "!": one indexOf, not matchAll's iterator and search.
      for (let i = value.indexOf('!'); i !== -1; ) {
        let end = i + 1;
        while (value.charCodeAt(end) === 0x21) end++;
        matches.push({ field, value: value.slice(i, end), index: i });
        i = value.indexOf('!', end);
      }
    }
    return matchesOutcome(matches);
  },
});
