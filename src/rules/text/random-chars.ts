import { defineRule, matchesOutcome, type Match } from '../../core/rule.js';
import { charFlags, DIGIT, LETTER as LETTER_FLAG, MARK } from '../../text/chars.js';
import { stripMarks, stripMarksByExpression } from '../../text/scan.js';

/**
 * Keyboard rows of the layouts people type the 19 languages on: QWERTY, QWERTZ and AZERTY,
 * Russian ЙЦУКЕН, Bulgarian phonetic and Greek. Two letters next to each other in a row are
 * "adjacent"; a word made only of adjacent steps is a walk along the keyboard (qwerty, asdfg,
 * фыва).
 */
const ROWS = [
  'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'qwertzuiop', 'yxcvbnm', 'azertyuiop', 'qsdfghjklm', 'wxcvbn',
  'йцукенгшщзхъ', 'фывапролджэ', 'ячсмитьбю', 'явертъуиопшщ', 'асдфгхйкл', 'зьцжбнм',
  'ςερτυθιοπ', 'ασδφγηξκλ', 'ζχψωβνμ',
];
const ADJACENT: ReadonlySet<string> = new Set(
  ROWS.flatMap((row) => [...row].slice(1).flatMap((c, i) => [row[i]! + c, c + row[i]!])),
);
/**
 * Four-letter walks count only from the left edge of a row (asdf, qwer, zxcv, фыва, йцук, ασδφ):
 * many real four-letter words walk along a row in the middle ("were", "wert", "ytre"). "azer"
 * (AZERTY) is left out: Azer is a given name.
 */
const ROW_STARTS: ReadonlySet<string> = new Set(ROWS.map((row) => row.slice(0, 4)).filter((s) => s !== 'azer'));

const VOWELS = /[aeiouyæøœåаеёиоуыэюяъіїєαεηιουω]/u;
// Letters that are syllable cores without a vowel in Czech and Slovak (prst, vlk, čtvrt, scvrnkl).
// Any r or l will do: a stricter test (at most three other consonants together) also catches
// text-message shorthand such as "frndshp", "jstfrnd".
const SYLLABIC = /[rl]/u;
const LATIN = /^[a-zßłđøæœþı]+$/u;
const CYRILLIC = /^[\u0400-\u04FF]+$/u;
const GREEK = /^[\u0370-\u03FF]+$/u;

/** Word bounds found by {@link wordsAt}: start and end of each word in turn (reused, grown as needed). */
let wordBounds = new Int32Array(64);

/**
 * Finds the words of the token `s[from, to)` and writes their starts and ends to `wordBounds`;
 * returns how many numbers it wrote (two per word). A word is a letter followed by letters and
 * combining marks (what `/\p{L}[\p{L}\p{M}]*\/gu` matches), found without building match
 * objects: ASCII is tested by code, other characters by their flags.
 */
function wordsAt(s: string, from: number, to: number): number {
  let n = 0;
  let start = -1;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    const ascii = c < 128;
    const want = start === -1 ? LETTER_FLAG : LETTER_FLAG | MARK;
    // A surrogate has no properties of its own (charFlags gives none for one).
    const letter = ascii ? (c >= 97 && c <= 122) || (c >= 65 && c <= 90) : (charFlags(c) & want) !== 0;
    if (letter || (!ascii && c >= 0xd800 && c <= 0xdbff && pairIs(s, i, to, want))) {
      if (start === -1) start = i;
      if (!letter) i++; // an astral letter takes two code units
    } else if (start !== -1) {
      n = pushBounds(n, start, i);
      start = -1;
    }
  }
  // An astral letter at the end of the token takes its two code units (i stops at `to`).
  if (start !== -1) n = pushBounds(n, start, to);
  return n;
}

function pushBounds(n: number, start: number, end: number): number {
  if (n + 2 > wordBounds.length) {
    const grown = new Int32Array(wordBounds.length * 2);
    grown.set(wordBounds);
    wordBounds = grown;
  }
  wordBounds[n] = start;
  wordBounds[n + 1] = end;
  return n + 2;
}

/** What `re.test(s.slice(i, i + 2))` gives for LETTER or LETTER_OR_MARK, with a high surrogate at `i` of the token `s[…, to)`. */
function pairIs(s: string, i: number, to: number, want: number): boolean {
  if (i + 1 >= to) return false;
  const d = s.charCodeAt(i + 1);
  if (d >= 0xdc00 && d <= 0xdfff) return (charFlags((s.charCodeAt(i) - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000) & want) !== 0;
  // Not a pair: the expression tests the lone surrogate (nothing) and the character after it.
  return (charFlags(d) & want) !== 0;
}
// Not typed words: what /[\p{Nd}@]|:\/\/|^www\./iu finds, tested in code (see isTypedAt).

/**
 * False for tokens `s[from, to)` with a digit or "@", a "://", or starting with "www." (what
 * /^www\./iu matches: on any character only "w", "W" and "." match its letters), read in place.
 */
function isTypedAt(s: string, from: number, to: number): boolean {
  if (to - from >= 4 && (s.charCodeAt(from) | 32) === 119 && (s.charCodeAt(from + 1) | 32) === 119 &&
    (s.charCodeAt(from + 2) | 32) === 119 && s.charCodeAt(from + 3) === 46) return false;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if ((c >= 48 && c <= 57) || c === 64) return false;
      if (c === 58 && i + 2 < to && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 47) return false;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      if (charFlags((c - 0xd800) * 0x400 + (s.charCodeAt(i + 1) - 0xdc00) + 0x10000) & DIGIT) return false;
      i++;
    } else if (charFlags(c) & DIGIT) return false;
  }
  return true;
}

