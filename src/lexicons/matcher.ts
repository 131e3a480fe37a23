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
 * characters, so it is linear in the text. At each start the longest entry wins, and the scan
 * resumes after it (matches do not overlap). A letter that repeats the one before it and has no
 * transition is skipped ("fuuuuck", "freeeee"), so repeated letters cannot hide a word.
 */
import { normalizePhrase, type Words } from './normalize.js';

/** Longest entry, in normalised characters including the spaces between words. */
export const MAX_ENTRY_CHARS = 80;
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

export class Trie {
  // While building: transitions in one map (key node * 65536 + character code), and each
  // node's parent and character. On the first scan they are frozen into a compact layout:
  // a direct table for the root (most walks end there) and, per node, a run of children
  // sorted by character in two typed arrays.
  #build: Map<number, number> | undefined = new Map();
  #parent: number[] = [-1];
  #char: number[] = [0];
  #exact: number[] = [-1];
  #stem: number[] = [-1];
  readonly #entries: Entry[] = [];
  #root = new Int32Array(0);
  #first = new Int32Array(0);
  #edgeChar = new Uint16Array(0);
  #edgeNode = new Int32Array(0);
  #exactF = new Int32Array(0);
  #stemF = new Int32Array(0);

  get size(): number {
    return this.#entries.length;
  }

  /**
   * Adds an entry. When the same normalised entry is already there, the one with the larger
   * absolute weight is kept. Entries that normalise to nothing or are too long are ignored.
   */
  add(phrase: string, weight: number, language: string): void {
    const build = this.#build;
    if (build === undefined) throw new Error('Trie.add after the first scan');
    const stem = phrase.endsWith('*');
    const raw = stem ? phrase.slice(0, -1) : phrase;
    const norm = normalizePhrase(raw);
    if (norm.length === 0 || norm.length > MAX_ENTRY_CHARS) return;
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
        this.#exact.push(-1);
        this.#stem.push(-1);
      }
      node = child;
    }
    const slots = stem ? this.#stem : this.#exact;
    const old = slots[node]!;
    if (old !== -1 && Math.abs(this.#entries[old]!.weight) >= Math.abs(weight)) return;
    slots[node] = this.#entries.length;
    this.#entries.push({ phrase: raw.trim(), weight, language, stem });
  }

  /**
   * Freezes the trie into its compact layout now rather than on the first scan (no more `add`).
   * The build map takes several times the memory of the frozen arrays.
   */
  seal(): void {
    if (this.#build !== undefined) this.#freeze();
  }

  #freeze(): void {
    const nodes = this.#parent.length;
    // The root's direct table reaches the highest first character of an entry (Cyrillic and
    // Greek lists: about U+0450), not all 65,536 code units: 256 KiB per trie otherwise.
    let top = 0;
    for (let n = 1; n < nodes; n++) if (this.#parent[n] === 0 && this.#char[n]! > top) top = this.#char[n]!;
    const root = new Int32Array(top + 1).fill(-1);
    const first = new Int32Array(nodes + 1);
    for (let n = 1; n < nodes; n++) {
      const p = this.#parent[n]!;
      if (p === 0) root[this.#char[n]!] = n;
      else first[p + 1]!++;
    }
    for (let n = 0; n < nodes; n++) first[n + 1]! += first[n]!;
    const edgeChar = new Uint16Array(first[nodes]!);
    const edgeNode = new Int32Array(first[nodes]!);
    const fill = first.slice(0, nodes);
    for (let n = 1; n < nodes; n++) {
      const p = this.#parent[n]!;
      if (p === 0) continue;
      // Insertion keeps each run sorted by character.
      let at = fill[p]!++;
      const c = this.#char[n]!;
      while (at > first[p]! && edgeChar[at - 1]! > c) {
        edgeChar[at] = edgeChar[at - 1]!;
        edgeNode[at] = edgeNode[at - 1]!;
        at--;
      }
      edgeChar[at] = c;
      edgeNode[at] = n;
    }
    this.#root = root;
    this.#first = first;
    this.#edgeChar = edgeChar;
    this.#edgeNode = edgeNode;
    this.#exactF = Int32Array.from(this.#exact);
    this.#stemF = Int32Array.from(this.#stem);
    this.#build = undefined;
    this.#parent = [];
    this.#char = [];
    this.#exact = [];
    this.#stem = [];
  }


  /** Every non-overlapping match in the words, longest first at each start. */
  scan(words: Words, from = 0, to = words.count): TrieMatch[] {
    if (this.#build !== undefined) this.#freeze();
    const out: TrieMatch[] = [];
    const { codes, start, end, clause } = words;
    const root = this.#root;
    const first = this.#first;
    const edgeChar = this.#edgeChar;
    const edgeNode = this.#edgeNode;
    const exact = this.#exactF;
    const stems = this.#stemF;
    let i = from;
    while (i < to) {
      // Most words start with no entry: one table look-up.
      const c0 = codes[start[i]!]!;
      let node = c0 < root.length ? root[c0]! : -1;
      if (node === -1) {
        i++;
        continue;
      }
      let best = -1;
      let bestLast = -1;
      let chars = 1;
      let j = i;
      let p = start[i]! + 1;
      let prev = codes[start[i]!]!;
      if (stems[node] !== -1) {
        best = stems[node]!;
        bestLast = j;
      }
      walk: for (;;) {
        const e = end[j]!;
        for (; p < e; p++) {
          const c = codes[p]!;
          const child = step(root, first, edgeChar, edgeNode, node, c);
          if (child === -1) {
            if (c === prev) continue; // a repeated letter
            break walk;
          }
          node = child;
          prev = c;
          if (++chars > MAX_ENTRY_CHARS) break walk;
          const st = stems[node]!;
          if (st !== -1) {
            best = st;
            bestLast = j;
          }
        }
        const ex = exact[node]!;
        if (ex !== -1) {
          best = ex;
          bestLast = j;
        }
        // On to the next word of the same field and sentence, through a space.
        if (j + 1 >= to || clause[j + 1] !== clause[j]) break;
        const child = step(root, first, edgeChar, edgeNode, node, SPACE);
        if (child === -1) break;
        node = child;
        if (++chars > MAX_ENTRY_CHARS) break;
        j++;
        p = start[j]!;
        prev = -1;
      }
      if (best !== -1) {
        out.push({ entry: this.#entries[best]!, first: i, last: bestLast });
        i = bestLast + 1;
      } else {
        i++;
      }
    }
    return out;
  }
}

/**
 * The child of `node` for character `c`, or -1: the root's from its direct table, others by a
 * search in their sorted run of children. A function of the frozen arrays (not a method reading
 * private fields on every step), so that the scan's loop can inline it.
 */
function step(root: Int32Array, first: Int32Array, edgeChar: Uint16Array, edgeNode: Int32Array, node: number, c: number): number {
  if (node === 0) return c < root.length ? root[c]! : -1;
  let lo = first[node]!;
  let hi = first[node + 1]!;
  while (hi - lo > 4) {
    const mid = (lo + hi) >> 1;
    if (edgeChar[mid]! <= c) lo = mid;
    else hi = mid;
  }
  for (let i = lo; i < hi; i++) if (edgeChar[i] === c) return edgeNode[i]!;
  return -1;
}
