// The site model's per-process cache of token counts (src/learn/count-cache.ts), over the real
// memory and SQLite stores: what it reads from the store, and that a change of the key's counts
// (its revision) is never answered from the cache.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedCounts } from '../../src/learn/count-cache.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { createSqliteStore } from '../../src/stores/sqlite.js';
import type { SiteModelCounts, SiteModelStore, Store } from '../../src/stores/types.js';

/** The store's readSiteCounts, recording the tokens of each call. */
function recorded(store: SiteModelStore, dropRevision = false) {
  const calls: number[][] = [];
  const read = async (apiKey: string, tokens: readonly number[]): Promise<SiteModelCounts> => {
    calls.push([...tokens]);
    const c = await store.readSiteCounts(apiKey, tokens);
    if (dropRevision) delete c.revision;
    return c;
  };
  return { calls, read };
}

/** The counts of `tokens` in an answer, as [token, spam, ham] (0, 0 for a token without counts). */
const of = (c: SiteModelCounts, tokens: number[]) => tokens.map((t) => [t, c.tokens.get(t)?.spam ?? 0, c.tokens.get(t)?.ham ?? 0]);

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe.each([
  ['memory', () => createMemoryStore()],
  ['sqlite', () => createSqliteStore({ path: join((dir = mkdtempSync(join(tmpdir(), 'formspam-cache-'))), 'f.db') })],
])('cachedCounts over the %s store', (_name, make) => {
  it('reads only the tokens it has not seen at this revision, and every token again after a change', async () => {
    const store = make() as Store & SiteModelStore;
    await store.addSiteCounts('k', 'spam', [1, 2, 0xffffffff], 1);
    await store.addSiteCounts('k', 'ham', [2, 3], 1);
    const { calls, read } = recorded(store);
    const cached = cachedCounts(read);
    let c = await cached('k', [1, 2, 4]);
    expect([c.spam, c.ham]).toEqual([1, 1]);
    expect(of(c, [1, 2, 4])).toEqual([[1, 1, 0], [2, 1, 1], [4, 0, 0]]);
    c = await cached('k', [2, 3, 4, 0xffffffff]);
    expect(of(c, [2, 3, 4, 0xffffffff])).toEqual([[2, 1, 1], [3, 0, 1], [4, 0, 0], [0xffffffff, 1, 0]]);
    c = await cached('k', [1, 2, 3]);
    expect(calls).toEqual([[1, 2, 4], [3, 0xffffffff], []]);
    // A change (as another instance's report would make): the next answer reads every token again.
    await store.addSiteCounts('k', 'ham', [1, 4], 1);
    c = await cached('k', [1, 2, 4]);
    expect([c.spam, c.ham]).toEqual([1, 2]);
    expect(of(c, [1, 2, 4])).toEqual([[1, 1, 1], [2, 1, 1], [4, 0, 1]]);
    expect(calls.slice(3)).toEqual([[], [1, 2, 4]]);
    // A report taken back is a change too, and a deleted model is no model.
    await store.addSiteCounts('k', 'ham', [1, 4], -1);
    expect(of(await cached('k', [1, 4]), [1, 4])).toEqual([[1, 1, 0], [4, 0, 0]]);
    await store.deleteSiteModel('k');
    c = await cached('k', [1, 2]);
    expect([c.spam, c.ham, c.tokens.get(1)?.spam ?? 0]).toEqual([0, 0, 0]);
    // Made again: a new revision, not the one the cache saw before the deletion.
    await store.addSiteCounts('k', 'ham', [2], 1);
    expect(of(await cached('k', [1, 2]), [1, 2])).toEqual([[1, 0, 0], [2, 0, 1]]);
    await store.close();
  });

  it('answers cached tokens without a read right after a read of the key\'s message counts, as text.SITE_MODEL asks', async () => {
    const store = make() as Store & SiteModelStore;
    await store.addSiteCounts('k', 'spam', [1, 2], 1);
    const { calls, read } = recorded(store);
    const cached = cachedCounts(read);
    await cached('k', []);
    await cached('k', [1, 2]); // not cached yet: read
    await cached('k', []);
    let c = await cached('k', [1, 2]); // the same turn as the read of the counts: from the cache
    expect([c.spam, c.ham, ...of(c, [1, 2])]).toEqual([1, 0, [1, 1, 0], [2, 1, 0]]);
    expect(calls).toEqual([[], [1, 2], []]);
    // A report between the two: the read of the counts sees the new revision, the tokens are read again.
    await store.addSiteCounts('k', 'ham', [2], 1);
    await cached('k', []);
    c = await cached('k', [1, 2]);
    expect([c.spam, c.ham, ...of(c, [1, 2])]).toEqual([1, 1, [1, 1, 0], [2, 1, 1]]);
    expect(calls.slice(3)).toEqual([[], [], [1, 2]]);
    // In a later turn, without a read of the counts, the revision is read with the tokens.
    await new Promise((resolve) => setImmediate(resolve));
    await store.addSiteCounts('k', 'ham', [1], 1);
    c = await cached('k', [1, 2]);
    expect([c.spam, c.ham, ...of(c, [1, 2])]).toEqual([1, 2, [1, 1, 1], [2, 1, 1]]);
    expect(calls.slice(6)).toEqual([[], [1, 2]]);
    await store.close();
  });

  it('answers at once (a value, not a promise) when the store reads its message counts at once and no token is missing', async () => {
    const store = make() as Store & SiteModelStore;
    await store.addSiteCounts('k', 'spam', [1, 2], 1);
    const { calls, read } = recorded(store);
    const cached = cachedCounts(read, undefined, (k) => store.readSiteTotalsNow!(k));
    const isPromise = (x: unknown) => x instanceof Promise;
    let totals = cached('k', []);
    expect(isPromise(totals)).toBe(false);
    expect([(totals as SiteModelCounts).spam, (totals as SiteModelCounts).ham]).toEqual([1, 0]);
    const first = cached('k', [1, 2]); // not cached yet: read
    expect(isPromise(first)).toBe(true);
    expect(of(await first, [1, 2])).toEqual([[1, 1, 0], [2, 1, 0]]);
    totals = cached('k', []);
    let c = cached('k', [1, 2]);
    expect(isPromise(totals) || isPromise(c)).toBe(false);
    expect([(c as SiteModelCounts).spam, ...of(c as SiteModelCounts, [1, 2])]).toEqual([1, [1, 1, 0], [2, 1, 0]]);
    expect(calls).toEqual([[1, 2]]);
    // A report in the same turn: the next read of the message counts sees it, and the tokens are read again.
    await store.addSiteCounts('k', 'ham', [2], 1);
    totals = cached('k', []);
    expect(isPromise(totals)).toBe(false);
    expect([(totals as SiteModelCounts).spam, (totals as SiteModelCounts).ham]).toEqual([1, 1]);
    c = cached('k', [1, 2]);
    expect(isPromise(c)).toBe(true);
    expect(of(await c, [1, 2])).toEqual([[1, 1, 0], [2, 1, 1]]);
    expect(calls.slice(1)).toEqual([[], [1, 2]]);
    // A token not seen yet is read, the others not.
    cached('k', []);
    c = cached('k', [1, 2, 3]);
    expect(isPromise(c)).toBe(true);
    expect(of(await c, [3])).toEqual([[3, 0, 0]]);
    expect(calls.slice(3)).toEqual([[3]]);
    await store.close();
  });

  it('keeps each key its own, and reads every token each time from a store without revisions', async () => {
    const store = make() as Store & SiteModelStore;
    await store.addSiteCounts('a', 'spam', [1], 1);
    await store.addSiteCounts('b', 'ham', [1], 1);
    const { calls, read } = recorded(store, true);
    const cached = cachedCounts(read);
    expect(of(await cached('a', [1, 2]), [1])).toEqual([[1, 1, 0]]);
    expect(of(await cached('b', [1, 2]), [1])).toEqual([[1, 0, 1]]);
    expect(of(await cached('a', [1, 2]), [1])).toEqual([[1, 1, 0]]);
    expect(calls).toEqual([[1, 2], [1, 2], [1, 2]]);
    await store.close();
  });

  it('keeps at most the given number of tokens, dropping the key used least recently', async () => {
    const store = make() as Store & SiteModelStore;
    for (const k of ['a', 'b']) await store.addSiteCounts(k, 'spam', [1, 2, 3], 1);
    const { calls, read } = recorded(store);
    const cached = cachedCounts(read, 4);
    await cached('a', [1, 2]);
    await cached('b', [1, 2]); // 4 kept
    await cached('a', [1, 2]); // from the cache; a is now the most recent
    await cached('b', [3]); // 5: a is dropped
    await cached('a', [1]); // read again
    await cached('b', [1, 2, 3]); // from the cache
    expect(calls).toEqual([[1, 2], [1, 2], [], [3], [1], []]);
    // One key's tokens beyond the bound are not kept at all, and still answered.
    const c = await cached('a', [1, 2, 3, 4, 5]);
    expect(of(c, [1, 2, 3, 4, 5])).toEqual([[1, 1, 0], [2, 1, 0], [3, 1, 0], [4, 0, 0], [5, 0, 0]]);
    await cached('a', [1]);
    expect(calls.slice(6)).toEqual([[2, 3, 4, 5], [1]]);
    await store.close();
  });
});

