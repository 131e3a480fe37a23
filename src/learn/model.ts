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

/** The chi-square survival function for an even number of degrees of freedom `v`. */
export function chi2Q(x2: number, v: number): number {
  const m = x2 / 2;
  let term = Math.exp(-m);
  let sum = term;
  for (let i = 1; i < v / 2; i++) {
    term *= m / i;
    sum += term;
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
