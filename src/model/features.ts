/**
 * The features of the text model (`text.MODEL`): hashed word unigrams, word bigrams within a
 * clause, character n-grams of each word, and a few shape tokens (which of them a model uses is
 * its {@link FeatureConfig}; the bundled model: unigrams only). Computed from the same
 * normalised words as the word-list rules (`wordsOf`: lower case, diacritics folded,
 * look-alikes and leet-speak undone, numbers as shapes such as `#####`), so the model sees
 * through the same disguises and costs one pass over codes the request has already made.
 *
 * Every feature is an index in `[0, 2^bits)`: a 32-bit FNV-1a hash of its code units, seeded
 * by its kind, masked. Collisions are accepted (the model is trained on the same hashes).
 * Linear in the text: one pass over the words, a bounded loop per word.
 */
import type { TextInput } from '../text/input.js';
import { wordsOf, type Words } from '../lexicons/normalize.js';

/** Which features are extracted; stored in the model file, so inference uses the training's. */
export interface FeatureConfig {
  /** Hash space: 2^bits weights. */
  readonly bits: number;
  /** Word unigrams. */
  readonly unigrams: boolean;
  /** Pairs of consecutive words within one clause (sentence, field). */
  readonly bigrams: boolean;
  /** Character n-grams of each word padded with a boundary mark (0: none), e.g. 4 → `^fre`, `free`, `ree$`. */
  readonly charGrams: number;
  /** Shape tokens: link count, long digit runs, currency signs, exclamation runs, capitals share. */
  readonly shapes: boolean;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const SEED_UNIGRAM = 0x9e3779b1;
const SEED_BIGRAM = 0x85ebca77;
const SEED_CHAR = 0xc2b2ae3d;
const SEED_SHAPE = 0x27d4eb2f;
/** The boundary mark of character n-grams (a code unit no normalised word contains). */
const BOUNDARY = 0x1;

function hashCodes(seed: number, codes: Uint16Array, from: number, to: number): number {
  let h = (FNV_OFFSET ^ seed) >>> 0;
  for (let i = from; i < to; i++) h = Math.imul(h ^ codes[i]!, FNV_PRIME);
  return h >>> 0;
}

function mix(a: number, b: number, seed: number): number {
  let h = Math.imul(a ^ seed, 0xcc9e2d51 | 0);
  h = Math.imul((h << 15) | (h >>> 17), 0x1b873593) ^ b;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b | 0);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35 | 0);
  return (h ^ (h >>> 16)) >>> 0;
}

