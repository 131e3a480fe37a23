import { CodeUnits } from './units.js';
import { charFlags, MARK } from './chars.js';
import { beginMarks, beginSegmentMarks, collectMarks, endSegmentMarks, type Marks, markUnit, mayMark, segmentMayChange } from './marks.js';

/**
 * The normalised text of a request: one segment per field, in order, each NFKC-normalised
 * with invisible characters removed. Count-based rules scan segments (so every match keeps
 * the field it came from); length- and language-based rules read `joined`.
 */

export interface TextSegment {
  /** `text` for a string, `text[i]` for an array item, the field name for `fields`. */
  readonly field: string;
  readonly text: string;
}

export interface Token {
  readonly field: string;
  readonly value: string;
  /** Offset of the token within its field's normalised text. */
  readonly index: number;
}

// Zero-width space, word joiner, BOM and soft hyphen hide words from filters; they carry no meaning
// in form text. ZWJ and ZWNJ stay: emoji sequences and several scripts need them.
const INVISIBLE = /[\u200B\u2060\uFEFF\u00AD]/g;
// C0 and C1 controls other than tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** The white space of JavaScript's `\s`: what separates tokens. */
export function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || (c >= 0x2000 && c <= 0x200a) || c === 0x1680 || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** INVISIBLE or CONTROL. */
// eslint-disable-next-line no-control-regex
const STRIP = /[\u200B\u2060\uFEFF\u00AD\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

const PLAIN_ASCII = /^[\x20-\x7e\t\n\r]*$/;
/** A code unit outside printable ASCII, tab and line breaks (`lastIndex`: after the first one). */
const NOT_PLAIN_ASCII = /[^\x20-\x7e\t\n\r]/g;

/**
 * Every character that normalisation strips (STRIP) or text.OBFUSCATION reads as invisible (its
 * INVISIBLE: bidi controls, variation selectors, the high surrogate of tag characters…), and the
 * C0 and C1 controls: a field without one needs neither stripping nor OBFUSCATION's search for
 * them. NFKC makes none of them from any other code point (test/text/normalize.test.ts).
 */
// eslint-disable-next-line no-control-regex
export const HIDDEN = /[\u00AD\u034F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFE00-\uFE0F\uFEFF\uDB40\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Where a field may stop being its own NFKC form: a code unit outside printable ASCII (with tab and
 * line breaks), Devanagari but its nukta (U+093C), the stress signs U+0951–U+0954 and the letters
 * U+0958–U+095F (whose NFKC form is decomposed), Cyrillic but its combining marks U+0483–U+0489,
 * ZWNJ and ZWJ (starters NFKC leaves alone, but in {@link HIDDEN}). Every string of the code points
 * outside this class is its own NFKC form, and so is one with U+093C after none of U+0928, U+0930,
 * U+0933 (with which it composes) or the virama U+094D (before which it sorts); see
 * {@link stableHidden}. Checked against `normalize` on every pair and on
 * random strings in test/text/stable-nfkc.test.ts.
 */
const MAY_CHANGE = /[^\t\n\r\x20-\x7e\u0900-\u093B\u093D-\u0950\u0955-\u0957\u0960-\u097F\u0400-\u0482\u048A-\u04FF\u200C\u200D]/g;

/**
 * -1 when `text` may not be its own NFKC form (see MAY_CHANGE); otherwise the index of its first
 * character of {@link HIDDEN} (a ZWNJ or ZWJ), or `text.length` when it has none. One search
 * instead of `normalize('NFKC')` and HIDDEN's search on Hindi and Russian text without emoji.
 */
export function stableHidden(text: string): number {
  MAY_CHANGE.lastIndex = 0;
  while (MAY_CHANGE.test(text)) {
    const at = MAY_CHANGE.lastIndex - 1;
    if (text.charCodeAt(at) !== 0x93c) return -1;
    const before = at > 0 ? text.charCodeAt(at - 1) : 0;
    if (before === 0x928 || before === 0x930 || before === 0x933 || before === 0x94d) return -1;
  }
  // The only characters of HIDDEN such a text can have.
  const zwnj = text.indexOf('\u200C');
  const zwj = text.indexOf('\u200D');
  return zwnj === -1 ? (zwj === -1 ? text.length : zwj) : zwj === -1 ? zwnj : Math.min(zwnj, zwj);
}

/**
 * The bound on NFKC's expansion: a field's NFKC form is used when it is at most
 * `MAX_EXPANSION × length + EXPANSION_SLACK` code units long (every ordinary text: NFKC makes a
 * few characters longer, "ﬁ" → "fi", "¼" → "1⁄4", "㍿" → "株式会社", but texts of them are rare).
 * One character can make 18 ("ﷺ", U+FDFA), so 100 KB of it would be 1.8 million characters for
 * every rule to read; see {@link nfkc}.
 */
export const MAX_EXPANSION = 3;
export const EXPANSION_SLACK = 1024;

/**
 * Runs of the characters whose NFKD form is more than three code units long (all in the BMP; checked
 * against the runtime's Unicode data in test/text/normalize.test.ts): U+FDFA "ﷺ" (18), U+FDFB (8),
 * the Arabic ligatures U+FDF2–U+FDFC, the Japanese squares U+3300–U+33FF ("㌀" → "アパート"),
 * parenthesised numbers and ideographs, "⁗", "⨌", and the Greek letters with three marks
 * U+1F82–U+1FAF (whose NFKC form is themselves).
 */
export const EXPANDING =
  /[\u1F82-\u1F87\u1F8A-\u1F8F\u1F92-\u1F97\u1F9A-\u1F9F\u1FA2-\u1FA7\u1FAA-\u1FAF\u2057\u2152\u2167\u2177\u247D-\u2487\u2A0C\u320E-\u321E\u327C\u327D\u3300-\u3302\u3304\u3307\u3308\u330C-\u3313\u3315-\u331B\u331E-\u3321\u3324\u332B-\u332F\u3332-\u3334\u3336\u3338\u333A-\u333E\u3340\u3343\u3347\u3348\u334A\u334C-\u334E\u3351\u3353\u3354\u3356\u337F\u3389\u33A8\u33AE\u33AF\u33C2\u33C6\u33D8\uFDF2-\uFDF8\uFDFA-\uFDFC]+/g;

/**
 * NFKC with its expansion bounded: `text.normalize('NFKC')` when that is at most
 * `MAX_EXPANSION × text.length + EXPANSION_SLACK` code units long (every ordinary text). Beyond,
 * the characters of {@link EXPANDING} (NFKD longer than three code units) are kept as they came,
 * un-expanded, and the text between them is NFKC-normalised piece by piece, so the result is at
 * most `MAX_EXPANSION × text.length` code units (NFKC of a piece is never longer than its NFKD,
 * at most three code units per code unit of the piece). Nothing is dropped: 100 KB of U+FDFA
 * stays 100 KB of U+FDFA for the rules, not 1.8 million Arabic letters.
 */
export function nfkc(text: string): string {
  const normal = text.normalize('NFKC');
  if (normal.length <= MAX_EXPANSION * text.length + EXPANSION_SLACK) return normal;
  let out = '';
  let from = 0;
  EXPANDING.lastIndex = 0;
  // Runs of them at a time: 100 KB of U+FDFA is one run.
  for (let m = EXPANDING.exec(text); m !== null; m = EXPANDING.exec(text)) {
    if (m.index > from) out += text.slice(from, m.index).normalize('NFKC');
    out += m[0];
    from = EXPANDING.lastIndex;
  }
  return from < text.length ? out + text.slice(from).normalize('NFKC') : out;
}

/**
 * The normalisation every text rule sees: NFKC (its expansion bounded, see {@link nfkc}),
 * invisible characters removed, controls to spaces.
 */
export function normalizeText(text: string): string {
  return PLAIN_ASCII.test(text) ? text : stripped(nfkc(text));
}

/**
 * Invisible characters removed from NFKC-normalised text, controls to spaces. `from`: where the
 * search for them may start (none before it).
 */
function stripped(normal: string, from = 0): string {
  // One search for both kinds first: most texts have neither, and then both replaces would
  // only copy the text.
  STRIP.lastIndex = from;
  return STRIP.test(normal) ? normal.replace(INVISIBLE, '').replace(CONTROL, ' ') : normal;
}

/** In {@link TOKEN_UNIT}: a Latin letter (ASCII, U+0080–U+024F, U+1E00–U+1EFF). */
const LATIN_UNIT = 1;
/** In {@link TOKEN_UNIT}: Cyrillic (U+0400–U+052F). */
const CYRILLIC_UNIT = 2;
/** In {@link TOKEN_UNIT}: Greek (U+0370–U+03FF, U+1F00–U+1FFF). */
const GREEK_UNIT = 4;
/** In {@link TOKEN_UNIT}: a low surrogate (no code point of its own in a token's length). */
const LOW_SURROGATE = 8;
/** In {@link TOKEN_UNIT}: white space ({@link isSpace}), which ends a token. */
const SPACE_UNIT = 16;
/** In {@link TOKEN_UNIT}: a separator of a letter-spaced word that is no white space: . - _ * ~ / + · • */
const SEPARATOR_UNIT = 32;
/**
 * In {@link TOKEN_UNIT}: a code unit the marks of text/marks.ts may stop at (capitals, digits,
 * symbols, emoji, invisible characters, surrogates), or not seen yet; cleared the first time one
 * is read and found to be none of them.
 */
const MARK_UNIT = 64;
/** In {@link TOKEN_UNIT}: anything but a basic Cyrillic letter (А–я, Ё, ё). */
const NOT_BASIC_CYRILLIC = 128;
/**
 * In {@link TOKEN_UNIT}: a code unit that may make a field differ from the text every text rule
 * reads as it came: one NFKC may change (its NFKC form is not itself; a combining mark, \p{M},
 * or a Hangul jamo, U+1100–U+11FF, which may compose with the code point before it), one the
 * stripping removes or replaces (STRIP), or not learnt yet (see {@link learnStability}). Never
 * on a surrogate: the marks read pairs ({@link segmentMayChange}). A field none of whose code
 * units has it (and no astral one NFKC may change, no lone surrogate) is its own NFKC form with
 * nothing to strip.
 */
const MAY_CHANGE_UNIT = 256;

/**
 * Per code unit, what the tokens' pass reads of it in one look-up: white space, a low surrogate,
 * and the script bit {@link TextInput.mixedScriptTokens} reads (the ranges above; the code units
 * of U+0080–U+024F that are no letter count as Latin too, as text.OBFUSCATION reads them).
 */
const TOKEN_UNIT = new Uint16Array(0x10000);
for (let c = 0; c < 0x10000; c++) {
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0x80 && c < 0x250) || (c >= 0x1e00 && c < 0x1f00)) TOKEN_UNIT[c] = LATIN_UNIT;
  else if (c >= 0x400 && c < 0x530) TOKEN_UNIT[c] = CYRILLIC_UNIT;
  else if ((c >= 0x370 && c < 0x400) || (c >= 0x1f00 && c < 0x2000)) TOKEN_UNIT[c] = GREEK_UNIT;
  else if (c >= 0xdc00 && c <= 0xdfff) TOKEN_UNIT[c] = LOW_SURROGATE;
  if (isSpace(c)) TOKEN_UNIT[c] = SPACE_UNIT;
}
for (const c of '.-_*~/+\u00B7\u2022') TOKEN_UNIT[c.charCodeAt(0)]! |= SEPARATOR_UNIT;
for (let c = 0; c < 0x10000; c++) if (mayMark(c)) TOKEN_UNIT[c]! |= MARK_UNIT;
for (let c = 0; c < 0x10000; c++) if (!((c >= 0x410 && c <= 0x44f) || c === 0x401 || c === 0x451)) TOKEN_UNIT[c]! |= NOT_BASIC_CYRILLIC;

