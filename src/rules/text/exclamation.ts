import { defineRule, matchesOutcome } from '../../rule.js';

// NFKC has already turned "！" into "!" and "‼" into "!!". A run is one piece of evidence that counts its length.
const RUN = /!+/g;

export default defineRule({
  id: 'text.EXCLAMATION',
  significance: 'low',
  formula: { per: 0.25 },
  description: 'Exclamation marks; each one counts ("!!!" is 3). The Spanish opening "¡" does not count.',
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches = [];
    for (const { field, text: value } of text.segments) {
      for (const m of value.matchAll(RUN)) matches.push({ field, value: m[0], index: m.index, count: m[0].length });
    }
    return matchesOutcome(matches);
  },
});
