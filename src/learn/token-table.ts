/**
 * A set of 32-bit tokens in typed arrays (open addressing), with a weight per token at the
 * message counts it was weighed against: the count cache's record of which tokens it holds for
 * a key and revision, and the site model's f, ln f and ln(1 − f) of each, so that scoring a
 * text is a lookup and a sum per token. Tokens are salted hashes already: their low bits pick
 * the slot.
 */

/** A slot's state: empty, a token not weighed yet, a token that says too little; 3 + i: weight i. */
export const EMPTY = 0;
export const UNWEIGHED = 1;
export const WEAK = 2;
export const STRONG = 3;

export class TokenTable {
  /** The tokens (their bits as int32), per slot. */
  keys = new Int32Array(64);
  /** Per slot: EMPTY, UNWEIGHED, WEAK or STRONG + the index of its weight. */
  vals = new Int32Array(64);
  mask = 63;
  size = 0;
  /** The message counts the weights are for (−1: none yet). */
  ns = -1;
  nh = -1;
  /** The weights, dense: f, ln f, ln(1 − f). */
  f = new Float64Array(16);
  lnF = new Float64Array(16);
  ln1F = new Float64Array(16);
  weighed = 0;

  /** The slot of `token`, or −1. */
  find(token: number): number {
    const v = token | 0;
    const { keys, vals, mask } = this;
    for (let i = v & mask; ; i = (i + 1) & mask) {
      if (vals[i] === EMPTY) return -1;
      if (keys[i] === v) return i;
    }
  }

  has(token: number): boolean {
    return this.find(token) !== -1;
  }

  /** Per token of the last {@link probe}, its slot (−1: not there). */
  slots = new Int32Array(64);
  /** The tokens of the last {@link probe} when it found them all, and the `keys` their slots are in. */
  private probed: readonly number[] | null = null;
  private probedKeys: Int32Array | null = null;

  /**
   * Finds every token of `tokens`, their slots in {@link slots}; returns how many are not there.
   * When all are, the slots are kept for {@link slotsOf} (until the table grows or another probe).
   */
  probe(tokens: readonly number[]): number {
    const n = tokens.length;
    if (this.slots.length < n) this.slots = new Int32Array(Math.max(n, 2 * this.slots.length));
    const { keys, vals, mask, slots } = this;
    let missing = 0;
    for (let j = 0; j < n; j++) {
      const v = tokens[j]! | 0;
      let i = v & mask;
      for (;;) {
        if (vals[i] === EMPTY) {
          i = -1;
          missing++;
          break;
        }
        if (keys[i] === v) break;
        i = (i + 1) & mask;
      }
      slots[j] = i;
    }
    this.probed = missing === 0 ? tokens : null;
    this.probedKeys = keys;
    return missing;
  }

  /** The slots {@link probe} found for `tokens` (the same array), if it found them all and they are still where it found them; else null. */
  slotsOf(tokens: readonly number[]): Int32Array | null {
    return this.probed === tokens && this.probedKeys === this.keys ? this.slots : null;
  }

  /** Adds `token` (not weighed) when it is not there. */
  add(token: number): void {
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const v = token | 0;
    const { keys, vals, mask } = this;
    for (let i = v & mask; ; i = (i + 1) & mask) {
      if (vals[i] === EMPTY) {
        keys[i] = v;
        vals[i] = UNWEIGHED;
        this.size++;
        return;
      }
      if (keys[i] === v) return;
    }
  }

  /** Forgets the weights (for other message counts). */
  reweigh(ns: number, nh: number): void {
    const { vals } = this;
    for (let i = 0; i < vals.length; i++) if (vals[i] !== EMPTY) vals[i] = UNWEIGHED;
    this.weighed = 0;
    this.ns = ns;
    this.nh = nh;
  }

  /** Keeps a weight for slot `slot` (`f` null: the token says too little). */
  weigh(slot: number, f: number | null): void {
    if (f === null) {
      this.vals[slot] = WEAK;
      return;
    }
    const i = this.weighed++;
    if (i === this.f.length) {
      const grown = (a: Float64Array) => {
        const b = new Float64Array(2 * a.length);
        b.set(a);
        return b;
      };
      this.f = grown(this.f);
      this.lnF = grown(this.lnF);
      this.ln1F = grown(this.ln1F);
    }
    this.f[i] = f;
    this.lnF[i] = Math.log(f);
    this.ln1F[i] = Math.log(1 - f);
    this.vals[slot] = STRONG + i;
  }

  private grow(): void {
    const { keys, vals } = this;
    this.keys = new Int32Array(2 * keys.length);
    this.vals = new Int32Array(2 * keys.length);
    this.mask = 2 * keys.length - 1;
    for (let i = 0; i < keys.length; i++) {
      if (vals[i] === EMPTY) continue;
      let j = keys[i]! & this.mask;
      while (this.vals[j] !== EMPTY) j = (j + 1) & this.mask;
      this.keys[j] = keys[i]!;
      this.vals[j] = vals[i]!;
    }
  }
}