/** Code units are learnt in blocks of 64: STABILITY_KNOWN[c >> 6] is 1 once c's block is. */
const STABILITY_KNOWN = new Uint8Array(0x400);
/** Whether the stripping removes or replaces code unit `c` (STRIP). */
function strips(c: number): boolean {
  return c === 0x200b || c === 0x2060 || c === 0xfeff || c === 0xad || c <= 0x8 || c === 0xb || c === 0xc || (c >= 0xe && c <= 0x1f) || (c >= 0x7f && c <= 0x9f);
}
/**
 * The combining marks of emoji sequences that NFKC leaves alone wherever they are (combining
 * class 0, no decomposition, composing with nothing): the variation selectors U+FE00–U+FE0F,
 * the keycap U+20E3. Checked against every decomposition in test/text/optimistic-nfkc.test.ts.
 */
function keptMark(c: number): boolean {
  return (c >= 0xfe00 && c <= 0xfe0f) || c === 0x20e3;
}
/** A combining mark other than those of {@link keptMark}. */
const ANY_MARK = /[^\P{M}\uFE00-\uFE0F\u20E3]/u;
/**
 * Sets or clears {@link MAY_CHANGE_UNIT} for the 64 code units of `c`'s block (once: the bit
 * stays on every code unit not learnt yet). A code unit may change when NFKC of it alone is not
 * itself, it is a combining mark or a Hangul jamo, or the stripping removes or replaces it; a
 * block whose NFKC form is itself and has no combining mark is read with two calls.
 */
