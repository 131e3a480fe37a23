// A SQLite file written by the releases whose decision log had descending time indexes
// (`decisions_at`, `decisions_key_at`) opens with the ascending ones in their place; its decisions
// list as before, newest first and ties by id, and new ones are added.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createSqliteStore } from '../../src/stores/sqlite.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof import('better-sqlite3');

it('replaces the descending time indexes of an older file; lists, filters and deletes as before', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'formspam-sqlite-schema-'));
  try {
    const file = join(dir, 'formspam.db');
    // The decision log's schema before this change, with three decisions (two at one time).
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec(`CREATE TABLE decisions (id TEXT PRIMARY KEY, at INTEGER NOT NULL, api_key TEXT NOT NULL, classification TEXT NOT NULL, score REAL NOT NULL, reasons TEXT NOT NULL, country TEXT, tokens BLOB NOT NULL, label TEXT, labelled_at INTEGER, request TEXT);
CREATE INDEX decisions_at ON decisions (at DESC, id);
CREATE INDEX decisions_key_at ON decisions (api_key, at DESC, id);`);
    const insert = old.prepare('INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL)');
    const bytes = Buffer.from(new Uint32Array([7, 8]).buffer);
    insert.run('d_b', 2000, 'ckey_a', 'BAD', 3, '["text.URL"]', 'de', bytes);
    insert.run('d_a', 2000, 'ckey_a', 'GOOD', 0, '[]', null, bytes);
    insert.run('d_c', 1000, 'ckey_b', 'GOOD', 0, '[]', null, bytes);
    old.close();

    const store = createSqliteStore({ path: file });
    await store.putDecision!({ id: 'd_d', at: 3000, apiKey: 'ckey_a', classification: 'NEUTRAL', score: 1, reasons: [], country: null, tokens: [1] });
    expect((await store.listDecisions!({})).map((r) => r.id)).toEqual(['d_d', 'd_a', 'd_b', 'd_c']);
    expect((await store.listDecisions!({ apiKey: 'ckey_a', limit: 2 })).map((r) => r.id)).toEqual(['d_d', 'd_a']);
    expect(await store.getDecision!('d_b')).toEqual({ id: 'd_b', at: 2000, apiKey: 'ckey_a', classification: 'BAD', score: 3, reasons: ['text.URL'], country: 'de', tokens: [7, 8] });
    expect(await store.deleteDecisions!({ keepNewest: 3 })).toBe(1);
    expect(await store.deleteDecisions!({ before: 2500 })).toBe(2);
    await store.close();

    const check = new Database(file, { readonly: true });
    const indexes = check.prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'decisions' AND sql IS NOT NULL ORDER BY name").all();
    expect(indexes.map((i) => i.name)).toEqual(['decisions_key_time', 'decisions_time']);
    for (const i of indexes) expect(i.sql).not.toMatch(/DESC/i);
    // The lists read the new indexes (backwards), not the whole table.
    const plan = (sql: string) => check.prepare(`EXPLAIN QUERY PLAN ${sql}`).all().map((r) => (r as { detail: string }).detail).join(' | ');
    expect(plan('SELECT id FROM decisions ORDER BY at DESC, id LIMIT 100')).toMatch(/USING (COVERING )?INDEX decisions_time/);
    expect(plan("SELECT id FROM decisions WHERE api_key = 'ckey_a' ORDER BY at DESC, id LIMIT 100")).toMatch(/USING (COVERING )?INDEX decisions_key_time/);
    expect(plan('SELECT id FROM decisions WHERE at < 5')).toMatch(/USING (COVERING )?INDEX decisions_time/);
    expect(check.prepare<[], { id: string }>('SELECT id FROM decisions').all().map((r) => r.id)).toEqual(['d_d']);
    check.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
