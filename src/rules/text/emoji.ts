import { defineRule, matchesOutcome } from '../../rule.js';
import { scanSegments } from '../../text/scan.js';

// A full RGI emoji sequence (ZWJ families, flags, keycaps, skin tones count once), or a single
// pictograph written without the emoji variation selector (❤, ☺). Copyright, registered, trade
// mark, double exclamation and arrows are pictographs too but are ordinary text, so they don't count.
const EMOJI = /\p{RGI_Emoji}|[\p{Extended_Pictographic}--[\u00A9\u00AE\u203C\u2049\u2122\u2139\u2194-\u2199\u21A9\u21AA]]/gv;

export default defineRule({
  id: 'text.EMOJI',
  significance: 'low',
  formula: { per: 0.25 },
  description: 'Emoji; a multi-part emoji (family, flag, skin tone) counts once.',
  score({ text }) {
    return matchesOutcome(text ? scanSegments(text, EMOJI) : []);
  },
});