export function learnStability(c: number): void {
  const base = c & ~63;
  if (STABILITY_KNOWN[base >> 6] === 1) return;
  STABILITY_KNOWN[base >> 6] = 1;
  let block = '';
  for (let k = base; k < base + 64; k++) block += String.fromCharCode(k);
  const plain = block.normalize('NFKC') === block && !ANY_MARK.test(block);
  for (let k = base; k < base + 64; k++) {
    const one = String.fromCharCode(k);
    const may = strips(k) || (k >= 0x1100 && k <= 0x11ff) || (!plain && (((charFlags(k) & MARK) !== 0 && !keptMark(k)) || one.normalize('NFKC') !== one));
    TOKEN_UNIT[k] = may ? TOKEN_UNIT[k]! | MAY_CHANGE_UNIT : TOKEN_UNIT[k]! & ~MAY_CHANGE_UNIT;
  }
}
// Not learnt yet: may change. The surrogates never (pairs are the marks'); ASCII learnt now.
for (let c = 0; c < 0x10000; c++) if (c < 0xd800 || c > 0xdfff) TOKEN_UNIT[c]! |= MAY_CHANGE_UNIT;
for (let b = 0xd800 >> 6; b < 0xe000 >> 6; b++) STABILITY_KNOWN[b] = 1;
learnStability(0);
learnStability(64);

