// Decision ids: `d_`, the time in 8 characters that sort as it does, 14 random base64url characters.
import { describe, expect, it } from 'vitest';
import { DECISION_ID_PATTERN, decisionIdTime, newDecisionId, ORDERED_ALPHABET } from '../../src/core/decision-id.js';

describe('newDecisionId', () => {
  it('is d_ and 22 base64url characters, different every time, across refills of the pool', () => {
    const ids = new Set<string>();
    // 1,000 ids: several refills of the 4 KiB pool (292 ids each).
    for (let k = 0; k < 1000; k++) {
      const id = newDecisionId();
      expect(id).toMatch(/^d_[A-Za-z0-9_-]{22}$/);
      expect(DECISION_ID_PATTERN.test(id)).toBe(true);
      ids.add(id);
    }
    expect(ids.size).toBe(1000);
  });

  it('starts with the time it was made, which it gives back', () => {
    const before = Date.now();
    const id = newDecisionId();
    const after = Date.now();
    const t = decisionIdTime(id)!;
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(after);
    for (const now of [0, 1, 63, 64, 1_764_000_000_000, 2 ** 48 - 1]) expect(decisionIdTime(newDecisionId(now))).toBe(now);
    expect(decisionIdTime('d_short')).toBeUndefined();
    expect(decisionIdTime('x_' + 'A'.repeat(22))).toBeUndefined();
  });

  it('sorts as the times it was made at (string order, as SQLite compares TEXT)', () => {
    expect([...ORDERED_ALPHABET].sort().join('')).toBe(ORDERED_ALPHABET);
    expect(new Set(ORDERED_ALPHABET).size).toBe(64);
    const times = [0, 1, 63, 64, 4095, 4096, 2 ** 40, 1_764_000_000_000, 1_764_000_000_001, 1_764_000_065_536, 2 ** 48 - 1];
    const ids = times.map((t) => newDecisionId(t));
    for (let k = 1; k < ids.length; k++) expect(ids[k - 1]! < ids[k]!).toBe(true);
    // Random times: the ids' order is the times' order.
    const random = Array.from({ length: 500 }, () => Math.floor(Math.random() * 2 ** 44));
    const pairs = random.map((t) => [t, newDecisionId(t)] as const);
    const byId = [...pairs].sort((a, b) => (a[1] < b[1] ? -1 : 1)).map((p) => p[0]);
    expect(byId).toEqual([...random].sort((a, b) => a - b));
  });

  it('spreads the random part over all 64 characters', () => {
    const seen = new Set<string>();
    for (let k = 0; k < 200; k++) for (const c of newDecisionId().slice(10)) seen.add(c);
    expect(seen.size).toBe(64);
  });
});
