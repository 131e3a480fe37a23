export type { ApiKeyRecord, CounterStore, DecisionFilter, DecisionRecord, DecisionStore, FeedbackLabel, KeyStore, ProofStore, SecretsRewriter, SettingsStore, SiteModelCounts, SiteModelStore, SiteModelTotals, Store } from './types.js';
export { DEFAULT_STORE_TIMEOUT_MS, guardStore, isStoreUnavailable, StoreUnavailableError, type GuardOptions } from './guard.js';
export { createMemoryStore, type MemoryStoreOptions } from './memory.js';
export { createSqliteStore, type SqliteStoreOptions } from './sqlite.js';
export { createRedisStore, persistenceWarning, type RedisPersistence, type RedisStore, type RedisStoreOptions } from './redis.js';
import { invalidOption } from '../core/errors.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDataDir, STORE_FILE, STORE_SUBDIR } from '../providers/lists/paths.js';
import { createMemoryStore } from './memory.js';
import { createRedisStore } from './redis.js';
import { createSqliteStore } from './sqlite.js';
import type { Store } from './types.js';

/** Options of {@link openStore}. */
export interface OpenStoreOptions {
  /**
   * formspam's data directory (default: `defaultDataDir()`, i.e. `$FORMSPAM_DATA_DIR`, else
   * `$XDG_DATA_HOME/formspam`, else `~/.local/share/formspam`): the SQLite store is
   * `<dataDir>/store/formspam.db`. While that file does not exist, a store at an old location
   * (`<dataDir>/formspam.db`, or `./formspam-data/formspam.db` when `dataDir` is not given) is
   * opened instead, so an upgrade loses no key; it is never moved.
   */
  dataDir?: string;
  /** The folder of `formspam.db` itself, instead of `<dataDir>/store`. */
  storeDir?: string;
  /** The deadline of one store call in ms (default 500; 0 turns it off). */
  timeoutMs?: number;
}

function sqliteDir(options: OpenStoreOptions): string {
  if (options.storeDir !== undefined) return options.storeDir;
  const dataDir = options.dataDir ?? defaultDataDir();
  const dir = join(dataDir, STORE_SUBDIR);
  if (existsSync(join(dir, STORE_FILE))) return dir;
  const old = [dataDir, ...(options.dataDir === undefined ? ['./formspam-data'] : [])].find((d) => existsSync(join(d, STORE_FILE)));
  return old ?? dir;
}

/**
 * Opens a store from its command-line form: `memory`, `sqlite` (the file `formspam.db` in
 * `<dataDir>/store`, see {@link OpenStoreOptions}), `sqlite:<file>`, or `redis://host:port` /
 * `rediss://…`. `timeoutMs` is the deadline of one store call (default 500 ms; see
 * `createRedisStore`, `createSqliteStore`).
 */
export async function openStore(spec: string, options: OpenStoreOptions = {}): Promise<Store> {
  const t = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  if (spec === 'memory') return createMemoryStore();
  if (spec === 'sqlite') return createSqliteStore({ path: join(sqliteDir(options), STORE_FILE), ...t });
  if (spec.startsWith('sqlite:')) return createSqliteStore({ path: spec.slice('sqlite:'.length), ...t });
  if (spec.startsWith('redis://') || spec.startsWith('rediss://')) return createRedisStore({ url: spec, ...t });
  throw invalidOption('openStore', 'spec', `${JSON.stringify(spec)} is not memory, sqlite, sqlite:<file> or redis://host:port`);
}
