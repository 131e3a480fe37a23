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
  // sorted by character in two typed arrays. A transition's target is stored as
  // node * 4 + (2 if the node has a stem entry) + (1 if it has an exact entry), so that a walk
  // reads the entry slots only at the nodes that have one (not one more random read per step).
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
    const target = (n: number): number => n * 4 + (this.#stem[n] !== -1 ? 2 : 0) + (this.#exact[n] !== -1 ? 1 : 0);
    for (let n = 1; n < nodes; n++) {
      const p = this.#parent[n]!;
      if (p === 0) root[this.#char[n]!] = target(n);
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
      edgeNode[at] = target(n);
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


  /**
   * The non-overlapping matches that cover the most words (see the file comment), in text order.
   */
  scan(words: Words, from = 0, to = words.count): TrieMatch[] {
    if (this.#build !== undefined) this.#freeze();
    const { codes, start, end, clause } = words;
    const root = this.#root;
    const first = this.#first;
    const edgeChar = this.#edgeChar;
    const edgeNode = this.#edgeNode;
    const exact = this.#exactF;
    const stems = this.#stemF;
    // Candidates in text order of their first word, then of their last (one per first/last
    // pair: the exact entry over a stem that ends on the same word). Most texts have a few.
    const cFirst: number[] = [];
    const cLast: number[] = [];
    const cEntry: number[] = [];
    const found = (entry: number, i: number, j: number): void => {
      const n = cFirst.length - 1;
      if (n >= 0 && cFirst[n] === i && cLast[n] === j) cEntry[n] = entry;
      else {
        cFirst.push(i);
        cLast.push(j);
        cEntry.push(entry);
      }
    };
    for (let i = from; i < to; i++) {
      // Most words start with no entry: one table look-up.
      const c0 = codes[start[i]!]!;
      // The node reached, as stored in the transitions: node * 4 + stem flag * 2 + exact flag.
      let node = c0 < root.length ? root[c0]! : -1;
      if (node === -1) continue;
      let chars = 1;
      let j = i;
      let p = start[i]! + 1;
      let prev = c0;
      if ((node & 2) !== 0) found(stems[node >> 2]!, i, j);
      walk: for (;;) {
        const e = end[j]!;
        for (; p < e; p++) {
          const c = codes[p]!;
          const child = step(root, first, edgeChar, edgeNode, node >> 2, c);
          if (child === -1) {
            if (c === prev) continue; // a repeated letter
            break walk;
          }
          node = child;
          prev = c;
          if (++chars > MAX_ENTRY_CHARS) break walk;
          if ((node & 2) !== 0) found(stems[node >> 2]!, i, j);
        }
        if ((node & 1) !== 0) found(exact[node >> 2]!, i, j);
        // On to the next word of the same field and sentence, through a space.
        if (j + 1 >= to || clause[j + 1] !== clause[j]) break;
        const child = step(root, first, edgeChar, edgeNode, node >> 2, SPACE);
        if (child === -1) break;
        node = child;
        if (++chars > MAX_ENTRY_CHARS) break;
        j++;
        p = start[j]!;
        prev = -1;
      }
    }
    return this.#choose(cFirst, cLast, cEntry);
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
  #choose(cFirst: number[], cLast: number[], cEntry: number[]): TrieMatch[] {
    const m = cFirst.length;
    const out: TrieMatch[] = [];
    if (m === 0) return out;
    // Order: first word ascending, within it last word descending (longest first).
    const order = new Int32Array(m);
    for (let a = 0; a < m; ) {
      let b = a;
      while (b + 1 < m && cFirst[b + 1] === cFirst[a]) b++;
      for (let k = a; k <= b; k++) order[k] = a + b - k;
      a = b + 1;
    }
    // best[k]: words covered by the best choice among candidates k… (in `order`);
    // next[k]: the first candidate (in `order`) whose first word is after k's last.
    // count[k]: the number of matches in that choice (fewer is better when as many words).
    const best = new Int32Array(m + 1);
    const count = new Int32Array(m + 1);
    const take = new Uint8Array(m);
    const next = new Int32Array(m);
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
      }
    }
    for (let k = 0; k < m; ) {
      if (take[k] === 1) {
        const c = order[k]!;
        out.push({ entry: this.#entries[cEntry[c]!]!, first: cFirst[c]!, last: cLast[c]! });
        k = next[k]!;
      } else k++;
    }
    return out;
  }
}

/**
 * The child of `node` for character `c` (as stored: child * 4 + flags), or -1: the root's from its direct table, others by a
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
