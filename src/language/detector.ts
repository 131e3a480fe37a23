/**
 * formspam's default language detector: a fast n-gram scorer over eld's "small" model (60
 * languages, all 19 classifier languages; scores unchanged, see scripts/build-language-model.mjs),
 * with franc (186 languages) as the fallback when the n-gram scorer cannot tell or does not know
 * the script. Detection reads a bounded sample of the text (about 350 UTF-8 bytes of words from
 * at most the first 4,000 characters), so its cost does not grow with the size of the text.
 *
 * The model is loaded lazily on the first detection (about 60 ms, ~30 MB), once per process.
 */
import { FormspamError } from '../core/errors.js';
import { charFlags, LETTER } from '../text/chars.js';
import { CodeUnits } from '../text/units.js';
import type { LanguageDetector, LanguageGuess, ProviderCallOptions } from '../providers/types.js';
import { callAborted } from '../providers/call.js';
import { francAllFast, loadFrancData } from './franc-fast.js';
import { areRelated, toIso6391 } from './iso.js';
import { astralScript, buildScripts, CUE_COUNT, CUES, detectByCues, detectByScript, detectByWords, dominantScript, refineMalay, SCRIPT_COUNT } from './scripts.js';

/** Characters of the text scanned for the sample, at most. */
export const SCAN_LIMIT = 4000;
/** Characters of the text franc reads, at most. */
const FRANC_LIMIT = 400;
/** The sample ends at the first word boundary after this many UTF-8 bytes of words (as eld). */
const CUT_AFTER = 350;
const FORCE_CUT = 380;
/** Fewer distinct n-grams than this: too short to tell (the guesses are given, marked unreliable). */
export const MIN_NGRAMS = 5;
/** A runner-up scoring within this fraction of the best is a tie: the text is ambiguous between them. */
const TIE = 0.06;
/** Runners-up within this fraction of the best are listed as alternatives. */
const ALTERNATIVE = 0.15;
/** A best normalised score under this fraction of the language's average is not a language. */
const GIBBERISH = 0.6;
/** The best normalised score must reach this fraction of the language's average to be reliable (as eld's isReliable). */
const STRONG = 0.75;
/** Related runners-up (cs/sk, no/da/sv, bg/ru…) within this fraction of the best are listed too. */
const RELATED_ALTERNATIVE = 0.3;

interface Model {
  languages: readonly string[];
  average: Float64Array;
  base: number;
  /**
   * n-gram → its languages and scores, one open-addressing hash table per script class of the
   * n-gram ({@link ngramClass}): a text in one script reads the table of its class only, a
   * fraction of the whole (English: half of it; Russian, Greek: a few KiB), which stays in the
   * CPU caches from one text to the next. A table has 2^bits slots, two int32 each (8 bytes: a
   * probe reads one cache line): `table[2h]` the n-gram's key and `table[2h + 1]` its meta,
   * both 0 when the slot is empty. The key and the tag (meta & 3) are the n-gram's characters in
   * 32 bits (see {@link packNgram}); the meta's bits 2–8 are the number of its languages, bits
   * 9– either (one language) the entry itself or the offset of its entries in `entries`: per
   * n-gram with more than one language, its languages and scores, language << 8 | score. No
   * string is built or hashed per look-up.
   */
  classes: { table: Int32Array; bits: number; entries: Uint16Array }[];
  totals: Float64Array;
  /** Per language, the alphabetical rank of its code; per rank, the language; scratch of the sort. */
  rank: Uint8Array;
  byRank: Uint8Array;
  order: Float64Array;
}

/** Letters (1) and combining marks (2) of the BMP; lower-case of each BMP code unit. */
let charClass: Uint8Array | undefined;
let lower: Uint16Array | undefined;
/**
 * The character code of each byte in eld's byte-strings: the byte itself below 0x80, a
 * character of HIGH_BYTES above. Every one is in 1–255, so an n-gram of up to six such
 * characters is a base-256 number below 2^48: exact in a double, and distinct n-grams (as
 * strings) give distinct numbers.
 */
let byteChar: Uint8Array | undefined;
/**
 * The script class of each character of eld's byte-strings (see {@link ngramClass}): the class
 * of the UTF-8 lead byte it stands for (Latin-1 to IPA 1, Greek and Coptic 2, Cyrillic 3, other
 * two-byte scripts 4, three- and four-byte characters 5); 0 for ASCII, continuation bytes and
 * the space.
 */
let charScriptClass: Uint8Array | undefined;
/** Number of script classes of {@link charScriptClass}. */
const CLASSES = 6;