/**
 * {@link isTypedAt} and {@link wordsAt} of the token `s[from, to)` in one pass: -1 when it is not
 * typed (isTypedAt false), else what wordsAt returns, its words in `wordBounds`. Each code unit's
 * flags are read once (the two passes read them for every Cyrillic, Greek or accented token). A
 * token with a surrogate takes the two functions in turn: they step over pairs differently.
 */
function typedWordsAt(s: string, from: number, to: number): number {
  if (to - from >= 4 && (s.charCodeAt(from) | 32) === 119 && (s.charCodeAt(from + 1) | 32) === 119 &&
    (s.charCodeAt(from + 2) | 32) === 119 && s.charCodeAt(from + 3) === 46) return -1;
  let n = 0;
  let start = -1;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    let letter: boolean;
    if (c < 128) {
      if ((c >= 48 && c <= 57) || c === 64) return -1;
      if (c === 58 && i + 2 < to && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 47) return -1;
      letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
    } else {
      if (c >= 0xd800 && c <= 0xdfff) return isTypedAt(s, from, to) ? wordsAt(s, from, to) : -1;
      const f = charFlags(c);
      if ((f & DIGIT) !== 0) return -1;
      letter = (f & (start === -1 ? LETTER_FLAG : LETTER_FLAG | MARK)) !== 0;
    }
    if (letter) {
      if (start === -1) start = i;
    } else if (start !== -1) {
      n = pushBounds(n, start, i);
      start = -1;
    }
  }
  if (start !== -1) n = pushBounds(n, start, to);
  return n;
}

/** {@link plainAsciiWords}: the token is not printable ASCII (the general path reads it). */
const NOT_PLAIN = -1;
/** {@link plainAsciiWords}: the token is printable ASCII but not typed (a digit, "@", "://", "www."): no word of it is judged. */
const PLAIN_SKIP = -2;

/**
 * For a token `s[from, to)` of printable ASCII (0x21–0x7E: a token has no white space) that is
 * typed (no digit, "@" or "://", not starting with "www.", as {@link isTypedAt} tests): writes to
 * `wordBounds` the start and end of each of its words (runs of A–Z, a–z) of four letters or more
 * that {@link isOrdinaryAscii} does not pass, and returns how many numbers it wrote. PLAIN_SKIP for a token of printable ASCII that is not typed, NOT_PLAIN for any other.
 * One pass over the token. (The character at `to`, if any, is white space, so "://" cannot be
 * read across the token's end.)
 */
function plainAsciiWords(s: string, from: number, to: number): number {
  let n = 0;
  let start = -1;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    const l = c | 32;
    if (l >= 97 && l <= 122 && c >= 65) {
      if (start === -1) start = i;
      continue;
    }
    if (c > 126 || c < 33) return NOT_PLAIN;
    if ((c >= 48 && c <= 57) || c === 64) return PLAIN_SKIP;
    if (c === 58 && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 47) return PLAIN_SKIP;
    if (start !== -1) {
      if (i - start >= 4 && !isOrdinaryAscii(s, start, i) && !isNullAscii(s, start, i)) n = pushBounds(n, start, i);
      start = -1;
    }
  }
  if (start !== -1 && to - start >= 4 && !isOrdinaryAscii(s, start, to) && !isNullAscii(s, start, to)) n = pushBounds(n, start, to);
  // What /^www\./iu tests; on ASCII only "w" and "W" match /w/iu.
  if (to - from >= 4 && (s.charCodeAt(from) | 32) === 119 && (s.charCodeAt(from + 1) | 32) === 119 &&
    (s.charCodeAt(from + 2) | 32) === 119 && s.charCodeAt(from + 3) === 46) return PLAIN_SKIP;
  return n;
}

/** True when `s[from, to)` has an ASCII letter or a code unit of Latin-1 to Cyrillic, or of Latin and Greek Extended. */
function hasJudgedLetter(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 128 ? (c | 32) >= 97 && (c | 32) <= 122 : c < 0x500 || (c >= 0x1e00 && c < 0x2000)) return true;
  }
  return false;
}

/** Vowel-less words that are real: protocol names, file types, interjections. */
export const RANDOM_CHARS_ALLOWED: ReadonlySet<string> = new Set([
  'https', 'http', 'sftp', 'smtp', 'xmlns', 'pptx', 'xlsx', 'docx', 'mkdir', 'chmod', 'chown', 'grrr', 'pfft',
  'psst', 'hmm', 'shh', 'brrr', 'zzz', 'ммм', 'тсс', 'pst', 'sch', 'tsch', 'pffft', 'nth', 'html', 'cwm', 'crwth',
  'tsktsk', 'xhtml', 'phpbb', 'pgsql',
]);

/** Names of keyboard layouts, when written as such in capitals ("a QWERTY keyboard"). */
const LAYOUT_NAMES: ReadonlySet<string> = new Set(['QWERTY', 'QWERTZ', 'AZERTY', 'ЙЦУКЕН']);

/** Collapses runs of the same letter: "hmmmm" → "hm", "dsdsdd" → "dsdsd". */
function collapse(s: string): string {
  // Compares with the last letter kept, not out.endsWith(): on a long word that re-reads the
  // growing string each time and is quadratic.
  let out = '';
  let last = '';
  for (const ch of s) {
    if (ch !== last) out += ch;
    last = ch;
  }
  return out;
}

const ASCII_VOWEL = /[aeiouy]/;

