/**
 * The tokens of the per-site learner (`text.SITE_MODEL`) and of the decision log: each distinct
 * normalised word and each pair of consecutive words within a clause, and the text's shapes
 * (runs of `!` and `?`, words in capitals, number shapes, a link or none, how many words:
 * `shapes.ts`), each as a 32-bit hash salted with a secret of the server. The words, their pairs
 * and the shapes of numbers and capitals are found in one pass over the words. The decision
 * log keeps only these numbers, never the words, so feedback on a logged decision can train the
 * site's model without the text being stored. The salt makes one store's hashes differ from
 * another's (no table of hashed words made once serves every store), but it is no key: the hash
 * can be run backwards, so one token of a known text (a shape's name is public) gives the salt
 * away, and then a dictionary hashed with it names the words (README, "What is stored").
 *
 * The token definition is fixed (independent of the global text model's features), so counts
 * stored by one version stay meaningful after the global model is retrained. Linear in the text.
 */
import { wordsOf, type Words } from '../lexicons/normalize.js';
import type { TextInput } from '../text/input.js';
import { finish, FNV_OFFSET, FNV_PRIME } from './hash.js';
import { allCaps, CAPS4_ID, CAPS_ID, forEachRun, hashesOf, linkShape, MAX_SHAPE_TOKENS, NUMBER_ID, SHAPE_NAMES, wordsShape, type SiteShapes } from './shapes.js';

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
  /**
   * Per token, where it came from: for a word, 2 × the index in `words` of its word, plus 1 for a
   * pair of words (that word and the next one); for a shape, −1 − its index in `shapes`.
   */
  readonly word: readonly number[];
  /** The shapes' names, and per shape three entries of `spans`: its segment (−1: the whole text) and its offsets. */
  readonly shapes: SiteShapes;
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
  const kept = text.memoized<number[]>(tokensKey(salt >>> 0));
  if (kept !== undefined) return [...kept];
  // Not made for this text yet (the site model did not ask): the tokens alone, without their words.
  const n = fill(text, salt >>> 0);
  return scratchTokens.slice(0, n);
}

/** A stable memo key per salt for the tokens alone ({@link keepTokens}). */
const tokensKeys = new Map<number, object>();
function tokensKey(salt: number): object {
  let key = tokensKeys.get(salt);
  if (key === undefined) {
    if (tokensKeys.size >= 64) tokensKeys.clear();
    tokensKeys.set(salt, (key = {}));
  }
  return key;
}

/**
 * Writes the tokens of `text` into {@link tokenScratch} (as {@link siteTokens} gives them, and
 * where each came from as {@link SiteTokenWords.word} says; the shapes' ids and spans beside
 * them) and returns how many: read them before the next call, which overwrites them.
 */
export function fillTokens(text: TextInput, salt: number): number {
  return fill(text, salt >>> 0);
}

/**
 * Keeps the first `n` tokens of {@link tokenScratch} (as {@link fillTokens} made them for `text`
 * and `salt`) on the text, so that {@link siteTokens} of it copies them instead of making them
 * again (the decision log's, after the site model has made them).
 */
export function keepTokens(text: TextInput, salt: number, n: number): void {
  text.memo(tokensKey(salt >>> 0), () => scratchTokens.slice(0, n));
}

/**
 * {@link siteTokens} with the word (or pair of words) of each token, so that a token can be named
 * by the text it came from. Computed once per text and salt (memoised on the text).
 */
export function siteTokenWords(text: TextInput, salt: number): SiteTokenWords {
  return text.memo(memoKey(salt >>> 0), (t) => collect(t, salt >>> 0));
}

/**
 * Open-addressing set of int32 values (a token's bits), 0 marking an empty slot: its first
 * `2^setBits` slots of 2048, sized to the text (at most half full), so that a short text clears
 * and probes a few cache lines, not 8 KB.
 */
const SLOTS = 2048;
const set = new Int32Array(SLOTS);
let setBits = 11;
let zeroSeen = false;