/** The writing system of each BMP letter (see {@link Script}); built with the other tables. */
let scriptOf: Uint8Array | undefined;

let model: Model | undefined;
let loading: Promise<Model> | undefined;

function buildTables(highBytes: string): void {
  const cls = new Uint8Array(0x10000);
  const low = new Uint16Array(0x10000);
  const letter = /\p{L}/u;
  const mark = /\p{M}/u;
  for (let c = 0; c < 0x10000; c++) {
    low[c] = c;
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const s = String.fromCharCode(c);
    if (letter.test(s)) {
      cls[c] = 1;
      const l = s.toLowerCase();
      if (l.length === 1) low[c] = l.charCodeAt(0);
    } else if (mark.test(s)) cls[c] = 2;
  }
  cls[0x27] = 3; // apostrophes: kept inside a word, as eld does
  cls[0x2019] = 3;
  const dict: string[] = [];
  for (let b = 0; b < 0x80; b++) dict.push(String.fromCharCode(b));
  dict[0x27] = "'";
  for (let b = 0; b < 0x80; b++) dict.push(highBytes[b] ?? ' ');
  const chars = new Uint8Array(0x100);
  for (let b = 1; b < 0x100; b++) {
    const code = dict[b]!.charCodeAt(0);
    if (dict[b]!.length !== 1 || code === 0 || code > 0xff) throw new Error(`language model: byte ${b} is not one Latin-1 character`);
    chars[b] = code;
  }
  // The character of a lead byte gets the byte's class, unless another byte of 0x80–0xFF has
  // the same character (unused bytes share the space) or it is a character of ASCII words (a–z
  // and the apostrophe: the bytes below 0x80 that words have are themselves). Whatever the
  // classes, an n-gram's class is a function of its characters, the same for the model's
  // n-grams and the sample's: they only decide which table an n-gram is in.
  const classOf = (b: number): number => (b < 0xc2 ? 0 : b < 0xce ? 1 : b < 0xd0 ? 2 : b < 0xd5 ? 3 : b < 0xe0 ? 4 : 5);
  const scriptClass = new Uint8Array(0x100);
  const uses = new Uint8Array(0x100);
  for (let b = 0x80; b < 0x100; b++) uses[chars[b]!]!++;
  for (let b = 0xc2; b < 0x100; b++) {
    const ch = chars[b]!;
    if (uses[ch] === 1 && ch !== 0x20 && ch !== 0x27 && !(ch >= 0x61 && ch <= 0x7a)) scriptClass[ch] = classOf(b);
  }
  charClass = cls;
  lower = low;
  byteChar = chars;
  charScriptClass = scriptClass;
  scriptOf = buildScripts(cls);
}

/**
 * Slot of the n-gram of packed key `key` and tag `tag` in a table of 2^bits slots
 * (`shift` = 32 - bits).
 */
function slotOf(key: number, tag: number, shift: number): number {
  let h = Math.imul(key ^ Math.imul(tag, 0x27d4eb2d), 0x9e3779b1);
  h ^= h >>> 15;
  return Math.imul(h, 0x85ebca6b) >>> shift;
}

/**
 * An n-gram string packed into 32 bits and a tag, or undefined when no sample can give it. The
 * n-grams of a sample (see scoreSample) are one to four characters of a word (codes 1–255),
 * with " " before (the word's first) and " " after (its last): at most six characters, and a
 * fifth or sixth only with a space before or after. So: up to four characters, as a base-256
 * number, tag 0; five with a space first, the other four, tag 1; five with a space last, the
 * first four, tag 2; six with a space first and last, the four between, tag 3. Distinct strings
 * give distinct (key, tag) pairs, and a key is never 0.
 */
function packNgram(s: string): { key: number; tag: number } | undefined {
  const n = s.length;
  for (let i = 0; i < n; i++) if (s.charCodeAt(i) < 1 || s.charCodeAt(i) > 0xff) return undefined;
  let from = 0;
  let tag = 0;
  if (n === 0 || n > 6) return undefined;
  if (n === 5) {
    if (s.charCodeAt(0) === 0x20) (tag = 1), (from = 1);
    else if (s.charCodeAt(4) === 0x20) tag = 2;
    else return undefined;
  } else if (n === 6) {
    if (s.charCodeAt(0) !== 0x20 || s.charCodeAt(5) !== 0x20) return undefined;
    (tag = 3), (from = 1);
  }
  let key = 0;
  for (let i = from; i < from + Math.min(n, 4); i++) key = (key << 8) | s.charCodeAt(i);
  return { key, tag };
}

