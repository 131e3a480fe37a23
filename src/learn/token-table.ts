/**
 * A set of 32-bit tokens in typed arrays (open addressing), with a weight per token at the
 * message counts it was weighed against: the count cache's record of which tokens it holds for
 * a key and revision, and the site model's f, ln f and ln(1 − f) of each, so that scoring a
 * text is a lookup and a sum per token. Tokens are salted hashes already: their low bits pick
 * the slot.
 *
 * Laid out for a table larger than the processor's caches (a site's model holds up to 200,000
 * tokens, and a text's tokens are scattered over it): a slot's token and state side by side
 * in one array, a weight's three numbers side by side in another, so that a token costs one
 * cache miss for its slot and one for its weight, not five.
 */

/** A slot's state: empty, a token not weighed yet, a token that says too little; 3 + i: weight i. */
export const EMPTY = 0;
export const UNWEIGHED = 1;
export const WEAK = 2;
export const STRONG = 3;

/** Numbers per weight in {@link TokenTable.weights}: f, ln f, ln(1 − f), and one unused (32 bytes, aligned). */
export const WEIGHT_STRIDE = 4;

export class TokenTable {
  /**
   * Two entries per slot: at 2·slot the token (its bits as int32), at 2·slot + 1 its state:
   * EMPTY, UNWEIGHED, WEAK or STRONG + the index of its weight.
   */
  cells = new Int32Array(128);
  /** Slots − 1 (the slots are a power of two). */
  mask = 63;
  size = 0;
  /** The message counts the weights are for (−1: none yet). */
  ns = -1;
  nh = -1;
  /** The weights, dense, {@link WEIGHT_STRIDE} numbers each: f, ln f, ln(1 − f). */
  weights = new Float64Array(16 * WEIGHT_STRIDE);
  weighed = 0;

  /** The slot of `token`, or −1. */
  find(token: number): number {
    const v = token | 0;
    const { cells, mask } = this;
    for (let i = v & mask; ; i = (i + 1) & mask) {
      if (cells[2 * i + 1] === EMPTY) return -1;
      if (cells[2 * i] === v) return i;
    }
  }

  has(token: number): boolean {
    return this.find(token) !== -1;
  }

  /** The state of slot `slot` (EMPTY, UNWEIGHED, WEAK, or STRONG + its weight's index). */
  state(slot: number): number {
    return this.cells[2 * slot + 1]!;
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
        if (cells[2 * i + 1] === EMPTY) {
          i = -1;
          missing++;
          break;
        }
        if (cells[2 * i] === v) break;
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
      if (cells[2 * i + 1] === EMPTY) {
        cells[2 * i] = v;
        cells[2 * i + 1] = UNWEIGHED;
        this.size++;
        return;
      }
      if (cells[2 * i] === v) return;
    }
  }

  /** Forgets the weights (for other message counts). */
  reweigh(ns: number, nh: number): void {
    const { cells } = this;
    for (let i = 1; i < cells.length; i += 2) if (cells[i] !== EMPTY) cells[i] = UNWEIGHED;
    this.weighed = 0;
    this.ns = ns;
    this.nh = nh;
  }

  /** Keeps a weight for slot `slot` (`f` null: the token says too little). */
  weigh(slot: number, f: number | null): void {
    if (f === null) {
      this.cells[2 * slot + 1] = WEAK;
      return;
    }
    const i = this.weighed++;
    if (i * WEIGHT_STRIDE === this.weights.length) {
      const grown = new Float64Array(2 * this.weights.length);
      grown.set(this.weights);
      this.weights = grown;
    }
    const w = this.weights;
    w[i * WEIGHT_STRIDE] = f;
    w[i * WEIGHT_STRIDE + 1] = Math.log(f);
    w[i * WEIGHT_STRIDE + 2] = Math.log(1 - f);
    this.cells[2 * slot + 1] = STRONG + i;
  }

  private grow(): void {
    const old = this.cells;
    const slots = old.length; // twice the old slots: the new table's
    const cells = new Int32Array(2 * slots);
    const mask = slots - 1;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i + 1] === EMPTY) continue;
      let j = old[i]! & mask;
      while (cells[2 * j + 1] !== EMPTY) j = (j + 1) & mask;
      cells[2 * j] = old[i]!;
      cells[2 * j + 1] = old[i + 1]!;
    }
    this.cells = cells;
    this.mask = mask;
  }
}