/**
 * The fast exit for most words: plain ASCII letters where the first step (between the first two
 * different letters) is not a keyboard neighbour, so no walk, and with a vowel, so not vowel-less.
 * Only a shortcut: every word it passes would get null from the full test too.
 */
function isOrdinary(lower: string): boolean {
  const a = lower.charCodeAt(0);
  if (!isPlainLetter(a)) return false;
  let i = 1;
  while (i < lower.length && lower.charCodeAt(i) === a) i++;
  if (i === lower.length) return false;
  if (!isPlainLetter(lower.charCodeAt(i)) || ADJACENT.has(lower[0]! + lower[i]!)) return false;
  return a < 128 ? ASCII_VOWEL.test(lower) : VOWELS.test(lower);
}

/** ADJACENT restricted to a–z pairs, as a table: `ASCII_ADJACENT[a * 128 + b]` is 1 when a→b is a step. */
const ASCII_ADJACENT = new Uint8Array(128 * 128);
for (const pair of ADJACENT) {
  if (pair.length === 2 && pair.charCodeAt(0) < 128 && pair.charCodeAt(1) < 128) ASCII_ADJACENT[pair.charCodeAt(0) * 128 + pair.charCodeAt(1)] = 1;
}
/** 1 for the lower-case ASCII vowels of ASCII_VOWEL (a e i o u y). */
const ASCII_VOWEL_CODE = new Uint8Array(128);
for (const v of 'aeiouy') ASCII_VOWEL_CODE[v.charCodeAt(0)] = 1;

/**
 * {@link isOrdinary} of `s.slice(from, to).toLowerCase()` for a run of ASCII letters (A–Z, a–z),
 * read in place: no slice, no lower-case copy.
 */
function isOrdinaryAscii(s: string, from: number, to: number): boolean {
  const a = s.charCodeAt(from) | 32;
  let i = from + 1;
  while (i < to && (s.charCodeAt(i) | 32) === a) i++;
  if (i === to || ASCII_ADJACENT[a * 128 + (s.charCodeAt(i) | 32)] === 1) return false;
  for (let j = from; j < to; j++) if (ASCII_VOWEL_CODE[s.charCodeAt(j) | 32] === 1) return true;
  return false;
}

/**
 * True only when {@link randomReason} gives null for the run of ASCII letters `s[from, to)` (four
 * or more), worked out on code units: its lower case, collapsed ("hmmmm" → "hm"), is shorter than
 * four letters, or is not a walk along a keyboard row and has a vowel or fewer than five letters
 * (lower case, stripMarks and the scripts' tests change nothing else for a–z). The words
 * {@link isOrdinaryAscii} does not pass because their first step is a keyboard neighbour
 * ("were", "same", "open", "error": about one in eight words of English prose) are passed this
 * way without a string, a Map look-up and the string work of randomReason. False: randomReason
 * decides.
 */
function isNullAscii(s: string, from: number, to: number): boolean {
  let last = -1;
  let length = 0;
  let walk = true;
  let vowel = false;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) | 32;
    if (c === last) continue;
    if (last !== -1 && walk && ASCII_ADJACENT[last * 128 + c] !== 1) walk = false;
    if (ASCII_VOWEL_CODE[c] === 1) vowel = true;
    last = c;
    length++;
  }
  return length < 4 || (!walk && (length < 5 || vowel));
}

/** a–z, or a basic Cyrillic letter (а–я, ё): letters that the full test does not change before looking at them. */
function isPlainLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 0x430 && c <= 0x44f) || c === 0x451;
}

/**
 * Tables for {@link isOrdinaryWide}, over the code units below WIDE_END. A code unit is "known"
 * when it is a letter of Basic Latin to Latin Extended-B, Greek and Coptic, Cyrillic, or Latin
 * and Greek Extended whose lower case (toLowerCase of it alone) is one such letter whose
 * stripMarks is one code unit of those ranges too. For a word of known code units other than Σ,
 * toLowerCase and stripMarks of the word are those of its code units in turn (Σ is the one letter
 * here whose lower case depends on what follows; İ lower-cases to two code units and is not known).
 */
const WIDE_END = 0x2000;
const inWideRange = (c: number): boolean =>
  (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f) || (c >= 0x370 && c <= 0x4ff) || (c >= 0x1e00 && c < WIDE_END);
