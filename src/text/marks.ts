import { charFlags, DIGIT, EMOJI_PART, LETTER, MARK, NUMBER, SPACE, UPPER } from './chars.js';
import { mayStartEmoji } from './emoji.js';

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
/** In KIND and PAIR_KIND, beside the MAY_* bits: an emoji may start here ({@link mayStartEmoji}). */
const EMOJI = 16;
/** In KIND: a keycap base (# * 0–9), an emoji start when U+FE0F? U+20E3 follows. */
const KEYCAP_BASE = 32;
/** In KIND: a code unit of {@link INVISIBLE_UNITS}. */
const INVISIBLE = 64;
/**
 * In PAIR_KIND: the astral code point may not be left alone by NFKC in every text (its NFKC form
 * is not itself, or it is a combining mark: see {@link pairMayChange}).
 */
const MAY_CHANGE_NFKC = 32;

/**
 * The invisible characters text.OBFUSCATION looks for between the letters of a word (its
 * INVISIBLE class, one code unit each; U+DB40 is the high surrogate of the tag characters).
 */
export const INVISIBLE_UNITS = /[\u00AD\u034F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFE00-\uFE0F\uFEFF\uDB40]/;

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
  return k === NONE ? 0 : k & 7;
}

function kindOf(c: number): number {
  // (charFlags gives a surrogate no properties.)
  const high = c >= 0xd800 && c <= 0xdbff;
  const f = charFlags(c);
  let k = 0;
  if (high || (f & UPPER) !== 0) k |= MAY_BE_UPPER;
  if (SIGN[c] === 1 || high || (f & DIGIT) !== 0 || (c >= 65 && c <= 90)) k |= MAY_START_PRICE;
  if ((c >= 0xd800 && c <= 0xdfff) || (f & NOT_SPECIAL) === 0) k |= MAY_BE_SPECIAL;
  if (c === 0x23 || c === 0x2a || (c >= 0x30 && c <= 0x39)) k |= KEYCAP_BASE;
  else if (mayStartEmoji(c)) k |= EMOJI;
  if (INVISIBLE_UNITS.test(String.fromCharCode(c))) k |= INVISIBLE;
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
  return pairKind(cp) & 7;
}

/**
 * True when the astral code point `cp` may make a text that holds it differ from the text's NFKC
 * form: its own NFKC form is not itself, or it is a letter or a combining mark (what may compose
 * with or be reordered against the code point before it: the second halves of compositions are
 * such, U+16D67 a letter), but the variation selectors U+E0100–U+E01EF (class 0, composing with
 * nothing). What is left are the emoji, their skin tones, regional indicators and tags, and
 * other symbols and digits. A text of code points none of which may (see TextInput's table for
 * the BMP) is its own NFKC form.
 */
export function pairMayChange(cp: number): boolean {
  if ((charFlags(cp) & (LETTER | MARK)) !== 0 && !(cp >= 0xe0100 && cp <= 0xe01ef)) return true;
  const s = String.fromCodePoint(cp);
  return s.normalize('NFKC') !== s;
}

/** {@link pairKind} of the tag characters and variation selectors U+E0000–U+E0FFF (plane 14), or NONE; 0 until first asked. */
const PLANE14_KIND = new Uint8Array(0x1000);

/** {@link pairBits}, with EMOJI when an emoji may start at `cp` and MAY_CHANGE_NFKC when {@link pairMayChange}. */
function pairKind(cp: number): number {
  const x = cp - 0x10000;
  if (x < 0x20000) {
    const k = PAIR_KIND[x]!;
    if (k !== 0) return k === NONE ? 0 : k;
  } else if (cp >= 0xe0000 && cp < 0xe1000) {
    const k = PLANE14_KIND[cp - 0xe0000]!;
    if (k !== 0) return k === NONE ? 0 : k;
  }
  const f = charFlags(cp);
  let k = mayStartEmoji(cp) ? EMOJI : 0;
  if ((f & UPPER) !== 0) k |= MAY_BE_UPPER;
  if ((f & DIGIT) !== 0) k |= MAY_START_PRICE;
  if ((f & NOT_SPECIAL) === 0) k |= MAY_BE_SPECIAL;
  if (pairMayChange(cp)) k |= MAY_CHANGE_NFKC;
  if (x < 0x20000) PAIR_KIND[x] = k === 0 ? NONE : k;
  else if (cp >= 0xe0000 && cp < 0xe1000) PLANE14_KIND[cp - 0xe0000] = k === 0 ? NONE : k;
  return k;
}

