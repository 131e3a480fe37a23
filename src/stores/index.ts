export type { ApiKeyRecord, CounterStore, KeyStore, ProofStore, SecretsRewriter, SettingsStore, Store } from './types.js';
export { DEFAULT_STORE_TIMEOUT_MS, guardStore, isStoreUnavailable, StoreUnavailableError, type GuardOptions } from './guard.js';
export { createMemoryStore, type MemoryStoreOptions } from './memory.js';
export { createSqliteStore, type SqliteStoreOptions } from './sqlite.js';
export { createRedisStore, persistenceWarning, type RedisPersistence, type RedisStore, type RedisStoreOptions } from './redis.js';
import { join } from 'node:path';
import { createMemoryStore } from './memory.js';
import { createRedisStore } from './redis.js';
import { createSqliteStore } from './sqlite.js';
import type { Store } from './types.js';

/**
 * Opens a store from its command-line form: `memory`, `sqlite` (the file `formspam.db` in
 * `dataDir`), `sqlite:<file>`, or `redis://host:port` / `rediss://…`. `timeoutMs` is the
 * deadline of one store call (default 500 ms; see `createRedisStore`, `createSqliteStore`).
 */
export async function openStore(spec: string, options: { dataDir?: string; timeoutMs?: number } = {}): Promise<Store> {
  const t = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  if (spec === 'memory') return createMemoryStore();
  if (spec === 'sqlite') return createSqliteStore({ path: join(options.dataDir ?? './formspam-data', 'formspam.db'), ...t });
  if (spec.startsWith('sqlite:')) return createSqliteStore({ path: spec.slice('sqlite:'.length), ...t });
  if (spec.startsWith('redis://') || spec.startsWith('rediss://')) return createRedisStore({ url: spec, ...t });
  throw new TypeError(`store: ${JSON.stringify(spec)} is not memory, sqlite, sqlite:<file> or redis://host:port`);
}