/** WIDE_LOWER[c]: the lower case of a known code unit c; 0 for any other. */
const WIDE_LOWER = new Uint16Array(WIDE_END);
/** WIDE_BASE[l]: stripMarks of a known lower-case code unit l; 0 for any other. */
const WIDE_BASE = new Uint16Array(WIDE_END);
/** Bits per code unit: one of VOWELS, of ASCII_VOWEL, in LATIN, r or l (SYLLABIC). */
const WIDE_VOWEL = 1;
const WIDE_ASCII_VOWEL = 2;
const WIDE_LATIN = 4;
const WIDE_SYLLABIC = 8;
const WIDE_CLASS = new Uint8Array(WIDE_END);
/** WIDE_KEY[c]: 1 + the place of c among the letters of ROWS, 0 for a letter on none. */
const WIDE_KEY = new Uint16Array(WIDE_END);
const ROW_LETTERS = [...new Set(ROWS.join(''))];
/** WIDE_ADJACENT[WIDE_KEY[a] * WIDE_KEYS + WIDE_KEY[b]] is 1 when a + b is in ADJACENT. */
const WIDE_KEYS = ROW_LETTERS.length + 1;
const WIDE_ADJACENT = new Uint8Array(WIDE_KEYS * WIDE_KEYS);
{
  ROW_LETTERS.forEach((ch, k) => (WIDE_KEY[ch.charCodeAt(0)] = k + 1));
  for (const pair of ADJACENT) WIDE_ADJACENT[WIDE_KEY[pair.charCodeAt(0)]! * WIDE_KEYS + WIDE_KEY[pair.charCodeAt(1)]!] = 1;
  const letter = (c: number): boolean => inWideRange(c) && (charFlags(c) & LETTER_FLAG) !== 0;
  for (let c = 0; c < WIDE_END; c++) {
    if (!inWideRange(c)) continue;
    const ch = String.fromCharCode(c);
    WIDE_CLASS[c] = (VOWELS.test(ch) ? WIDE_VOWEL : 0) | (ASCII_VOWEL.test(ch) ? WIDE_ASCII_VOWEL : 0) |
      (LATIN.test(ch) ? WIDE_LATIN : 0) | (SYLLABIC.test(ch) ? WIDE_SYLLABIC : 0);
    if (!letter(c) || c === 0x3a3) continue;
    const lower = ch.toLowerCase();
    if (lower.length !== 1 || !letter(lower.charCodeAt(0))) continue;
    const base = stripMarksByExpression(lower); // what stripMarks gives for one code unit
    if (base.length !== 1 || !letter(base.charCodeAt(0))) continue;
    WIDE_LOWER[c] = lower.charCodeAt(0);
    WIDE_BASE[lower.charCodeAt(0)] = base.charCodeAt(0);
  }
}
/** The lower-cased word of isOrdinaryWide, reused (grown when a word is longer). */
let wideLower = new Uint16Array(64);

/**
 * True only when {@link randomReason} gives null for `s.slice(from, to)` (four code units or
 * more), worked out on code units with the tables above, without a string; false when it may not,
 * or when the word has a code unit that is not known (then the caller asks randomReason).
 * Follows randomReason step by step: isOrdinary on the lower-cased word, then the full test up
 * to the walk; a walk, or a vowel-less word that may be one, is left to randomReason.
 */
function isOrdinaryWide(s: string, from: number, to: number): boolean {
  const n = to - from;
  if (n > wideLower.length) wideLower = new Uint16Array(Math.max(n, wideLower.length * 2));
  const lower = wideLower;
  let cyrillic = true;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(from + i);
    if (c >= WIDE_END) return false;
    let l = WIDE_LOWER[c]!;
    if (l === 0) {
      // Σ lower-cases to σ at the start of a word, else it may be final ς.
      if (c === 0x3a3 && i === 0) l = 0x3c3;
      else return false;
    }
    lower[i] = l;
    if (l < 0x400 || l > 0x4ff) cyrillic = false;
  }
  // isOrdinary(lower).
  const a = lower[0]!;
  if (isPlainLetter(a)) {
    let i = 1;
    while (i < n && lower[i] === a) i++;
    if (i < n && isPlainLetter(lower[i]!) && WIDE_ADJACENT[WIDE_KEY[a]! * WIDE_KEYS + WIDE_KEY[lower[i]!]!] !== 1) {
      const vowel = a < 128 ? WIDE_ASCII_VOWEL : WIDE_VOWEL;
      for (let j = 0; j < n; j++) if ((WIDE_CLASS[lower[j]!]! & vowel) !== 0) return true;
    }
  }
  // The full test: base (marks stripped but for Cyrillic), collapsed to c, read in one pass.
  let accent = false;
  let latin = true;
  let cyr = true;
  let greek = true;
  let vowel = false;
  let syllabic = false;
  let walk = true;
  let length = 0;
  let last = -1;
  for (let i = 0; i < n; i++) {
    const l = lower[i]!;
    let b = l;
    if (!cyrillic) {
      b = WIDE_BASE[l]!;
      if (b === 0) return false;
      if (b !== l) accent = true;
    }
    if (b === last) continue;
    const k = WIDE_CLASS[b]!;
    if ((k & WIDE_LATIN) === 0) latin = false;
    if (b < 0x400 || b > 0x4ff) cyr = false;
    if (b < 0x370 || b > 0x3ff) greek = false;
    if ((k & WIDE_VOWEL) !== 0) vowel = true;
    if ((k & WIDE_SYLLABIC) !== 0) syllabic = true;
    if (last !== -1 && walk && WIDE_ADJACENT[WIDE_KEY[last]! * WIDE_KEYS + WIDE_KEY[b]!] !== 1) walk = false;
    last = b;
    length++;
  }
  if (length < 4) return true;
  if (!latin && !cyr && !greek) return true;
  if (walk && (!accent || cyr)) return false; // a walk, maybe: randomReason decides
  if (length < 5 || vowel) return true;
  return latin && syllabic;
}

/**
 * Non-letters that may stand in a token for {@link ordinaryCyrillic} and {@link ordinaryGreek}:
 * ASCII punctuation but digits,
 * letters, "@" and ":" (a typed token has no digit or "@", and "://" makes one untyped), and
 * « » … – — ‘ ’ “ ” „. None of them is a letter, mark or digit.
 */
const WORD_PUNCT = new Uint8Array(0x2020);
for (let c = 0x21; c < 0x7f; c++) {
  if (!((c >= 0x30 && c <= 0x3a) || c === 0x40 || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a))) WORD_PUNCT[c] = 1;
}
for (const ch of '«»…–—‘’“”„') WORD_PUNCT[ch.charCodeAt(0)] = 1;

