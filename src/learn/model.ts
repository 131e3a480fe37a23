/**
 * The arithmetic of a site's own model (`text.SITE_MODEL`): Gary Robinson's token
 * probabilities combined with Fisher's method, as SpamAssassin's Bayes combines them. Pure.
 *
 * For each token of the text with counts (s spam, h ham reports that had it) out of NS spam and
 * NH ham reports: p = (s/NS) / (s/NS + h/NH), shrunk towards {@link ROBINSON_X} by its evidence:
 * f = (S·x + n·p) / (S + n), n = s + h. Tokens with |f − ½| below {@link MIN_STRENGTH} are left
 * out, the {@link MAX_TOKENS} strongest kept; the spam probability is
 * I = (1 + C⁻¹(−2 Σ ln f, 2k) − C⁻¹(−2 Σ ln(1 − f), 2k)) / 2 over the k tokens kept, with C⁻¹
 * the chi-square survival function. I is ½ when no token is kept.
 */
import type { SiteModelCounts } from '../providers/types.js';
import { EMPTY, SLOT_DOUBLES, SLOT_INTS, UNWEIGHED, WEAK, type TokenTable } from './token-table.js';

/** Robinson's s: how many reports' worth of weight the prior x has. */
export const ROBINSON_S = 0.45;
/** Robinson's x: a token's probability before any report. */
export const ROBINSON_X = 0.5;
/** Tokens whose f is within this of ½ say too little and are left out. */
export const MIN_STRENGTH = 0.05;
/** The strongest tokens combined at most. */
export const MAX_TOKENS = 150;

/** A token that counted: its index in the asked tokens and its probability f. */
export interface TokenWeight {
  index: number;
  f: number;
}

/** The model's spam probability for the tokens, and the tokens it combined (in text order). */
export interface SiteModelScore {
  probability: number;
  used: TokenWeight[];
}

/**
 * The chi-square survival function for an even number of degrees of freedom `v`: the sum of the
 * first v/2 terms of a Poisson series. Past the series' peak (i > m) the terms only shrink, so
 * once a term no longer changes the sum no later one can (each is under half a unit in its last
 * place): the loop stops there, with the same result to the last bit.
 */
export function chi2Q(x2: number, v: number): number {
  const m = x2 / 2;
  let term = Math.exp(-m);
  let sum = term;
  const n = v / 2;
  for (let i = 1; i < n; i++) {
    term *= m / i;
    const next = sum + term;
    if (next === sum && i > m) break;
    sum = next;
  }
  return Math.min(sum, 1);
}

const byStrength = (a: TokenWeight, b: TokenWeight) => Math.abs(b.f - 0.5) - Math.abs(a.f - 0.5) || a.index - b.index;

/** The `n` strongest of `used` (largest |f − ½| first, ties in text order). */
export function strongest(used: readonly TokenWeight[], n: number): TokenWeight[] {
  const top: TokenWeight[] = [];
  for (const t of used) {
    if (top.length === n && byStrength(t, top[n - 1]!) >= 0) continue;
    let j = top.length < n ? top.length : n - 1;
    top[j] = t;
    while (j > 0 && byStrength(top[j]!, top[j - 1]!) < 0) {
      [top[j - 1], top[j]] = [top[j]!, top[j - 1]!];
      j--;
    }
  }
  return top;
}

/**
 * Token maps whose entries never change once set (the count cache's, one per key and revision),
 * each with the table of its tokens that the cache keeps beside it: {@link scoreStrongest} keeps
 * each token's weight there, so a token is weighed once per revision, not once per request.
 */
const tables = new WeakMap<object, TokenTable>();
/** Marks `tokens` as a map whose entries never change once set, `table` holding every token of it. */
export function markStable(tokens: Map<number, unknown>, table: TokenTable): void {
  tables.set(tokens, table);
}

