/**
 * A character trie over normalised word-list entries, and the one-pass scan of a text's words.
 *
 * Entries are words or phrases (words joined by one space after normalisation). An entry that
 * ends in `*` is a stem: it also matches when the text's word goes on (inflected forms:
 * `pénz*` matches pénzt, pénzért). Matches start at a word boundary and, except for stems, end
 * at one, so `ass` never matches inside `classic` (the Scunthorpe problem). A phrase matches
 * across white space and punctuation inside a sentence, but not across a sentence end or from
 * one field into the next.
 *
 * The scan starts a walk at each word and follows the trie for at most {@link MAX_ENTRY_CHARS}
 * characters, so it is linear in the text. Every entry a walk ends on is a candidate; the
 * matches are the non-overlapping candidates that cover the most words, of those the fewest
 * matches, and of those the one that takes the earliest and longest entry first. So an entry
 * that starts one word later is not hidden by a shorter one that overlaps it: in "please check
 * out my channel", `check out my channel` wins over `please check` followed by `my channel`
 * (four words either way, one match against two). A letter that repeats the one before it and
 * has no transition is skipped ("fuuuuck", "freeeee"), so repeated letters cannot hide a word.
 *
 * One trie can hold several lists, its kinds (up to {@link MAX_KINDS}: the word-list rules keep
 * SPAM_WORDS, PROFANITY and SENTIMENT of a choice of languages in one), so that one walk over a
 * text's words serves them all. Each kind is matched exactly as a trie of its own entries would
 * match it: every transition knows which kinds' entries lie beyond it, a walk carries the kinds
 * still on their path, and where a repeated letter has a transition for some of them only, the
 * others skip the letter on a walk of their own (as their own trie, without that transition,
 * would have them do).
 */
import { normalizePhrase, type Words } from './normalize.js';

/** Longest entry, in normalised characters including the spaces between words. */
export const MAX_ENTRY_CHARS = 80;
/** Most kinds (lists matched separately) one trie holds. */
export const MAX_KINDS = 4;
const SPACE = 32;

export interface Entry {
  /** The entry as written in the word list (without its `*`). */
  readonly phrase: string;
  readonly weight: number;
  /** Language of the list it comes from. */
  readonly language: string;
  readonly stem: boolean;
}

export interface TrieMatch {
  readonly entry: Entry;
  /** First and last word (inclusive) of the match. */
  readonly first: number;
  readonly last: number;
}

/** A word list to match a text against: a {@link Trie}, or one kind of a trie of several. */
export interface Lexicon {
  /** Entries kept when added (one that replaced another counts too). */
  readonly size: number;
  /** The non-overlapping matches that cover the most words (see the file comment), in text order. */
  scan(words: Words, from?: number, to?: number): TrieMatch[];
}

// A stored transition (the root table's values and the node records' targets): the target
// node's offset in `data` * 64 + its kinds (a bit per kind with entries at or below it) * 4
// + 2 if it has a stem entry of any kind + 1 if an exact one; -1: none.
const KIND_SHIFT = 2;
const OFFSET_SHIFT = 6;
/** Offsets that fit the transition's 31 bits. */
const MAX_OFFSET = 2 ** (31 - OFFSET_SHIFT) - 1;

export class Trie implements Lexicon {
  /** Number of kinds (separately matched lists) the trie holds. */
  readonly kinds: number;
  // While building: transitions in one map (key node * 65536 + character code), and each
  // node's parent, character and kinds, and per node and kind its entries.
  #build: Map<number, number> | undefined = new Map();
  #parent: number[] = [-1];
  #char: number[] = [0];
  #mask: number[] = [0];
  /** Entry index per node * kinds + kind, -1: none. */
  #exact: number[];
  #stem: number[];
  readonly #entries: Entry[] = [];
  readonly #sizes: number[];
  // Frozen (on the first scan or by seal()): a direct table for the root (most walks start
  // there) and one Int32Array of node records, each in one place so that a step reads one or
  // two cache lines: the children, either as a table (~(lowest character | width << 16), then
  // a stored transition or -1 per character) or as a list (their number n, their characters
  // ascending, their stored transitions), then (when the node has one) a stem entry slot per
  // kind and an exact entry slot per kind.
  #root = new Int32Array(0);
  #data = new Int32Array(0);

  constructor(kinds = 1) {
    if (!Number.isInteger(kinds) || kinds < 1 || kinds > MAX_KINDS) throw new RangeError(`Trie kinds: 1 to ${MAX_KINDS}`);
    this.kinds = kinds;
    this.#exact = new Array<number>(kinds).fill(-1);
    this.#stem = new Array<number>(kinds).fill(-1);
    this.#sizes = new Array<number>(kinds).fill(0);
  }