/**
 * The basic Cyrillic letters (А–я, Ё, ё) as indices 1–34 of their lower case (а–я 1–32, ё 33), by
 * code unit from U+0400: `CYR_INDEX[c - 0x400]`, 0 for any other code unit of U+0400–U+045F.
 */
const CYR_INDEX = new Uint8Array(0x60);
for (let c = 0x410; c <= 0x44f; c++) CYR_INDEX[c - 0x400] = (c >= 0x430 ? c - 0x430 : c - 0x410) + 1;
CYR_INDEX[0x401 - 0x400] = CYR_INDEX[0x451 - 0x400] = 33;
/** Per lower-case index: 1 for one of VOWELS (WIDE_CLASS's vowel bit). */
const CYR_VOWEL = new Uint8Array(34);
/** `CYR_ADJACENT[a * 34 + b]`: 1 when the lower-case letters of indices a and b are a step of ADJACENT (WIDE_ADJACENT). */
const CYR_ADJACENT = new Uint8Array(34 * 34);
{
  const letter = (k: number): number => (k === 33 ? 0x451 : 0x430 + k - 1);
  for (let a = 1; a < 34; a++) {
    CYR_VOWEL[a] = (WIDE_CLASS[letter(a)]! & WIDE_VOWEL) !== 0 ? 1 : 0;
    for (let b = 1; b < 34; b++) CYR_ADJACENT[a * 34 + b] = WIDE_ADJACENT[WIDE_KEY[letter(a)]! * WIDE_KEYS + WIDE_KEY[letter(b)]!]!;
  }
}

/**
 * `CYR_DECIDED[a * 34 + b]`: 1 when a word whose first two letters have the indices a and b passes
 * isOrdinary's test whatever follows: two different letters, one of them a vowel, and no step of
 * ADJACENT from the first to the second.
 */
const CYR_DECIDED = new Uint8Array(34 * 34);
for (let a = 1; a < 34; a++) {
  for (let b = 1; b < 34; b++) {
    CYR_DECIDED[a * 34 + b] = a !== b && (CYR_VOWEL[a] === 1 || CYR_VOWEL[b] === 1) && CYR_ADJACENT[a * 34 + b] !== 1 ? 1 : 0;
  }
}

/**
 * True when the token `s[from, to)` is basic Cyrillic letters (А–я, Ё, ё) and separators only,
 * and isOrdinaryWide passes each of its words of four letters or more, worked out as the words
 * are read: isOrdinary's test on the lower case (its first step between two different letters is
 * no keyboard neighbour, and it has a vowel: then the rest of the word is only passed over), or
 * the full test's (repeated letters collapsed: fewer than four, or no walk along a row and fewer
 * than five or a vowel; a Cyrillic word keeps its marks). Then every word of it is null for
 * randomReason, and the token is passed over in one read instead of typedWordsAt's and
 * isOrdinaryWide's per word. False: the general path decides. Most tokens of Russian text.
 *
 * Separators, which end a word as typedWordsAt's words end: WORD_PUNCT, and any other code point
 * from U+0080 on that is no letter, digit (\p{Nd}) or mark, with a mark only outside a word
 * (emoji, U+FE0F after one, ZWJ, skin tones, №, °: typedWordsAt's words are /\p{L}[\p{L}\p{M}]*\/u,
 * and a token with a digit is not typed). A letter of another script, a digit, a mark inside a
 * word or a lone surrogate: false.
 */
export function ordinaryCyrillic(s: string, from: number, to: number): boolean {
  let i = from;
  while (i < to) {
    const c = s.charCodeAt(i);
    const first = c >= 0x400 && c < 0x460 ? CYR_INDEX[c - 0x400]! : 0;
    if (first === 0) {
      // A separator, or the general path.
      if (c < 0x2020 && WORD_PUNCT[c] === 1) {
        i++;
        continue;
      }
      if (c < 0x80) return false;
      let f: number;
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = i + 1 < to ? s.charCodeAt(i + 1) : 0;
        if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) return false;
        f = charFlags((c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000);
        i += 2;
      } else {
        f = charFlags(c);
        i++;
      }
      // Outside a word a mark is a separator too (typedWordsAt: a word starts with a letter).
      if ((f & (LETTER_FLAG | DIGIT)) !== 0) return false;
      continue;
    }
    // A word: its letters as lower-case indices.
    let last = first;
    let length = 1;
    let collapsed = 1;
    let step = 0;
    let vowel = CYR_VOWEL[first] === 1;
    let walk = true;
    let quick = false;
    for (i++; i < to; i++) {
      const d = s.charCodeAt(i);
      const l = d >= 0x400 && d < 0x460 ? CYR_INDEX[d - 0x400]! : 0;
      if (l === 0) break;
      length++;
      if (l !== last) {
        if (step === 0) step = l;
        if (walk && CYR_ADJACENT[last * 34 + l] !== 1) walk = false;
        collapsed++;
        last = l;
      }
      if (CYR_VOWEL[l] === 1) vowel = true;
      if (vowel && step !== 0 && CYR_ADJACENT[first * 34 + step] !== 1) {
        // isOrdinary's test passes whatever follows: the rest of the word is only passed over.
        quick = true;
        for (i++; i < to; i++) {
          const e = s.charCodeAt(i);
          if (!(e >= 0x400 && e < 0x460 && CYR_INDEX[e - 0x400] !== 0)) break;
          length++;
        }
        break;
      }
    }
    if (i < to) {
      // A mark right after a letter belongs to the word (typedWordsAt): the general path.
      const d = s.charCodeAt(i);
      if (d >= 0x300 && !(d < 0x2020 && WORD_PUNCT[d] === 1)) {
        if (d >= 0xd800 && d <= 0xdbff && i + 1 < to) {
          const e = s.charCodeAt(i + 1);
          if (e >= 0xdc00 && e <= 0xdfff && (charFlags((d - 0xd800) * 0x400 + (e - 0xdc00) + 0x10000) & MARK) !== 0) return false;
        } else if ((charFlags(d) & MARK) !== 0) return false;
      }
    }
    if (length >= 4 && !quick && !(collapsed < 4 || (!walk && (collapsed < 5 || vowel)))) return false;
  }
  return true;
}

