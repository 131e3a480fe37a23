/**
 * The normalisation the word lists are matched after, shared by SPAM_WORDS, PROFANITY and
 * SENTIMENT: one left-to-right pass over each field that cuts it into words and writes each
 * word's normalised characters into one code array.
 *
 * Per character: lower case; diacritics folded (é→e, ő→o, ř→r, ά→α, ё→е, й→и; ß→ss, æ→ae,
 * ø→o, ł→l, œ→oe, ς→σ); apostrophes inside a word dropped (don't → dont). Per word: when a
 * word mixes scripts, look-alike letters of the minority script become the majority's (a
 * Cyrillic "а" in "frее" becomes Latin, a Greek "ε" in "крεдит" Cyrillic); in a Latin word with
 * at least one letter, leet digits and signs become letters (0→o 1→i 3→e 4→a 5→s 7→t 8→b @→a
 * $→s |→l). Repeated letters are handled by the matcher (a letter repeated beyond what the entry
 * has is skipped), not here, so "ass" and "as" stay distinct.
 *
 * What hides a word from a filter is seen through: invisible characters inside a word (zero-width
 * space, ZWNJ, ZWJ, word joiner, soft hyphen, bidi controls, variation selectors, tag
 * characters) are skipped, so "vi\u200Bagra" is one word; and, when a text is scanned (not when
 * an entry is normalised), a run of four or more one-letter words with one and the same
 * separator between them ("f r e e", "v.i.a.g.r.a", "в и а г р а") is read as one word.
 *
 * Everything is a table look-up or a bounded loop: linear in the text.
 */
import { charFlags, DIGIT as DIGIT_FLAG, LETTER as LETTER_FLAG, MARK as MARK_FLAG } from '../text/chars.js';
import { isSpace, type TextInput } from '../text/input.js';
import { CodeUnits } from '../text/units.js';

/** The words of a text, normalised; `codes[start[i]..end[i])` is word i. */
export interface Words {
  /**
   * Typed arrays copied out of reused scratch buffers (written in place, no growing arrays);
   * the six per-word arrays are views of one buffer.
   */
  readonly codes: Uint16Array;
  readonly count: number;
  /** Per word: range in `codes`. */
  readonly start: Int32Array;
  readonly end: Int32Array;
  /** Per word: offset and end offset in its field's normalised text, and the field's index. */
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly segment: Int32Array;
  /** Per word: a number that changes at each field and at each sentence end (". ", "! ", "? "); phrases do not cross it. */
  readonly clause: Int32Array;
}

const enum Kind {
  Sep = 0,
  Letter = 1,
  Digit = 2,
  Leet = 3,
  Apostrophe = 4,
  /** An invisible character: skipped inside a word, a separator elsewhere. */
  Ignore = 5,
}
const LATIN = 1;
const CYRILLIC = 2;
const GREEK = 3;

// Folded form and kind of every code unit below 0x500 (Latin, Greek, Cyrillic); others are
// classified with \p{L}/\p{N} and lower-cased one by one.
const TABLE_SIZE = 0x500;
const FOLD = new Uint16Array(TABLE_SIZE);
const KIND = new Uint8Array(TABLE_SIZE);
const SCRIPT = new Uint8Array(TABLE_SIZE);
const SPECIAL_FOLDS: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd',
  ð: 'd', þ: 'th', ı: 'i', ς: 'σ', ё: 'е', Ё: 'е', й: 'и', Й: 'и', ї: 'і', ѓ: 'г', ќ: 'к',
};
/** Second code of the two-letter folds (ß → s + s); 0 when the fold is one letter. */
const FOLD2 = new Uint16Array(TABLE_SIZE);
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
const MARK = /\p{M}/u;
for (let c = 0; c < TABLE_SIZE; c++) {
  const ch = String.fromCharCode(c);
  if (c >= 0xd800) continue;
  if (MARK.test(ch)) {
    KIND[c] = Kind.Letter; // combining mark: folded away below (FOLD 0 means "drop")
    FOLD[c] = 0;
    continue;
  }
  if (DIGIT.test(ch)) {
    KIND[c] = Kind.Digit;
    FOLD[c] = c;
    continue;
  }
  if (!LETTER.test(ch)) continue;
  KIND[c] = Kind.Letter;
  const special = SPECIAL_FOLDS[ch];
  const folded = special ?? ch.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  const f = folded.length > 0 ? folded : ch.toLowerCase();
  const special2 = SPECIAL_FOLDS[f];
  const g = special2 ?? f;
  FOLD[c] = g.charCodeAt(0);
  if (g.length > 1) FOLD2[c] = g.charCodeAt(1);
  SCRIPT[c] = c < 0x250 ? LATIN : c < 0x370 ? 0 : c < 0x400 ? GREEK : CYRILLIC;
}
for (const ch of "'’ʼ") KIND[ch.charCodeAt(0)] = Kind.Apostrophe;
KIND[0xad] = Kind.Ignore; // soft hyphen
KIND[0x2019] = 0; // outside the table; handled in kindOf
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '|': 'l' };
const LEET_MAP = new Uint16Array(128);
for (const [k, v] of Object.entries(LEET)) {
  LEET_MAP[k.charCodeAt(0)] = v.charCodeAt(0);
  if (KIND[k.charCodeAt(0)] === Kind.Sep) KIND[k.charCodeAt(0)] = Kind.Leet;
}