/** A token's f, or null when it says too little (or has no counts). */
function strength(c: { spam: number; ham: number }, ns: number, nh: number): number | null {
  const n = c.spam + c.ham;
  if (n === 0) return null;
  const rs = Math.min(c.spam / ns, 1);
  const rh = Math.min(c.ham / nh, 1);
  const p = rs / (rs + rh);
  const f = (ROBINSON_S * ROBINSON_X + n * p) / (ROBINSON_S + n);
  return Math.abs(f - 0.5) >= MIN_STRENGTH ? f : null;
}

/** The model's spam probability, how many tokens it combined and the strongest of them. */
export interface SiteModelStrongest {
  probability: number;
  /** Tokens combined (`used.length` of {@link scoreTokens}). */
  count: number;
  /** The `top` strongest tokens combined (as {@link strongest} of {@link scoreTokens}'s `used`). */
  strongest: TokenWeight[];
}

// Scratch of scoreStrongest: per token kept, its index in the asked tokens, f, ln f, ln(1 − f).
let keptIndex = new Int32Array(1024);
let keptF = new Float64Array(1024);
let keptLnF = new Float64Array(1024);
let keptLn1F = new Float64Array(1024);

/** Whether kept token `a` is stronger than kept token `b` (larger |f − ½|, then earlier). */
function stronger(a: number, b: number): boolean {
  const d = Math.abs(keptF[a]! - 0.5) - Math.abs(keptF[b]! - 0.5);
  return d > 0 || (d === 0 && keptIndex[a]! < keptIndex[b]!);
}

/**
 * {@link scoreTokens} and {@link strongest}`(used, top)` in one, with the same result to the last
 * bit, without an object per token: for a map marked by {@link markStable}, each token's weight
 * (f, ln f, ln(1 − f)) is kept in its table, so scoring a text is a lookup and a sum per token.
 */
export function scoreStrongest(tokens: readonly number[], counts: SiteModelCounts, top: number): SiteModelStrongest {
  const { spam: ns, ham: nh } = counts;
  const map = counts.tokens;
  if (!(ns > 0 && nh > 0 && map.size > 0)) return { probability: 0.5, count: 0, strongest: [] };
  const table = tables.get(map);
  if (table !== undefined && (table.ns !== ns || table.nh !== nh)) table.reweigh(ns, nh);
  if (keptIndex.length < tokens.length) {
    keptIndex = new Int32Array(tokens.length);
    keptF = new Float64Array(tokens.length);
    keptLnF = new Float64Array(tokens.length);
    keptLn1F = new Float64Array(tokens.length);
  }
  let k = 0;
  let lnF = 0;
  let ln1F = 0;
  const kIndex = keptIndex;
  const kF = keptF;
  const kLnF = keptLnF;
  const kLn1F = keptLn1F;
  if (table !== undefined) {
    // A token's slot: as the count cache's probe found it for these tokens (when it found them
    // all: no second look-up), or looked up. Once weighed, a read of its weight beside its state
    // (the same cache line); weighing never moves a slot.
    const slots = table.slotsOf(tokens);
    const { cells, mask, weights: w } = table;
    for (let index = 0; index < tokens.length; index++) {
      let slot: number;
      if (slots !== null) slot = slots[index]!;
      else {
        const x = tokens[index]! | 0;
        slot = x & mask;
        for (;;) {
          if (cells[SLOT_INTS * slot + 1] === EMPTY) {
            slot = -1;
            break;
          }
          if (cells[SLOT_INTS * slot] === x) break;
          slot = (slot + 1) & mask;
        }
      }
      let a: number;
      let b: number;
      if (slot === -1) {
        // Not in the table: the map's, if it has it.
        const c = map.get(tokens[index]!);
        const f = c === undefined ? null : strength(c, ns, nh);
        if (f === null) continue;
        kF[k] = f;
        a = Math.log(f);
        b = Math.log(1 - f);
      } else {
        let v = cells[SLOT_INTS * slot + 1]!;
        if (v === UNWEIGHED) {
          const c = map.get(tokens[index]!);
          table.weigh(slot, c === undefined ? null : strength(c, ns, nh));
          v = cells[SLOT_INTS * slot + 1]!;
        }
        if (v === WEAK) continue;
        const i = SLOT_DOUBLES * slot;
        kF[k] = w[i + 1]!;
        a = w[i + 2]!;
        b = w[i + 3]!;
      }
      kLnF[k] = a;
      kLn1F[k] = b;
      kIndex[k++] = index;
      lnF += a;
      ln1F += b;
    }
  } else {
    for (let index = 0; index < tokens.length; index++) {
      const c = map.get(tokens[index]!);
      const f = c === undefined ? null : strength(c, ns, nh);
      if (f === null) continue;
      const a = Math.log(f);
      const b = Math.log(1 - f);
      kF[k] = f;
      kLnF[k] = a;
      kLn1F[k] = b;
      kIndex[k++] = index;
      lnF += a;
      ln1F += b;
    }
  }
  if (k === 0) return { probability: 0.5, count: 0, strongest: [] };
  combine(k, lnF, ln1F, top);
  const last = lastScore;
  const strongest: TokenWeight[] = new Array<TokenWeight>(last.top);
  for (let j = 0; j < last.top; j++) strongest[j] = { index: last.index[j]!, f: last.f[j]! };
  return { probability: last.probability, count: last.count, strongest };
}