/** Empties the set, sized for at most `tokens` tokens. */
function clearTokens(tokens: number): void {
  let bits = 6;
  while (1 << bits < 2 * tokens && bits < 11) bits++;
  setBits = bits;
  set.fill(0, 0, 1 << bits);
  zeroSeen = false;
}

/** Adds `h` (its bits as int32) to the set; false when it was there. */
function addToken(h: number): boolean {
  const v = h | 0;
  if (v === 0) {
    if (zeroSeen) return false;
    zeroSeen = true;
    return true;
  }
  const mask = (1 << setBits) - 1;
  let i = Math.imul(v, 0x9e3779b1) >>> (32 - setBits);
  for (;;) {
    const s = set[i]!;
    if (s === 0) {
      set[i] = v;
      return true;
    }
    if (s === v) return false;
    i = (i + 1) & mask;
  }
}

/**
 * Scratch of {@link fill}: the tokens and where each came from, copied out at the end by one
 * `slice` each. Arrays of the heap, made of doubles (the tokens) and of small integers from the
 * start, so that a slice is one copy of their elements into an array of the same kind.
 */
const SCRATCH = MAX_SITE_TOKENS + MAX_SHAPE_TOKENS;
const scratchTokens: number[] = Array.from({ length: SCRATCH }, () => 0.5);
const scratchWord: number[] = Array.from({ length: SCRATCH }, () => 0);
/** The shapes {@link fill} found, in order: their ids, and three entries of `shapeSpans` each. */
const shapeIds: number[] = Array.from({ length: MAX_SHAPE_TOKENS }, () => 0);
const shapeSpans: number[] = Array.from({ length: 3 * MAX_SHAPE_TOKENS }, () => 0);
let shapeCount = 0;

/**
 * The scratch {@link fillTokens} writes: per token, its hash and where it came from (as
 * {@link SiteTokenWords.word}); per shape (by the −1 − mark of its token), its id (a name of
 * `SHAPE_NAMES`) and three entries of `shapeSpans` (as {@link SiteShapes.spans}).
 */
export const tokenScratch: { readonly tokens: readonly number[]; readonly word: readonly number[]; readonly shapeIds: readonly number[]; readonly shapeSpans: readonly number[] } = {
  tokens: scratchTokens,
  word: scratchWord,
  shapeIds,
  shapeSpans,
};
/** The ids {@link fill} has found in this text (one bit each). */
let shapesSeen = 0;
let runSegment = 0;

function addShape(id: number, segment: number, from: number, to: number): void {
  if ((shapesSeen & (1 << id)) !== 0) return;
  shapesSeen |= 1 << id;
  const k = shapeCount++;
  shapeIds[k] = id;
  shapeSpans[3 * k] = segment;
  shapeSpans[3 * k + 1] = from;
  shapeSpans[3 * k + 2] = to;
}
const addRun = (id: number, from: number, to: number): void => addShape(id, runSegment, from, to);

const CAPS = (1 << CAPS_ID) | (1 << CAPS4_ID);

/** The shape of word `i` (a number's, capitals'), if it has one. */
function wordShape(words: Words, segments: TextInput['segments'], i: number): void {
  const start = words.start[i]!;
  const from = words.from[i]!;
  if (words.codes[start] === 0x23) {
    addShape(NUMBER_ID + Math.min(words.end[i]! - start, 6) - 1, words.segment[i]!, from, words.to[i]!);
    return;
  }
  if ((shapesSeen & CAPS) === CAPS) return;
  const s = segments[words.segment[i]!]!.text;
  const c = s.charCodeAt(from);
  if (c >= 97 && c <= 122) return;
  const to = words.to[i]!;
  if (allCaps(s, from, to)) addShape(to - from >= 4 ? CAPS4_ID : CAPS_ID, words.segment[i]!, from, to);
}

/**
 * Writes the tokens of `text` into the scratch arrays (its words and word pairs, then its
 * shapes) and its shapes into the shapes' scratch, in one pass over the words; returns how many
 * tokens. The shapes, in order: the number of words, a link or none, the numbers and capitals
 * in text order, then the runs of `!` and `?` in text order.
 */
