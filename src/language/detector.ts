/**
 * formspam's default language detector: a fast n-gram scorer over eld's "small" model (60
 * languages, all 19 classifier languages; scores unchanged, see scripts/build-language-model.mjs),
 * with franc (186 languages) as the fallback when the n-gram scorer cannot tell or does not know
 * the script. Detection reads a bounded sample of the text (about 350 UTF-8 bytes of words from
 * at most the first 4,000 characters), so its cost does not grow with the size of the text.
 *
 * The model is loaded lazily on the first detection (about 60 ms, ~30 MB), once per process.
 */
import { FormspamError } from '../errors.js';
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
   * n-gram → [start, end) in `langs` / `scores`, as an open-addressing hash table keyed by the
   * n-gram's characters read as a base-256 number (see {@link ngramKey}): `table[2h]` the key
   * (0: empty) and `table[2h + 1]` the n-gram's number, side by side (one cache line per probe).
   * No string is built or hashed per look-up.
   */
  table: Float64Array;
  bits: number;
  offsets: Uint32Array;
  langs: Uint8Array;
  scores: Uint16Array;
  /** Scratch of scoreNgrams: per n-gram, the call that last counted it; per language, the total. */
  stamp: Uint32Array;
  epoch: number;
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
  charClass = cls;
  lower = low;
  byteChar = chars;
  scriptOf = buildScripts(cls);
}

/** Slot of n-gram key `k` in a table of 2^bits slots. */
function slotOf(k: number, bits: number): number {
  const lo = k >>> 0;
  const hi = (k / 4294967296) | 0;
  return Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1) >>> (32 - bits);
}

/** An n-gram string's key: its character codes (1–255) as a base-256 number. */
function ngramKey(s: string): number {
  let k = 0;
  for (let i = 0; i < s.length; i++) k = k * 256 + s.charCodeAt(i);
  return k;
}