// One look-up per character in the hot loop: fold (bits 0–15), kind (16–18), script (19–20),
// "has a second fold letter" (21).
const INFO = new Uint32Array(TABLE_SIZE);
for (let c = 0; c < TABLE_SIZE; c++) INFO[c] = FOLD[c]! | (KIND[c]! << 16) | (SCRIPT[c]! << 19) | (FOLD2[c] !== 0 ? 1 << 21 : 0);

// Look-alikes between scripts (lower case, after folding).
const CYR_TO_LAT = new Map<number, number>();
const LAT_TO_CYR = new Map<number, number>();
for (const [c, l] of [['а', 'a'], ['е', 'e'], ['о', 'o'], ['р', 'p'], ['с', 'c'], ['у', 'y'], ['х', 'x'], ['к', 'k'], ['м', 'm'], ['т', 't'], ['в', 'b'], ['н', 'h'], ['і', 'i'], ['ѕ', 's'], ['ј', 'j'], ['и', 'u'], ['п', 'n'], ['г', 'r']] as const) {
  CYR_TO_LAT.set(c.charCodeAt(0), l.charCodeAt(0));
  if (!['и', 'п', 'г', 'м', 'т', 'в', 'н'].includes(c)) LAT_TO_CYR.set(l.charCodeAt(0), c.charCodeAt(0));
}
const GRE_TO_LAT = new Map<number, number>();
for (const [g, l] of [['ο', 'o'], ['α', 'a'], ['ε', 'e'], ['ι', 'i'], ['κ', 'k'], ['ν', 'v'], ['ρ', 'p'], ['τ', 't'], ['υ', 'u'], ['χ', 'x'], ['β', 'b'], ['μ', 'u']] as const) {
  GRE_TO_LAT.set(g.charCodeAt(0), l.charCodeAt(0));
}

const GRE_TO_CYR = new Map<number, number>();
const CYR_TO_GRE = new Map<number, number>();
for (const [g, c] of [['ο', 'о'], ['α', 'а'], ['ε', 'е'], ['ρ', 'р'], ['χ', 'х'], ['κ', 'к'], ['τ', 'т'], ['β', 'в'], ['η', 'н'], ['μ', 'м'], ['υ', 'у']] as const) {
  GRE_TO_CYR.set(g.charCodeAt(0), c.charCodeAt(0));
  CYR_TO_GRE.set(c.charCodeAt(0), g.charCodeAt(0));
}
const LAT_TO_GRE = new Map<number, number>();
for (const [l, g] of [['o', 'ο'], ['a', 'α'], ['e', 'ε'], ['p', 'ρ'], ['x', 'χ'], ['k', 'κ'], ['i', 'ι'], ['v', 'ν'], ['u', 'υ'], ['t', 'τ'], ['b', 'β'], ['h', 'η'], ['m', 'μ'], ['n', 'ν'], ['y', 'υ'], ['z', 'ζ']] as const) {
  LAT_TO_GRE.set(l.charCodeAt(0), g.charCodeAt(0));
}

