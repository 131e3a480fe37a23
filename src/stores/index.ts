export type { ApiKeyRecord, CounterStore, KeyStore, ProofStore, SettingsStore, Store } from './types.js';
export { createMemoryStore, type MemoryStoreOptions } from './memory.js';
export { createSqliteStore, type SqliteStoreOptions } from './sqlite.js';
export { createRedisStore, type RedisStoreOptions } from './redis.js';
import { join } from 'node:path';
import { createMemoryStore } from './memory.js';
import { createRedisStore } from './redis.js';
import { createSqliteStore } from './sqlite.js';
import type { Store } from './types.js';

/**
 * Opens a store from its command-line form: `memory`, `sqlite` (the file `formspam.db` in
 * `dataDir`), `sqlite:<file>`, or `redis://host:port` / `rediss://…`.
 */
export async function openStore(spec: string, options: { dataDir?: string } = {}): Promise<Store> {
  if (spec === 'memory') return createMemoryStore();
  if (spec === 'sqlite') return createSqliteStore({ path: join(options.dataDir ?? './formspam-data', 'formspam.db') });
  if (spec.startsWith('sqlite:')) return createSqliteStore({ path: spec.slice('sqlite:'.length) });
  if (spec.startsWith('redis://') || spec.startsWith('rediss://')) return createRedisStore({ url: spec });
  throw new TypeError(`store: ${JSON.stringify(spec)} is not memory, sqlite, sqlite:<file> or redis://host:port`);
}
