import { defineRule, matchesOutcome, type Match } from '../../core/rule.js';
import { charFlags, codePointAt, EMOJI_PART, LETTER, MARK, NUMBER, SPACE } from '../../text/chars.js';
import { MAY_BE_SPECIAL, marksOf, nextMark } from '../../text/marks.js';

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
 * True for the punctuation of ordinary writing: the sentence punctuation "." "!" "?", the
 * comma, semicolon and colon, quotes (straight and typographic), round brackets and the hyphen.
 * A run made only of them is typing, not markup: a dot leader, "!!!!!!", "?!?!?!", the Greek
 * question mark ";;;;;;", an ellipsis in brackets "(...).", emoticons ":-):-)" and the Russian
 * bracket smiley "!!!))))". "!" is counted by text.EXCLAMATION already.
 */
function isWritingPunct(c: number): boolean {
  switch (c) {
    case 0x21: case 0x22: case 0x27: case 0x28: case 0x29: case 0x2c: case 0x2d: case 0x2e:
    case 0x3a: case 0x3b: case 0x3f:
    case 0x2018: case 0x2019: case 0x201a: case 0x201c: case 0x201d: case 0x201e:
      return true;
    default:
      return false;
  }
}

/** Characters that draw a line: "-", "=", "_", "~", dashes, the minus sign and box drawing. */
function isRuleChar(c: number): boolean {
  return c === 0x2d || c === 0x3d || c === 0x5f || c === 0x7e || (c >= 0x2010 && c <= 0x2015) || c === 0x2212 || (c >= 0x2500 && c <= 0x257f);
}
/** Characters that may join the lines of a table border: "+", "|", ":" ("+-----+", "|:---|"). */
function isJointChar(c: number): boolean {
  return c === 0x2b || c === 0x7c || c === 0x3a;
}
const MAX_SEPARATOR_KINDS = 4;

/**
 * A separator line, a table border or a signature rule: a run of line-drawing characters
 * ("------", "======", "~~~~~~", "----==", "+-----+-----+", "┌──────┬──────┐") of at most four
 * kinds, at least half of it one line character ("-", "=", "_", "~", a dash or a box-drawing
 * line), with white space or the end of the field on both sides. It is the layout of an e-mail,
 * a table or a signature, not a special-character sequence. Stars, "#", "$", arrows,
 * block elements and box-drawing art (mostly corners: "┏━┓┏┓╋┏┓") are never separators.
 */
function isSeparator(s: string, start: number, end: number): boolean {
  if (start > 0 && !isSpaceUnit(s.charCodeAt(start - 1))) return false;
  if (end < s.length && !isSpaceUnit(s.charCodeAt(end))) return false;
  const kinds: number[] = [];
  const counts: number[] = [];
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (!isRuleChar(c) && !isJointChar(c)) return false;
    const k = kinds.indexOf(c);
    if (k >= 0) counts[k]!++;
    else {
      if (kinds.length === MAX_SEPARATOR_KINDS) return false;
      kinds.push(c);
      counts.push(1);
    }
  }
  for (let k = 0; k < kinds.length; k++) if (isRuleChar(kinds[k]!) && counts[k]! * 2 >= end - start) return true;
  return false;
}

function isSpaceUnit(c: number): boolean {
  return c < 128 ? c === 0x20 || (c >= 0x09 && c <= 0x0d) : (charFlags(c) & SPACE) !== 0;
}

/** True when s[start, end) is one character repeated. */
function isOneChar(s: string, start: number, end: number): boolean {
  for (let i = start + 1; i < end; i++) if (s.charCodeAt(i) !== s.charCodeAt(start)) return false;
  return true;
}

/**
 * A banner: one word framed by two runs of one and the same character, with white space or the
 * end of the field outside ("*****NOTICE*****", "=====Kapitel 1=====" has a space: no). It is one
 * heading of an e-mail or a document, written once: the two runs count as one match.
 */
