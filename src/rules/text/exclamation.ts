import { defineRule, matchesOutcome } from '../../core/rule.js';

// NFKC has already turned "！" into "!" and "‼" into "!!". A run ("!!!", "!!!!!!!!") is one
// exclamation, typed with one key held or pressed again, and counts once: its length is not
// more evidence of spam (long runs are counted by text.SPECIAL_CHARS as well).
const RUN = /!+/g;

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
      if (!value.includes('!')) continue;
      for (const m of value.matchAll(RUN)) matches.push({ field, value: m[0], index: m.index });
    }
    return matchesOutcome(matches);
  },
});
