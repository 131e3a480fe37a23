import { defineRule, matchesOutcome } from '../../rule.js';
import { scanSegments } from '../../text/scan.js';

// Runs of six or more characters that are not letters, digits, combining marks, white space or
// emoji parts (emoji are the EMOJI rule's business). A character class run: linear.
const RUN =
  /[^\p{L}\p{N}\p{M}\s\p{Extended_Pictographic}\u200D\uFE0F\u20E3\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}\u{E0020}-\u{E007F}]{6,}/gv;

export default defineRule({
  id: 'text.SPECIAL_CHARS',
  significance: 'medium',
  formula: { per: 1 },
  description: 'Runs of more than five characters in a row that are neither letters, digits, white space nor emoji ("$$$!!!", "-------").',
  score({ text }) {
    return matchesOutcome(text ? scanSegments(text, RUN) : []);
  },
});