describe('a SQLite file written before the site model had revisions', () => {
  it('opens, reads its counts without a revision, and gives one from its next change on', async () => {
    dir = mkdtempSync(join(tmpdir(), 'formspam-cache-'));
    const path = join(dir, 'old.db');
    const Database = createRequire(import.meta.url)('better-sqlite3');
    const db = new Database(path);
    db.exec('CREATE TABLE site_model_totals (api_key TEXT PRIMARY KEY, spam INTEGER NOT NULL, ham INTEGER NOT NULL) WITHOUT ROWID');
    db.exec('CREATE TABLE site_model_tokens (api_key TEXT NOT NULL, token INTEGER NOT NULL, spam INTEGER NOT NULL, ham INTEGER NOT NULL, PRIMARY KEY (api_key, token)) WITHOUT ROWID');
    db.prepare('INSERT INTO site_model_totals VALUES (?, 3, 2)').run('k');
    db.prepare('INSERT INTO site_model_tokens VALUES (?, 9, 3, 1)').run('k');
    db.close();
    const store = createSqliteStore({ path });
    const before = await store.readSiteCounts!('k', [9]);
    expect([before.spam, before.ham, before.revision, before.tokens.get(9)]).toEqual([3, 2, undefined, { spam: 3, ham: 1 }]);
    await store.addSiteCounts!('k', 'ham', [9], 1);
    const after = await store.readSiteCounts!('k', [9]);
    expect([after.spam, after.ham, typeof after.revision, after.tokens.get(9)]).toEqual([3, 3, 'number', { spam: 3, ham: 2 }]);
    await store.close();
  });
});