/**
 * The script class of an n-gram: that of its first character with a class (see
 * {@link charScriptClass}), else 0. The model's n-grams are split into one table per class by
 * it, and a sample's n-gram is looked up in its class's table: same n-gram, same class.
 */
function ngramClass(s: string): number {
  const cls = charScriptClass!;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x100 && cls[c] !== 0) return cls[c]!;
  }
  return 0;
}

function parseModel(data: { MODEL: string; AVERAGE_SCORES: readonly number[]; BASE_SCORE: number }): Model {
  const text = data.MODEL;
  const firstBreak = text.indexOf('\n');
  const languages = text.slice(0, firstBreak).split(',');
  if (languages.length > 128) throw new Error('language model: more than 128 languages');
  // The n-grams a sample can give (see packNgram; the others could never match), with their
  // class, and where their languages are in `text`.
  const keys: number[] = [];
  const tags: number[] = [];
  const classOfLine: number[] = [];
  const pairsAt: number[] = [];
  const pairsEnd: number[] = [];
  const perClass = new Array<number>(CLASSES).fill(0);
  let pos = firstBreak + 1;
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end === -1) end = text.length;
    const tab = text.indexOf('\t', pos);
    const ngram = text.slice(pos, tab);
    const packed = packNgram(ngram);
    if ((end - tab - 1) >> 1 > 127) throw new Error('language model: an n-gram with more than 127 languages');
    if (packed !== undefined) {
      const c = ngramClass(ngram);
      keys.push(packed.key);
      tags.push(packed.tag);
      classOfLine.push(c);
      pairsAt.push(tab + 1);
      pairsEnd.push(end);
      perClass[c]!++;
    }
    pos = end + 1;
  }
  // Per class, a table at most three quarters full: short probe runs, mostly within one cache
  // line (class 0, ASCII, 47,178 n-grams: 2^16 slots, 512 KiB).
  const classes = perClass.map((count) => {
    let bits = 4;
    while (1 << bits < (4 / 3) * count) bits++;
    return { table: new Int32Array(2 << bits), bits, entries: [] as number[] };
  });
  for (let x = 0; x < keys.length; x++) {
    const { table, bits, entries } = classes[classOfLine[x]!]!;
    const key = keys[x]!;
    const tag = tags[x]!;
    const n = (pairsEnd[x]! - pairsAt[x]!) >> 1;
    let payload = entries.length;
    for (let i = pairsAt[x]!; i + 1 < pairsEnd[x]!; i += 2) {
      const language = text.charCodeAt(i) - 48;
      const score = text.charCodeAt(i + 1) - 48;
      if (language < 0 || language >= languages.length || score < 0 || score > 0xff) throw new Error('language model: a language or score out of range');
      if (n === 1) payload = (language << 8) | score;
      else entries.push((language << 8) | score);
    }
    if (payload >= 1 << 23) throw new Error('language model: too many entries');
    const mask = (1 << bits) - 1;
    let h = slotOf(key, tag, 32 - bits);
    while (table[2 * h] !== 0 && (table[2 * h] !== key || (table[2 * h + 1]! & 3) !== tag)) h = (h + 1) & mask;
    // A repeated key keeps its last line, as Map.set did.
    table[2 * h] = key;
    table[2 * h + 1] = tag | (n << 2) | (payload << 9);
  }
  return {
    languages,
    average: Float64Array.from(data.AVERAGE_SCORES),
    base: data.BASE_SCORE,
    classes: classes.map(({ table, bits, entries }) => ({ table, bits, entries: Uint16Array.from(entries) })),
    totals: new Float64Array(languages.length),
    ...ranks(languages),
  };
}

function ranks(languages: readonly string[]): { rank: Uint8Array; byRank: Uint8Array; order: Float64Array } {
  if (languages.length > 128) throw new Error('language model: more than 128 languages');
  const byRank = Uint8Array.from(languages.map((_, l) => l).sort((a, b) => (languages[a]! < languages[b]! ? -1 : languages[a]! > languages[b]! ? 1 : 0)));
  const rank = new Uint8Array(languages.length);
  byRank.forEach((l, r) => (rank[l] = r));
  return { rank, byRank, order: new Float64Array(languages.length) };
}

/** Loads the n-gram model (once per process; later calls return the same promise). */
export function loadLanguageModel(): Promise<void> {
  loading ??= import('../data/language-ngrams.js').then((data) => {
    if (!charClass) buildTables(data.HIGH_BYTES);
    model = parseModel(data);
    return model;
  });
  return loading.then(() => undefined);
}