/**
 * Whether one of the code units `u[from, to)` may change a field ({@link MAY_CHANGE_UNIT}), their
 * blocks learnt first where they are not yet.
 */
function mayChangeIn(u: Uint16Array, from: number, to: number): boolean {
  for (let j = from; j < to; j++) {
    const c = u[j]!;
    if ((TOKEN_UNIT[c]! & MAY_CHANGE_UNIT) === 0) continue;
    learnStability(c);
    if ((TOKEN_UNIT[c]! & MAY_CHANGE_UNIT) !== 0) return true;
  }
  return false;
}

/** Whether the table has learnt code unit `c` and found it may change a field (tests). */
export function mayChangeUnit(c: number): boolean {
  learnStability(c);
  return (TOKEN_UNIT[c]! & MAY_CHANGE_UNIT) !== 0;
}

/**
 * True for the punctuation that may end a token of Cyrillic words ({@link TextInput.cyrillicWordTokens}):
 * . , ! ? ; ) " ' » …: no letter, digit or mark, and each ends a word as text.RANDOM_CHARS reads its words.
 */
export function isWordEnd(c: number): boolean {
  return c === 0x2c || c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3b || c === 0x29 || c === 0x22 || c === 0x27 || c === 0xbb || c === 0x2026;
}

/** Scratch of {@link TextInput.mixedScriptTokens} and {@link TextInput.separatedTokens}. */
const MIXED_SCRATCH: number[] = [];
const SEPARATED_SCRATCH: number[] = [];
const SHORT_SCRATCH: number[] = [];
const CYRILLIC_SCRATCH: number[] = [];
const NO_TOKENS: readonly number[] = Object.freeze([]);

/** Whether code unit `c` may be a combining mark: U+0300 or above, but the letters of Greek and Cyrillic (U+0370–U+0482, U+048A–U+0590). */
function mayBeMark(c: number): boolean {
  return c >= 0x300 && !(c >= 0x370 && c < 0x483) && !(c > 0x489 && c < 0x591);
}

/** The code units of the field {@link TextInput.tokenSpans} reads (see CodeUnits). */
const TOKEN_UNITS = new CodeUnits();

/**
 * Scratch of {@link TextInput.tokenSpans}: grown to the most numbers a text has needed (it is
 * filled from index 0 up, so it stays a packed array of small integers).
 */
const SPANS_SCRATCH: number[] = [];

/** False: every field that is not plain ASCII or stableHidden's is normalised first (tests: {@link withoutReadingAsCame}). */
let readAsCame = true;

/**
 * Runs `f` with every field that is not plain ASCII or stableHidden's normalised in the
 * constructor (NFKC, HIDDEN's search, the stripping), as before the tokens' pass read such
 * fields as they came: what the tests compare TextInput with.
 */
export function withoutReadingAsCame<T>(f: () => T): T {
  readAsCame = false;
  try {
    return f();
  } finally {
    readAsCame = true;
  }
}

