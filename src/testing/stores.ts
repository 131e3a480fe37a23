/**
 * The Store conformance suite: every store (memory, SQLite, Redis, yours) must pass it.
 *
 * @example
 * testStore('memory', () => ({ store: createMemoryStore({ now: () => clock }) , setNow: (t) => { clock = t } }));
 */
import { resolveRunner, type Runner } from './runner.js';
import assert from 'node:assert/strict';
import type { FeedbackLabel, SiteModelCounts, SiteModelStore, Store } from '../stores/types.js';
import { decisionStoreCases } from './stores-decisions.js';

export interface StoreConformanceSetup {
  /** A fresh, empty store. */
  store: Store;
  /**
   * Moves the store's clock (ms). Without it the expiry tests use times relative to the real
   * clock: entries that expired in the past, and entries that expire far in the future.
   */
  setNow?: (ms: number) => void;
  /** A second handle on the same data (another process would see this), to check sharing. */
  second?: () => Promise<Store> | Store;
  close?: () => Promise<void> | void;
}

/**
 * The key's message counts by `readSiteCounts(key, [])`; a store with `readSiteTotalsNow` is asked
 * that first, and must answer the same counts and revision.
 */
async function totalsOf(st: Partial<SiteModelStore>, k: string): Promise<SiteModelCounts> {
  const now = typeof st.readSiteTotalsNow === 'function' ? st.readSiteTotalsNow(k) : undefined;
  const c = await st.readSiteCounts!(k, []);
  if (now !== undefined) assert.deepEqual([now.spam, now.ham, now.revision], [c.spam, c.ham, c.revision], 'readSiteTotalsNow answers as readSiteCounts(key, [])');
  return c;
}

let unique = 0;
const id = (what: string) => `${what}-${process.pid}-${Date.now()}-${++unique}`;

