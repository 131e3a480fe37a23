// One conformance suite (formspam/testing testStore) against the three stores; Redis is a real
// redis-server on loopback that this file starts and stops.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
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