/**
 * Field `s` (the `g`th) as normalisation makes it: its NFKC form ({@link nfkc}: bounded),
 * invisible characters removed, controls to spaces; its `rawNfkc` and `hidden` entries set with it.
 */
function normalizeField(s: TextSegment, g: number, rawNfkc: string[], hidden: number[]): TextSegment {
  const normal = nfkc(s.text);
  rawNfkc[g] = normal;
  // One search of the field as it came answers for the stripping here and for
  // text.OBFUSCATION's invisible characters.
  const at = s.text.search(HIDDEN);
  hidden[g] = at;
  if (at === -1) return { field: s.field, text: normal };
  // NFKC left the field as it was (the same string): nothing to strip before `at`.
  return { field: s.field, text: stripped(normal, normal === s.text ? at : 0) };
}

export class TextInput {
  readonly segments: readonly TextSegment[];
  /**
   * Each field's text as it came, before normalisation, in the order of `segments`: what
   * text.OBFUSCATION reads the invisible characters that normalisation removes from.
   */
  readonly raw: readonly string[];
  /**
   * Each field's text as it came, NFKC-normalised ({@link nfkc}: bounded) but with its invisible
   * characters kept: what text.OBFUSCATION reads them from, with the offsets of `segments` up to
   * the removed ones. Made by the normalisation of `segments` on the way.
   */
  readonly rawNfkc: readonly string[];
  /**
   * Per field: where its first character of {@link HIDDEN} (an invisible or control character)
   * is in the field as it came, -1 when it has none (what most fields are).
   */
  readonly hidden: readonly number[];
  /** All segments joined with a line feed, in order. */
  readonly joined: string;
  #tokens: readonly Token[] | undefined;
  #spans: readonly number[] | undefined;
  #mixed: readonly number[] = NO_TOKENS;
  #separated: readonly number[] = NO_TOKENS;
  #short: readonly number[] = NO_TOKENS;
  #cyrillicWords: readonly number[] = NO_TOKENS;
  /** Per segment, the script bits of {@link TOKEN_UNIT} of all its code units. */
  #segmentUnits: readonly number[] = NO_TOKENS;
  #marks: Marks | undefined;
  /** Code units of the tokens that are not low surrogates: code points, astral ones once. */
  #tokenCodePoints = 0;
  /** Tokens before the first that has a code point (tokens of lone low surrogates only). */
  #leadingEmpty = 0;
  #memo: Map<object, unknown> | undefined;

  constructor(segments: readonly TextSegment[]) {
    this.raw = segments.map((s) => s.text);
    const rawNfkc: string[] = [];
    const hidden: number[] = [];
    // The fields read as they came in the tokens' pass, which finds whether NFKC or the stripping
    // would change them (1), or not (0).
    let optimistic: number[] | undefined;
    const out = segments.map((s, g) => {
      // Printable ASCII with tabs and line breaks (the common case) is in normal form and has
      // no invisible or control character: one search instead of NFKC's and the stripping's.
      NOT_PLAIN_ASCII.lastIndex = 0;
      if (!NOT_PLAIN_ASCII.test(s.text)) {
        rawNfkc.push(s.text);
        hidden.push(-1);
        return s;
      }
      // Devanagari or Cyrillic NFKC leaves alone: the field is its normal form, and its first
      // hidden character (ZWNJ, ZWJ) is known without HIDDEN's search. Asked of a field whose
      // first code unit past ASCII is Devanagari (whose marks the tokens' pass would not take):
      // any other is read as it came by the pass (below), which costs no search of its own.
      const first = s.text.charCodeAt(NOT_PLAIN_ASCII.lastIndex - 1);
      const stable = (first >= 0x900 && first <= 0x97f) || !readAsCame ? stableHidden(s.text) : -1;
      if (stable !== -1) {
        rawNfkc.push(s.text);
        if (stable === s.text.length) {
          hidden.push(-1);
          return s;
        }
        // Its hidden characters (ZWNJ, ZWJ) are kept: nothing to strip.
        hidden.push(stable);
        return s;
      }
      // A field whose first code unit past ASCII is of another script than Latin, Greek,
      // Cyrillic (and Armenian, Hebrew), or no punctuation, symbol or emoji (the high surrogates
      // U+D83C–U+D83E: not the mathematical letters', nor Han's of plane 2; Arabic with its
      // harakat, Thai with its sara am, Han with full-width punctuation, Devanagari with a mark
      // stableHidden refuses…) is normalised at once: the pass would mostly stop early in it.
      // So is one that ends in a high surrogate (a text cut inside a pair: the marks would tell
      // the pass only at that last code unit, after the whole field).
      // And one whose first code unit past ASCII may change itself (a zero-width space, a soft
      // hyphen, NBSP: the pass would read its first token, marks and all, before stopping).
      const last = s.text.charCodeAt(s.text.length - 1);
      if (!readAsCame || !(first < 0x590 || (first >= 0x1e00 && first < 0x2c00) || (first >= 0xd83c && first <= 0xd83e)) || (last >= 0xd800 && last <= 0xdbff) || mayChangeUnit(first)) {
        rawNfkc.push(s.text);
        hidden.push(-1);
        return normalizeField(s, g, rawNfkc, hidden);
      }
      // Read as it came by the tokens' pass below: most such fields (emoji, « », accented
      // letters) are their own NFKC form with nothing to strip, which the pass finds from its
      // table; the others are normalised there (normalizeField).
      (optimistic ??= new Array<number>(segments.length).fill(0))[g] = 1;
      rawNfkc.push(s.text);
      hidden.push(-1);
      return s;
    });
    this.segments = out;
    this.rawNfkc = rawNfkc;
    this.hidden = hidden;
    if (optimistic !== undefined) this.#scan(optimistic, out, rawNfkc, hidden);
    this.joined = out.map((s) => s.text).join('\n');
  }