/**
 * Code units of the invisible character at `i` (0 when there is none): zero-width space,
 * ZWNJ, ZWJ, LRM, RLM, bidi embeddings, overrides and isolates, word joiner and invisible
 * operators, BOM, soft hyphen, Mongolian vowel separator, Arabic letter mark, variation
 * selectors, and (two units) tag characters and variation selectors 17–256.
 */
function invisibleAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (isInvisible(c)) return 1;
  if (c === 0xdb40 && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    return (d >= 0xdc00 && d <= 0xdc7f) || (d >= 0xdd00 && d <= 0xddef) ? 2 : 0;
  }
  return 0;
}

/** The invisible characters of {@link invisibleAt} that take one code unit. */
function isInvisible(c: number): boolean {
  if (c < 0x2000) return c === 0xad || c === 0x61c || c === 0x180e;
  if (c <= 0x206f) return (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064) || (c >= 0x2066 && c <= 0x2069);
  return c === 0xfeff || (c >= 0xfe00 && c <= 0xfe0f);
}

/** The end of the run of invisible characters that starts at `i`. */
function skipInvisible(text: string, i: number, len: number): number {
  while (i < len) {
    const n = invisibleAt(text, i);
    if (n === 0) break;
    i += n;
  }
  return i;
}

/** True when the character at `j` (after invisible characters) goes on with a word: a letter, digit or leet sign. */
function continuesWord(text: string, j: number, len: number): boolean {
  if (j >= len) return false;
  const k = kindOf(text.charCodeAt(j));
  return k === Kind.Letter || k === Kind.Digit || k === Kind.Leet;
}

/** The separators of a letter-spaced word ("f r e e", "f.r.e.e", "f-r-e-e"). */
function isSpacing(c: number): boolean {
  return c === 0x20 || c === 0xa0 || c === 0x2e || c === 0x2d || c === 0x5f || c === 0x2a || c === 0xb7 || c === 0x2022 || c === 0x7e || c === 0x2f || c === 0x2b;
}

/** Read as one word: four or more one-letter words with the same separator between them. */
const SPACED_MIN = 4;

/**
 * Ends a run of one-letter words that starts at word `run` of the table (columns of `cap`
 * entries; `n` words so far): four or more become one word. Returns the new number of words.
 * (A function of its own, not a closure: a closure that writes the word count would make every
 * use of it in the scan loop a context access.)
 */
function closeRun(codes: Uint16Array, table: Int32Array, cap: number, n: number, run: number, latin: number, cyr: number, greek: number): number {
  if (n - run < SPACED_MIN) return n;
  const last = n - 1;
  table[cap + run] = table[cap + last]!;
  table[3 * cap + run] = table[3 * cap + last]!;
  const scripts = (latin > 0 ? 1 : 0) + (cyr > 0 ? 1 : 0) + (greek > 0 ? 1 : 0);
  if (scripts > 1) foldMixed(codes, table[run]!, table[cap + run]!, latin, cyr, greek);
  return run + 1;
}

/** LAT_TO_CYR and the letters whose capitals look alike (T Т, B В, H Н, M М). */
const CAPS_TO_CYR = new Map<number, number>([...LAT_TO_CYR, ...([['t', 'т'], ['b', 'в'], ['h', 'н'], ['m', 'м']] as const).map(([l, c]) => [l.charCodeAt(0), c.charCodeAt(0)] as [number, number])]);

/**
 * True for a word with more Latin than Cyrillic letters that is Cyrillic all the same: a Cyrillic
 * letter has no Latin look-alike, and every Latin letter (and 0) has a Cyrillic one
 * (ЗAPAБOTOK: З and Б are Cyrillic only, A P O T K look like А Р О Т К).
 */
function cyrillicHost(codes: Uint16Array, from: number, to: number): boolean {
  let own = false;
  for (let j = from; j < to; j++) {
    const c = codes[j]!;
    if (c < 128) {
      if (c !== 0x30 && !CAPS_TO_CYR.has(c)) return false;
    } else if (c >= 0x400 && c < 0x500 && !CYR_TO_LAT.has(c)) own = true;
  }
  return own;
}

/**
 * A word that mixes scripts, or has leet signs or digits, made uniform (see the module
 * comment): look-alikes of the minority script become the majority's letters.
 */