function isBannerEnd(s: string, first: Match, second: Match): boolean {
  const firstEnd = first.index! + first.value.length;
  const secondEnd = second.index! + second.value.length;
  if (first.index! > 0 && !isSpaceUnit(s.charCodeAt(first.index! - 1))) return false;
  if (secondEnd < s.length && !isSpaceUnit(s.charCodeAt(secondEnd))) return false;
  if (s.charCodeAt(first.index!) !== s.charCodeAt(second.index!)) return false;
  if (!isOneChar(s, first.index!, firstEnd) || !isOneChar(s, second.index!, secondEnd)) return false;
  for (let i = firstEnd; i < second.index!; ) {
    const cp = codePointAt(s, i);
    if ((charFlags(cp) & (LETTER | NUMBER | MARK)) === 0) return false;
    i += cp > 0xffff ? 2 : 1;
  }
  return second.index! > firstEnd;
}

/** Ends the run `s[start, to)` of `count` code points: a match unless it is too short, punctuation only or a separator. */
function endRun(field: string, s: string, start: number, to: number, count: number, punct: boolean, out: Match[]): void {
  if (count >= MIN_RUN && !punct && !isSeparator(s, start, to)) out.push({ field, value: s.slice(start, to), index: start });
}

/**
 * The runs of `s` (one field; `marks` are its marksOf) as matches in `out`. Between runs the scan
 * goes from one code unit that may be special (not a letter, digit, mark, white space or emoji
 * part of the BMP, or a surrogate, which the scan reads as pairs) to the next.
 */
let skipShort = true;

/**
 * `f()` with every group of marks read as before the pass over short groups (for tests, which
 * compare the two).
 */
export function withoutShortGroupSkip<T>(f: () => T): T {
  skipShort = false;
  try {
    return f();
  } finally {
    skipShort = true;
  }
}

function specialRuns(field: string, s: string, marks: readonly number[], out: Match[]): void {
  const from = out.length;
  // (No closure over these: the loop keeps them in registers.)
  let start = -1;
  let count = 0; // code points in the current run
  let punct = true; // the current run is only punctuation of ordinary writing
  const n = s.length;
  const m = marks.length;
  let k = 0;
  for (let i = 0; i < n; ) {
    if (start === -1) {
      // Between runs: straight to the next unit at or after i that may be special.
      k = nextMark(marks, k, MAY_BE_SPECIAL, i);
      if (k >= m) break;
      if (skipShort) {
        // A run of MIN_RUN code points has MIN_RUN marks that may be special in a row in the
        // list, each at most two code units (a pair) after the one before: a group of fewer
        // (a comma, a full stop, "?!") is passed over without reading its code units.
        let last = marks[k]! >>> 3;
        let q = k + 1;
        while (q < m && q - k < MIN_RUN) {
          const e = marks[q]!;
          if ((e & MAY_BE_SPECIAL) === 0 || (e >>> 3) - last > 2) break;
          last = e >>> 3;
          q++;
        }
        if (q - k < MIN_RUN) {
          k = q;
          i = last + 1;
          continue;
        }
      }
      i = marks[k]! >>> 3;
    }
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
      if (punct && !isWritingPunct(c)) punct = false;
    } else if (start !== -1) {
      endRun(field, s, start, i, count, punct, out);
      start = -1;
    }
    i += width;
  }
  if (start !== -1) endRun(field, s, start, n, count, punct, out);
  // Banners: a pair of runs becomes one match, in one pass.
  let kept = from;
  for (let k = from; k < out.length; k++) {
    const first = out[k]!;
    const second = out[k + 1];
    if (second !== undefined && isBannerEnd(s, first, second)) {
      out[kept++] = { field, value: s.slice(first.index!, second.index! + second.value.length), index: first.index!, reason: 'banner' };
      k++;
    } else out[kept++] = first;
  }
  out.length = kept;
}

export default defineRule({
  id: 'text.SPECIAL_CHARS',
  significance: 'medium',
  formula: { per: 1 },
  description: 'Runs of more than five characters in a row that are neither letters, digits, white space nor emoji ("$$$!!!", "***>>>"); runs of ordinary punctuation (".", "!", "?", quotes, brackets, emoticons) and separator lines ("------", "======") do not count; a word framed by two runs of one character ("*****NOTICE*****") is one banner, counted once.',
  skipReasons: [],
  score({ text }) {
    const matches: Match[] = [];
    if (text) {
      const marks = marksOf(text);
      for (let g = 0; g < text.segments.length; g++) specialRuns(text.segments[g]!.field, text.segments[g]!.text, marks[g]!, matches);
    }
    return matchesOutcome(matches);
  },
});
