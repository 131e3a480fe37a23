// Decision ids: `d_` and 22 base64url characters that encode 16 random bytes.
import { describe, expect, it } from 'vitest';
import { DECISION_ID_PATTERN, newDecisionId } from '../../src/core/decision-id.js';

describe('newDecisionId', () => {
  it('is d_ and the canonical base64url of 16 bytes, different every time, across refills of the pool', () => {
    const ids = new Set<string>();
    // 1,000 ids: four refills of the 4 KiB pool (256 ids each).
    for (let k = 0; k < 1000; k++) {
      const id = newDecisionId();
      expect(id).toMatch(/^d_[A-Za-z0-9_-]{21}[AQgw]$/);
      expect(DECISION_ID_PATTERN.test(id)).toBe(true);
      const bytes = Buffer.from(id.slice(2), 'base64url');
      expect(bytes.length).toBe(16);
      expect(bytes.toString('base64url')).toBe(id.slice(2));
      ids.add(id);
    }
    expect(ids.size).toBe(1000);
  });

  it('uses every character of the alphabet (the bytes are spread over all 64)', () => {
    const seen = new Set<string>();
    for (let k = 0; k < 200; k++) for (const c of newDecisionId().slice(2, 22)) seen.add(c);
    expect(seen.size).toBe(64);
  });
});