/**
 * {@link ordinaryCyrillic} for a token of four basic Cyrillic letters or more and nothing else
 * (TextInput.cyrillicWordTokens): one word, judged as ordinaryCyrillic judges it, and once
 * isOrdinary's test holds the rest of it is not read at all (the word ends where the token does).
 */
export function ordinaryCyrillicWord(s: string, from: number, to: number): boolean {
  const first = CYR_INDEX[s.charCodeAt(from) - 0x400]!;
  // Most words are decided by their first two letters (a consonant and a vowel, no step along a row).
  if (from + 1 < to && CYR_DECIDED[first * 34 + CYR_INDEX[s.charCodeAt(from + 1) - 0x400]!] === 1) return true;
  let last = first;
  let collapsed = 1;
  let step = 0;
  let vowel = CYR_VOWEL[first] === 1;
  let walk = true;
  for (let i = from + 1; i < to; i++) {
    const l = CYR_INDEX[s.charCodeAt(i) - 0x400]!;
    if (l !== last) {
      if (step === 0) step = l;
      if (walk && CYR_ADJACENT[last * 34 + l] !== 1) walk = false;
      collapsed++;
      last = l;
    }
    if (CYR_VOWEL[l] === 1) vowel = true;
    if (vowel && step !== 0 && CYR_ADJACENT[first * 34 + step] !== 1) return true;
  }
  return collapsed < 4 || (!walk && (collapsed < 5 || vowel));
}

/**
 * {@link ordinaryCyrillic} for a token of Greek letters (U+0370–U+03FF that WIDE_LOWER knows, Σ
 * first in a word) and WORD_PUNCT only, read from one small table: per code unit, its lower
 * case's base letter (marks stripped; 0 for any other code unit) with a bit for "had an accent"
 * and one for "a vowel". A Greek word never passes isOrdinary's test (its first letter is no
 * plain one), so only the full test is worked out. False: the general path decides. Most
 * tokens of Greek text.
 */
const GREEK_BASE = new Uint16Array(0x90);
const GREEK_ACCENT = 1 << 12;
const GREEK_VOWEL = 1 << 13;
for (let c = 0x370; c < 0x400; c++) {
  const l = c === 0x3a3 ? 0 : WIDE_LOWER[c]!;
  if (l === 0) continue;
  const b = WIDE_BASE[l]!;
  // Only letters whose base is a Greek letter of the table's range (all of them, as it happens).
  if (b < 0x370 || b >= 0x400) continue;
  GREEK_BASE[c - 0x370] = (b - 0x370) | (b !== l ? GREEK_ACCENT : 0) | ((WIDE_CLASS[b]! & WIDE_VOWEL) !== 0 ? GREEK_VOWEL : 0);
}
/** σ, what Σ is at the start of a word (lower case, base, no accent, no vowel). */
const GREEK_SIGMA = 0x3c3 - 0x370;

function ordinaryGreek(s: string, from: number, to: number): boolean {
  let length = 0;
  let last = -1;
  let collapsed = 0;
  let walk = true;
  let accent = false;
  let vowel = false;
  for (let i = from; i <= to; i++) {
    const c = i < to ? s.charCodeAt(i) : 0x20;
    let g = c >= 0x370 && c < 0x400 ? GREEK_BASE[c - 0x370]! : 0;
    if (g === 0 && c === 0x3a3) {
      // Σ lower-cases to σ at the start of a word, else it may be final ς.
      if (length !== 0) return false;
      g = GREEK_SIGMA;
    }
    if (g !== 0) {
      const b = (g & 0xfff) + 0x370;
      if ((g & GREEK_ACCENT) !== 0) accent = true;
      if (b !== last) {
        if (last !== -1 && walk && WIDE_ADJACENT[WIDE_KEY[last]! * WIDE_KEYS + WIDE_KEY[b]!] !== 1) walk = false;
        if ((g & GREEK_VOWEL) !== 0) vowel = true;
        collapsed++;
        last = b;
      }
      length++;
      continue;
    }
    if (i < to && (c >= 0x2020 || WORD_PUNCT[c] !== 1)) return false;
    // The full test of isOrdinaryWide for a Greek word: fewer than four letters once repeated
    // ones are collapsed, or no walk (or an accent) and fewer than five letters or a vowel.
    if (length >= 4 && !(collapsed < 4 || (!(walk && !accent) && (collapsed < 5 || vowel)))) return false;
    length = 0;
    last = -1;
    collapsed = 0;
    walk = true;
    accent = vowel = false;
  }
  return true;
}

/**
 * For {@link ordinaryLatin}, per code unit below U+0250 that WIDE_LOWER knows (0 for any other):
 * its lower case's base letter (bits 0–15) and bits for what the tests ask of it.
 */
