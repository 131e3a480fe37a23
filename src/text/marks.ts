import { charFlags, DIGIT, EMOJI_PART, LETTER, MARK, NUMBER, SPACE, UPPER } from './chars.js';
import type { TextInput } from './input.js';

/*
 * The code units three text rules stop at, found in one pass over each field and shared: a
 * capital for text.CAPITALIZATION, what may start a price for text.CURRENCY, a character that is
 * neither letter, digit, mark, white space nor emoji part for text.SPECIAL_CHARS. One pass
 * over every field instead of one per rule: prose has few such units (capitals, digits,
 * punctuation: about one in twelve), and each rule goes from one of its own to the next in
 * this list.
 */

/** May be a capital (\p{Lu}): the capitals of the BMP, a lone high surrogate, a pair that is a capital ({@link pairBits}). */
export const MAY_BE_UPPER = 1;
/** May start a price: a decimal digit (\p{Nd}; a pair by {@link pairBits}), a capital ASCII letter, a currency sign, a lone high surrogate. */
export const MAY_START_PRICE = 2;
/** May be special: not a letter, number, mark, white space or emoji part (a pair by {@link pairBits}), or a lone surrogate. */
export const MAY_BE_SPECIAL = 4;
/** None of the three (a table entry of 0: not seen yet). */
const NONE = 8;

/** The currency signs of text.CURRENCY (all in the BMP; NFKC has already folded full-width forms). */
export const CURRENCY_SIGNS = '$€£¥₽₹₴₺₩₪₦₱₫₭₮₲₵₸₼₾₿¢';
const SIGN = new Uint8Array(0x10000);
for (const c of CURRENCY_SIGNS) SIGN[c.charCodeAt(0)] = 1;

const NOT_SPECIAL = LETTER | NUMBER | MARK | SPACE | EMOJI_PART;

/** Per code unit, its MAY_* bits, or NONE; 0 until first seen. */
const KIND = new Uint8Array(0x10000);

/** The MAY_* bits of code unit `c` (0 for none). */
export function markBits(c: number): number {
  const k = KIND[c] || kindOf(c);
  return k === NONE ? 0 : k;
}

function kindOf(c: number): number {
  // (charFlags gives a surrogate no properties.)
  const high = c >= 0xd800 && c <= 0xdbff;
  const f = charFlags(c);
  let k = 0;
  if (high || (f & UPPER) !== 0) k |= MAY_BE_UPPER;
  if (SIGN[c] === 1 || high || (f & DIGIT) !== 0 || (c >= 65 && c <= 90)) k |= MAY_START_PRICE;
  if ((c >= 0xd800 && c <= 0xdfff) || (f & NOT_SPECIAL) === 0) k |= MAY_BE_SPECIAL;
  return (KIND[c] = k === 0 ? NONE : k);
}
for (let c = 0; c < 128; c++) kindOf(c);

/** {@link pairBits} of the code points of planes 1 and 2 (index cp − 0x10000), or NONE; 0 until first asked. */
const PAIR_KIND = new Uint8Array(0x20000);

/**
 * The MAY_* bits of the astral code point `cp` (a surrogate pair), read as one code point, as
 * each rule reads a pair: a capital (\p{Lu}), a decimal digit (\p{Nd}: the only astral start of
 * a price), special (not a letter, number, mark, white space or emoji part). An emoji has none.
 */
export function pairBits(cp: number): number {
  const x = cp - 0x10000;
  if (x < 0x20000) {
    const k = PAIR_KIND[x]!;
    if (k !== 0) return k === NONE ? 0 : k;
  }
  const f = charFlags(cp);
  let k = 0;
  if ((f & UPPER) !== 0) k |= MAY_BE_UPPER;
  if ((f & DIGIT) !== 0) k |= MAY_START_PRICE;
  if ((f & NOT_SPECIAL) === 0) k |= MAY_BE_SPECIAL;
  if (x < 0x20000) PAIR_KIND[x] = k === 0 ? NONE : k;
  return k;
}

/** Scratch of one field's marks: grown to the most a field has needed. */
const SCRATCH: number[] = [];

/**
 * Per segment, its marks in order: each the offset of a code unit times 8 plus its MAY_* bits
 * (a packed array of small integers). A surrogate pair is marked at its high half with the bits
 * of its code point ({@link pairBits}; an emoji is not marked), its low half not: each rule steps
 * over a pair as one code point, so none of them stops at a low half that follows a high one.
 * A lone surrogate keeps its code unit's bits.
 */
function computeMarks(text: TextInput): readonly (readonly number[])[] {
  const out: number[][] = [];
  const scratch = SCRATCH;
  for (let g = 0; g < text.segments.length; g++) {
    const s = text.segments[g]!.text;
    const n = s.length;
    let m = 0;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      let k = KIND[c]!;
      if (k === NONE) continue;
      if (k === 0) {
        k = kindOf(c);
        if (k === NONE) continue;
      }
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          const b = pairBits((c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000);
          if (b !== 0) scratch[m++] = i * 8 + b;
          i++;
          continue;
        }
      }
      scratch[m++] = i * 8 + k;
    }
    out.push(scratch.slice(0, m));
  }
  return out;
}

const MARKS_KEY = {};

/**
 * The marks of each segment of `text` (see {@link MAY_BE_UPPER}, {@link MAY_START_PRICE},
 * {@link MAY_BE_SPECIAL}): per segment, in order, each code unit's offset times 8 plus its bits.
 * Computed once per text. Read the offset as `mark >>> 3` (exact for every string length: a
 * string has fewer than 2^29 code units) and the bits as `mark & 7`: an integer, where a division
 * would make the offset a double (and a RegExp's lastIndex set from it a slow one).
 */
export function marksOf(text: TextInput): readonly (readonly number[])[] {
  return text.memo(MARKS_KEY, computeMarks);
}

/**
 * The index in `marks` (from `k` on) of the next mark with `bit` at a code unit at or after
 * `from`; `marks.length` when there is none. A rule walking a field keeps the index between
 * calls, so the marks are read once per walk.
 */
export function nextMark(marks: readonly number[], k: number, bit: number, from: number): number {
  const m = marks.length;
  const least = from * 8;
  for (; k < m; k++) {
    const e = marks[k]!;
    if ((e & bit) !== 0 && e >= least) return k;
  }
  return m;
}