/** True for white space and other chunk separators. */
function isBreak(c: number): boolean {
  return c <= 0x20 || c === 0xa0 || c === 0x2028 || c === 0x2029 || c === 0x3000;
}

/**
 * True when text[start, end) starts with "www." (any case). With "@" or "://" in it (found by
 * {@link sample} as it looks for the chunk's end), it is a URL or an email address: left out.
 */
function isWww(text: string, start: number, end: number): boolean {
  // Compared by code (only W and w lower-case to w): no string per word.
  return end - start >= 4 && (text.charCodeAt(start) | 0x20) === 0x77 && (text.charCodeAt(start + 1) | 0x20) === 0x77 && (text.charCodeAt(start + 2) | 0x20) === 0x77 && text.charCodeAt(start + 3) === 0x2e;
}


/**
 * Scratch of {@link sample}: the sample's characters, at most 4 per character of the scanned
 * text (astral letters are not cut at FORCE_CUT), and the end of each word.
 */
const WORD_CODES = new Uint8Array(4 * SCAN_LIMIT + 16);
const WORD_ENDS = new Int32Array(SCAN_LIMIT + 1);
/** Scratch of {@link sample}: letters of the sample per script (see scripts.ts). */
const SCRIPT_LETTERS = new Int32Array(SCRIPT_COUNT);
/** Scratch of {@link sample}: cue letters of the sample (letters of alphabets outside the model, see scripts.ts). */
const CUE_LETTERS = new Int32Array(CUE_COUNT);
/**
 * Scratch of scoreSample: a set of the sample's n-grams (key, tag + 1 per slot) and the distinct
 * ones in order (keys, tags; then the metas of the known ones). Grown for a longer sample.
 */
let SEEN = new Int32Array(2048);
let DISTINCT_KEYS = new Int32Array(512);
let DISTINCT_TAGS = new Uint8Array(512);
let FOUND = new Int32Array(512);
let FOUND_CLASS = new Uint8Array(512);

/**
 * Per basic Cyrillic code unit (U+0410–U+044F, by `c - 0x410`): the two byte characters {@link
 * sample}'s general path writes for it (first << 8 | second), when that path reads it as a letter
 * of the script of "а" without a cue and lower-cases it to a letter of U+0400–U+07FF (two bytes);
 * 0 when not (the general path then reads it). Made from the tables once they are built.
 */
let CYRILLIC_BYTES: Uint16Array | undefined;
function cyrillicBytes(): Uint16Array {
  const out = new Uint16Array(0x40);
  const bc = byteChar!;
  for (let c = 0x410; c <= 0x44f; c++) {
    const l = lower![c]!;
    if (charClass![c] !== 1 || scriptOf![c] !== scriptOf![0x430] || CUES[c] !== 0 || l < 0x80 || l >= 0x800) continue;
    out[c - 0x410] = (bc[0xc0 | (l >> 6)]! << 8) | bc[0x80 | (l & 0x3f)]!;
  }
  return out;
}

/**
 * `f()` with every basic Cyrillic letter read by {@link sample}'s general path (for tests, which
 * compare the two).
 */
export function withoutCyrillicFastPath<T>(f: () => T): T {
  const kept = CYRILLIC_BYTES;
  CYRILLIC_BYTES = new Uint16Array(0x40);
  try {
    return f();
  } finally {
    CYRILLIC_BYTES = kept;
  }
}

/** The code units {@link sample} reads. */
const SAMPLE_UNITS = new CodeUnits();

/**
 * The bounded sample: eld's byte-string words (lower case, letters and inner apostrophes,
 * URLs and email addresses left out) from at most {@link SCAN_LIMIT} characters, up to about
 * 350 bytes; and the number of letters taken.
 */