const LATIN_INFO = new Uint32Array(0x250);
const LATIN_ACCENT = 1 << 16; // the base is not the lower case (a mark was stripped)
const LATIN_PLAIN = 1 << 17; // the lower case is a–z
const LATIN_ASCII_VOWEL = 1 << 18; // the lower case is one of ASCII_VOWEL
const LATIN_VOWEL = 1 << 19; // the base is one of VOWELS
const LATIN_SCRIPT = 1 << 20; // the base is one of LATIN's letters
for (let c = 0; c < 0x250; c++) {
  const l = WIDE_LOWER[c]!;
  if (l === 0 || l >= 0x250) continue;
  const b = WIDE_BASE[l]!;
  if (b === 0) continue;
  LATIN_INFO[c] = b | (b !== l ? LATIN_ACCENT : 0) | (l >= 97 && l <= 122 ? LATIN_PLAIN : 0) |
    ((WIDE_CLASS[l]! & WIDE_ASCII_VOWEL) !== 0 ? LATIN_ASCII_VOWEL : 0) | ((WIDE_CLASS[b]! & WIDE_VOWEL) !== 0 ? LATIN_VOWEL : 0) |
    ((WIDE_CLASS[b]! & WIDE_LATIN) !== 0 ? LATIN_SCRIPT : 0);
}

/**
 * {@link ordinaryCyrillic} for a token of Latin letters below U+0250 (accented ones among them:
 * the tokens that are not plain ASCII) and WORD_PUNCT only, read from LATIN_INFO: isOrdinary's
 * test on the lower case, else the full test on the base letters (a word that only its r or l
 * would pass is left to the general path). False: the general path decides.
 */
function ordinaryLatin(s: string, from: number, to: number): boolean {
  let length = 0;
  let first = 0;
  let step = 0;
  let stepPlain = false;
  let asciiVowel = false;
  let last = -1;
  let collapsed = 0;
  let walk = true;
  let accent = false;
  let latin = true;
  let vowel = false;
  for (let i = from; i <= to; i++) {
    const c = i < to ? s.charCodeAt(i) : 0x20;
    const info = c < 0x250 ? LATIN_INFO[c]! : 0;
    if (info !== 0) {
      const l = WIDE_LOWER[c]!;
      const b = info & 0xffff;
      if (length === 0) first = l;
      else if (step === 0 && l !== first) {
        step = l;
        stepPlain = (info & LATIN_PLAIN) !== 0;
      }
      if ((info & LATIN_ASCII_VOWEL) !== 0) asciiVowel = true;
      if ((info & LATIN_ACCENT) !== 0) accent = true;
      if (b !== last) {
        if (last !== -1 && walk && WIDE_ADJACENT[WIDE_KEY[last]! * WIDE_KEYS + WIDE_KEY[b]!] !== 1) walk = false;
        if ((info & LATIN_VOWEL) !== 0) vowel = true;
        if ((info & LATIN_SCRIPT) === 0) latin = false;
        collapsed++;
        last = b;
      }
      length++;
      continue;
    }
    if (i < to && (c >= 0x2020 || WORD_PUNCT[c] !== 1)) return false;
    if (length >= 4) {
      const quick = first >= 97 && first <= 122 && step !== 0 && stepPlain && asciiVowel &&
        WIDE_ADJACENT[WIDE_KEY[first]! * WIDE_KEYS + WIDE_KEY[step]!] !== 1;
      if (!quick && !(collapsed < 4 || !latin || (!(walk && !accent) && (collapsed < 5 || vowel)))) return false;
    }
    length = 0;
    step = 0;
    last = -1;
    collapsed = 0;
    walk = latin = true;
    stepPlain = asciiVowel = accent = vowel = false;
  }
  return true;
}

/**
 * True when the token `s[from, to)` (not plain ASCII) is words of one script that are all plainly
 * ordinary, by the reader of the script of its first code unit: {@link ordinaryCyrillic},
 * {@link ordinaryLatin} (Latin below U+0250) or {@link ordinaryGreek}. False: the general path decides.
 */
function plainlyOrdinary(s: string, from: number, to: number): boolean {
  const head = s.charCodeAt(from);
  if ((head >= 0x410 && head <= 0x44f) || head === 0x401 || head === 0x451) return ordinaryCyrillic(s, from, to);
  if ((head < 0x2020 && WORD_PUNCT[head] === 1) || (head >= 0xd800 && head <= 0xdbff)) {
    // Punctuation or an emoji first («слово», 😍Привет): Cyrillic when the first code unit that
    // is neither (nor a low surrogate) is a basic Cyrillic letter.
    let j = from + 1;
    while (j < to) {
      const c = s.charCodeAt(j);
      if (!((c < 0x2020 && WORD_PUNCT[c] === 1) || (c >= 0xd800 && c <= 0xdfff))) break;
      j++;
    }
    const c = j < to ? s.charCodeAt(j) : 0;
    if ((c >= 0x410 && c <= 0x44f) || c === 0x401 || c === 0x451) return ordinaryCyrillic(s, from, to);
  }
  if (head < 0x250) return ordinaryLatin(s, from, to);
  return head >= 0x370 && head < 0x400 && ordinaryGreek(s, from, to);
}

/** The longest vowel-less word in capitals (repeated letters collapsed) taken for an acronym. */
const MAX_ACRONYM = 6;

