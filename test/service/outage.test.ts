// The outage grace's key memory (src/service/outage.ts): a key read from the store within the
// grace period is trusted as it was while the store is unavailable; a key read again updates its
// time; a key the store no longer has is forgotten; at most 10,000 keys are kept, the least
// recently placed dropped first (a key read again is placed last at most once a second).
import { describe, expect, it } from 'vitest';
import { createOutageGrace } from '../../src/service/outage.js';
import { StoreUnavailableError } from '../../src/stores/guard.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import type { ApiKeyRecord, Store } from '../../src/stores/types.js';

const GRACE = 60_000;

function setup() {
  let clock = 1_000_000;
  let down = false;
  const failures: StoreUnavailableError[] = [];
  const memory = createMemoryStore();
  const store: Store = {
    ...memory,
    getKey: async (apiKey) => {
      if (down) throw new StoreUnavailableError('memory', 'getKey', 'error', 'store down');
      return memory.getKey(apiKey);
    },
  };
  const grace = createOutageGrace(store, () => clock, GRACE, (error) => void failures.push(error));
  const key = (i: number | string): ApiKeyRecord => ({ apiKey: `ckey_${String(i).padStart(28, '0')}`, hostname: 'example.com', secret: 'sec_x', license: 'free', createdAt: 0 });
  return {
    grace,
    memory,
    failures,
    key,
    at: (t: number) => void (clock = 1_000_000 + t),
    down: (value: boolean) => void (down = value),
  };
}

describe('the outage grace: keys read before an outage', () => {
  it('answers a key read within the grace period from memory (degraded), and refuses one read longer ago', async () => {
    const s = setup();
    const a = s.key('a');
    await s.memory.putKey(a);
    expect(await s.grace.classifyKey(a.apiKey)).toEqual({ value: a, degraded: false });
    s.down(true);
    s.at(GRACE);
    expect(await s.grace.classifyKey(a.apiKey)).toEqual({ value: a, degraded: true });
    expect(s.failures).toHaveLength(1);
    s.at(GRACE + 1);
    await expect(s.grace.classifyKey(a.apiKey)).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('a key read again counts from its last read, also when read again within a second (updated in place)', async () => {
    const s = setup();
    const a = s.key('a');
    await s.memory.putKey(a);
    await s.grace.classifyKey(a.apiKey);
    s.at(500);
    await s.grace.classifyKey(a.apiKey);
    s.at(2_000);
    await s.grace.classifyKey(a.apiKey);
    s.at(2_300);
    await s.grace.classifyKey(a.apiKey);
    s.down(true);
    s.at(2_300 + GRACE);
    expect(await s.grace.classifyKey(a.apiKey)).toEqual({ value: a, degraded: true });
  });

  it('serves the record as last read (a change seen before the outage is kept)', async () => {
    const s = setup();
    const a = s.key('a');
    await s.memory.putKey(a);
    await s.grace.classifyKey(a.apiKey);
    await s.memory.setKeyLimits!(a.apiKey, { classifyPerKey: { limit: 5, windowSeconds: 60 } });
    s.at(100);
    await s.grace.classifyKey(a.apiKey);
    s.down(true);
    expect((await s.grace.classifyKey(a.apiKey)).value?.limits).toEqual({ classifyPerKey: { limit: 5, windowSeconds: 60 } });
  });

  it('forgets a key the store no longer has', async () => {
    const s = setup();
    const a = s.key('a');
    await s.memory.putKey(a);
    await s.grace.classifyKey(a.apiKey);
    await s.memory.revokeKey(a.apiKey, 5);
    s.at(100);
    expect((await s.grace.classifyKey(a.apiKey)).value?.revokedAt).toBe(5);
    // Deleted: the store answers null, and an outage right after does not bring the key back.
    const deleted = createMemoryStore();
    let down = false;
    const store: Store = {
      ...deleted,
      getKey: async (k) => {
        if (down) throw new StoreUnavailableError('memory', 'getKey', 'error', 'store down');
        return deleted.getKey(k);
      },
    };
    const grace = createOutageGrace(store, () => 0, GRACE, () => {});
    await deleted.putKey(a);
    expect((await grace.classifyKey(a.apiKey)).value?.apiKey).toBe(a.apiKey);
    const emptied = createMemoryStore();
    store.getKey = async (k) => {
      if (down) throw new StoreUnavailableError('memory', 'getKey', 'error', 'store down');
      return emptied.getKey(k);
    };
    expect((await grace.classifyKey(a.apiKey)).value).toBeNull();
    down = true;
    await expect(grace.classifyKey(a.apiKey)).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('keeps at most 10,000 keys, dropping the least recently placed; a key read again after a second is placed last', async () => {
    const s = setup();
    const first = s.key('first');
    const second = s.key(0);
    await s.memory.putKey(first);
    await s.grace.classifyKey(first.apiKey);
    for (let i = 0; i < 9_999; i++) {
      const k = s.key(i);
      await s.memory.putKey(k);
      await s.grace.classifyKey(k.apiKey);
    }
    // 10,000 kept. `first` read again within the second: updated, not placed last.
    s.at(900);
    await s.grace.classifyKey(first.apiKey);
    const extra1 = s.key('extra1');
    await s.memory.putKey(extra1);
    await s.grace.classifyKey(extra1.apiKey); // drops `first`, the first placed
    // `second` read again after a second: placed last, so the next new key drops key 1 instead.
    s.at(1_500);
    await s.grace.classifyKey(second.apiKey);
    const extra2 = s.key('extra2');
    await s.memory.putKey(extra2);
    await s.grace.classifyKey(extra2.apiKey);
    s.down(true);
    await expect(s.grace.classifyKey(first.apiKey)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(s.grace.classifyKey(s.key(1).apiKey)).rejects.toBeInstanceOf(StoreUnavailableError);
    for (const k of [second, s.key(2), s.key(9_998), extra1, extra2]) {
      expect((await s.grace.classifyKey(k.apiKey)).degraded).toBe(true);
    }
  });
});