function parseModel(data: { MODEL: string; AVERAGE_SCORES: readonly number[]; BASE_SCORE: number }): Model {
  const text = data.MODEL;
  const firstBreak = text.indexOf('\n');
  const languages = text.slice(0, firstBreak).split(',');
  let count = 0;
  for (let p = text.indexOf('\n'); p !== -1; p = text.indexOf('\n', p + 1)) count++;
  // At most a third full: short probe runs.
  let bits = 10;
  while (1 << bits < 3 * count) bits++;
  const table = new Float64Array(2 << bits);
  const mask = (1 << bits) - 1;
  const offsetList: number[] = [0];
  const langs: number[] = [];
  const scores: number[] = [];
  let pos = firstBreak + 1;
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end === -1) end = text.length;
    const tab = text.indexOf('\t', pos);
    const name = text.slice(pos, tab);
    // A key with a character outside 1–255 cannot occur in a sample (see byteChar): left out.
    let fits = name.length > 0 && name.length <= 6;
    for (let i = 0; i < name.length && fits; i++) fits = name.charCodeAt(i) >= 1 && name.charCodeAt(i) <= 0xff;
    if (fits) {
      const k = ngramKey(name);
      let h = slotOf(k, bits);
      while (table[2 * h] !== 0 && table[2 * h] !== k) h = (h + 1) & mask;
      // A repeated key keeps its last line, as Map.set did.
      table[2 * h] = k;
      table[2 * h + 1] = offsetList.length - 1;
    }
    for (let i = tab + 1; i + 1 < end; i += 2) {
      langs.push(text.charCodeAt(i) - 48);
      scores.push(text.charCodeAt(i + 1) - 48);
    }
    offsetList.push(langs.length);
    pos = end + 1;
  }
  return {
    languages,
    average: Float64Array.from(data.AVERAGE_SCORES),
    base: data.BASE_SCORE,
    table,
    bits,
    offsets: Uint32Array.from(offsetList),
    langs: Uint8Array.from(langs),
    scores: Uint16Array.from(scores),
    stamp: new Uint32Array(offsetList.length),
    epoch: 0,
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

/** True when text[start, end) is a URL or an email address: it has "@" or "://", or starts with "www.". */
function isAddress(text: string, start: number, end: number): boolean {
  // "www." in any case, compared by code (only W and w lower-case to w): no string per word.
  if (end - start >= 4 && (text.charCodeAt(start) | 0x20) === 0x77 && (text.charCodeAt(start + 1) | 0x20) === 0x77 && (text.charCodeAt(start + 2) | 0x20) === 0x77 && text.charCodeAt(start + 3) === 0x2e) return true;
  for (let j = start; j < end; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x40) return true;
    if (c === 0x3a && text.charCodeAt(j + 1) === 0x2f && text.charCodeAt(j + 2) === 0x2f) return true;
  }
  return false;
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
/** Scratch of scoreNgrams: the distinct n-grams the model does not know (keys, and the call that put them there). */
const UNKNOWN_BITS = 14;
const UNKNOWN_KEYS = new Float64Array(1 << UNKNOWN_BITS);
const UNKNOWN_STAMP = new Uint32Array(1 << UNKNOWN_BITS);

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
  const perScript = SCRIPT_LETTERS.fill(0);
  const cueOf = CUES;
  const cues = CUE_LETTERS.fill(0);
  // The words' characters (eld's byte-string, one code per byte) in WORD_CODES, word i ending
  // at WORD_ENDS[i]: no string per word.
  const codes = WORD_CODES;
  const ends = WORD_ENDS;
  const limit = Math.min(text.length, SCAN_LIMIT);
  let w = 0;
  let wordStart = 0;
  let count = 0;
  let bytes = 0;
  let letters = 0;
  let other = false;
  let i = 0;
  while (i < limit && bytes <= FORCE_CUT) {
    while (i < limit && isBreak(text.charCodeAt(i))) i++;
    let end = i;
    while (end < limit && !isBreak(text.charCodeAt(end))) end++;
    if (end > i && !isAddress(text, i, end)) {
      for (let j = i; j < end; j++) {
        let c = text.charCodeAt(j);
        if (c >= 0xd800 && c <= 0xdbff && j + 1 < end) {
          const cp = 0x10000 + (((c & 0x3ff) << 10) | (text.charCodeAt(j + 1) & 0x3ff));
          j++;
          if (!/\p{L}/u.test(String.fromCodePoint(cp))) {
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
          perScript[scripts[c]!]!++;
          cues[cueOf[c]!]!++;
          if (c >= 0x530) other = true;
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
  return { count, letters, alphabetic: letters > 0 && !other };
}

/** The n-gram scorer's result, before the fallback. */
export interface NgramDetection {
  /** Languages by score, best first, with eld's normalised score (0–1). */
  ranked: { language: string; score: number; raw: number }[];
  /** Distinct n-grams of the sample that the model knows. */
  ngrams: number;
  /** Letters in the sample. */
  letters: number;
  /** True when the sample's letters are Latin, Greek or Cyrillic (franc cannot help when the scorer knows none of its n-grams). */
  alphabetic: boolean;
  /** The best score as a fraction of the language's average score in correct detections. */
  strength: number;
}

/** Scores the bounded sample of `text` with the n-gram model. The model must be loaded. */
export function scoreNgrams(text: string): NgramDetection {
  if (!model) throw new FormspamError('INVALID_OPTIONS', 'language detector: the model is not loaded; await loadLanguageModel() first');
  return scoreSample(sample(text));
}

/** Scores a sample taken by {@link sample} (the scratch arrays hold its words). */
function scoreSample({ count, letters, alphabetic }: { count: number; letters: number; alphabetic: boolean }): NgramDetection {
  const m = model!;
  // Each distinct n-gram counts once. Known ones are marked in the model's `stamp`, unknown
  // ones in a scratch set; both keyed by number (ngramKey), so no n-gram string is built.
  // Totals are sums of integers, and known n-grams are added in the order of their first
  // occurrence, as before.
  const totals = m.totals.fill(0);
  const { table, bits, offsets, langs, scores, base, stamp } = m;
  if (++m.epoch === 0xffffffff) {
    stamp.fill(0);
    UNKNOWN_STAMP.fill(0);
    m.epoch = 1;
  }
  const epoch = m.epoch;
  const mask = (1 << bits) - 1;
  const umask = (1 << UNKNOWN_BITS) - 1;
  const codes = WORD_CODES;
  let known = 0;
  let unknown = 0;
  for (let wi = 0, s = 0; wi < count; s = WORD_ENDS[wi]!, wi++) {
    let len = WORD_ENDS[wi]! - s;
    if (len > 70) len = 70;
    // The n-grams of eld: " " + the first four characters, then every third four, and the
    // last four (or the whole word when shorter) + " ".
    let j = 0;
    for (;;) {
      const last = j + 4 >= len;
      const from = last ? (len > 4 ? len - 4 : 0) : j;
      const to = last ? len : j + 4;
      let k = j === 0 ? 32 : 0;
      for (let q = s + from; q < s + to; q++) k = k * 256 + codes[q]!;
      if (last) k = k * 256 + 32;
      let h = slotOf(k, bits);
      let at = -1;
      for (let key = table[2 * h]!; key !== 0; key = table[2 * h]!) {
        if (key === k) {
          at = table[2 * h + 1]!;
          break;
        }
        h = (h + 1) & mask;
      }
      if (at === -1) {
        let u = slotOf(k, UNKNOWN_BITS);
        while (UNKNOWN_STAMP[u] === epoch && UNKNOWN_KEYS[u] !== k) u = (u + 1) & umask;
        if (UNKNOWN_STAMP[u] !== epoch) {
          UNKNOWN_STAMP[u] = epoch;
          UNKNOWN_KEYS[u] = k;
          unknown++;
        }
      } else if (stamp[at] !== epoch) {
        stamp[at] = epoch;
        known++;
        for (let x = offsets[at]!, end = offsets[at + 1]!; x < end; x++) totals[langs[x]!]! += scores[x]! + base;
      }
      if (last) break;
      j += 3;
    }
  }
  const n = known + unknown;
  const ranked: NgramDetection['ranked'] = [];
  if (n > 0) {
    // By raw score, best first, ties by language code: the totals are integers, so one number
    // per language (raw × 128 + 127 − the code's alphabetical rank) sorts natively.
    const order = m.order;
    let k = 0;
    for (let l = 0; l < totals.length; l++) if (totals[l]! > 0) order[k++] = totals[l]! * 128 + 127 - m.rank[l]!;
    const sorted = order.subarray(0, k).sort();
    for (let j = k - 1; j >= 0; j--) {
      const key = sorted[j]!;
      const raw = Math.floor(key / 128);
      const l = m.byRank[127 - (key - raw * 128)]!;
      const perNgram = raw / n;
      ranked.push({ language: m.languages[l]!, score: perNgram / (perNgram + 25), raw });
    }
  }
  const best = ranked[0];
  const strength = best ? best.score / (m.average[m.languages.indexOf(best.language)] ?? 0.8) : 0;
  return { ranked, ngrams: known, letters, strength, alphabetic };
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
  const best = d.ranked[0];
  let guesses: LanguageGuess[] = [];
  let unsure = true;
  let fromFranc = false;
  if (best) {
    const second = d.ranked[1];
    const gap = second ? (best.raw - second.raw) / best.raw : 1;
    const tooShort = d.ngrams < MIN_NGRAMS;
    // A tie with an unrelated language is ambiguous; a tie within a family of related languages
    // is reported with the relatives as alternatives, and is as reliable as the family is clear.
    let familyGap = gap;
    for (const r of d.ranked.slice(1)) {
      if (areRelated(best.language, r.language)) continue;
      familyGap = (best.raw - r.raw) / best.raw;
      break;
    }
    const reliable = !tooShort && d.strength >= STRONG && familyGap >= TIE;
    unsure = !reliable;
    guesses.push({ language: best.language, confidence: round(best.score * Math.min(1, gap / TIE + 0.5)), reliable });
    for (const r of d.ranked.slice(1, 4)) {
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