/** Why a word looks like random key-strokes, or null when it looks like a word. */
export function randomReason(word: string): 'keyboard-walk' | 'no-vowel' | null {
  if (word.length < 4 || LAYOUT_NAMES.has(word)) return null;
  // Only Latin, Cyrillic and Greek words are judged (see `script` below): a word whose first
  // letter, lower-cased, is of none of them is passed over before the whole word is lower-cased,
  // stripped of marks and collapsed (100 KB of U+FDFA is 1.8 million Arabic letters after NFKC).
  const f0 = word[0]!.toLowerCase().charCodeAt(0);
  if (f0 >= 0x500 && !(f0 >= 0x1e00 && f0 < 0x2000)) return null;
  const lower = word.toLowerCase();
  if (isOrdinary(lower)) return null;
  // Marks go for Latin and Greek (č → c, ά → α), not for Cyrillic, where й is a letter of its own
  // (the first key of the ЙЦУКЕН row), not и with a mark.
  const base = CYRILLIC.test(lower) ? lower : stripMarks(lower);
  const c = collapse(base);
  if (c.length < 4 || RANDOM_CHARS_ALLOWED.has(base) || RANDOM_CHARS_ALLOWED.has(c)) return null;
  const script = LATIN.test(c) ? 'latin' : CYRILLIC.test(c) ? 'cyrillic' : GREEK.test(c) ? 'greek' : null;
  if (script === null) return null;
  // A word with accented letters (Hungarian "azért", Greek "οποίο") was typed letter by letter,
  // with a dead key or a key of its own for the accent: not a slide along a row.
  let walk = base === lower || script === 'cyrillic';
  for (let i = 1; i < c.length && walk; i++) walk = ADJACENT.has(c[i - 1]! + c[i]!);
  if (walk && (c.length >= 5 || ROW_STARTS.has(c))) return 'keyboard-walk';
  if (c.length < 5 || VOWELS.test(c)) return null;
  if (script === 'latin' && SYLLABIC.test(c)) return null;
  // A short vowel-less word in capitals is an acronym (SZDSZ, CSMVSP, РСФСР), as for
  // text.CAPITALIZATION.
  if (c.length <= MAX_ACRONYM && word === word.toUpperCase()) return null;
  return 'no-vowel';
}

/** Adds a match for `word` (at `index` of `field`) when {@link randomReason} has a reason, judging each distinct word once. */
function judge(word: string, field: string, index: number, seen: Map<string, ReturnType<typeof randomReason>>, matches: Match[]): void {
  let reason = seen.get(word);
  if (reason === undefined) seen.set(word, (reason = randomReason(word)));
  if (reason) matches.push({ field, value: word, index, reason });
}

export default defineRule({
  id: 'text.RANDOM_CHARS',
  significance: 'medium',
  formula: { per: 1 },
  description:
    'Words that look like random key-strokes: walks along a keyboard row (qwerty, asdfg, фыва) or five or more letters with no vowel (mbmnm, dsdsdsd), in Latin, Cyrillic and Greek script.',
  skipReasons: [],
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches: Match[] = [];
    // Texts repeat words; randomReason is pure, so each distinct word is judged once per call.
    const seen = new Map<string, ReturnType<typeof randomReason>>();
    // Token spans (segment, start, end): most tokens are judged in place, without a string.
    // (No closures over the loop's variables: the loop reads the token's text from a local.)
    const spans = text.tokenSpans;
    const segments = text.segments;
    // The tokens of basic Cyrillic letters only, in order: each is one word, judged from its
    // first letters (the general path below when that word is not plainly ordinary).
    const cyrillicWords = text.cyrillicWordTokens;
    let nextCyrillic = 0;
    let cyrillicEntry = cyrillicWords.length > 0 ? cyrillicWords[0]! : -2;
    for (let t = 0; t < spans.length; t += 3) {
      const from = spans[t + 1]!;
      const to = spans[t + 2]!;
      if (to - from < 4) continue; // no word of four letters fits
      const segment = segments[spans[t]!]!;
      const s = segment.text;
      if (t === cyrillicEntry >> 1) {
        // The word ends at the token's end, or one code unit before it (punctuation).
        const end = to - (cyrillicEntry & 1);
        cyrillicEntry = ++nextCyrillic < cyrillicWords.length ? cyrillicWords[nextCyrillic]! : -2;
        if (ordinaryCyrillicWord(s, from, end)) continue;
      }
      // Fast path, same result: a token of printable ASCII without digits, "@", "://" or a
      // leading "www." is typed; its words are the runs of A–Z/a–z, and the
      // ordinary ones (isOrdinary) are passed over without building strings. One pass: the
      // words that are not ordinary are noted, and judged once the whole token has passed.
      const plain = plainAsciiWords(s, from, to);
      if (plain === PLAIN_SKIP) continue;
      if (plain !== NOT_PLAIN) {
        for (let w = 0; w < plain; w += 2) {
          const start = wordBounds[w]!;
          judge(s.slice(start, wordBounds[w + 1]!), segment.field, start, seen, matches);
        }
        continue;
      }
      // Only Latin, Cyrillic and Greek words are judged (randomReason): a token without a letter
      // of those scripts (Arabic, Devanagari, Han…) is passed over without a string.
      if (!hasJudgedLetter(s, from, to)) continue;
      // A token of Cyrillic, Greek or accented Latin words that are all plainly ordinary is read once.
      if (plainlyOrdinary(s, from, to)) continue;
      // Addresses, URLs, codes and anything with digits are not typed words. The words of the
      // token: the ones isOrdinaryWide passes are null for randomReason and are passed over
      // without a string.
      const n = typedWordsAt(s, from, to);
      if (n < 0) continue;
      for (let w = 0; w < n; w += 2) {
        const start = wordBounds[w]!;
        const end = wordBounds[w + 1]!;
        if (end - start >= 4 && !isOrdinaryWide(s, start, end)) judge(s.slice(start, end), segment.field, start, seen, matches);
      }
    }
    return matchesOutcome(matches);
  },
});