function foldMixed(codes: Uint16Array, from: number, to: number, latin: number, cyr: number, greek: number): void {
  if (latin >= cyr && latin >= greek && cyr >= 2 && greek === 0 && cyrillicHost(codes, from, to)) {
    for (let j = from; j < to; j++) {
      const c = codes[j]!;
      if (c < 128) codes[j] = c === 0x30 ? 0x43e : CAPS_TO_CYR.get(c)!;
    }
  } else if (latin >= cyr && latin >= greek) {
    for (let j = from; j < to; j++) {
      const c = codes[j]!;
      if (c < 128) {
        const l = LEET_MAP[c]!;
        if (l !== 0) codes[j] = l;
      } else if (cyr > 0 || greek > 0) {
        codes[j] = CYR_TO_LAT.get(c) ?? GRE_TO_LAT.get(c) ?? c;
      }
    }
  } else if (cyr > greek && (latin > 0 || greek > 0)) {
    for (let j = from; j < to; j++) {
      const c = codes[j]!;
      if (c < 128) codes[j] = LAT_TO_CYR.get(c) ?? (c === 0x30 ? 0x43e : c);
      else if (greek > 0) codes[j] = GRE_TO_CYR.get(c) ?? c;
    }
  } else if (cyr > greek) {
    for (let j = from; j < to; j++) if (codes[j] === 0x30) codes[j] = 0x43e; // 0 → о
  } else if (greek > cyr && (latin > 0 || cyr > 0)) {
    // Only when every Latin or Cyrillic letter has a Greek look-alike: a Greek word with other
    // Latin letters is left as it is (one entry of the Greek lists is written so).
    for (let j = from; j < to; j++) {
      const c = codes[j]!;
      if (c < 128 ? (c >= 97 && c <= 122 && !LAT_TO_GRE.has(c)) : c >= 0x400 && c < 0x500 && !CYR_TO_GRE.has(c)) return;
    }
    for (let j = from; j < to; j++) {
      const c = codes[j]!;
      if (c < 128) codes[j] = LAT_TO_GRE.get(c) ?? c;
      else if (cyr > 0) codes[j] = CYR_TO_GRE.get(c) ?? c;
    }
  }
}

/**
 * Kind + 1 of each code unit from U+0500 on, computed on first sight by kindOfSlow (the
 * expressions); 0: not yet. The expressions cost 20–40 ns a character, the table one read.
 */
const KIND_CACHE = new Uint8Array(0x10000);
function kindOf(c: number): Kind {
  if (c < TABLE_SIZE) return KIND[c] as Kind;
  const k = KIND_CACHE[c]!;
  if (k !== 0) return (k - 1) as Kind;
  return (KIND_CACHE[c] = kindOfSlow(c) + 1) - 1;
}
function kindOfSlow(c: number): Kind {
  if (c === 0x2019) return Kind.Apostrophe;
  if (isInvisible(c)) return Kind.Ignore;
  if (c >= 0xd800 && c <= 0xdfff) return Kind.Sep; // astral: emoji and rare scripts split words
  // \p{L}, \p{M} and \p{Nd} from the shared property table, not an expression per character.
  const f = charFlags(c);
  if ((f & (LETTER_FLAG | MARK_FLAG)) !== 0) return Kind.Letter;
  if ((f & DIGIT_FLAG) !== 0) return Kind.Digit;
  return Kind.Sep;
}

/**
 * What INFO is below TABLE_SIZE, for the BMP code units from there up, each computed on first
 * sight: the code written for a letter (its lower case when that is one code unit, else itself)
 * or the unit (bits 0–15), kind (16–18), no script (19–20: 0), WIDE_MARK and WIDE_KNOWN. One look-up
 * per character where an expression and a string per character were: 1.8 million Arabic
 * letters (100 KB of U+FDFA after NFKC) are read in milliseconds.
 */
const WIDE = new Uint32Array(0x10000);
/** In WIDE: a combining mark, written but not counted as a letter (below TABLE_SIZE marks are dropped). */
const WIDE_MARK = 1 << 22;
/** In WIDE: computed (an entry of 0 is not yet). */
const WIDE_KNOWN = 1 << 23;