/** What {@link scoreTable} (and scoreStrongest) found last, overwritten by the next call. */
export interface LastScore {
  probability: number;
  /** Tokens combined. */
  count: number;
  /** How many of the strongest are in `index` and `f` (at most the `top` asked). */
  top: number;
  /** The strongest tokens' indices in the asked tokens, strongest first. */
  index: Int32Array;
  f: Float64Array;
}
export const lastScore: LastScore = { probability: 0.5, count: 0, top: 0, index: new Int32Array(8), f: new Float64Array(8) };

/**
 * The probability of the `k` kept tokens (scratch `kept*`, in text order, their sums `lnF` and
 * `ln1F`) and the `top` strongest of them, into {@link lastScore}.
 */
function combine(k: number, lnF: number, ln1F: number, top: number): void {
  const kF = keptF;
  let order: number[] | undefined;
  if (k > MAX_TOKENS) {
    // The strongest MAX_TOKENS, summed in text order (as scoreTokens sums them).
    order = Array.from({ length: k }, (_, i) => i);
    order.sort((a, b) => Math.abs(keptF[b]! - 0.5) - Math.abs(keptF[a]! - 0.5) || keptIndex[a]! - keptIndex[b]!);
    order = order.slice(0, MAX_TOKENS).sort((a, b) => a - b);
    lnF = 0;
    ln1F = 0;
    for (const i of order) {
      lnF += keptLnF[i]!;
      ln1F += keptLn1F[i]!;
    }
  }
  const count = order === undefined ? k : order.length;
  const kk = 2 * count;
  const last = lastScore;
  last.probability = (1 + chi2Q(-2 * lnF, kk) - chi2Q(-2 * ln1F, kk)) / 2;
  last.count = count;
  // The `top` strongest, by insertion into a short list (the strongest MAX_TOKENS hold them).
  // Kept tokens come in text order, so one no stronger than the last of a full list (|f − ½| not
  // larger: a tie goes to the earlier) is passed over by one comparison.
  if (best.length < top) best = new Int32Array(top);
  let n = 0;
  let weakest = -1;
  for (let o = 0; o < count && top > 0; o++) {
    const i = order === undefined ? o : order[o]!;
    if (n === top && Math.abs(kF[i]! - 0.5) <= weakest) continue;
    let j = n < top ? n++ : top - 1;
    best[j] = i;
    while (j > 0 && stronger(best[j]!, best[j - 1]!)) {
      const t = best[j - 1]!;
      best[j - 1] = best[j]!;
      best[j] = t;
      j--;
    }
    if (n === top) weakest = Math.abs(kF[best[top - 1]!]! - 0.5);
  }
  if (last.index.length < n) {
    last.index = new Int32Array(n);
    last.f = new Float64Array(n);
  }
  for (let j = 0; j < n; j++) {
    last.index[j] = keptIndex[best[j]!]!;
    last.f[j] = kF[best[j]!]!;
  }
  last.top = n;
}
/** Scratch of combine(): the strongest kept tokens' places in the kept scratch. */
let best = new Int32Array(8);