function sample(text: string): { count: number; letters: number; alphabetic: boolean } {
  const cls = charClass!;
  const low = lower!;
  const bc = byteChar!;
  const scripts = scriptOf!;
  const latinScript = scripts[0x61]!;
  const cyrScript = scripts[0x430]!;
  const cyrFast = (CYRILLIC_BYTES ??= cyrillicBytes());
  const perScript = SCRIPT_LETTERS.fill(0);
  const cueOf = CUES;
  const cues = CUE_LETTERS.fill(0);
  // The words' characters (eld's byte-string, one code per byte) in WORD_CODES, word i ending
  // at WORD_ENDS[i]: no string per word.
  const codes = WORD_CODES;
  const ends = WORD_ENDS;
  const limit = Math.min(text.length, SCAN_LIMIT);
  // The code units up to the limit, read from a typed array (see CodeUnits).
  const u = SAMPLE_UNITS.of(text, limit);
  let w = 0;
  let wordStart = 0;
  let count = 0;
  let bytes = 0;
  let letters = 0;
  let other = false;
  // Letters per script are counted in a register while the script stays the same, and added
  // to perScript when it changes: an increment of the same array element for every letter
  // waits on the one before it (a store and a load of one address).
  let runScript = 0;
  let run = 0;
  let i = 0;
  while (i < limit && bytes <= FORCE_CUT) {
    while (i < limit && isBreak(u[i]!)) i++;
    // The chunk's end, and whether it has "@" or "://" (see isAddress), in one pass.
    let end = i;
    let address = false;
    for (; end < limit; end++) {
      const c = u[end]!;
      if (isBreak(c)) break;
      if (c === 0x40 || (c === 0x3a && text.charCodeAt(end + 1) === 0x2f && text.charCodeAt(end + 2) === 0x2f)) address = true;
    }
    if (end > i && !address && !isWww(text, i, end)) {
      for (let j = i; j < end; j++) {
        let c = u[j]!;
        if (((c | 0x20) - 0x61) >>> 0 < 26) {
          // An ASCII letter (most of Latin-script text): what the general path below does for
          // it (a letter of the script of "a", its lower case one byte, no cue), without the
          // table reads.
          letters++;
          if (runScript === latinScript) run++;
          else {
            perScript[runScript]! += run;
            runScript = latinScript;
            run = 1;
          }
          codes[w++] = c | 0x20;
          if (++bytes > FORCE_CUT) break;
          continue;
        }
        if (c >= 0x410 && c <= 0x44f && cyrFast[c - 0x410] !== 0) {
          // A basic Cyrillic letter (most of Russian text): what the general path below does
          // for it (a letter of the script of "а", no cue, its lower case two bytes), with the
          // bytes read from a small table (see cyrillicBytes).
          letters++;
          if (runScript === cyrScript) run++;
          else {
            perScript[runScript]! += run;
            runScript = cyrScript;
            run = 1;
          }
          const b = cyrFast[c - 0x410]!;
          codes[w++] = b >>> 8;
          codes[w++] = b & 0xff;
          bytes += 2;
          if (bytes > FORCE_CUT) break;
          continue;
        }
        if (c >= 0xd800 && c <= 0xdbff && j + 1 < end) {
          const cp = 0x10000 + (((c & 0x3ff) << 10) | (u[j + 1]! & 0x3ff));
          j++;
          if ((charFlags(cp) & LETTER) === 0) {
            if (w > wordStart) {
              ends[count++] = wordStart = w;
              bytes++;
            }
            continue;
          }
          codes[w++] = bc[0xf0 | (cp >> 18)]!;
          codes[w++] = bc[0x80 | ((cp >> 12) & 0x3f)]!;
          codes[w++] = bc[0x80 | ((cp >> 6) & 0x3f)]!;
          codes[w++] = bc[0x80 | (cp & 0x3f)]!;
          bytes += 4;
          letters++;
          perScript[astralScript(cp)]!++;
          other = true;
          continue;
        }
        const k = cls[c]!;
        if (k === 0 || (k === 3 && w === wordStart)) {
          if (w > wordStart) {
            ends[count++] = wordStart = w;
            bytes++;
          }
          continue;
        }
        if (k === 1) {
          letters++;
          const script = scripts[c]!;
          if (script === runScript) run++;
          else {
            perScript[runScript]! += run;
            runScript = script;
            run = 1;
          }
          if (c >= 0x80) {
            // Cue letters are none of ASCII; cue 0 (none) is not counted.
            const cue = cueOf[c]!;
            if (cue !== 0) cues[cue]!++;
            if (c >= 0x530) other = true;
          }
        }
        c = low[c]!;
        if (c < 0x80) {
          codes[w++] = c;
          bytes += 1;
        } else if (c < 0x800) {
          codes[w++] = bc[0xc0 | (c >> 6)]!;
          codes[w++] = bc[0x80 | (c & 0x3f)]!;
          bytes += 2;
        } else {
          codes[w++] = bc[0xe0 | (c >> 12)]!;
          codes[w++] = bc[0x80 | ((c >> 6) & 0x3f)]!;
          codes[w++] = bc[0x80 | (c & 0x3f)]!;
          bytes += 3;
        }
        if (bytes > FORCE_CUT) break;
      }
    }
    if (w > wordStart) {
      ends[count++] = wordStart = w;
      bytes++;
    }
    if (bytes > CUT_AFTER) break;
    i = end;
  }
  if (w > wordStart) ends[count++] = w;
  perScript[runScript]! += run;
  return { count, letters, alphabetic: letters > 0 && !other };
}

