import { describe, expect, it } from 'vitest';
import { chi2Q, markStable, scoreStrongest, scoreTokens, strongest, MAX_TOKENS } from '../../src/learn/model.js';
import { SLOT_DOUBLES, STRONG, TokenTable, WEAK } from '../../src/learn/token-table.js';
import type { SiteModelCounts } from '../../src/stores/types.js';

/** A small deterministic generator (xorshift32), so that a failure can be repeated. */
function random(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** Counts for `n` asked tokens (some absent, some with no counts) out of `ns` spam and `nh` ham reports. */
function model(seed: number, n: number, ns: number, nh: number): { tokens: number[]; counts: SiteModelCounts } {
  const r = random(seed);
  const tokens: number[] = [];
  const map = new Map<number, { spam: number; ham: number }>();
  for (let i = 0; i < n; i++) {
    const t = Math.floor(r() * 2 ** 32);
    tokens.push(t);
    const u = r();
    if (u < 0.2) continue;
    if (u < 0.3) map.set(t, { spam: 0, ham: 0 });
    // Ties in strength on purpose: a few distinct count pairs repeat.
    else if (u < 0.5) map.set(t, { spam: 3, ham: 1 });
    else map.set(t, { spam: Math.floor(r() * ns * 1.2), ham: Math.floor(r() * nh * 1.2) });
  }
  return { tokens, counts: { spam: ns, ham: nh, tokens: map } };
}

describe('TokenTable', () => {
  it('holds the tokens added, every 32-bit value, across its growth', () => {
    const table = new TokenTable();
    const r = random(99);
    const added = [0, 1, 0xffffffff, 0x80000000, ...Array.from({ length: 3000 }, () => Math.floor(r() * 2 ** 32))];
    const absent = Array.from({ length: 3000 }, () => Math.floor(r() * 2 ** 32)).filter((t) => !added.includes(t));
    for (const t of added) table.add(t);
    for (const t of added) table.add(t);
    expect(table.size).toBe(new Set(added).size);
    expect(added.every((t) => table.has(t))).toBe(true);
    expect(absent.some((t) => table.has(t))).toBe(false);
  });

  it('keeps each weight with its token across its growth', () => {
    const table = new TokenTable();
    const r = random(5);
    const weighed = Array.from({ length: 20 }, () => Math.floor(r() * 2 ** 32));
    for (const t of weighed) table.add(t);
    weighed.forEach((t, i) => table.weigh(table.find(t), i % 4 === 0 ? null : 0.01 + i / 25));
    for (let i = 0; i < 3000; i++) table.add(Math.floor(r() * 2 ** 32));
    weighed.forEach((t, i) => {
      const slot = table.find(t);
      if (i % 4 === 0) return expect(table.state(slot)).toBe(WEAK);
      expect(table.state(slot)).toBe(STRONG);
      const f = 0.01 + i / 25;
      expect(Array.from(table.weights.subarray(SLOT_DOUBLES * slot + 1, SLOT_DOUBLES * slot + 4))).toEqual([f, Math.log(f), Math.log(1 - f)]);
    });
  });

  it('probes tokens to their slots, and keeps them only while all were found and the table has not grown', () => {
    const table = new TokenTable();
    const r = random(7);
    const held = Array.from({ length: 20 }, () => Math.floor(r() * 2 ** 32));
    for (const t of held) table.add(t);
    const asked = [...held.slice(0, 10), 0x12345678, ...held.slice(10)];
    expect(table.probe(asked)).toBe(held.includes(0x12345678) ? 0 : 1);
    expect(Array.from(table.slots.subarray(0, asked.length))).toEqual(asked.map((t) => table.find(t)));
    expect(table.slotsOf(asked)).toBeNull(); // one was not there
    expect(table.probe(held)).toBe(0);
    expect(Array.from(table.slotsOf(held)!.subarray(0, held.length))).toEqual(held.map((t) => table.find(t)));
    expect(table.slotsOf([...held])).toBeNull(); // another array
    // Added tokens that leave the table its size keep the slots; growing moves them.
    table.add(held[0]!);
    expect(table.slotsOf(held)).not.toBeNull();
    for (let i = 0; i < 100; i++) table.add(Math.floor(r() * 2 ** 32));
    expect(table.slotsOf(held)).toBeNull();
  });
});

describe('scoreStrongest', () => {
  it('gives scoreTokens’ probability to the last bit, its count and strongest()’s tokens, for a map kept or not', () => {
    let compared = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const n = seed % 3 === 0 ? 400 : seed % 3 === 1 ? 40 : 3;
      const { tokens, counts } = model(seed, n, 1 + (seed % 50) * 7, 1 + (seed % 13) * 11);
      const reference = scoreTokens(tokens, counts);
      const expected = { probability: reference.probability, count: reference.used.length, strongest: strongest(reference.used, 5) };
      expect(scoreStrongest(tokens, counts, 5)).toEqual(expected);
      const table = new TokenTable();
      for (const t of counts.tokens.keys()) table.add(t);
      markStable(counts.tokens, table);
      // Twice: the first weighs the tokens and keeps the weights, the second reads them.
      expect(scoreStrongest(tokens, counts, 5)).toEqual(expected);
      expect(scoreStrongest(tokens, counts, 5)).toEqual(expected);
      // The same map at other message counts: weighed again, not read from the kept weights.
      const other = { ...counts, spam: counts.spam + 5 };
      const r2 = scoreTokens(tokens, other);
      expect(scoreStrongest(tokens, other, 5)).toEqual({ probability: r2.probability, count: r2.used.length, strongest: strongest(r2.used, 5) });
      if (reference.used.length === MAX_TOKENS) compared++;
      // Back at the first counts: weighed again.
      expect(scoreStrongest(tokens, counts, 5)).toEqual(expected);
      // A table of every asked token, probed as the count cache does: scored from the probe's slots.
      const probed = new TokenTable();
      for (const t of tokens) probed.add(t);
      for (const t of counts.tokens.keys()) probed.add(t);
      const same = { ...counts, tokens: new Map(counts.tokens) };
      markStable(same.tokens, probed);
      // Weighed first through its own look-ups, then read through the probe's slots.
      expect(probed.slotsOf(tokens)).toBeNull();
      expect(scoreStrongest(tokens, same, 5)).toEqual(expected);
      expect(probed.probe(tokens)).toBe(0);
      expect(probed.slotsOf(tokens)).not.toBeNull();
      expect(scoreStrongest(tokens, same, 5)).toEqual(expected);
    }
    // Many of the texts have more strong tokens than are combined (the strongest MAX_TOKENS are).
    expect(compared).toBeGreaterThan(10);
  });

  it('gives one half and nothing when a label has no reports or no token has counts', () => {
    const { tokens, counts } = model(7, 50, 10, 10);
    expect(scoreStrongest(tokens, { ...counts, ham: 0 }, 5)).toEqual({ probability: 0.5, count: 0, strongest: [] });
    expect(scoreStrongest(tokens, { ...counts, tokens: new Map() }, 5)).toEqual({ probability: 0.5, count: 0, strongest: [] });
    expect(scoreStrongest([1, 2], { spam: 3, ham: 3, tokens: new Map([[1, { spam: 0, ham: 0 }]]) }, 5)).toEqual({ probability: 0.5, count: 0, strongest: [] });
  });
});

describe('chi2Q', () => {
  /** The whole series, every term added. */
  function full(x2: number, v: number): number {
    const m = x2 / 2;
    let term = Math.exp(-m);
    let sum = term;
    for (let i = 1; i < v / 2; i++) {
      term *= m / i;
      sum += term;
    }
    return Math.min(sum, 1);
  }

  it('stops adding terms only when they cannot change the sum: the same number to the last bit', () => {
    const r = random(99);
    let stoppedEarly = 0;
    for (let n = 0; n < 20_000; n++) {
      const v = 2 * (1 + Math.floor(r() * MAX_TOKENS));
      // −2 Σ ln f over v/2 tokens: from near 0 (f near 1) to large (f near 0.01).
      const x2 = r() < 0.1 ? r() * 2 : r() * v * 5;
      expect(chi2Q(x2, v)).toBe(full(x2, v));
      if (x2 / 2 + 40 < v / 2) stoppedEarly++;
    }
    expect(stoppedEarly).toBeGreaterThan(1000);
    for (const [x2, v] of [[0, 2], [0, 300], [1e-300, 300], [700, 300], [1500, 300], [299.9, 300]] as const) expect(chi2Q(x2, v)).toBe(full(x2, v));
  });
});
