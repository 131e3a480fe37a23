// One conformance suite (formspam/testing testStore) against the three stores; Redis is a real
// redis-server on loopback that this file starts and stops.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/stores/memory.js';
import { createRedisStore } from '../../src/stores/redis.js';
import { createSqliteStore } from '../../src/stores/sqlite.js';
import { testStore } from '../../src/testing/stores.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';

testStore('memory', () => {
  let clock = Date.now();
  return { store: createMemoryStore({ now: () => clock }), setNow: (t) => (clock = t) };
});

testStore('sqlite (file, WAL)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'formspam-sqlite-'));
  const path = join(dir, 'db', 'formspam.db');
  let clock = Date.now();
  return {
    store: createSqliteStore({ path, now: () => clock }),
    setNow: (t) => (clock = t),
    second: () => createSqliteStore({ path, now: () => clock }),
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
});

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

testStore('redis (real redis-server on loopback)', async () => ({
  store: await createRedisStore({ url: redis.url }),
  second: () => createRedisStore({ url: redis.url }),
}));

describe('sqlite: a database written before keys could be revoked', () => {
  it('gains the revoked_at column on open; its keys read back as before and can be revoked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formspam-sqlite-old-'));
    try {
      const path = join(dir, 'formspam.db');
      // The schema of the earlier releases, with one key in it.
      const require = createRequire(import.meta.url);
      const Database = require('better-sqlite3') as typeof import('better-sqlite3');
      const old = new Database(path);
      old.exec('CREATE TABLE api_keys (api_key TEXT PRIMARY KEY, hostname TEXT NOT NULL, secret TEXT NOT NULL, license TEXT NOT NULL, created_at INTEGER NOT NULL) WITHOUT ROWID');
      old.prepare('INSERT INTO api_keys VALUES (?, ?, ?, ?, ?)').run('ckey_old', 'example.com', 'sec', 'free', 42);
      old.close();
      const store = createSqliteStore({ path });
      try {
        expect(await store.getKey('ckey_old')).toEqual({ apiKey: 'ckey_old', hostname: 'example.com', secret: 'sec', license: 'free', createdAt: 42 });
        expect(await store.revokeKey('ckey_old', 99)).toBe(true);
        expect(await store.listKeys()).toEqual([{ apiKey: 'ckey_old', hostname: 'example.com', secret: 'sec', license: 'free', createdAt: 42, revokedAt: 99 }]);
      } finally {
        await store.close();
      }
      // Opening it again does not add the column twice.
      const again = createSqliteStore({ path });
      expect((await again.getKey('ckey_old'))!.revokedAt).toBe(99);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
