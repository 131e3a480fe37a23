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
import { areRelated, toIso6391 } from './iso.js';

/** Characters of the text scanned for the sample, at most. */
export const SCAN_LIMIT = 4000;
/** Characters of the text franc reads, at most. */
const FRANC_LIMIT = 1000;
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
  /** n-gram → [start, end) in `langs` / `scores`. */
  index: Map<string, number>;
  offsets: Uint32Array;
  langs: Uint8Array;
  scores: Uint16Array;
  /** Scratch of scoreNgrams: per n-gram, the call that last counted it; per language, the total. */
  stamp: Uint32Array;
  epoch: number;
  totals: Float64Array;
}

/** Letters (1) and combining marks (2) of the BMP; lower-case of each BMP code unit. */
let charClass: Uint8Array | undefined;
let lower: Uint16Array | undefined;
/** eld's byte-string of each code point below 0x800. */
let encoded2: string[] | undefined;
let dictionary: readonly string[] | undefined;

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
  const enc: string[] = [];
  for (let c = 0; c < 0x800; c++) {
    enc.push(c < 0x80 ? String.fromCharCode(c) : dict[0xc0 | (c >> 6)]! + dict[0x80 | (c & 0x3f)]!);
  }
  charClass = cls;
  lower = low;
  encoded2 = enc;
  dictionary = dict;
}

function parseModel(data: { MODEL: string; AVERAGE_SCORES: readonly number[]; BASE_SCORE: number }): Model {
  const text = data.MODEL;
  const firstBreak = text.indexOf('\n');
  const languages = text.slice(0, firstBreak).split(',');
  const index = new Map<string, number>();
  const offsetList: number[] = [0];
  const langs: number[] = [];
  const scores: number[] = [];
  let pos = firstBreak + 1;
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end === -1) end = text.length;
    const tab = text.indexOf('\t', pos);
    index.set(text.slice(pos, tab), offsetList.length - 1);
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
    index,
    offsets: Uint32Array.from(offsetList),
    langs: Uint8Array.from(langs),
    scores: Uint16Array.from(scores),
    stamp: new Uint32Array(offsetList.length),
    epoch: 0,
    totals: new Float64Array(languages.length),
  };
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
  if (end - start >= 4 && text.slice(start, start + 4).toLowerCase() === 'www.') return true;
  for (let j = start; j < end; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x40) return true;
    if (c === 0x3a && text.charCodeAt(j + 1) === 0x2f && text.charCodeAt(j + 2) === 0x2f) return true;
  }
  return false;
}

/**
 * The bounded sample: eld's byte-string words (lower case, letters and inner apostrophes,
 * URLs and email addresses left out) from at most {@link SCAN_LIMIT} characters, up to about
 * 350 bytes; and the number of letters taken.
 */