function hashString(seed: number, s: string): number {
  let h = (FNV_OFFSET ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

/**
 * The features of one text. `indices[i]` is a feature's slot; `word[i]` the index of the word
 * it came from (for evidence), or -1 for shape tokens. A feature that occurs twice is listed
 * twice (the model counts presence: see {@link uniqueFeatures}).
 */
export interface Features {
  readonly count: number;
  readonly indices: Int32Array;
  readonly word: Int32Array;
  readonly words: Words;
}

/** Shape tokens: cheap facts about the text as a whole, hashed like words. */
function shapeTokens(text: TextInput): string[] {
  const out: string[] = [];
  const spans = text.tokenSpans;
  let links = 0;
  let capitals = 0;
  let letters = 0;
  let longDigits = false;
  let money = false;
  let bangRun = 0;
  let maxBang = 0;
  for (let t = 0; t < spans.length; t += 3) {
    const s = text.segments[spans[t]!]!.text;
    const from = spans[t + 1]!;
    const to = spans[t + 2]!;
    let digitRun = 0;
    for (let i = from; i < to; i++) {
      const c = s.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        if (++digitRun >= 7) longDigits = true;
        continue;
      }
      digitRun = 0;
      if (c === 0x21) {
        if (++bangRun > maxBang) maxBang = bangRun;
        continue;
      }
      bangRun = 0;
      if (c >= 65 && c <= 90) {
        capitals++;
        letters++;
      } else if (c >= 97 && c <= 122) letters++;
      else if (c === 0x24 || c === 0xa3 || c === 0x20ac) money = true;
    }
    bangRun = 0;
    // A link: scheme or www. at the start of the token (the URL rule's full parse is not needed here).
    const head = to - from;
    if (head >= 4 && (s.startsWith('http', from) || s.startsWith('www.', from))) links++;
  }
  out.push(links === 0 ? 'links:0' : links === 1 ? 'links:1' : 'links:2+');
  if (longDigits) out.push('digits:7+');
  if (money) out.push('money-sign');
  if (maxBang >= 2) out.push('bang-run');
  if (letters >= 20) {
    const share = capitals / letters;
    out.push(share >= 0.5 ? 'caps:50+' : share >= 0.2 ? 'caps:20+' : 'caps:low');
  }
  return out;
}

// Reused buffers for texts up to this many features (longer texts get their own).
const SCRATCH = 65536;
let INDICES: Int32Array | undefined;
let WORD: Int32Array | undefined;

/** The features of a request's text. The arrays are reused by the next call: copy what you keep. */
/**
 * Hash of the character n-gram of `grams` characters starting at `g` of BOUNDARY + word +
 * BOUNDARY (g = -1 starts at the leading boundary), read from `codes` without copying the word.
 */
function charGram(codes: Uint16Array, from: number, length: number, g: number, grams: number): number {
  let x = (FNV_OFFSET ^ SEED_CHAR) >>> 0;
  for (let j = g; j < g + grams; j++) x = Math.imul(x ^ (j < 0 || j >= length ? BOUNDARY : codes[from + j]!), FNV_PRIME);
  return x >>> 0;
}

export function extractFeatures(text: TextInput, config: FeatureConfig): Features {
  const words = wordsOf(text);
  const { codes, start, end, clause } = words;
  const mask = (1 << config.bits) - 1;
  const grams = config.charGrams;
  // Upper bound of the features: per word a unigram, a bigram and its n-grams; plus shapes.
  let bound = 8;
  for (let i = 0; i < words.count; i++) bound += 2 + (grams > 0 ? end[i]! - start[i]! + 2 : 0);
  let indices: Int32Array;
  let word: Int32Array;
  if (bound <= SCRATCH) {
    INDICES ??= new Int32Array(SCRATCH);
    WORD ??= new Int32Array(SCRATCH);
    indices = INDICES;
    word = WORD;
  } else {
    indices = new Int32Array(bound);
    word = new Int32Array(bound);
  }
  let n = 0;
  let previous = 0;
  let previousClause = -1;
  for (let i = 0; i < words.count; i++) {
    const from = start[i]!;
    const to = end[i]!;
    const h = hashCodes(SEED_UNIGRAM, codes, from, to);
    if (config.unigrams) {
      indices[n] = h & mask;
      word[n++] = i;
    }
    if (config.bigrams && clause[i] === previousClause) {
      indices[n] = mix(previous, h, SEED_BIGRAM) & mask;
      word[n++] = i;
    }
    previous = h;
    previousClause = clause[i]!;
    const length = to - from;
    if (grams > 0 && length + 2 > grams && codes[from] !== 0x23) {
      // The n-grams of BOUNDARY + word + BOUNDARY, without copying the word.
      for (let g = -1; g + grams <= length + 1; g++) {
        indices[n] = charGram(codes, from, length, g, grams) & mask;
        word[n++] = i;
      }
    }
  }
  if (config.shapes) {
    for (const token of shapeTokens(text)) {
      indices[n] = hashString(SEED_SHAPE, token) & mask;
      word[n++] = -1;
    }
  }
  return { count: n, indices, word, words };
}

/**
 * The distinct slots of `features`, in first-seen order, each with the first word it came
 * from: the model counts a feature once per text (presence), which keeps one repeated word
 * from dominating a long text.
 */
export function uniqueFeatures(features: Features, seen: Uint8Array): { slots: Int32Array; words: Int32Array; count: number } {
  const slots = new Int32Array(features.count);
  const words = new Int32Array(features.count);
  let k = 0;
  for (let i = 0; i < features.count; i++) {
    const slot = features.indices[i]!;
    if (seen[slot] === 1) continue;
    seen[slot] = 1;
    slots[k] = slot;
    words[k++] = features.word[i]!;
  }
  for (let i = 0; i < k; i++) seen[slots[i]!] = 0;
  return { slots, words, count: k };
}

/** One slot into the open-addressing set of {@link weighFeatures} (slot + 1; 0: empty). False when it was there. */
function insert(set: Int32Array, shift: number, slot: number): boolean {
  const key = slot + 1;
  const last = set.length - 1;
  let at = Math.imul(key, 0x9e3779b1) >>> shift;
  for (;;) {
    const there = set[at]!;
    if (there === key) return false;
    if (there === 0) {
      set[at] = key;
      return true;
    }
    at = (at + 1) & last;
  }
}

/** The set of {@link weighFeatures} at twice the size (`shift` one less), its slots inserted again. */
function grow(set: Int32Array, shift: number): Int32Array {
  const bigger = new Int32Array(2 * set.length);
  for (let i = 0; i < set.length; i++) {
    const key = set[i]!;
    if (key !== 0) insert(bigger, shift - 1, key - 1);
  }
  return bigger;
}

/** The weights of a text's distinct features: see {@link weighFeatures}. */
export interface FeatureWeights {
  /** The weights of the distinct features summed (integers, as stored). */
  readonly sum: number;
  /** Distinct features. */
  readonly count: number;
  /** Per word, the weights of the distinct features first seen at it (reused by the next call). */
  readonly byWord: Float64Array;
  readonly words: Words;
}

/**
 * The model's sums over a text: the features of {@link extractFeatures}, each distinct slot
 * counted once, at its first occurrence (as {@link uniqueFeatures} gives them), its weight added
 * to `sum` and to its word's `byWord`. The distinct slots are found with a small open-addressing
 * set sized to the text (4 KiB at 800 characters; it doubles when half full) instead of a flag
 * per slot (as many entries as weights): the flags were a second random read per feature over a table
 * the rest of a classification pushes out of the CPU caches. The weights are read in a second,
 * tight loop over the distinct slots: those reads are cache misses, mostly, and independent of
 * each other, so the CPU overlaps them (read between the hashing of one word and the next, they
 * were waited for one by one). The sums are of integers, so they are exact and equal to the
 * two-step ones. Linear in the words.
 */
export function weighFeatures(text: TextInput, config: FeatureConfig, weights: Int8Array): FeatureWeights {
  const words = wordsOf(text);
  const { codes, start, end, clause } = words;
  const count = words.count;
  const grams = config.charGrams;
  // The bound of extractFeatures: the set starts at twice it (up to the reused scratch).
  let bound = 8;
  if (grams > 0) for (let i = 0; i < count; i++) bound += 2 + end[i]! - start[i]! + 2;
  else bound += 2 * count;
  let bits = 6;
  while (1 << bits < 2 * Math.min(bound, WEIGH_SCRATCH)) bits++;
  let shift = 32 - bits;
  let set = setOf(bits).fill(0);
  /** Distinct slots at which the set doubles: half its size. */
  let full = 1 << (bits - 1);
  if (SLOTS === undefined || SLOTS.length < bound) {
    SLOTS = new Int32Array(Math.max(1024, bound));
    SLOT_WORD = new Int32Array(SLOTS.length);
  }
  const slots = SLOTS;
  const slotWord = SLOT_WORD!;
  const mask = (1 << config.bits) - 1;
  const { unigrams, bigrams } = config;
  // The distinct slots in first-seen order, each with its word (-1: a shape token).
  let k = 0;
  let previous = 0;
  let previousClause = -1;
  for (let i = 0; i < count; i++) {
    const from = start[i]!;
    const to = end[i]!;
    const h = hashCodes(SEED_UNIGRAM, codes, from, to);
    if (unigrams) {
      const slot = h & mask;
      if (insert(set, shift, slot)) {
        slots[k] = slot;
        slotWord[k] = i;
        if (++k >= full) (set = grow(set, shift)), shift--, (full *= 2);
      }
    }
    if (bigrams && clause[i] === previousClause) {
      const slot = mix(previous, h, SEED_BIGRAM) & mask;
      if (insert(set, shift, slot)) {
        slots[k] = slot;
        slotWord[k] = i;
        if (++k >= full) (set = grow(set, shift)), shift--, (full *= 2);
      }
    }
    previous = h;
    previousClause = clause[i]!;
    const length = to - from;
    if (grams > 0 && length + 2 > grams && codes[from] !== 0x23) {
      for (let g = -1; g + grams <= length + 1; g++) {
        const slot = charGram(codes, from, length, g, grams) & mask;
        if (insert(set, shift, slot)) {
          slots[k] = slot;
          slotWord[k] = i;
          if (++k >= full) (set = grow(set, shift)), shift--, (full *= 2);
        }
      }
    }
  }
  if (config.shapes) {
    for (const token of shapeTokens(text)) {
      const slot = hashString(SEED_SHAPE, token) & mask;
      if (insert(set, shift, slot)) {
        slots[k] = slot;
        slotWord[k] = -1;
        if (++k >= full) (set = grow(set, shift)), shift--, (full *= 2);
      }
    }
  }
  if (BY_WORD === undefined || BY_WORD.length < count) BY_WORD = new Float64Array(Math.max(256, count));
  const byWord = BY_WORD;
  byWord.fill(0, 0, count);
  let sum = 0;
  for (let j = 0; j < k; j++) {
    const w = weights[slots[j]!]!;
    sum += w;
    const i = slotWord[j]!;
    if (i >= 0) byWord[i] = byWord[i]! + w;
  }
  return { sum, count: k, byWord, words };
}

/** The reused set of {@link weighFeatures} has 2 × this many entries (128 KiB); texts with more distinct features grow their own. */
const WEIGH_SCRATCH = 16384;
let SET: Int32Array | undefined;
/**
 * The reused set's views at each size, `SET_VIEWS[bits]` = its first 2^bits entries, made on
 * first use: a `subarray` per call made a typed array object per request (~0.1 µs).
 */
const SET_VIEWS: (Int32Array | undefined)[] = [];

/** The reused set of {@link weighFeatures} at 2^bits entries (not cleared). */
function setOf(bits: number): Int32Array {
  let view = SET_VIEWS[bits];
  if (view === undefined) {
    SET ??= new Int32Array(2 * WEIGH_SCRATCH);
    SET_VIEWS[bits] = view = SET.subarray(0, 1 << bits);
  }
  return view;
}
/** Scratch of {@link weighFeatures}: the distinct slots and their words (grown for longer texts). */
let SLOTS: Int32Array | undefined;
let SLOT_WORD: Int32Array | undefined;
let BY_WORD: Float64Array | undefined;

/**
 * A word of `words` as a string (for evidence). Its codes copied to an array first: `apply` with
 * an array of numbers is about half the cost of `apply` with the typed array itself.
 */
export function wordText(words: Words, i: number): string {
  const from = words.start[i]!;
  const n = words.end[i]! - from;
  const codes = words.codes;
  // A list of each length up to 64 made once and refilled: the string does not keep it.
  let list = n <= 64 ? WORD_LISTS[n] : undefined;
  if (list === undefined) {
    list = new Array<number>(n).fill(0);
    if (n <= 64) WORD_LISTS[n] = list;
  }
  for (let k = 0; k < n; k++) list[k] = codes[from + k]!;
  return String.fromCharCode.apply(null, list);
}

/** The reused code lists of {@link wordText}, by length. */
const WORD_LISTS: (number[] | undefined)[] = [];
