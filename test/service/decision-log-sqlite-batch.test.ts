// The SQLite decision log commits its decisions in batches: a steady stream of decisions costs a
// few commits, not one each; a decision waiting for its batch is committed by close(), and a
// store opened again on the file finds it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createSqliteStore } from '../../src/stores/sqlite.js';
import type { DecisionRecord } from '../../src/stores/types.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof import('better-sqlite3');
const decision = (i: number): DecisionRecord => ({ id: `d_batch_${String(i).padStart(4, '0')}`, at: 1_000 + i, apiKey: 'ckey_batch', classification: 'GOOD', score: 0, reasons: [], country: null, tokens: [i, i + 1] });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'formspam-sqlite-batch-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('a stream of decisions, one per turn of the event loop, is committed in a few transactions', async () => {
  const file = join(dir, 'formspam.db');
  const store = createSqliteStore({ path: file });
  // Another connection sees `PRAGMA data_version` change once per commit of the store's.
  const other = new Database(file);
  const version = other.prepare<[], number>('PRAGMA data_version').pluck();
  let seen = version.get();
  let commits = 0;
  const writes: Promise<void>[] = [];
  for (let i = 0; i < 200; i++) {
    writes.push(store.putDecision!(decision(i)));
    await new Promise(setImmediate);
    const v = version.get();
    if (v !== seen) commits++;
    seen = v;
  }
  await Promise.all(writes);
  if (version.get() !== seen) commits++;
  other.close();
  expect(commits).toBeGreaterThanOrEqual(1);
  // One commit per decision would be 200; batches of up to 50 ms or 1,024 decisions make a few
  // (more only when this process stalls for 2 ms between two decisions).
  expect(commits).toBeLessThan(40);
  expect((await store.listDecisions!({ apiKey: 'ckey_batch', limit: 1000 })).length).toBe(200);
  await store.close();
});

it('close() commits the decisions waiting for their batch; their promises resolve', async () => {
  const file = join(dir, 'formspam.db');
  const store = createSqliteStore({ path: file });
  const writes = Array.from({ length: 5 }, (_, i) => store.putDecision!(decision(i)));
  await store.close();
  await Promise.all(writes);
  const again = createSqliteStore({ path: file });
  expect((await again.listDecisions!({ apiKey: 'ckey_batch' })).map((r) => r.id)).toEqual([4, 3, 2, 1, 0].map((i) => decision(i).id));
  await again.close();
});
