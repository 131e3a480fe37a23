/**
 * A set of 32-bit tokens in one typed buffer (open addressing), with a weight per token at the
 * message counts it was weighed against: the count cache's record of which tokens it holds for
 * a key and revision, and the site model's f, ln f and ln(1 − f) of each, so that scoring a
 * text is a lookup and a sum per token. Tokens are salted hashes already: their low bits pick
 * the slot.
 *
 * Laid out for a table larger than the processor's caches (a site's model holds up to 200,000
 * tokens, and a text's tokens are scattered over it): a slot is 32 bytes, its token, its state
 * and its weight side by side (half a cache line), so that the count cache's probe of a token
 * brings in the line its scoring reads next: one cache miss per token, not two.
 */

/** A slot's state: empty, a token not weighed yet, a token that says too little, a token with a weight. */
export const EMPTY = 0;
export const UNWEIGHED = 1;
export const WEAK = 2;
export const STRONG = 3;

/**
 * Int32 entries per slot in {@link TokenTable.cells}: at 8·slot the token (its bits as int32), at
 * 8·slot + 1 its state; the same bytes as doubles in {@link TokenTable.weights}: at 4·slot + 1 f,
 * 4·slot + 2 ln f, 4·slot + 3 ln(1 − f) (set in state STRONG).
 */
export const SLOT_INTS = 8;
/** Doubles per slot in {@link TokenTable.weights} (see {@link SLOT_INTS}). */
export const SLOT_DOUBLES = 4;

export class TokenTable {
  /** The slots as int32s: the token and the state of each ({@link SLOT_INTS}). */
  cells: Int32Array;
  /** The same slots as doubles: the weight of each ({@link SLOT_INTS}). */
  weights: Float64Array;
  /** Slots − 1 (the slots are a power of two). */
  mask = 63;
  size = 0;
  /** The message counts the weights are for (−1: none yet). */
  ns = -1;
  nh = -1;

  constructor() {
    const buffer = new ArrayBuffer(64 * SLOT_INTS * 4);
    this.cells = new Int32Array(buffer);
    this.weights = new Float64Array(buffer);
  }

  /** The slot of `token`, or −1. */
  find(token: number): number {
    const v = token | 0;
    const { cells, mask } = this;
    for (let i = v & mask; ; i = (i + 1) & mask) {
      if (cells[SLOT_INTS * i + 1] === EMPTY) return -1;
      if (cells[SLOT_INTS * i] === v) return i;
    }
  }

  has(token: number): boolean {
    return this.find(token) !== -1;
  }

  /** The state of slot `slot` (EMPTY, UNWEIGHED, WEAK or STRONG). */
  state(slot: number): number {
    return this.cells[SLOT_INTS * slot + 1]!;
  }

  /** Per token of the last {@link probe}, its slot (−1: not there). */
  slots = new Int32Array(64);
  /** The tokens of the last {@link probe} when it found them all, and the `cells` their slots are in. */
  private probed: readonly number[] | null = null;
  private probedCells: Int32Array | null = null;

  /**
   * Finds every token of `tokens`, their slots in {@link slots}; returns how many are not there.
   * When all are, the slots are kept for {@link slotsOf} (until the table grows or another probe).
   */
  probe(tokens: readonly number[]): number {
    const n = tokens.length;
    if (this.slots.length < n) this.slots = new Int32Array(Math.max(n, 2 * this.slots.length));
    const { cells, mask, slots } = this;
    let missing = 0;
    for (let j = 0; j < n; j++) {
      const v = tokens[j]! | 0;
      let i = v & mask;
      for (;;) {
        if (cells[SLOT_INTS * i + 1] === EMPTY) {
          i = -1;
          missing++;
          break;
        }
        if (cells[SLOT_INTS * i] === v) break;
        i = (i + 1) & mask;
      }
      slots[j] = i;
    }
    this.probed = missing === 0 ? tokens : null;
    this.probedCells = cells;
    return missing;
  }

  /** The slots {@link probe} found for `tokens` (the same array), if it found them all and they are still where it found them; else null. */
  slotsOf(tokens: readonly number[]): Int32Array | null {
    return this.probed === tokens && this.probedCells === this.cells ? this.slots : null;
  }

  /** Adds `token` (not weighed) when it is not there. */
  add(token: number): void {
    if (2 * (this.size + 1) > this.mask + 1) this.grow();
    const v = token | 0;
    const { cells, mask } = this;
    for (let i = v & mask; ; i = (i + 1) & mask) {
      if (cells[SLOT_INTS * i + 1] === EMPTY) {
        cells[SLOT_INTS * i] = v;
        cells[SLOT_INTS * i + 1] = UNWEIGHED;
        this.size++;
        return;
      }
      if (cells[SLOT_INTS * i] === v) return;
    }
  }

  /** Forgets the weights (for other message counts). */
  reweigh(ns: number, nh: number): void {
    const { cells } = this;
    for (let i = 1; i < cells.length; i += SLOT_INTS) if (cells[i] !== EMPTY) cells[i] = UNWEIGHED;
    this.ns = ns;
    this.nh = nh;
  }

  /** Keeps a weight for slot `slot` (`f` null: the token says too little). */
  weigh(slot: number, f: number | null): void {
    if (f === null) {
      this.cells[SLOT_INTS * slot + 1] = WEAK;
      return;
    }
    const w = this.weights;
    const i = SLOT_DOUBLES * slot;
    w[i + 1] = f;
    w[i + 2] = Math.log(f);
    w[i + 3] = Math.log(1 - f);
    this.cells[SLOT_INTS * slot + 1] = STRONG;
  }

  private grow(): void {
    const old = this.cells;
    const oldWeights = this.weights;
    const slots = 2 * (this.mask + 1);
    const buffer = new ArrayBuffer(slots * SLOT_INTS * 4);
    const cells = new Int32Array(buffer);
    const weights = new Float64Array(buffer);
    const mask = slots - 1;
    for (let s = 0; s < old.length; s += SLOT_INTS) {
      if (old[s + 1] === EMPTY) continue;
      let j = old[s]! & mask;
      while (cells[SLOT_INTS * j + 1] !== EMPTY) j = (j + 1) & mask;
      cells[SLOT_INTS * j] = old[s]!;
      cells[SLOT_INTS * j + 1] = old[s + 1]!;
      if (old[s + 1] === STRONG) {
        const from = s >> 1;
        const to = SLOT_DOUBLES * j;
        weights[to + 1] = oldWeights[from + 1]!;
        weights[to + 2] = oldWeights[from + 2]!;
        weights[to + 3] = oldWeights[from + 3]!;
      }
    }
    this.cells = cells;
    this.weights = weights;
    this.mask = mask;
  }
}