/** The n-gram scorer's result, before the fallback. */
/** A language's score: eld's normalised score (0–1) and the raw sum. */
interface Ranked {
  language: string;
  score: number;
  raw: number;
}

/** The n-gram scorer's result, before the fallback. */
export interface NgramDetection {
  /** Languages by score, best first, with eld's normalised score (0–1). */
  ranked: Ranked[];
  /** Distinct n-grams of the sample that the model knows. */
  ngrams: number;
  /** Letters in the sample. */
  letters: number;
  /** True when the sample's letters are Latin, Greek or Cyrillic (franc cannot help when the scorer knows none of its n-grams). */
  alphabetic: boolean;
  /** The best score as a fraction of the language's average score in correct detections. */
  strength: number;
}

/**
 * {@link NgramDetection} with the languages ranked on demand: `scored` languages have a score,
 * `rankedAt(j)` is the j-th best (j < scored). It reads the scorer's scratch: use it before the
 * next scoring.
 */
interface LazyDetection extends Omit<NgramDetection, 'ranked'> {
  scored: number;
  rankedAt(j: number): Ranked;
}

/** Scores the bounded sample of `text` with the n-gram model. The model must be loaded. */
export function scoreNgrams(text: string): NgramDetection {
  if (!model) throw new FormspamError('INVALID_OPTIONS', 'language detector: the model is not loaded; await loadLanguageModel() first');
  const d = scoreSample(sample(text));
  const ranked: Ranked[] = [];
  for (let j = 0; j < d.scored; j++) ranked.push(d.rankedAt(j));
  return { ranked, ngrams: d.ngrams, letters: d.letters, alphabetic: d.alphabetic, strength: d.strength };
}