export function testStore(name: string, setup: () => Promise<StoreConformanceSetup> | StoreConformanceSetup, runner: Runner = {}): void {
  const { describe, it, beforeEach, afterEach } = resolveRunner('testStore', runner, ['describe', 'it', 'beforeEach', 'afterEach']);

  describe(`Store conformance: ${name}`, () => {
    let s: StoreConformanceSetup;
    beforeEach(async () => {
      s = await setup();
    });
    afterEach(async () => {
      await s.store.close();
      await s.close?.();
    });
    const base = () => Date.now();

    it('stores a key and reads it back; unknown keys are null', async () => {
      const record = { apiKey: id('ckey'), hostname: 'example.com:3000', secret: 'sec_x', license: 'free', createdAt: 1_700_000_000_123 };
      await s.store.putKey(record);
      assert.deepEqual(await s.store.getKey(record.apiKey), record);
      assert.equal(await s.store.getKey(id('missing')), null);
    });
    it('refuses to overwrite an existing key', async () => {
      const record = { apiKey: id('ckey'), hostname: 'a.example', secret: 's1', license: 'free', createdAt: 1 };
      await s.store.putKey(record);
      await assert.rejects(s.store.putKey({ ...record, secret: 's2' }));
      assert.equal((await s.store.getKey(record.apiKey))!.secret, 's1');
    });
    it('marks a proof used once: the second claim is refused', async () => {
      const p = id('proof');
      assert.equal(await s.store.markUsed(p, base() + 3_600_000), true);
      assert.equal(await s.store.markUsed(p, base() + 3_600_000), false);
      assert.equal(await s.store.markUsed(id('proof'), base() + 3_600_000), true);
    });
    it('gives exactly one of many concurrent claims of a proof', async () => {
      const p = id('proof');
      const results = await Promise.all(Array.from({ length: 20 }, () => s.store.markUsed(p, base() + 3_600_000)));
      assert.equal(results.filter(Boolean).length, 1);
    });
    it('lets a proof be claimed again after it expired', async () => {
      const p = id('proof');
      if (s.setNow) {
        s.setNow(1_000_000);
        assert.equal(await s.store.markUsed(p, 2_000_000), true);
        s.setNow(1_999_999);
        assert.equal(await s.store.markUsed(p, 3_000_000), false);
        s.setNow(2_000_000);
        assert.equal(await s.store.markUsed(p, 3_000_000), true);
      } else {
        assert.equal(await s.store.markUsed(p, base() - 1000), true);
        assert.equal(await s.store.markUsed(p, base() + 3_600_000), true);
      }
    });
    it('counts: 1, 2, 3 …, independently per key, including concurrent increments', async () => {
      const c = id('counter');
      assert.equal(await s.store.increment(c, base() + 60_000), 1);
      assert.equal(await s.store.increment(c, base() + 60_000), 2);
      assert.equal(await s.store.increment(id('counter'), base() + 60_000), 1);
      const all = await Promise.all(Array.from({ length: 20 }, () => s.store.increment(c, base() + 60_000)));
      assert.deepEqual([...all].sort((a, b) => a - b), Array.from({ length: 20 }, (_, i) => i + 3));
    });
    it('restarts a counter after it expired', async () => {
      const c = id('counter');
      if (s.setNow) {
        s.setNow(1_000_000);
        assert.equal(await s.store.increment(c, 1_060_000), 1);
        assert.equal(await s.store.increment(c, 1_060_000), 2);
        s.setNow(1_060_000);
        assert.equal(await s.store.increment(c, 1_120_000), 1);
      } else {
        assert.equal(await s.store.increment(c, base() - 1000), 1);
        assert.equal(await s.store.increment(c, base() + 60_000), 1);
      }
    });
    it('keeps the first value of a setting', async () => {
      const n = id('setting');
      assert.equal(await s.store.initSetting(n, 'first'), 'first');
      assert.equal(await s.store.initSetting(n, 'second'), 'first');
    });
    it('lists keys oldest first, revoked ones with revokedAt', async () => {
      const made = [
        { apiKey: id('ckey-b'), hostname: 'b.example', secret: 'sb', license: 'free', createdAt: 2_000 },
        { apiKey: id('ckey-a'), hostname: 'a.example', secret: 'sa', license: 'free', createdAt: 1_000 },
        { apiKey: id('ckey-c'), hostname: 'c.example', secret: 'sc', license: 'pro', createdAt: 2_000 },
      ];
      for (const r of made) await s.store.putKey(r);
      assert.equal(await s.store.revokeKey(made[2]!.apiKey, 3_000), true);
      const mine = new Set(made.map((r) => r.apiKey));
      const listed = (await s.store.listKeys()).filter((r) => mine.has(r.apiKey));
      const [b, a, c] = made;
      const expected = [a!, ...[b!, { ...c!, revokedAt: 3_000 }].sort((x, y) => (x.apiKey < y.apiKey ? -1 : 1))];
      assert.deepEqual(listed, expected);
    });
    it('revokes a key once: getKey shows revokedAt, the first time stays; unknown keys are not revoked', async () => {
      const record = { apiKey: id('ckey'), hostname: 'example.com', secret: 's', license: 'free', createdAt: 10 };
      await s.store.putKey(record);
      assert.equal(await s.store.revokeKey(record.apiKey, 1_700_000_000_500), true);
      assert.deepEqual(await s.store.getKey(record.apiKey), { ...record, revokedAt: 1_700_000_000_500 });
      assert.equal(await s.store.revokeKey(record.apiKey, 1_700_000_009_999), false);
      assert.equal((await s.store.getKey(record.apiKey))!.revokedAt, 1_700_000_000_500);
      assert.equal(await s.store.revokeKey(id('missing'), 1), false);
      assert.equal(await s.store.getKey(id('missing')), null);
    });
    it('keeps a key\'s own limits (setKeyLimits, when the store has it): set, replaced, cleared; unknown keys refused', async () => {
      if (!s.store.setKeyLimits) return;
      const record = { apiKey: id('ckey'), hostname: 'example.com', secret: 's', license: 'free', createdAt: 20 };
      await s.store.putKey(record);
      const limits = { classifyPerKey: { limit: 100, windowSeconds: 60 }, classifyPerKeyIp: false as const };
      assert.equal(await s.store.setKeyLimits(record.apiKey, limits), true);
      assert.deepEqual(await s.store.getKey(record.apiKey), { ...record, limits });
      assert.deepEqual((await s.store.listKeys()).find((r) => r.apiKey === record.apiKey), { ...record, limits });
      assert.equal(await s.store.setKeyLimits(record.apiKey, { classifyPerKeyIp: { limit: 5, windowSeconds: 10 } }), true);
      assert.deepEqual((await s.store.getKey(record.apiKey))!.limits, { classifyPerKeyIp: { limit: 5, windowSeconds: 10 } });
      await s.store.revokeKey(record.apiKey, 30);
      assert.deepEqual(await s.store.getKey(record.apiKey), { ...record, revokedAt: 30, limits: { classifyPerKeyIp: { limit: 5, windowSeconds: 10 } } });
      assert.equal(await s.store.setKeyLimits(record.apiKey, null), true);
      assert.deepEqual(await s.store.getKey(record.apiKey), { ...record, revokedAt: 30 });
      assert.equal(await s.store.setKeyLimits(id('missing'), limits), false);
      assert.equal(await s.store.getKey(id('missing')), null);
    });
    it('reads a setting without writing it (getSetting, when the store has it)', async () => {
      if (!s.store.getSetting) return;
      const n = id('setting');
      assert.equal(await s.store.getSetting(n), null);
      assert.equal(await s.store.getSetting(n), null);
      assert.equal(await s.store.initSetting(n, 'first'), 'first');
      assert.equal(await s.store.getSetting(n), 'first');
    });
    it('rewrites every secret and the settings in one go (rewriteSecrets, when the store has it), or nothing when the rewrite throws', async () => {
      if (!s.store.rewriteSecrets) return;
      const mine = new Set<string>();
      const records = [0, 1, 2].map((i) => ({ apiKey: id('ckey'), hostname: `h${i}.example`, secret: `s${i}`, license: 'free', createdAt: 10 + i }));
      for (const r of records) {
        await s.store.putKey(r);
        mine.add(r.apiKey);
      }
      await s.store.revokeKey(records[1]!.apiKey, 99);
      const n = id('setting');
      await s.store.initSetting(n, 'old');
      // Other keys in a shared store keep their secret.
      const count = await s.store.rewriteSecrets((r) => (mine.has(r.apiKey) ? `${r.secret}:${r.hostname}` : r.secret), { [n]: 'new' });
      assert.ok(count >= 3, `rewriteSecrets counted ${count} keys`);
      assert.deepEqual(await s.store.getKey(records[0]!.apiKey), { ...records[0], secret: 's0:h0.example' });
      assert.deepEqual(await s.store.getKey(records[1]!.apiKey), { ...records[1], secret: 's1:h1.example', revokedAt: 99 });
      assert.equal(await s.store.initSetting(n, 'other'), 'new');
      await assert.rejects(s.store.rewriteSecrets((r) => {
        if (r.apiKey === records[2]!.apiKey) throw new Error('does not decrypt');
        return 'x';
      }, { [n]: 'newer' }), /does not decrypt/);
      assert.equal((await s.store.getKey(records[0]!.apiKey))!.secret, 's0:h0.example');
      assert.equal((await s.store.getKey(records[2]!.apiKey))!.secret, 's2:h2.example');
      assert.equal(await s.store.initSetting(n, 'other'), 'new');
    });
    it('keeps site-model counts per key (when the store has them): adds, takes back, never below 0, forgets a key', async () => {
      const st = s.store;
      if (!st.addSiteCounts || !st.readSiteCounts || !st.deleteSiteModel) return;
      const k1 = id('site');
      const k2 = id('site');
      const sorted = (c: { tokens: Map<number, { spam: number; ham: number }> }) => [...c.tokens].sort((a, b) => a[0] - b[0]);
      assert.deepEqual(await st.readSiteCounts(k1, [1, 2]), { spam: 0, ham: 0, tokens: new Map() });
      await st.addSiteCounts(k1, 'spam', [1, 2, 0xffffffff], 1);
      await st.addSiteCounts(k1, 'spam', [2], 1);
      await st.addSiteCounts(k1, 'ham', [2, 3], 1);
      await st.addSiteCounts(k2, 'ham', [1], 1);
      let c = await st.readSiteCounts(k1, [1, 2, 3, 4, 0xffffffff]);
      assert.deepEqual([c.spam, c.ham], [2, 1]);
      assert.deepEqual(sorted(c), [[1, { spam: 1, ham: 0 }], [2, { spam: 2, ham: 1 }], [3, { spam: 0, ham: 1 }], [0xffffffff, { spam: 1, ham: 0 }]]);
      // Only the asked tokens come back.
      assert.deepEqual(sorted(await st.readSiteCounts(k1, [3])), [[3, { spam: 0, ham: 1 }]]);
      // Taking a report back: counts fall, a token with nothing left is absent, and nothing goes below 0.
      await st.addSiteCounts(k1, 'spam', [1, 2], -1);
      await st.addSiteCounts(k1, 'ham', [4], -1);
      c = await st.readSiteCounts(k1, [1, 2, 3, 4]);
      assert.deepEqual([c.spam, c.ham], [1, 0]);
      assert.deepEqual(sorted(c), [[2, { spam: 1, ham: 1 }], [3, { spam: 0, ham: 1 }]]);
      await st.addSiteCounts(k1, 'ham', [2, 3], -1);
      await st.addSiteCounts(k1, 'ham', [2, 3], -1);
      c = await st.readSiteCounts(k1, [2, 3]);
      assert.deepEqual([c.spam, c.ham], [1, 0]);
      assert.deepEqual(sorted(c), [[2, { spam: 1, ham: 0 }]]);
      // Another key's counts are its own; deleting one key's model leaves the other's.
      assert.deepEqual(sorted(await st.readSiteCounts(k2, [1, 2])), [[1, { spam: 0, ham: 1 }]]);
      await st.deleteSiteModel(k1);
      assert.deepEqual(await st.readSiteCounts(k1, [1, 2, 3, 0xffffffff]), { spam: 0, ham: 0, tokens: new Map() });
      assert.equal((await st.readSiteCounts(k2, [1])).ham, 1);
    });
    it('gives a site model a revision that changes at every change, or none at all (when the store has them)', async () => {
      const st = s.store;
      if (!st.addSiteCounts || !st.readSiteCounts || !st.deleteSiteModel) return;
      const k = id('site');
      await st.addSiteCounts(k, 'spam', [1], 1);
      const first = (await totalsOf(st, k)).revision;
      if (first === undefined) return; // a store without revisions: the site model reads every token each time
      const seen = new Set([first]);
      const changes: [FeedbackLabel, number[], 1 | -1][] = [['ham', [2], 1], ['spam', [1], -1], ['spam', [1], 1], ['ham', [], 1]];
      for (const [label, tokens, delta] of changes) {
        await st.addSiteCounts(k, label, tokens, delta);
        const r: number | undefined = (await st.readSiteCounts(k, tokens)).revision;
        assert.equal(typeof r, 'number');
        assert.ok(!seen.has(r!), 'a change gives a revision not given before');
        seen.add(r!);
        assert.equal((await st.readSiteCounts(k, [1, 2])).revision, r, 'reading changes nothing');
      }
      await st.deleteSiteModel(k);
      assert.equal((await totalsOf(st, k)).revision, undefined);
      await st.addSiteCounts(k, 'spam', [1], 1);
      assert.ok(!seen.has((await totalsOf(st, k)).revision!), 'a model made again does not repeat a revision');
    });
    it('adds concurrent site-model reports up exactly (when the store has them)', async () => {
      const st = s.store;
      if (!st.addSiteCounts || !st.readSiteCounts) return;
      const k = id('site');
      await Promise.all(Array.from({ length: 20 }, (_, i) => st.addSiteCounts!(k, i % 2 === 0 ? 'spam' : 'ham', [7, 8], 1)));
      const c = await st.readSiteCounts(k, [7, 8]);
      assert.deepEqual([c.spam, c.ham, c.tokens.get(7), c.tokens.get(8)], [10, 10, { spam: 10, ham: 10 }, { spam: 10, ham: 10 }]);
    });
    it('answers ping, and names its kind', async () => {
      await s.store.ping();
      assert.equal(typeof s.store.kind, 'string');
    });
    decisionStoreCases(it, () => s.store, () => s.second);
    it('shares keys, proofs, counters, settings and site-model counts with a second handle on the same data', async () => {
      if (!s.second) return; // a single-process store (memory) has no second handle
      const other = await s.second();
      try {
        const record = { apiKey: id('ckey'), hostname: 'example.com', secret: 's', license: 'free', createdAt: 5 };
        await s.store.putKey(record);
        assert.deepEqual(await other.getKey(record.apiKey), record);
        // Read on both first (a store may keep what it read): every change through one handle is
        // seen by the other's next read.
        assert.deepEqual(await s.store.getKey(record.apiKey), record);
        if (other.setKeyLimits) {
          const limits = { classifyPerKey: { limit: 3, windowSeconds: 60 } };
          assert.equal(await other.setKeyLimits(record.apiKey, limits), true);
          assert.deepEqual(await s.store.getKey(record.apiKey), { ...record, limits });
          assert.equal(await other.setKeyLimits(record.apiKey, null), true);
          assert.deepEqual(await s.store.getKey(record.apiKey), record);
        }
        assert.equal(await other.revokeKey(record.apiKey, 7), true);
        assert.deepEqual(await s.store.getKey(record.apiKey), { ...record, revokedAt: 7 });
        const late = { ...record, apiKey: id('ckey') };
        assert.equal(await s.store.getKey(late.apiKey), null);
        await other.putKey(late);
        assert.deepEqual(await s.store.getKey(late.apiKey), late, 'a key made elsewhere after a read found none');
        assert.equal(await s.store.revokeKey(record.apiKey, 8), false);
        const p = id('proof');
        assert.equal(await s.store.markUsed(p, base() + 60_000), true);
        assert.equal(await other.markUsed(p, base() + 60_000), false);
        const c = id('counter');
        await s.store.increment(c, base() + 60_000);
        assert.equal(await other.increment(c, base() + 60_000), 2);
        const n = id('setting');
        assert.equal(await other.initSetting(n, 'b'), 'b');
        assert.equal(await s.store.initSetting(n, 'a'), 'b');
        if (s.store.addSiteCounts && other.readSiteCounts) {
          const site = id('site');
          await s.store.addSiteCounts(site, 'spam', [42], 1);
          const seen = await other.readSiteCounts(site, [42]);
          assert.deepEqual([seen.spam, seen.tokens.get(42)], [1, { spam: 1, ham: 0 }]);
          // The message counts alone (read on every request, which a store may keep between
          // reads) follow every change made through either instance.
          const before = await totalsOf(other, site);
          assert.equal((await totalsOf(other, site)).revision, before.revision, 'reading changes nothing');
          await s.store.addSiteCounts(site, 'ham', [43], 1);
          const after = await totalsOf(other, site);
          assert.deepEqual([after.spam, after.ham], [1, 1]);
          assert.notEqual(after.revision, before.revision);
          await other.addSiteCounts!(site, 'ham', [44], 1);
          assert.deepEqual(await totalsOf(other, site).then((c) => [c.spam, c.ham]), [1, 2]);
          assert.deepEqual(await totalsOf(s.store, site).then((c) => [c.spam, c.ham]), [1, 2]);
          await s.store.deleteSiteModel!(site);
          assert.deepEqual(await totalsOf(other, site).then((c) => [c.spam, c.ham, c.revision]), [0, 0, undefined]);
        }
      } finally {
        await other.close();
      }
    });
  });
}
