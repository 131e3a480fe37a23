import { expect } from 'vitest';
import type { ClassifyResponse } from '../../src/index.js';

const TWO_DECIMALS = /^-?\d+(\.\d{1,2})?$/;

/** Checks every invariant of a classification response; throws with the first that fails. */
export function expectValidResponse(value: unknown): asserts value is ClassifyResponse {
  const r = value as ClassifyResponse;
  expect(r).toBeTypeOf('object');
  expect(['GOOD', 'NEUTRAL', 'BAD']).toContain(r.classification);
  expect(String(r.score)).toMatch(TWO_DECIMALS);
  expect(r.classification).toBe(r.score < 1 ? 'GOOD' : r.score <= 2 ? 'NEUTRAL' : 'BAD');
  expect(Array.isArray(r.reasons)).toBe(true);
  let sum = 0;
  const scored: [string, number][] = [];
  for (const category of ['text', 'email', 'ipAddress', 'timeZone'] as const) {
    const c = r[category];
    if (!c) continue;
    expect(String(c.score)).toMatch(TWO_DECIMALS);
    let inner = 0;
    for (const [name, rule] of Object.entries(c.rules)) {
      expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(['low', 'medium', 'high']).toContain(rule.significance);
      expect(rule.score).toBeGreaterThanOrEqual(0);
      if (rule.skipped !== undefined) expect(rule.score).toBe(0);
      if (rule.score > 0) scored.push([`${category}.${name}`, rule.score]);
      inner += Math.round(rule.score * 100);
    }
    expect(Math.round(c.score * 100)).toBe(inner);
    sum += inner;
  }
  expect(Math.round(r.score * 100)).toBe(sum);
  scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  expect(r.reasons).toEqual(scored.map(([id]) => id));
}
