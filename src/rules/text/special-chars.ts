import { defineRule, matchesOutcome, type Match } from '../../rule.js';
import { charFlags, codePointAt, EMOJI_PART, LETTER, MARK, NUMBER, SPACE } from '../../text/chars.js';

// Runs of six or more characters that are not letters, digits, combining marks, white space or
// emoji parts (emoji are the EMOJI rule's business): what
// /[^\p{L}\p{N}\p{M}\s\p{Extended_Pictographic}\u200D\uFE0F\u20E3\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}\u{E0020}-\u{E007F}]{6,}/gv
// matches, found with a table lookup per character instead. One pass: linear.
const NOT_SPECIAL = LETTER | NUMBER | MARK | SPACE | EMOJI_PART;
const MIN_RUN = 6;

/** True for ASCII characters that are special: neither letter, digit nor white space. */
const ASCII_SPECIAL = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_SPECIAL[c] = (charFlags(c) & NOT_SPECIAL) === 0 ? 1 : 0;

/**
 * True for the sentence punctuation "." "!" "?": a run made only of them (a dot leader, "!!!!!!",
 * "?!?!?!") is typing, not markup, and "!" is counted by text.EXCLAMATION already.
 */
function isSentencePunct(c: number): boolean {
  return c === 0x2e || c === 0x21 || c === 0x3f;
}

function specialRuns(field: string, s: string, out: Match[]): void {
  let start = -1;
  let count = 0; // code points in the current run
  let punct = true; // the current run is only sentence punctuation
  const n = s.length;
  for (let i = 0; i < n; ) {
    const c = s.charCodeAt(i);
    let special: boolean;
    let width = 1;
    if (c < 128) special = ASCII_SPECIAL[c] === 1;
    else {
      const cp = codePointAt(s, i);
      if (cp > 0xffff) width = 2;
      special = (charFlags(cp) & NOT_SPECIAL) === 0;
    }
    if (special) {
      if (start === -1) { start = i; count = 0; punct = true; }
      count++;
      if (punct && !isSentencePunct(c)) punct = false;
    } else if (start !== -1) {
      if (count >= MIN_RUN && !punct) out.push({ field, value: s.slice(start, i), index: start });
      start = -1;
    }
    i += width;
  }
  if (start !== -1 && count >= MIN_RUN && !punct) out.push({ field, value: s.slice(start), index: start });
}

export default defineRule({
  id: 'text.SPECIAL_CHARS',
  significance: 'medium',
  formula: { per: 1 },
  description: 'Runs of more than five characters in a row that are neither letters, digits, white space nor emoji ("$$$!!!", "-------"); runs of only ".", "!" and "?" do not count.',
  score({ text }) {
    const matches: Match[] = [];
    if (text) for (const { field, text: value } of text.segments) specialRuns(field, value, matches);
    return matchesOutcome(matches);
  },
});
