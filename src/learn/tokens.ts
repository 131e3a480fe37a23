/**
 * The tokens of the per-site learner (`text.SITE_MODEL`) and of the decision log: each distinct
 * normalised word and each pair of consecutive words within a clause, and the text's shapes
 * (runs of `!` and `?`, emoticons, emoji, words in capitals, elongated words, number shapes, a
 * link or none, how many words: `shapes.ts`), each as a 32-bit hash salted with a secret of the
 * server. The decision log keeps only these numbers, never the words, so
 * feedback on a logged decision can train the site's model without the text being stored; the
 * salt keeps a reader of the store from hashing a dictionary to recover the words.
 *
 * The token definition is fixed (independent of the global text model's features), so counts
 * stored by one version stay meaningful after the global model is retrained. Linear in the text.
 */
import { wordsOf, type Words } from '../lexicons/normalize.js';
import type { TextInput } from '../text/input.js';
import { finish, FNV_OFFSET, FNV_PRIME } from './hash.js';
import { MAX_SHAPE_TOKENS, siteShapes, type SiteShapes } from './shapes.js';

/** Word tokens counted per text at most (the first ones, in text order); shapes come on top. */
export const MAX_SITE_TOKENS = 512;

const SEED_PAIR = 0x85ebca77;

function hashWord(salt: number, codes: Uint16Array, from: number, to: number): number {
  let h = (FNV_OFFSET ^ salt) >>> 0;
  for (let k = from; k < to; k++) h = Math.imul(h ^ codes[k]!, FNV_PRIME);
  return finish(h);
}

function pair(a: number, b: number, salt: number): number {
  return finish(Math.imul(a ^ SEED_PAIR, 0xcc9e2d51) ^ b ^ salt);
}

/**
 * Parses a salt given as 8 hex digits (as the service keeps it in its settings) into the
 * 32-bit number {@link siteTokens} takes.
 */
export function parseSalt(hex: string): number {
  if (!/^[0-9a-f]{8}$/i.test(hex)) throw new RangeError('salt: 8 hex digits expected');
  return Number.parseInt(hex, 16) >>> 0;
}

/** The tokens of a text and where each comes from: see {@link siteTokenWords}. */
export interface SiteTokenWords {
  /** As {@link siteTokens} gives them. */
  readonly tokens: readonly number[];
  /** The words of the text (its normalised words). */
  readonly words: Words;
  /** Per token: the index in `words` of its (first) word; for a shape, −1 − its index in `shapes`. */
  readonly word: readonly number[];
  /** Per token: 1 for a pair of words (the word at `word` and the next one), else 0. */
  readonly pair: readonly number[];
  /** The shapes' names, and per shape three entries of `spans`: its segment (−1: the whole text) and its offsets. */
  readonly shapes: { readonly names: readonly string[]; readonly spans: readonly number[] };
}

/** A stable memo key per salt, so that a text's tokens are computed once per salt. */
const memoKeys = new Map<number, object>();
function memoKey(salt: number): object {
  let key = memoKeys.get(salt);
  if (key === undefined) {
    if (memoKeys.size >= 64) memoKeys.clear();
    memoKeys.set(salt, (key = {}));
  }
  return key;
}

/**
 * The distinct salted tokens of a text: its words and word pairs in first-seen order, at most
 * {@link MAX_SITE_TOKENS}, then its shapes, at most {@link MAX_SHAPE_TOKENS}; unsigned 32-bit
 * integers. Words shorter than 2 code units are skipped, and numbers are counted by their shape.
 */
export function siteTokens(text: TextInput, salt: number): number[] {
  const known = text.memoized<SiteTokenWords>(memoKey(salt >>> 0));
  if (known !== undefined) return [...known.tokens];
  // Not made for this text yet (the site model did not ask): the tokens alone, without their words.
  const n = fill(text, salt >>> 0, siteShapes(text, wordsOf(text), salt >>> 0));
  return scratchTokens.slice(0, n);
}

/**
 * {@link siteTokens} with the word (or pair of words) of each token, so that a token can be named
 * by the text it came from. Computed once per text and salt (memoised on the text).
 */
export function siteTokenWords(text: TextInput, salt: number): SiteTokenWords {
  return text.memo(memoKey(salt >>> 0), (t) => collect(t, salt >>> 0));
}

/** Open-addressing set of int32 values (a token's bits): 2048 slots, 0 marks an empty slot. */
const SLOTS = 2048;
const slots = new Int32Array(SLOTS);
let zeroSeen = false;

/** Adds `h` (its bits as int32) to the set; false when it was there. */
function addToken(h: number): boolean {
  const v = h | 0;
  if (v === 0) {
    if (zeroSeen) return false;
    zeroSeen = true;
    return true;
  }
  let i = (Math.imul(v, 0x9e3779b1) >>> 21) & (SLOTS - 1);
  for (;;) {
    const s = slots[i]!;
    if (s === 0) {
      slots[i] = v;
      return true;
    }
    if (s === v) return false;
    i = (i + 1) & (SLOTS - 1);
  }
}

/**
 * Scratch of {@link fill}: the tokens, their words and pair marks, copied out at the end by one
 * `slice` each. Arrays of the heap, made of doubles (the tokens) and of small integers from the
 * start, so that a slice is one copy of their elements into an array of the same kind.
 */
const SCRATCH = MAX_SITE_TOKENS + MAX_SHAPE_TOKENS;
const scratchTokens: number[] = Array.from({ length: SCRATCH }, () => 0.5);
const scratchWord: number[] = Array.from({ length: SCRATCH }, () => 0);
const scratchPair: number[] = Array.from({ length: SCRATCH }, () => 0);

/** Writes the tokens of `text` (its words, then `shapes`) into the scratch arrays; returns how many. */
function fill(text: TextInput, salt: number, shapes: SiteShapes): number {
  const words = wordsOf(text);
  const { codes, start, end, clause } = words;
  slots.fill(0);
  zeroSeen = false;
  let n = 0;
  let previous = -1;
  let previousClause = -1;
  const count = words.count;
  for (let i = 0; i < count && n < MAX_SITE_TOKENS; i++) {
    const s = start[i]!;
    const e = end[i]!;
    if (e - s < 2 || codes[s] === 0x23) {
      previous = -1;
      continue;
    }
    const h = hashWord(salt, codes, s, e);
    if (addToken(h)) {
      scratchWord[n] = i;
      scratchPair[n] = 0;
      scratchTokens[n++] = h;
    }
    if (previous !== -1 && clause[i] === previousClause && n < MAX_SITE_TOKENS) {
      const p = pair(previous, h, salt);
      if (addToken(p)) {
        scratchWord[n] = i - 1;
        scratchPair[n] = 1;
        scratchTokens[n++] = p;
      }
    }
    previous = h;
    previousClause = clause[i]!;
  }
  // The shapes come on top of the words (those not already there), each marked by −1 − its index.
  const { hashes } = shapes;
  for (let k = 0; k < hashes.length; k++) {
    if (addToken(hashes[k]!)) {
      scratchWord[n] = -1 - k;
      scratchPair[n] = 0;
      scratchTokens[n++] = hashes[k]!;
    }
  }
  return n;
}

function collect(text: TextInput, salt: number): SiteTokenWords {
  const shapes = siteShapes(text, wordsOf(text), salt);
  const n = fill(text, salt, shapes);
  // Arrays on the heap: typed arrays of this size would each hold a buffer off it.
  return { tokens: scratchTokens.slice(0, n), words: wordsOf(text), word: scratchWord.slice(0, n), pair: scratchPair.slice(0, n), shapes };
}