function wideInfo(c: number): number {
  let v = WIDE[c]!;
  if (v === 0) {
    const k = kindOf(c);
    let code = c;
    if (k === Kind.Letter) {
      const lower = String.fromCharCode(c).toLowerCase();
      if (lower.length === 1) code = lower.charCodeAt(0);
    }
    v = code | (k << 16) | ((charFlags(c) & MARK_FLAG) !== 0 ? WIDE_MARK : 0) | WIDE_KNOWN;
    WIDE[c] = v;
  }
  return v;
}

/**
 * What WIDE says of the Devanagari block (U+0900–U+097F), by code unit − 0x900: DEVA_LETTER for a
 * letter written as itself (no case), DEVA_MARK for a combining mark (written, not counted),
 * DEVA_OTHER for anything else (digits, dandas, signs: the general path); 0 until first seen.
 */
const DEVANAGARI = new Uint8Array(0x80);
const DEVA_LETTER = 1;
const DEVA_MARK = 2;
const DEVA_OTHER = 3;
function devanagari(c: number): number {
  const v = wideInfo(c);
  const plain = ((v >> 16) & 7) === Kind.Letter && (v & 0xffff) === c;
  return (DEVANAGARI[c - 0x900] = !plain ? DEVA_OTHER : (v & WIDE_MARK) !== 0 ? DEVA_MARK : DEVA_LETTER);
}

/** Longest word kept, in code units; longer runs are cut into pieces of this length. */
const MAX_WORD = 64;

/** Texts up to this many code units are normalised in reused scratch arrays; longer ones get their own. */
const SCRATCH_CHARS = 16384;
let CODES: Uint16Array | undefined;
let TABLE: Int32Array | undefined;
/**
 * Size of the buffers the words of texts are kept in (up to a quarter each; longer ones get
 * their own), with a view of each type over the current one.
 */
const OUT_CHUNK = 262144;
let OUT = new ArrayBuffer(0);
let OUT32 = new Int32Array(OUT);
let OUT16 = new Uint16Array(OUT);
let OUT_AT = 0;
const NODE_BUFFER = (globalThis as { Buffer?: typeof Buffer }).Buffer;

/**
 * Starts a new buffer of OUT_CHUNK bytes. With Node's Buffer it is not zeroed (`allocUnsafeSlow`:
 * about 1 µs, where a zeroed one of 64 KiB costs 4 and one of 256 KiB 11): no byte of it is read
 * before a text's words are written there (the views of each text's words cover what was written).
 */
function renewOut(): void {
  let out: ArrayBuffer | undefined;
  if (NODE_BUFFER !== undefined) {
    const b = NODE_BUFFER.allocUnsafeSlow(OUT_CHUNK);
    if (b.byteOffset === 0 && b.buffer.byteLength === OUT_CHUNK) out = b.buffer as ArrayBuffer;
  }
  OUT = out ?? new ArrayBuffer(OUT_CHUNK);
  OUT32 = new Int32Array(OUT);
  OUT16 = new Uint16Array(OUT);
  OUT_AT = 0;
}

/** The fields' code units, read from a typed array (see CodeUnits). */
const UNITS = new CodeUnits();

/**
 * Normalises the fields of a text into words (see the module comment). `scan` (a text being
 * matched, not an entry of a list) also reads letter-spaced words ("f r e e") as one word.
 */