/**
 * The 32 ASCII punctuation characters and symbols (every printable ASCII character that is no
 * letter, digit or space), each with a bit of its own in {@link Marks.punctuation}.
 */
export const ASCII_PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const PUNCTUATION_BIT = new Int32Array(128);
for (let b = 0; b < ASCII_PUNCTUATION.length; b++) PUNCTUATION_BIT[ASCII_PUNCTUATION.charCodeAt(b)] = 1 << b;

/**
 * The bits of {@link Marks.punctuation} for the characters of `chars` (each one of
 * {@link ASCII_PUNCTUATION}): a field has one of them when its bits and these have one in common.
 */
export function punctuationBits(chars: string): number {
  let bits = 0;
  for (let k = 0; k < chars.length; k++) {
    const c = chars.charCodeAt(k);
    const b = c < 128 ? PUNCTUATION_BIT[c]! : 0;
    if (b === 0) throw new Error(`not ASCII punctuation: ${JSON.stringify(chars[k])}`);
    bits |= b;
  }
  return bits;
}

/** Scratch of one field's marks: grown to the most a field has needed. */
const SCRATCH: number[] = [];

/*
 * The pass of the marks runs inside the tokens' pass of TextInput (one read of each code unit
 * for both): TextInput calls {@link markUnit} at each code unit its table does not know to be
 * unmarked, between {@link beginMarks} and {@link endMarks} per segment, and hands the result to
 * {@link collectMarks}. The state of the segment being read (module-level: the pass is
 * synchronous and not re-entered).
 */
let passCount = 0;
let passStarts: number[] | undefined;
let passHidden: number[] | undefined;
/** The low half of the last surrogate pair read as one code point: not marked on its own. */
let passLow = -1;
/** The {@link ASCII_PUNCTUATION} bits of the segment's code units read so far. */
let passPunctuation = 0;
/** Whether a lone surrogate or an astral code point of {@link pairMayChange} was read in the segment. */
let passMayChange = false;
let passMarks: number[][] = [];
let passEmoji: (readonly number[])[] = [];
let passInvisible: (readonly number[])[] = [];
let passPunctuations: number[] = [];

/** Starts the marks of a text's segments. */
export function beginMarks(): void {
  passMarks = [];
  passEmoji = [];
  passInvisible = [];
  passPunctuations = [];
}

/** Starts the marks of one segment. */
export function beginSegmentMarks(): void {
  passCount = 0;
  passStarts = undefined;
  passHidden = undefined;
  passLow = -1;
  passPunctuation = 0;
  passMayChange = false;
}

/**
 * Whether the segment being read has had a lone surrogate or an astral code point that NFKC may
 * change ({@link pairMayChange}): what TextInput's table of the BMP cannot tell it.
 */
export function segmentMayChange(): boolean {
  return passMayChange;
}

/**
 * Reads code unit `i` of segment text `s` for the marks (in order: each code unit TextInput's
 * table does not know to be unmarked). Returns false when the code unit is one of none of the
 * kinds ({@link markBits} 0, no emoji start, not invisible, not a surrogate): the table may then
 * skip it from now on.
 */
export function markUnit(s: string, i: number): boolean {
  if (i === passLow) return true;
  const c = s.charCodeAt(i);
  // Every ASCII punctuation character is marked (special, or a keycap base): each is read here.
  if (c < 128) passPunctuation |= PUNCTUATION_BIT[c]!;
  let k = KIND[c]!;
  if (k === NONE) return false;
  if (k === 0) {
    k = kindOf(c);
    if (k === NONE) return false;
  }
  if (c >= 0xd800 && c <= 0xdfff) {
    if (c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        if (c === 0xdb40) (passHidden ??= []).push(i);
        const b = pairKind((c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000);
        if ((b & EMOJI) !== 0) (passStarts ??= []).push(i);
        if ((b & 7) !== 0) SCRATCH[passCount++] = i * 8 + (b & 7);
        if ((b & MAY_CHANGE_NFKC) !== 0) passMayChange = true;
        passLow = i + 1;
        return true;
      }
    }
    // A lone surrogate.
    passMayChange = true;
  }
  if (k >= EMOJI) {
    if ((k & INVISIBLE) !== 0) (passHidden ??= []).push(i);
    // A keycap base counts as an emoji start where the keycap follows (START's lookahead).
    else if ((k & EMOJI) !== 0 || ((k & KEYCAP_BASE) !== 0 && (s.charCodeAt(i + 1) === 0x20e3 || (s.charCodeAt(i + 1) === 0xfe0f && s.charCodeAt(i + 2) === 0x20e3)))) (passStarts ??= []).push(i);
    k &= 7;
    if (k === 0) return true;
  }
  SCRATCH[passCount++] = i * 8 + k;
  return true;
}