  /** Entries kept when added, of every kind (one that replaced another counts too). */
  get size(): number {
    let n = 0;
    for (const s of this.#sizes) n += s;
    return n;
  }

  /** Entries of one kind kept when added (one that replaced another counts too). */
  sizeOf(kind: number): number {
    return this.#sizes[kind] ?? 0;
  }

  /**
   * Adds an entry of a kind. When the same normalised entry of that kind is already there, the
   * one with the larger absolute weight is kept. Entries that normalise to nothing or are too
   * long are ignored.
   */
  add(phrase: string, weight: number, language: string, kind = 0): void {
    const build = this.#build;
    if (build === undefined) throw new Error('Trie.add after the first scan');
    if (!Number.isInteger(kind) || kind < 0 || kind >= this.kinds) throw new RangeError(`Trie.add: no kind ${kind}`);
    const stem = phrase.endsWith('*');
    const raw = stem ? phrase.slice(0, -1) : phrase;
    const norm = normalizePhrase(raw);
    if (norm.length === 0 || norm.length > MAX_ENTRY_CHARS) return;
    const bit = 1 << kind;
    const kinds = this.kinds;
    let node = 0;
    for (let i = 0; i < norm.length; i++) {
      const c = norm.charCodeAt(i);
      const key = node * 65536 + c;
      let child = build.get(key);
      if (child === undefined) {
        child = this.#parent.length;
        build.set(key, child);
        this.#parent.push(node);
        this.#char.push(c);
        this.#mask.push(0);
        for (let k = 0; k < kinds; k++) {
          this.#exact.push(-1);
          this.#stem.push(-1);
        }
      }
      node = child;
      this.#mask[node]! |= bit;
    }
    const slots = stem ? this.#stem : this.#exact;
    const slot = node * kinds + kind;
    const old = slots[slot]!;
    if (old !== -1 && Math.abs(this.#entries[old]!.weight) >= Math.abs(weight)) return;
    this.#sizes[kind]!++;
    slots[slot] = this.#entries.length;
    this.#entries.push({ phrase: raw.trim(), weight, language, stem });
  }

  /**
   * Freezes the trie into its compact layout now rather than on the first scan (no more `add`).
   * The build map takes several times the memory of the frozen arrays.
   */
  seal(): void {
    if (this.#build !== undefined) this.#freeze();
  }

  /** The lexicon of one kind: scans match that kind's entries only. */
  view(kind: number): Lexicon {
    if (!Number.isInteger(kind) || kind < 0 || kind >= this.kinds) throw new RangeError(`Trie.view: no kind ${kind}`);
    return new TrieKind(this, kind);
  }

  #freeze(): void {
    const nodes = this.#parent.length;
    const mask = this.#mask;
    const parent = this.#parent;
    const char = this.#char;
    const K = this.kinds;
    const hasStem = (n: number): boolean => {
      for (let k = 0; k < K; k++) if (this.#stem[n * K + k] !== -1) return true;
      return false;
    };
    const hasExact = (n: number): boolean => {
      for (let k = 0; k < K; k++) if (this.#exact[n * K + k] !== -1) return true;
      return false;
    };
    // Children of each node, sorted by character: counting sort by parent, then by character.
    const childStart = new Int32Array(nodes + 1);
    for (let n = 1; n < nodes; n++) childStart[parent[n]! + 1]!++;
    for (let n = 0; n < nodes; n++) childStart[n + 1]! += childStart[n]!;
    const children = new Int32Array(Math.max(0, nodes - 1));
    const fill = childStart.slice(0, nodes);
    for (let n = 1; n < nodes; n++) children[fill[parent[n]!]!++] = n;
    for (let n = 0; n < nodes; n++) {
      const from = childStart[n]!;
      const to = childStart[n + 1]!;
      if (to - from > 1) {
        const run = Array.from(children.subarray(from, to)).sort((a, b) => char[a]! - char[b]!);
        children.set(run, from);
      }
    }
    // A node's children are stored as a table indexed by character from the lowest one when
    // that takes no more room than a sorted list of characters and transitions (a chain's one
    // child, most letters of a Latin word), else as the list.
    const span = (n: number): number => {
      const from = childStart[n]!;
      const to = childStart[n + 1]!;
      return from === to ? 0 : char[children[to - 1]!]! - char[children[from]!]! + 1;
    };
    const direct = (n: number): boolean => {
      const count = childStart[n + 1]! - childStart[n]!;
      return count > 0 && span(n) <= 2 * count && span(n) < 1 << 15;
    };
    const recordSize = (n: number): number =>
      1 + (direct(n) ? span(n) : 2 * (childStart[n + 1]! - childStart[n]!)) + (hasStem(n) ? K : 0) + (hasExact(n) ? K : 0);
    // Offsets: breadth-first for the first two levels (the records every text reads, packed
    // together), depth-first below each node of the second (a chain's records one after the
    // other). The root has no record: its table is `root`.
    const offset = new Int32Array(nodes);
    const order: number[] = [];
    let size = 0;
    const place = (n: number): void => {
      offset[n] = size;
      size += recordSize(n);
      order.push(n);
    };
    const level1 = Array.from(children.subarray(childStart[0]!, childStart[1]!));
    const level2: number[] = [];
    for (const n of level1) {
      place(n);
      for (let c = childStart[n]!; c < childStart[n + 1]!; c++) level2.push(children[c]!);
    }
    for (const n of level2) place(n);
    const stack: number[] = [];
    for (const r of level2) {
      for (let c = childStart[r + 1]! - 1; c >= childStart[r]!; c--) stack.push(children[c]!);
      while (stack.length > 0) {
        const n = stack.pop()!;
        place(n);
        for (let c = childStart[n + 1]! - 1; c >= childStart[n]!; c--) stack.push(children[c]!);
      }
    }
    if (size > MAX_OFFSET) throw new RangeError('Trie too large');
    const target = (n: number): number => offset[n]! * 2 ** OFFSET_SHIFT + (mask[n]! << KIND_SHIFT) + (hasStem(n) ? 2 : 0) + (hasExact(n) ? 1 : 0);
    const data = new Int32Array(size);
    for (const n of order) {
      let o = offset[n]!;
      const from = childStart[n]!;
      const count = childStart[n + 1]! - from;
      if (direct(n)) {
        const low = char[children[from]!]!;
        const width = span(n);
        data[o++] = ~(low | (width << 16));
        data.fill(-1, o, o + width);
        for (let c = 0; c < count; c++) data[o + char[children[from + c]!]! - low] = target(children[from + c]!);
        o += width;
      } else {
        data[o++] = count;
        for (let c = 0; c < count; c++) data[o + c] = char[children[from + c]!]!;
        o += count;
        for (let c = 0; c < count; c++) data[o + c] = target(children[from + c]!);
        o += count;
      }
      if (hasStem(n)) for (let k = 0; k < K; k++) data[o++] = this.#stem[n * K + k]!;
      if (hasExact(n)) for (let k = 0; k < K; k++) data[o++] = this.#exact[n * K + k]!;
    }
    // The root's direct table reaches the highest first character of an entry (Cyrillic and
    // Greek lists: about U+0450), not all 65,536 code units: 256 KiB per trie otherwise.
    let top = -1;
    for (let c = childStart[0]!; c < childStart[1]!; c++) top = Math.max(top, char[children[c]!]!);
    const root = new Int32Array(top + 1).fill(-1);
    for (let c = childStart[0]!; c < childStart[1]!; c++) root[char[children[c]!]!] = target(children[c]!);
    this.#root = root;
    this.#data = data;
    this.#build = undefined;
    this.#parent = [];
    this.#char = [];
    this.#mask = [];
    this.#exact = [];
    this.#stem = [];
  }

  /** The matches of kind 0 (of the only kind, for a trie of one). */
  scan(words: Words, from = 0, to = words.count): TrieMatch[] {
    return this.scanKinds(words, 1, from, to)[0]!;
  }

  /**
   * One walk over the words for the kinds in `mask` (bit k: kind k): per kind, its matches as
   * {@link scan} finds them in a trie of that kind's entries alone (an empty list for a kind not
   * asked for).
   */
  scanKinds(words: Words, mask: number, from = 0, to = words.count): TrieMatch[][] {
    if (this.#build !== undefined) this.#freeze();
    const K = this.kinds;
    const want = mask & ((1 << K) - 1);
    const state = STATE;
    state.begin(this.#data, K);
    const { codes, start } = words;
    const root = this.#root;
    const top = root.length;
    for (let i = from; i < to; i++) {
      // Most words start with no entry, or none of the kinds asked for: one table look-up.
      const c0 = codes[start[i]!]!;
      if (c0 >= top) continue;
      const t = root[c0]!;
      if (t === -1) continue;
      const active = (t >> KIND_SHIFT) & want;
      if (active === 0) continue;
      walk(state, words, to, i, t, active, start[i]! + 1, i, c0, 1);
    }
    const out: TrieMatch[][] = [];
    for (let k = 0; k < K; k++) out.push((want & (1 << k)) !== 0 ? this.#choose(state.candidates[k]!) : []);
    return out;
  }

  /**
   * The non-overlapping candidates that cover the most words, and of those the fewest matches.
   * Candidates come sorted by first word, then by last. Choices are made from the end: at each
   * candidate, taking it (its words plus the best after its last word) against leaving it; a
   * tie takes it, and the longest candidate of a first word is weighed first, so without a gain
   * the choice is the leftmost-longest one. The search for the candidate after one passes only
   * candidates that start inside it (an entry spans at most {@link MAX_ENTRY_CHARS} characters),
   * so the choice stays linear in the candidates.
   */
  #choose(cands: Candidates): TrieMatch[] {
    const m = cands.count;
    const out: TrieMatch[] = [];
    if (m === 0) return out;
    const cFirst = cands.first;
    const cLast = cands.last;
    const cEntry = cands.entry;
    const entries = this.#entries;
    if (m === 1) {
      out.push({ entry: entries[cEntry[0]!]!, first: cFirst[0]!, last: cLast[0]! });
      return out;
    }
    const s = chooseScratch(m);
    // Order: first word ascending, within it last word descending (longest first).
    const order = s.order;
    for (let a = 0; a < m; ) {
      let b = a;
      while (b + 1 < m && cFirst[b + 1] === cFirst[a]) b++;
      for (let k = a; k <= b; k++) order[k] = a + b - k;
      a = b + 1;
    }
    // best[k]: words covered by the best choice among candidates k… (in `order`);
    // next[k]: the first candidate (in `order`) whose first word is after k's last.
    // count[k]: the number of matches in that choice (fewer is better when as many words).
    const best = s.best;
    const count = s.count;
    const take = s.take;
    const next = s.next;
    best[m] = 0;
    count[m] = 0;
    for (let k = m - 1; k >= 0; k--) {
      const c = order[k]!;
      let n = k + 1;
      while (n < m && cFirst[order[n]!]! <= cLast[c]!) n++;
      next[k] = n;
      const taken = cLast[c]! - cFirst[c]! + 1 + best[n]!;
      const takenCount = 1 + count[n]!;
      if (taken > best[k + 1]! || (taken === best[k + 1]! && takenCount <= count[k + 1]!)) {
        best[k] = taken;
        count[k] = takenCount;
        take[k] = 1;
      } else {
        best[k] = best[k + 1]!;
        count[k] = count[k + 1]!;
        take[k] = 0;
      }
    }
    for (let k = 0; k < m; ) {
      if (take[k] === 1) {
        const c = order[k]!;
        out.push({ entry: entries[cEntry[c]!]!, first: cFirst[c]!, last: cLast[c]! });
        k = next[k]!;
      } else k++;
    }
    return out;
  }
}

/** One kind of a trie of several, as a lexicon of its own. */
class TrieKind implements Lexicon {
  readonly #trie: Trie;
  readonly #kind: number;

  constructor(trie: Trie, kind: number) {
    this.#trie = trie;
    this.#kind = kind;
  }

  get size(): number {
    return this.#trie.sizeOf(this.#kind);
  }

  scan(words: Words, from = 0, to = words.count): TrieMatch[] {
    return this.#trie.scanKinds(words, 1 << this.#kind, from, to)[this.#kind]!;
  }
}

/**
 * A kind's candidates of one scan, in text order of their first word, then of their last (one
 * per first/last pair: the exact entry over a stem that ends on the same word). Reused from
 * scan to scan (a scan runs to its end before the next starts); most texts have a few.
 */
class Candidates {
  count = 0;
  first = new Int32Array(64);
  last = new Int32Array(64);
  entry = new Int32Array(64);

  add(entry: number, i: number, j: number): void {
    const n = this.count - 1;
    if (n >= 0 && this.first[n] === i && this.last[n] === j) {
      this.entry[n] = entry;
      return;
    }
    if (this.count === this.first.length) this.#grow();
    const c = this.count++;
    this.first[c] = i;
    this.last[c] = j;
    this.entry[c] = entry;
  }

  #grow(): void {
    const size = this.first.length * 2;
    const first = new Int32Array(size);
    const last = new Int32Array(size);
    const entry = new Int32Array(size);
    first.set(this.first);
    last.set(this.last);
    entry.set(this.entry);
    this.first = first;
    this.last = last;
    this.entry = entry;
  }
}

/** The state of the scan in progress: the trie's records and kinds, and the candidates per kind. */
class ScanState {
  data: Int32Array = new Int32Array(0);
  kinds = 1;
  readonly candidates: Candidates[] = Array.from({ length: MAX_KINDS }, () => new Candidates());

  begin(data: Int32Array, kinds: number): void {
    this.data = data;
    this.kinds = kinds;
    for (let k = 0; k < MAX_KINDS; k++) this.candidates[k]!.count = 0;
  }

  /** Records the entries of the node of `t` in `slot` (its first entry slot) for the kinds in `active`. */
  found(t: number, active: number, slot: number, i: number, j: number): void {
    const data = this.data;
    for (let k = 0; active !== 0; k++, active >>= 1) {
      if ((active & 1) === 0) continue;
      const e = data[slot + k]!;
      if (e !== -1) this.candidates[k]!.add(e, i, j);
    }
  }
}
const STATE = new ScanState();

/** Scratch arrays of the choice, grown to the most candidates seen. */
let CHOOSE: { order: Int32Array; best: Int32Array; count: Int32Array; take: Uint8Array; next: Int32Array } | undefined;
function chooseScratch(m: number): NonNullable<typeof CHOOSE> {
  if (CHOOSE === undefined || CHOOSE.order.length < m) {
    const size = Math.max(64, m * 2);
    CHOOSE = { order: new Int32Array(size), best: new Int32Array(size + 1), count: new Int32Array(size + 1), take: new Uint8Array(size), next: new Int32Array(size) };
  }
  return CHOOSE;
}

/**
 * The stored transition of the node of `t` for character `c`, or -1: one read in a table
 * record, a search in a list record's sorted characters.
 */
function step(data: Int32Array, t: number, c: number): number {
  const o = (t >>> OFFSET_SHIFT) + 1;
  const h = data[o - 1]!;
  if (h < 0) {
    // A table: ~(lowest character | width << 16), then a transition per character.
    const x = ~h;
    const at = c - (x & 0xffff);
    return at >= 0 && at < x >>> 16 ? data[o + at]! : -1;
  }
  let lo = o;
  let hi = o + h;
  while (hi - lo > 4) {
    const mid = (lo + hi) >> 1;
    if (data[mid]! <= c) lo = mid;
    else hi = mid;
  }
  for (; lo < hi; lo++) if (data[lo] === c) return data[lo + h]!;
  return -1;
}

/** The first entry slot of the node of `t` (its stem slots when it has them, else its exact ones). */
function slotOf(data: Int32Array, t: number): number {
  const o = t >>> OFFSET_SHIFT;
  const h = data[o]!;
  return o + 1 + (h < 0 ? ~h >>> 16 : 2 * h);
}

/**
 * The walk from word `i` for the kinds in `active`, having just reached the node of `t` (as
 * stored) at code `p` of word `j` after `prev`, with `chars` characters consumed. Where a
 * repeated letter has a transition for some of the kinds only, it walks on with those (a walk
 * of its own, one call deeper), and the others skip the letter here; each kind is on exactly
 * one path, the one its own trie would take, so its candidates come in the order they would.
 */
function walk(s: ScanState, words: Words, to: number, i: number, t: number, active: number, p: number, j: number, prev: number, chars: number): void {
  if (chars > MAX_ENTRY_CHARS) return;
  const data = s.data;
  const K = s.kinds;
  const { codes, start, end, clause } = words;
  if ((t & 2) !== 0) s.found(t, active, slotOf(data, t), i, j);
  for (;;) {
    const e = end[j]!;
    for (; p < e; p++) {
      const c = codes[p]!;
      const child = step(data, t, c);
      const adv = child === -1 ? 0 : (child >> KIND_SHIFT) & active;
      if (adv !== active) {
        // Some of the kinds have no transition: a repeated letter is skipped by them, any other
        // ends their walk.
        if (c === prev) {
          if (adv !== 0) walk(s, words, to, i, child, adv, p + 1, j, c, chars + 1);
          active &= ~adv;
          continue;
        }
        if (adv === 0) return;
        active = adv;
      }
      t = child;
      prev = c;
      if (++chars > MAX_ENTRY_CHARS) return;
      if ((t & 2) !== 0) s.found(t, active, slotOf(data, t), i, j);
    }
    if ((t & 1) !== 0) s.found(t, active, slotOf(data, t) + ((t & 2) !== 0 ? K : 0), i, j);
    // On to the next word of the same field and sentence, through a space.
    if (j + 1 >= to || clause[j + 1] !== clause[j]) return;
    const child = step(data, t, SPACE);
    if (child === -1) return;
    active &= child >> KIND_SHIFT;
    if (active === 0) return;
    t = child;
    if (++chars > MAX_ENTRY_CHARS) return;
    j++;
    p = start[j]!;
    prev = -1;
  }
}