/** Scores a sample taken by {@link sample} (the scratch arrays hold its words). */
function scoreSample({ count, letters, alphabetic }: { count: number; letters: number; alphabetic: boolean }): LazyDetection {
  const m = model!;
  const codes = WORD_CODES;
  const ends = WORD_ENDS;
  const scriptClass = charScriptClass!;
  // Each distinct n-gram counts once. Three passes, so that the look-ups in the model (cache
  // misses, mostly) are independent of each other and the CPU overlaps them: the distinct
  // n-grams (a small set, packed as packNgram does, no string built); which of them the model
  // knows; their languages' scores. Totals are sums of integers: exact, in any order.
  // n-grams per word: its first, every third after it, its last; at most count + codes / 3.
  const bound = count + Math.ceil((count > 0 ? ends[count - 1]! : 0) / 3) + 1;
  if (DISTINCT_KEYS.length < bound) {
    let size = DISTINCT_KEYS.length;
    while (size < bound) size *= 2;
    DISTINCT_KEYS = new Int32Array(size);
    DISTINCT_TAGS = new Uint8Array(size);
    FOUND = new Int32Array(size);
    FOUND_CLASS = new Uint8Array(size);
    SEEN = new Int32Array(4 * size);
  }
  let seenBits = 6;
  while (1 << seenBits < 2 * bound) seenBits++;
  const seen = SEEN.fill(0, 0, 2 << seenBits);
  const seenShift = 32 - seenBits;
  const seenMask = (1 << seenBits) - 1;
  const keys = DISTINCT_KEYS;
  const tags = DISTINCT_TAGS;
  let n = 0;
  for (let wi = 0, s = 0; wi < count; s = ends[wi]!, wi++) {
    let len = ends[wi]! - s;
    if (len > 70) len = 70;
    // The n-grams of eld: " " + the first four characters, then every third four, and the
    // last four (or the whole word when shorter) + " ".
    let j = 0;
    for (;;) {
      const last = j + 4 >= len;
      const from = s + (last ? (len > 4 ? len - 4 : 0) : j);
      const to = s + (last ? len : j + 4);
      // The n-gram is lead (" " or nothing) + 1–4 characters + trail: packed as packNgram packs it.
      // And its script class (see ngramClass): that of its first character with one.
      let inner = 0;
      let cls = 0;
      for (let q = from; q < to; q++) {
        const c = codes[q]!;
        inner = (inner << 8) | c;
        if (cls === 0) cls = scriptClass[c]!;
      }
      const size = (j === 0 ? 1 : 0) + (to - from) + (last ? 1 : 0);
      let key: number;
      let tag = 0;
      if (size <= 4) {
        key = j === 0 ? (0x20 << (8 * (to - from))) | inner : inner;
        if (last) key = (key << 8) | 0x20;
      } else if (j === 0) {
        // " " + four, " " + three + " " (tag 1), or " " + four + " " (tag 3).
        if (size === 6) (key = inner), (tag = 3);
        else (key = last ? (inner << 8) | 0x20 : inner), (tag = 1);
      } else if (codes[from] === 0x20) {
        // Four + " " whose first character is a space (a byte eld's model has no character for).
        (key = (inner << 8) | 0x20), (tag = 1);
      } else (key = inner), (tag = 2);
      let h = slotOf(key, tag, seenShift);
      for (;;) {
        const t = seen[2 * h + 1]!;
        if (t === 0) {
          seen[2 * h] = key;
          seen[2 * h + 1] = tag + 1;
          keys[n] = key;
          // The tag and the class (a function of the n-gram, so of its key and tag).
          tags[n++] = tag | (cls << 2);
          break;
        }
        if (t === tag + 1 && seen[2 * h] === key) break;
        h = (h + 1) & seenMask;
      }
      if (last) break;
      j += 3;
    }
  }
  const { classes, base } = m;
  const found = FOUND;
  const foundClass = FOUND_CLASS;
  let known = 0;
  for (let i = 0; i < n; i++) {
    const key = keys[i]!;
    const tag = tags[i]! & 3;
    const cls = tags[i]! >> 2;
    const { table, bits } = classes[cls]!;
    const mask = (1 << bits) - 1;
    for (let h = slotOf(key, tag, 32 - bits); ; h = (h + 1) & mask) {
      const there = table[2 * h]!;
      if (there === 0) break;
      if (there === key && (table[2 * h + 1]! & 3) === tag) {
        foundClass[known] = cls;
        found[known++] = table[2 * h + 1]!;
        break;
      }
    }
  }
  const totals = m.totals.fill(0);
  for (let i = 0; i < known; i++) {
    const meta = found[i]!;
    const languages = (meta >>> 2) & 0x7f;
    if (languages === 1) {
      const e = meta >>> 9;
      totals[e >>> 8]! += (e & 0xff) + base;
    } else {
      const entries = classes[foundClass[i]!]!.entries;
      for (let x = meta >>> 9, end = x + languages; x < end; x++) {
        const e = entries[x]!;
        totals[e >>> 8]! += (e & 0xff) + base;
      }
    }
  }
  // By raw score, best first, ties by language code: the totals are integers, so one number
  // per language (raw × 128 + 127 − the code's alphabetical rank) orders them. Ranked on demand,
  // one selection step per place asked for: detection reads the first few places only.
  const order = m.order;
  let scored = 0;
  if (n > 0) for (let l = 0; l < totals.length; l++) if (totals[l]! > 0) order[scored++] = totals[l]! * 128 + 127 - m.rank[l]!;
  const ranked: Ranked[] = [];
  const rankedAt = (j: number): Ranked => {
    while (ranked.length <= j) {
      const a = ranked.length;
      let top = a;
      for (let b = a + 1; b < scored; b++) if (order[b]! > order[top]!) top = b;
      const key = order[top]!;
      order[top] = order[a]!;
      order[a] = key;
      const raw = Math.floor(key / 128);
      const l = m.byRank[127 - (key - raw * 128)]!;
      const perNgram = raw / n;
      ranked.push({ language: m.languages[l]!, score: perNgram / (perNgram + 25), raw });
    }
    return ranked[j]!;
  };
  const best = scored > 0 ? rankedAt(0) : undefined;
  const strength = best ? best.score / (m.average[m.languages.indexOf(best.language)] ?? 0.8) : 0;
  return { scored, rankedAt, ngrams: known, letters, strength, alphabetic };
}


const round = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * The guesses for `text`: the n-gram scorer's best and, when the text is ambiguous between close
 * languages, its runners-up; franc's when the scorer knows nothing of the text or is unsure and
 * franc names a language outside the scorer's 60. `reliable` is false on the first guess when the
 * text is too short or too ambiguous to tell; an empty list means no language can be told.
 */