/** Ends the marks of one segment. */
export function endSegmentMarks(): void {
  passMarks.push(SCRATCH.slice(0, passCount));
  passEmoji.push(passStarts ?? NO_STARTS);
  passInvisible.push(passHidden ?? NO_STARTS);
  passPunctuations.push(passPunctuation);
}

/** The marks of the text's segments read since {@link beginMarks}. */
export function collectMarks(): Marks {
  return { marks: passMarks, emoji: passEmoji, invisible: passInvisible, punctuation: passPunctuations };
}

/**
 * Whether code unit `c` is one {@link markUnit} may have to read: not known to be of none of
 * the kinds (code units not yet seen are read once).
 */
export function mayMark(c: number): boolean {
  return KIND[c] !== NONE;
}

const NO_STARTS: readonly number[] = Object.freeze([]);

/**
 * What one pass over the fields gives: per segment, its marks in order (each the offset of a
 * code unit times 8 plus its MAY_* bits, a packed array of small integers; a surrogate pair is
 * marked at its high half with the bits of its code point, {@link pairBits}, an emoji not at all,
 * its low half not: each rule steps over a pair as one code point; a lone surrogate keeps its code
 * unit's bits), where an emoji may start, and the invisible characters.
 */
export interface Marks {
  readonly marks: readonly (readonly number[])[];
  readonly emoji: readonly (readonly number[])[];
  readonly invisible: readonly (readonly number[])[];
  /**
   * Per segment, which of the {@link ASCII_PUNCTUATION} characters it has, a bit each (see
   * {@link punctuationBits}): a rule that searches a field for one of them may pass over a field
   * without any.
   */
  readonly punctuation: readonly number[];
}

/** A text whose marks were read (TextInput: in its tokens' pass). */
interface Marked {
  readonly marks: Marks;
}

/**
 * Per segment of `text`, in order, the offsets where an emoji may start: every keycap base
 * ([#*0-9]) before U+FE0F? U+20E3 and every code point {@link mayStartEmoji} is true for (an
 * astral one at its high half). Found in the pass of {@link marksOf} and computed with it.
 */
export function emojiStartsOf(text: Marked): readonly (readonly number[])[] {
  return text.marks.emoji;
}

/**
 * Per segment of `text`, in order, the offsets of its code units of {@link INVISIBLE_UNITS} (in
 * the normalised text: the ones normalisation removes are gone). Found in the pass of
 * {@link marksOf} and computed with it.
 */
export function invisiblesOf(text: Marked): readonly (readonly number[])[] {
  return text.marks.invisible;
}

/**
 * The marks of each segment of `text` (see {@link MAY_BE_UPPER}, {@link MAY_START_PRICE},
 * {@link MAY_BE_SPECIAL}): per segment, in order, each code unit's offset times 8 plus its bits.
 * Computed once per text. Read the offset as `mark >>> 3` (exact for every string length: a
 * string has fewer than 2^29 code units) and the bits as `mark & 7`: an integer, where a division
 * would make the offset a double (and a RegExp's lastIndex set from it a slow one).
 */
export function marksOf(text: Marked): readonly (readonly number[])[] {
  return text.marks.marks;
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

/**
 * Per segment of `text`, in order, which of the {@link ASCII_PUNCTUATION} characters it has (see
 * {@link punctuationBits}). Found in the pass of {@link marksOf} and computed with it.
 */
export function punctuationOf(text: Marked): readonly number[] {
  return text.marks.punctuation;
}