export function normalizeWords(segments: readonly string[], scan = false): Words {
  let total = 0;
  for (let s = 0; s < segments.length; s++) total += segments[s]!.length;
  // Six columns of `cap` entries, then the codes (at most two per code unit).
  // A word takes at least one code unit and is followed by a separator unless it is the last or
  // was cut at MAX_WORD codes (32 units or more): at most half the units, rounded up, are words.
  let cap = (total >> 1) + 1;
  // A text is written straight into the piece of the shared buffer its words are kept in (the
  // columns then moved together) when the buffer's rest has room for all it may need: no copy
  // out of scratch arrays, and two views made for the writing instead of thirteen for the copy;
  // a text that may need up to a quarter of a buffer starts a new one when the rest is too short
  // (see renewOut). A longer text is written to the scratch arrays and copied out.
  const reserve = 24 * cap + 4 * total;
  let direct = OUT_AT + reserve <= OUT.byteLength;
  if (!direct && reserve <= OUT_CHUNK >> 2) {
    // The rest of the current buffer is left unused: a new one, written straight into.
    renewOut();
    direct = true;
  }
  let base = 0;
  let codes: Uint16Array;
  let table: Int32Array;
  if (direct) {
    base = OUT_AT;
    table = OUT32.subarray(base >> 2, (base >> 2) + 6 * cap);
    codes = OUT16.subarray((base + 24 * cap) >> 1, ((base + 24 * cap) >> 1) + 2 * total);
  } else {
    const scratch = total <= SCRATCH_CHARS;
    if (scratch && CODES === undefined) {
      CODES = new Uint16Array(2 * SCRATCH_CHARS);
      TABLE = new Int32Array(6 * SCRATCH_CHARS);
    }
    codes = scratch ? CODES! : new Uint16Array(2 * total);
    if (scratch) cap = SCRATCH_CHARS;
    table = scratch ? TABLE! : new Int32Array(6 * cap);
  }
  let sentence = 0;
  let n = 0;
  let w = 0;
  // The current run of one-letter words (scan only): its first word's index in the table (-1:
  // none), its separator, and its letters by script.
  let run = -1;
  let runSep = 0;
  let runLatin = 0;
  let runCyr = 0;
  let runGreek = 0;
  for (let s = 0; s < segments.length; s++) {
    const text = segments[s]!;
    sentence++;
    const len = text.length;
    const u = UNITS.of(text);
    let i = 0;
    while (i < len) {
      // Skip to the next word character.
      let c = u[i]!;
      let k = (c < TABLE_SIZE ? INFO[c]! >> 16 : wideInfo(c) >> 16) & 7;
      if (k === Kind.Sep || k === Kind.Apostrophe || k === Kind.Ignore) {
        // A sentence ends at . ! ? followed by white space (not in "example.com" or "3.50").
        if ((c === 0x2e || c === 0x21 || c === 0x3f) && i + 1 < len && isSpace(text.charCodeAt(i + 1))) sentence++;
        i++;
        continue;
      }
      const wordFrom = i;
      // The word ended at a separator (in `c`, at `i`), read as the skip above reads it.
      let atSeparator = false;
      const wordStart = w;
      let letters = 0;
      let latin = 0;
      let cyr = 0;
      let greek = 0;
      let leet = 0;
      let digits = 0;
      for (;;) {
        const lower = c | 32;
        if (lower >= 97 && lower <= 122) {
          // An ASCII letter (most characters of Latin-script text): what its INFO entry says
          // (folded to lower case, one code, a Latin letter), without reading and decoding it.
          codes[w++] = lower;
          letters++;
          latin++;
          i++;
          if (i >= len || w - wordStart >= MAX_WORD) break;
          c = u[i]!;
          continue;
        }
        if (c <= 0x44f && c >= 0x391) {
          // A basic Cyrillic letter (А–я but Й, й) or an unaccented Greek one (Α–ω but ς): what
          // its INFO entry says (its lower case, one code, its script), without reading it.
          if (c >= 0x410) {
            if ((c | 0x20) !== 0x439) {
              // The rest of a run of them is read in a loop of its own, up to the end of the
              // text or the word's MAX_WORD codes, whichever comes first.
              const runFrom = w;
              const stop = Math.min(len, i + (MAX_WORD - (w - wordStart)));
              for (;;) {
                codes[w++] = c < 0x430 ? c + 0x20 : c;
                i++;
                if (i >= stop) break;
                c = u[i]!;
                if (c < 0x410 || c > 0x44f || (c | 0x20) === 0x439) break;
              }
              letters += w - runFrom;
              cyr += w - runFrom;
              if (i >= stop) break;
              // A space, comma or full stop (separators, as their INFO entries say) ends the word
              // here, where the general path below would end it.
              if (c === 0x20 || c === 0x2c || c === 0x2e) {
                atSeparator = true;
                break;
              }
              continue;
            }
          } else if (c <= 0x3a9 ? c !== 0x3a2 : c >= 0x3b1 && c <= 0x3c9 && c !== 0x3c2) {
            codes[w++] = c <= 0x3a9 ? c + 0x20 : c;
            letters++;
            greek++;
            i++;
            if (i >= len || w - wordStart >= MAX_WORD) break;
            c = u[i]!;
            continue;
          }
        }
        if (c >= 0x900 && c <= 0x97f) {
          // Devanagari: a letter or a sign (a combining mark) is written as it is, and only a
          // letter counts (what its WIDE entry says, read from a small table); any other
          // character of the block takes the general path.
          // The rest of a run of them is read in a loop of its own.
          let d = DEVANAGARI[c - 0x900] || devanagari(c);
          if (d !== DEVA_OTHER) {
            let cut = false;
            for (;;) {
              codes[w++] = c;
              if (d === DEVA_LETTER) letters++;
              i++;
              if (i >= len || w - wordStart >= MAX_WORD) {
                cut = true;
                break;
              }
              c = u[i]!;
              if (c < 0x900 || c > 0x97f) break;
              d = DEVANAGARI[c - 0x900] || devanagari(c);
              if (d === DEVA_OTHER) break;
            }
            if (cut) break;
            continue;
          }
        }
        // One path for every other character (the wide ones read from WIDE, laid out as INFO),
        // so that a text of another script runs the code the usual texts have made fast.
        const info = c < TABLE_SIZE ? INFO[c]! : wideInfo(c);
        k = (info >> 16) & 7;
        if (k === Kind.Letter) {
          const f = info & 0xffff;
          if (f !== 0) {
            codes[w++] = f;
            if ((info & (1 << 21)) !== 0) codes[w++] = FOLD2[c]!;
            if ((info & WIDE_MARK) === 0) letters++;
            const sc = (info >> 19) & 3;
            if (sc === LATIN) latin++;
            else if (sc === CYRILLIC) cyr++;
            else if (sc === GREEK) greek++;
          }
        } else if (k === Kind.Sep) {
          // Tag characters and variation selectors 17–256 (astral) are invisible too.
          if (c !== 0xdb40 || invisibleAt(text, i) === 0) {
            atSeparator = true;
            break;
          }
          const j = skipInvisible(text, i, len);
          if (!continuesWord(text, j, len)) break;
          i = j - 1;
        } else if (k === Kind.Apostrophe) {
          // Inside a word only when a letter follows.
          const next = i + 1 < len ? kindOf(text.charCodeAt(i + 1)) : Kind.Sep;
          if (next !== Kind.Letter) break;
        } else if (k === Kind.Ignore) {
          // Skipped when the word goes on after it ("fr\u00ADee").
          const j = skipInvisible(text, i, len);
          if (!continuesWord(text, j, len)) break;
          i = j - 1;
        } else {
          if (k === Kind.Leet) leet++;
          else digits++;
          codes[w++] = c;
        }
        i++;
        if (i >= len || w - wordStart >= MAX_WORD) break;
        c = u[i]!;
      }
      if (w === wordStart) continue;
      // A word made only of leet signs ("|", "$") is no word.
      if (letters === 0 && leet === w - wordStart) {
        w = wordStart;
        continue;
      }
      if (letters === 0 && leet === 0) {
        // A number is matched by its shape: "86688" → "#####", "£1000" → "####"; a phone
        // number (10+ digits) keeps its first two ("09061701461" → "09#########", premium rate).
        const len = w - wordStart;
        for (let j = len >= 10 ? wordStart + 2 : wordStart; j < w; j++) codes[j] = 0x23;
      } else if (letters > 0 && (leet > 0 || digits > 0 || (cyr > 0 && latin + greek > 0) || (greek > 0 && latin > 0))) {
        // A word of one script with no digit or leet sign has nothing to fold (every word of a
        // Cyrillic or Greek text: no call and no second pass over its codes for them).
        foldMixed(codes, wordStart, w, latin, cyr, greek);
      }
      if (scan) {
        // A one-letter word (a letter, perhaps with a mark) extends the run when one separator
        // character, the run's, is all that stands between it and the run's last word.
        if (letters === 1 && leet === 0 && digits === 0 && i - wordFrom <= 2) {
          const gap = run === -1 ? -1 : wordFrom - table[3 * cap + n - 1]!;
          const sep = gap === 1 ? text.charCodeAt(wordFrom - 1) : -1;
          if (gap === 1 && isSpacing(sep) && (n - run === 1 || sep === runSep) && table[4 * cap + n - 1] === s && n - run < MAX_WORD) {
            runSep = sep;
          } else {
            if (run !== -1) n = closeRun(codes, table, cap, n, run, runLatin, runCyr, runGreek);
            run = n;
            runLatin = runCyr = runGreek = 0;
          }
          runLatin += latin;
          runCyr += cyr;
          runGreek += greek;
        } else if (run !== -1) {
          n = closeRun(codes, table, cap, n, run, runLatin, runCyr, runGreek);
          run = -1;
        }
      }
      table[n] = wordStart;
      table[cap + n] = w;
      table[2 * cap + n] = wordFrom;
      table[3 * cap + n] = i;
      table[4 * cap + n] = s;
      table[5 * cap + n] = sentence;
      n++;
      if (atSeparator) {
        // The separator the word ended at, passed as the skip at the loop's top would pass it.
        if ((c === 0x2e || c === 0x21 || c === 0x3f) && i + 1 < len && isSpace(text.charCodeAt(i + 1))) sentence++;
        i++;
      }
    }
  }
  if (run !== -1) n = closeRun(codes, table, cap, n, run, runLatin, runCyr, runGreek);
  // One piece of a buffer for everything copied out: six columns of n words, then the codes;
  // copied with set(). Each ArrayBuffer is a separate, costly off-heap allocation (a quarter of
  // this function's time in a classification, and work for the garbage collector), so texts
  // share buffers of OUT_CHUNK bytes (a buffer lives on while any text's words in it do).
  const bytes = 24 * n + 2 * w;
  if (direct) {
    // The columns and codes moved to follow each other (memmove within the buffer).
    for (let k = 1; k < 6; k++) table.copyWithin(k * n, k * cap, k * cap + n);
    OUT16.copyWithin((base + 24 * n) >> 1, (base + 24 * cap) >> 1, ((base + 24 * cap) >> 1) + w);
    OUT_AT += (bytes + 7) & ~7;
    return wordsIn(OUT, base, n, w);
  }
  let buffer: ArrayBuffer;
  if (bytes > OUT_CHUNK >> 2) buffer = new ArrayBuffer(bytes);
  else {
    if (OUT_AT + bytes > OUT.byteLength) renewOut();
    buffer = OUT;
    base = OUT_AT;
    OUT_AT += (bytes + 7) & ~7;
  }
  for (let k = 0; k < 6; k++) new Int32Array(buffer, base + 4 * k * n, n).set(table.subarray(k * cap, k * cap + n));
  new Uint16Array(buffer, base + 24 * n, w).set(codes.subarray(0, w));
  return wordsIn(buffer, base, n, w);
}