  /**
   * A value derived from this text, computed once and shared by every rule that asks with the
   * same `key` (e.g. the normalised words of the word-list rules). `compute` must be pure.
   */
  memo<T>(key: object, compute: (text: TextInput) => T): T {
    this.#memo ??= new Map();
    if (this.#memo.has(key)) return this.#memo.get(key) as T;
    const value = compute(this);
    this.#memo.set(key, value);
    return value;
  }

  /** The value {@link memo} has computed for `key`, if it has. */
  memoized<T>(key: object): T | undefined {
    return this.#memo?.get(key) as T | undefined;
  }

  /**
   * The tokens of {@link tokens} without an object or a string each: three numbers per token,
   * its segment's index, start and end (code units in that segment's text), in order. For rules
   * that look at most tokens only briefly (text.URL, text.RANDOM_CHARS).
   */
  get tokenSpans(): readonly number[] {
    if (this.#spans === undefined) this.#scan(undefined, this.segments as TextSegment[], undefined, undefined);
    return this.#spans!;
  }

  /**
   * The tokens' pass ({@link tokenSpans}, the marks and the lists read with them). `optimistic`:
   * the segments read as they came that NFKC or the stripping may yet change: where one has a
   * code unit of {@link MAY_CHANGE_UNIT} (or the marks find an astral code point NFKC may change,
   * or a lone surrogate), it is normalised ({@link normalizeField}, in `segments`,
   * `rawNfkc` and `hidden`) and read again; where it has none, it is its own NFKC form with
   * nothing to strip, and its first hidden character is its first invisible one (the marks'
   * list: STRIP's controls are of MAY_CHANGE_UNIT).
   */
  #scan(optimistic: number[] | undefined, segments: TextSegment[], rawNfkc: string[] | undefined, hidden: number[] | undefined): void {
    // Filled in a reused array, then copied out at its size: one allocation instead of the
    // dozen of an array grown push by push (most of a request's garbage otherwise).
    const out = SPANS_SCRATCH;
    const mixed = MIXED_SCRATCH;
    let mixedCount = 0;
    const separated = SEPARATED_SCRATCH;
    let separatedCount = 0;
    const short = SHORT_SCRATCH;
    let shortCount = 0;
    const cyrillic = CYRILLIC_SCRATCH;
    let cyrillicCount = 0;
    let count = 0;
    let codePoints = 0;
    let leadingEmpty = 0;

    beginMarks();
    const segmentUnits: number[] = [];
    for (let s = 0; s < segments.length; s++) {
      let all = 0;
      const text = segments[s]!.text;
      const n = text.length;
      const u = TOKEN_UNITS.of(text);
      // MAY_CHANGE_UNIT for a segment read as it came, else nothing.
      const mayChange = optimistic !== undefined && optimistic[s] === 1 ? MAY_CHANGE_UNIT : 0;
      const mayMarkOrChange = MARK_UNIT | mayChange;
      beginSegmentMarks();
      let i = 0;
      let changes = false;
      // What the segment's restart rolls back to.
      const count0 = count;
      const mixed0 = mixedCount;
      const separated0 = separatedCount;
      const short0 = shortCount;
      const cyrillic0 = cyrillicCount;
      const codePoints0 = codePoints;
      const leadingEmpty0 = leadingEmpty;
      while (i < n) {
        const c = u[i]!;
        const space = TOKEN_UNIT[c]!;
        if ((space & SPACE_UNIT) !== 0) {
          if ((space & mayMarkOrChange) !== 0) {
            if ((space & mayChange) !== 0 && mayChangeIn(u, i, i + 1)) {
              changes = true;
              break;
            }
            if ((space & MARK_UNIT) !== 0 && !markUnit(text, i)) TOKEN_UNIT[c] = space & ~MARK_UNIT;
          }
          i++;
          continue;
        }
        // A token: to the next white space. One tight loop per token, one look-up per
        // character: white space, a low surrogate, a script, whether marksOf may stop there
        // (the marks are read in the same pass), and whether NFKC or the stripping may change
        // the code unit (read for a segment read as it came, at the token's end).
        const start = i;
        let unit = space;
        let units = 0;
        // The bits of every code unit of the token but its last.
        let before = 0;
        for (;;) {
          before = units;
          units |= unit;
          if ((unit & MARK_UNIT) !== 0 && !markUnit(text, i)) {
            const d = u[i]!;
            TOKEN_UNIT[d] = TOKEN_UNIT[d]! & ~MARK_UNIT;
          }
          if (++i >= n) break;
          unit = TOKEN_UNIT[u[i]!]!;
          if ((unit & SPACE_UNIT) !== 0) break;
        }
        // A code unit that may change (its block learnt first), an astral code point NFKC may
        // change or a lone surrogate (the marks read them): the segment is normalised.
        if (mayChange !== 0 && (((units & mayChange) !== 0 && mayChangeIn(u, start, i)) || ((units & MARK_UNIT) !== 0 && segmentMayChange()))) {
          changes = true;
          break;
        }
        let points = i - start;
        if ((units & LOW_SURROGATE) !== 0) {
          for (let j = start; j < i; j++) if ((TOKEN_UNIT[u[j]!]! & LOW_SURROGATE) !== 0) points--;
        }
        all |= units;
        codePoints += points;
        if (codePoints === 0) leadingEmpty++;
        // Two script bits or more (not 0, 1, 2 or 4).
        const scripts = units & (LATIN_UNIT | CYRILLIC_UNIT | GREEK_UNIT);
        if ((scripts & (scripts - 1)) !== 0) mixed[mixedCount++] = count;
        if ((before & SEPARATOR_UNIT) !== 0) separated[separatedCount++] = count;
        if (i - start === 1 || mayBeMark(u[start + 1]!)) short[shortCount++] = count;
        else if ((before & NOT_BASIC_CYRILLIC) === 0 && i - start >= 4) {
          if ((units & NOT_BASIC_CYRILLIC) === 0) cyrillic[cyrillicCount++] = 2 * count;
          else if (isWordEnd(u[i - 1]!)) cyrillic[cyrillicCount++] = 2 * count + 1;
        }
        out[count] = s;
        out[count + 1] = start;
        out[count + 2] = i;
        count += 3;
      }
      if (mayChange !== 0 && (changes || segmentMayChange())) {
        // NFKC or the stripping changes the field: normalised, then read again.
        segments[s] = normalizeField(segments[s]!, s, rawNfkc!, hidden!);
        optimistic![s] = 0;
        count = count0;
        mixedCount = mixed0;
        separatedCount = separated0;
        shortCount = short0;
        cyrillicCount = cyrillic0;
        codePoints = codePoints0;
        leadingEmpty = leadingEmpty0;
        s--;
        continue;
      }
      endSegmentMarks();
      segmentUnits.push(all);
    }
    this.#segmentUnits = segmentUnits;
    const marks = collectMarks();
    this.#marks = marks;
    this.#tokenCodePoints = codePoints;
    this.#leadingEmpty = leadingEmpty;
    this.#spans = out.slice(0, count);
    if (mixedCount > 0) this.#mixed = mixed.slice(0, mixedCount);
    if (separatedCount > 0) this.#separated = separated.slice(0, separatedCount);
    if (shortCount > 0) this.#short = short.slice(0, shortCount);
    if (cyrillicCount > 0) this.#cyrillicWords = cyrillic.slice(0, cyrillicCount);
    if (optimistic !== undefined) {
      // Its own NFKC form with nothing to strip: its first hidden character is its first invisible one.
      for (let g = 0; g < segments.length; g++) if (optimistic[g] === 1) hidden![g] = marks.invisible[g]!.length > 0 ? marks.invisible[g]![0]! : -1;
    }
  }

  /**
   * The marks of text/marks.ts (marksOf, emojiStartsOf, invisiblesOf), read in the pass of
   * {@link tokenSpans}.
   */
  get marks(): Marks {
    void this.tokenSpans;
    return this.#marks!;
  }

  /**
   * The tokens of {@link tokenSpans} whose code units are of two or more of three scripts, as
   * the index in `tokenSpans` of each (a multiple of 3), in order: Latin (ASCII letters,
   * U+0080–U+024F, U+1E00–U+1EFF), Cyrillic (U+0400–U+052F), Greek (U+0370–U+03FF,
   * U+1F00–U+1FFF). The only tokens in which text.OBFUSCATION may find a word that mixes
   * scripts; found in the pass of `tokenSpans` (few: «слово» and a Latin name in Russian
   * text, none in most English).
   */
  get mixedScriptTokens(): readonly number[] {
    void this.tokenSpans;
    return this.#mixed;
  }

  /**
   * The tokens of {@link tokenSpans} with a character of . - _ * ~ / + · • (what separates the
   * letters of "V.I.A.G.R.A" inside a token) before their last code unit (one that ends the token,
   * "слово.", separates nothing in it), as the index in `tokenSpans` of each, in order: where
   * text.OBFUSCATION's letter-spacing pre-test looks for such words. Found in the pass of
   * `tokenSpans`.
   */
  get separatedTokens(): readonly number[] {
    void this.tokenSpans;
    return this.#separated;
  }

  /**
   * The tokens of {@link tokenSpans} of one code unit, or whose second code unit may be a
   * combining mark (U+0300 or above, but the letters of Greek and Cyrillic, U+0370–U+0482 and
   * U+048A–U+0590), as the index in `tokenSpans` of each, in order: the one-letter words among
   * which text.OBFUSCATION's letter-spacing pre-test looks for spaced-out letters. Found in the
   * pass of `tokenSpans`.
   */
  get shortTokens(): readonly number[] {
    void this.tokenSpans;
    return this.#short;
  }

  /**
   * The tokens of {@link tokenSpans} of four code units or more that are basic Cyrillic letters
   * only (А–я, Ё, ё: one word, no separator, mark or other script in it), or such letters and a
   * last code unit of {@link isWordEnd} ("слово," "слово»"), in order, each as twice its index in
   * `tokenSpans`, plus 1 when it ends in such a code unit: most tokens of Russian text, which
   * text.RANDOM_CHARS judges from their first letters. Found in the pass of `tokenSpans` (from
   * the bits it reads anyway).
   */
  get cyrillicWordTokens(): readonly number[] {
    void this.tokenSpans;
    return this.#cyrillicWords;
  }

  /**
   * False when segment `segment` has no letter of Latin script (no ASCII letter, nothing of
   * U+0080–U+024F or U+1E00–U+1EFF): what a search for words of ASCII letters may skip. Found in
   * the pass of {@link tokenSpans}.
   */
  mayHaveLatin(segment: number): boolean {
    void this.tokenSpans;
    return ((this.#segmentUnits[segment] ?? 0) & LATIN_UNIT) !== 0;
  }

  /**
   * Code points of {@link joined} with every run of white space counted as one and the ends
   * trimmed, as {@link collapsedLength} in text/length.ts counts it. Read off the tokens:
   * their code points plus one space between each two, from the first token with a code point
   * on (a low surrogate alone is no code point there).
   */
  get collapsedLength(): number {
    const tokens = this.tokenSpans.length / 3;
    return this.#tokenCodePoints + Math.max(0, tokens - 1 - this.#leadingEmpty);
  }

  /** Whitespace-separated tokens of every segment, in order. */
  get tokens(): readonly Token[] {
    if (this.#tokens === undefined) {
      const spans = this.tokenSpans;
      const out: Token[] = [];
      for (let t = 0; t < spans.length; t += 3) {
        const { field, text } = this.segments[spans[t]!]!;
        out.push({ field, value: text.slice(spans[t + 1]!, spans[t + 2]!), index: spans[t + 1]! });
      }
      this.#tokens = out;
    }
    return this.#tokens;
  }
}