/**
 * {@link scoreStrongest} of the first `n` of `tokens` against the count cache's `table` of a key
 * and its token map `map` (every token of the map is in the table: the cache fills both), into
 * {@link lastScore}; the same result to the last bit, with no object made. False when a token is
 * not in the table (its counts were never read: the caller reads them from the store instead).
 */
export function scoreTable(tokens: readonly number[], n: number, table: TokenTable, map: ReadonlyMap<number, { spam: number; ham: number }>, ns: number, nh: number, top: number): boolean {
  if (table.ns !== ns || table.nh !== nh) table.reweigh(ns, nh);
  if (keptIndex.length < n) {
    keptIndex = new Int32Array(n);
    keptF = new Float64Array(n);
    keptLnF = new Float64Array(n);
    keptLn1F = new Float64Array(n);
  }
  let k = 0;
  let lnF = 0;
  let ln1F = 0;
  const kIndex = keptIndex;
  const kF = keptF;
  const kLnF = keptLnF;
  const kLn1F = keptLn1F;
  const { cells, mask, weights: w } = table;
  for (let index = 0; index < n; index++) {
    const x = tokens[index]! | 0;
    let slot = x & mask;
    for (;;) {
      if (cells[SLOT_INTS * slot + 1] === EMPTY) return false;
      if (cells[SLOT_INTS * slot] === x) break;
      slot = (slot + 1) & mask;
    }
    let v = cells[SLOT_INTS * slot + 1]!;
    if (v === UNWEIGHED) {
      const c = map.get(tokens[index]!);
      table.weigh(slot, c === undefined ? null : strength(c, ns, nh));
      v = cells[SLOT_INTS * slot + 1]!;
    }
    if (v === WEAK) continue;
    const i = SLOT_DOUBLES * slot;
    const a = w[i + 2]!;
    const b = w[i + 3]!;
    kF[k] = w[i + 1]!;
    kLnF[k] = a;
    kLn1F[k] = b;
    kIndex[k++] = index;
    lnF += a;
    ln1F += b;
  }
  if (k === 0) {
    const last = lastScore;
    last.probability = 0.5;
    last.count = 0;
    last.top = 0;
    return true;
  }
  combine(k, lnF, ln1F, top);
  return true;
}

/** Scores `tokens` with `counts` (see the module's comment). */
export function scoreTokens(tokens: readonly number[], counts: SiteModelCounts): SiteModelScore {
  const { spam: ns, ham: nh } = counts;
  let used: TokenWeight[] = [];
  if (ns > 0 && nh > 0 && counts.tokens.size > 0) {
    for (let index = 0; index < tokens.length; index++) {
      const c = counts.tokens.get(tokens[index]!);
      if (c === undefined) continue;
      const n = c.spam + c.ham;
      if (n === 0) continue;
      const rs = Math.min(c.spam / ns, 1);
      const rh = Math.min(c.ham / nh, 1);
      const p = rs / (rs + rh);
      const f = (ROBINSON_S * ROBINSON_X + n * p) / (ROBINSON_S + n);
      if (Math.abs(f - 0.5) >= MIN_STRENGTH) used.push({ index, f });
    }
  }
  if (used.length === 0) return { probability: 0.5, used };
  if (used.length > MAX_TOKENS) used = used.sort(byStrength).slice(0, MAX_TOKENS).sort((a, b) => a.index - b.index);
  let lnF = 0;
  let ln1F = 0;
  for (const { f } of used) {
    lnF += Math.log(f);
    ln1F += Math.log(1 - f);
  }
  const k = 2 * used.length;
  const probability = (1 + chi2Q(-2 * lnF, k) - chi2Q(-2 * ln1F, k)) / 2;
  return { probability, used };
}