/** The words whose six columns of `n` entries and `w` codes follow each other in `buffer` from `base`. */
function wordsIn(buffer: ArrayBuffer, base: number, n: number, w: number): Words {
  return {
    codes: new Uint16Array(buffer, base + 24 * n, w),
    count: n,
    start: new Int32Array(buffer, base, n),
    end: new Int32Array(buffer, base + 4 * n, n),
    from: new Int32Array(buffer, base + 8 * n, n),
    to: new Int32Array(buffer, base + 12 * n, n),
    segment: new Int32Array(buffer, base + 16 * n, n),
    clause: new Int32Array(buffer, base + 20 * n, n),
  };
}

// Memoised on the TextInput (a Map in a declared field): adding a symbol property to the
// instance instead changed its hidden class and made every later read slow.
const WORDS_KEY = {};
const computeWords = (text: TextInput): Words => normalizeWords(text.segments.map((s) => s.text), true);

/** The words of a request's text, computed once per text and shared by the word-list rules. */
export function wordsOf(text: TextInput): Words {
  return text.memo(WORDS_KEY, computeWords);
}

/** The normalised form of an entry of a word list: its words joined with one space. */
export function normalizePhrase(phrase: string): string {
  const words = normalizeWords([phrase]);
  const parts: string[] = [];
  for (let i = 0; i < words.count; i++) parts.push(String.fromCharCode.apply(null, words.codes.subarray(words.start[i]!, words.end[i]!) as unknown as number[]));
  return parts.join(' ');
}
