import { describe, expect, it } from 'vitest';
import { datasetStatus } from '../../../src/providers/lists/datasets.js';

describe('datasetStatus: the email lists', () => {
  const now = new Date('2026-12-01T00:00:00Z');
  const status = datasetStatus({ dataDir: '/nonexistent/formspam-lists', now, maxAgeDays: 120 });
  const byId = new Map(status.map((d) => [d.id, d]));

  it.each([
    ['email-tlds', 'TLDs', 1000],
    ['email-free-providers', 'domains', 1000],
    ['email-trusted-providers', 'domains', 60],
    ['email-disposable', 'domains', 1000],
  ])('%s has a generation date, an age and its entry count', (id, unit, atLeast) => {
    const d = byId.get(id);
    expect(d, `${id} missing from datasetStatus()`).toBeDefined();
    expect(d!.generated).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(d!.ageDays).toBeCloseTo((now.getTime() - Date.parse(d!.generated!)) / 86_400_000, 5);
    expect(d!.unit).toBe(unit);
    expect(d!.entries).toBeGreaterThanOrEqual(atLeast);
    expect(d!.problem).toBeUndefined();
  });

  it('marks a list older than maxAgeDays as stale', () => {
    // The IANA TLD list of 2026-05-16 is 199 days old on 2026-12-01.
    expect(byId.get('email-tlds')!.stale).toBe(true);
    expect(byId.get('email-free-providers')!.stale).toBe(false);
  });
});