function sample(text: string): { words: string[]; letters: number; alphabetic: boolean } {
  const cls = charClass!;
  const low = lower!;
  const enc = encoded2!;
  const dict = dictionary!;
  const words: string[] = [];
  const limit = Math.min(text.length, SCAN_LIMIT);
  let word = '';
  let bytes = 0;
  let letters = 0;
  let other = false;
  const flush = (): boolean => {
    if (word !== '') {
      words.push(word);
      word = '';
      bytes++;
    }
    return bytes > CUT_AFTER;
  };
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
            flush();
            continue;
          }
          word += dict[0xf0 | (cp >> 18)]! + dict[0x80 | ((cp >> 12) & 0x3f)]! + dict[0x80 | ((cp >> 6) & 0x3f)]! + dict[0x80 | (cp & 0x3f)]!;
          bytes += 4;
          letters++;
          other = true;
          continue;
        }
        const k = cls[c]!;
        if (k === 0 || (k === 3 && word === '')) {
          flush();
          continue;
        }
        if (k === 1) {
          letters++;
          if (c >= 0x530) other = true;
        }
        c = low[c]!;
        if (c < 0x800) {
          word += enc[c]!;
          bytes += c < 0x80 ? 1 : 2;
        } else {
          word += dict[0xe0 | (c >> 12)]! + dict[0x80 | ((c >> 6) & 0x3f)]! + dict[0x80 | (c & 0x3f)]!;
          bytes += 3;
        }
        if (bytes > FORCE_CUT) break;
      }
    }
    if (flush()) break;
    i = end;
  }
  flush();
  return { words, letters, alphabetic: letters > 0 && !other };
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
  const m = model;
  if (!m) throw new FormspamError('INVALID_OPTIONS', 'language detector: the model is not loaded; await loadLanguageModel() first');
  const { words, letters, alphabetic } = sample(text);
  // Each distinct n-gram counts once. Known ones are marked in the model's `stamp` (no set of
  // strings to build); unknown ones only need counting. Totals are sums of integers, and known
  // n-grams are added in the order of their first occurrence, as before.
  const totals = m.totals.fill(0);
  const { index, offsets, langs, scores, base, stamp } = m;
  if (++m.epoch === 0xffffffff) {
    stamp.fill(0);
    m.epoch = 1;
  }
  const epoch = m.epoch;
  let known = 0;
  let unknown: Set<string> | undefined;
  const add = (key: string): void => {
    const at = index.get(key);
    if (at === undefined) {
      (unknown ??= new Set()).add(key);
      return;
    }
    if (stamp[at] === epoch) return;
    stamp[at] = epoch;
    known++;
    for (let k = offsets[at]!, end = offsets[at + 1]!; k < end; k++) totals[langs[k]!]! += scores[k]! + base;
  };
  for (const word of words) {
    let len = word.length;
    if (len > 70) len = 70;
    let j = 0;
    for (; j + 4 < len; j += 3) add((j === 0 ? ' ' : '') + word.substring(j, j + 4));
    add((j === 0 ? ' ' : '') + word.substring(len !== 3 ? len - 4 : 0, len) + ' ');
  }
  const n = known + (unknown?.size ?? 0);
  const ranked: NgramDetection['ranked'] = [];
  if (n > 0) {
    for (let l = 0; l < totals.length; l++) {
      const raw = totals[l]!;
      if (raw <= 0) continue;
      const perNgram = raw / n;
      ranked.push({ language: m.languages[l]!, score: perNgram / (perNgram + 25), raw });
    }
    ranked.sort((a, b) => b.raw - a.raw || (a.language < b.language ? -1 : 1));
  }
  const best = ranked[0];
  const strength = best ? best.score / (m.average[m.languages.indexOf(best.language)] ?? 0.8) : 0;
  return { ranked, ngrams: known, letters, strength, alphabetic };
}

type Franc = typeof import('franc');
let francModule: Promise<Franc> | undefined;

const round = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * The guesses for `text`: the n-gram scorer's best and, when the text is ambiguous between close
 * languages, its runners-up; franc's when the scorer knows nothing of the text or is unsure and
 * franc names a language outside the scorer's 60. `reliable` is false on the first guess when the
 * text is too short or too ambiguous to tell; an empty list means no language can be told.
 */
export async function detectLanguage(text: string): Promise<LanguageGuess[]> {
  if (typeof text !== 'string') throw new FormspamError('INVALID_REQUEST', 'language detector: text must be a string');
  await loadLanguageModel();
  const d = scoreNgrams(text);
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
  // Fallback: franc, on the same bounded stretch of text, when the scorer is unsure.
  // franc is weak on short text: it is asked only about texts of 30 letters or more, or about
  // texts in a script the scorer does not know at all.
  if (unsure && (d.letters >= 30 || (d.ngrams === 0 && d.letters > 0 && !d.alphabetic))) {
    francModule ??= import('franc');
    const { francAll } = await francModule;
    const francGuesses = francAll(text.slice(0, FRANC_LIMIT), { minLength: 3 });
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
  return guesses;
}

/**
 * The default {@link LanguageDetector}: the n-gram scorer over eld's model with franc as the
 * fallback (see {@link detectLanguage}).
 */
export function createLanguageDetector(): LanguageDetector {
  return {
    name: 'formspam-ngram',
    detect(text: string, options?: ProviderCallOptions) {
      if (options?.signal?.aborted) return Promise.reject(options.signal.reason);
      return detectLanguage(text);
    },
  };
}