export async function detectLanguage(text: string): Promise<LanguageGuess[]> {
  if (typeof text !== 'string') throw new FormspamError('INVALID_REQUEST', 'language detector: text must be a string');
  if (model === undefined) await loadLanguageModel();
  const sampled = sample(text);
  // A script written in one language, or in a few that letters and words tell apart: decided
  // here, without n-gram scoring or franc (see scripts.ts).
  const dominant = dominantScript(SCRIPT_LETTERS);
  const byScript = detectByScript(text, dominant.script, dominant.letters, dominant.share);
  if (byScript !== undefined) return byScript;
  // Letters of an alphabet outside the model (Kazakh ұ, Tatar җ, Maltese ħ…).
  const byCues = detectByCues(CUE_LETTERS, sampled.letters);
  if (byCues !== undefined) return byCues;
  const d = scoreSample(sampled);
  const best = d.scored > 0 ? d.rankedAt(0) : undefined;
  let guesses: LanguageGuess[] = [];
  let unsure = true;
  let fromFranc = false;
  if (best) {
    const second = d.scored > 1 ? d.rankedAt(1) : undefined;
    const gap = second ? (best.raw - second.raw) / best.raw : 1;
    const tooShort = d.ngrams < MIN_NGRAMS;
    // A tie with an unrelated language is ambiguous; a tie within a family of related languages
    // is reported with the relatives as alternatives, and is as reliable as the family is clear:
    // the gap to the first unrelated runner-up, and 1 when every runner-up is a relative (a
    // Cyrillic text, whose n-grams only Cyrillic languages share: bg ru uk be sr are one family).
    let familyGap = 1;
    for (let x = 1; x < d.scored; x++) {
      const r = d.rankedAt(x);
      if (areRelated(best.language, r.language)) continue;
      familyGap = (best.raw - r.raw) / best.raw;
      break;
    }
    const reliable = !tooShort && d.strength >= STRONG && familyGap >= TIE;
    unsure = !reliable;
    guesses.push({ language: best.language, confidence: round(best.score * Math.min(1, gap / TIE + 0.5)), reliable });
    for (let x = 1; x < Math.min(4, d.scored); x++) {
      const r = d.rankedAt(x);
      const behind = (best.raw - r.raw) / best.raw;
      if (behind > RELATED_ALTERNATIVE) break;
      if (behind > ALTERNATIVE && !areRelated(best.language, r.language)) continue;
      guesses.push({ language: r.language, confidence: round(r.score * 0.5), reliable: false });
    }
  }
  // Letters of a known alphabet that match (almost) nothing in the model: not a language.
  if (d.alphabetic && d.letters >= 20 && d.strength < 0.5) return [];
  // Latin-script languages that neither the model nor franc tells well (ga, cy, af, sw): by
  // their commonest words, when the scorer is unsure or says Dutch (Afrikaans reads as Dutch).
  if (d.alphabetic && d.letters > 0 && (unsure || best?.language === 'nl')) {
    const byWords = detectByWords(text);
    if (byWords !== undefined) return [byWords];
  }
  // Fallback: franc, on the same bounded stretch of text, when the scorer is unsure.
  // franc is weak on short text: it is asked only about texts of 30 letters or more, or about
  // texts in a script the scorer does not know at all.
  // Not when no script has most of the letters: a mix of scripts is no language franc knows.
  if (unsure && dominant.share > 0.6 && (d.letters >= 30 || (d.ngrams === 0 && d.letters > 0 && !d.alphabetic))) {
    const francGuesses = francAllFast(await loadFrancData(), text.slice(0, FRANC_LIMIT), 3);
    const top = francGuesses[0];
    if (top && top[0] !== 'und') {
      const language = toIso6391(top[0]);
      const runnerUp = francGuesses[1]?.[1] ?? 0;
      if (!model!.languages.includes(language) && top[1] - runnerUp >= 0.02) {
        fromFranc = true;
        guesses = [{ language, confidence: round(Math.min(1, (top[1] - runnerUp) * 5)), reliable: d.letters >= 40 && top[1] - runnerUp >= 0.05 }];
      }
    }
  }
  // Still only the scorer's weak guess on a text long enough to tell: no language.
  if (!fromFranc && d.letters >= 20 && d.strength < GIBBERISH) return [];
  return refineMalay(text, guesses);
}

/**
 * The default {@link LanguageDetector}: the n-gram scorer over eld's model with franc as the
 * fallback (see {@link detectLanguage}).
 */
export function createLanguageDetector(): LanguageDetector {
  return {
    name: 'formspam-ngram',
    detect(text: string, options?: ProviderCallOptions) {
      // callAborted: classify()'s options make their AbortController only when `signal` is read.
      if (callAborted(options)) return Promise.reject(options!.signal.reason);
      return detectLanguage(text);
    },
  };
}