function fill(text: TextInput, salt: number): number {
  const words = wordsOf(text);
  const { codes, start, end, clause, from: wordFrom, to: wordTo, segment: wordSegment } = words;
  const { segments } = text;
  // Tokens at most: a word and a pair per word (up to the bound), and the shapes.
  clearTokens(Math.min(2 * words.count, MAX_SITE_TOKENS) + MAX_SHAPE_TOKENS);
  shapesSeen = 0;
  shapeCount = 0;
  addShape(wordsShape(words.count), -1, 0, 0);
  addShape(linkShape(text), -1, 0, 0);
  let n = 0;
  let previous = -1;
  let previousClause = -1;
  const count = words.count;
  // The field of the word read last, and its text (read for the capitals' shapes).
  let field = -1;
  let fieldText = '';
  let i = 0;
  for (; i < count && n < MAX_SITE_TOKENS; i++) {
    const s = start[i]!;
    const e = end[i]!;
    const first = codes[s]!;
    if (first === 0x23) {
      // A number: its shape, and no word token.
      addShape(NUMBER_ID + Math.min(e - s, 6) - 1, wordSegment[i]!, wordFrom[i]!, wordTo[i]!);
      previous = -1;
      continue;
    }
    if ((shapesSeen & CAPS) !== CAPS) {
      // Capitals: read in the field's text (the words are lower case), unless it starts with a lower-case ASCII letter.
      const g = wordSegment[i]!;
      if (g !== field) {
        field = g;
        fieldText = segments[g]!.text;
      }
      const from = wordFrom[i]!;
      const c = fieldText.charCodeAt(from);
      if (c < 97 || c > 122) {
        const to = wordTo[i]!;
        if (allCaps(fieldText, from, to)) addShape(to - from >= 4 ? CAPS4_ID : CAPS_ID, g, from, to);
      }
    }
    if (e - s < 2) {
      previous = -1;
      continue;
    }
    const h = hashWord(salt, codes, s, e);
    if (addToken(h)) {
      scratchWord[n] = 2 * i;
      scratchTokens[n++] = h;
    }
    if (previous !== -1 && clause[i] === previousClause && n < MAX_SITE_TOKENS) {
      const p = pair(previous, h, salt);
      if (addToken(p)) {
        scratchWord[n] = 2 * i - 1;
        scratchTokens[n++] = p;
      }
    }
    previous = h;
    previousClause = clause[i]!;
  }
  // Past the words' bound: the shapes of the rest.
  for (; i < count; i++) wordShape(words, segments, i);
  for (let seg = 0; seg < segments.length; seg++) {
    runSegment = seg;
    forEachRun(segments[seg]!.text, addRun);
  }
  // The shapes come on top of the words (those not already there), each marked by −1 − its index.
  const table = hashesOf(salt);
  for (let k = 0; k < shapeCount; k++) {
    const h = table[shapeIds[k]!]!;
    if (addToken(h)) {
      scratchWord[n] = -1 - k;
      scratchTokens[n++] = h;
    }
  }
  return n;
}

/** The shapes {@link fill} found last. */
function shapesFound(): SiteShapes {
  const names = new Array<string>(shapeCount);
  for (let k = 0; k < shapeCount; k++) names[k] = SHAPE_NAMES[shapeIds[k]!]!;
  return { names, spans: shapeSpans.slice(0, 3 * shapeCount) };
}

function collect(text: TextInput, salt: number): SiteTokenWords {
  const n = fill(text, salt);
  // Arrays on the heap: typed arrays of this size would each hold a buffer off it.
  return { tokens: scratchTokens.slice(0, n), words: wordsOf(text), word: scratchWord.slice(0, n), shapes: shapesFound() };
}

/**
 * The shapes of `text` (`shapes.ts`: the number of words, a link or none, numbers and capitals,
 * runs of `!` and `?`), each once: as {@link siteTokenWords} gives them.
 */
export function siteShapes(text: TextInput, salt: number): SiteShapes {
  return siteTokenWords(text, salt).shapes;
}
