/**
 * The embedded SQLite store (better-sqlite3, WAL mode): the default of `formspam serve`.
 * Writes are committed before the promise resolves, so a key returned to a client survives
 * `kill -9` of the server (WAL + synchronous=NORMAL is durable against a process crash; use
 * `synchronous: 'FULL'` to also survive power loss). The keys read are kept in the process and
 * checked on every read with `PRAGMA data_version` (no table read while no other connection has
 * committed): a key revoked here is refused at once, one revoked by another process on the next read.
 */
import { invalidOption } from '../core/errors.js';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { DEFAULT_STORE_TIMEOUT_MS, keyExistsError, markGuarded, toStoreError } from './guard.js';
import { keyRecord } from './keys.js';
import { sqliteDecisionStore } from './sqlite-decisions.js';
import { sqliteSiteModelStore } from './sqlite-site-model.js';
import { dataVersionOf, KEY_READ_SCOPE } from './sqlite-version.js';
import type { ApiKeyRecord, Store } from './types.js';

export interface SqliteStoreOptions {
  /** The database file (its directory is created); `:memory:` for a private in-memory database. */
  path: string;
  /** The clock used to ignore and sweep expired entries (default `Date.now`). */
  now?: () => number;
  synchronous?: 'NORMAL' | 'FULL';
  /**
   * The longest a call waits for a lock held by another process, in milliseconds (default 500):
   * then it fails with `STORE_UNAVAILABLE` (the service answers 503). better-sqlite3 is
   * synchronous, so this is the store's deadline.
   */
  timeoutMs?: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (api_key TEXT PRIMARY KEY, hostname TEXT NOT NULL, secret TEXT NOT NULL, license TEXT NOT NULL, created_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS used_proofs (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, value INTEGER NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
`;

/** Keys kept in the process at most (all are dropped past it, then read again as asked). */
const MAX_KNOWN_KEYS = 10_000;

/** A copy of a kept record, so that a caller's change never reaches the next caller. */
function copyRecord(r: ApiKeyRecord): ApiKeyRecord {
  return r.limits === undefined ? { ...r } : { ...r, limits: { ...r.limits } };
}

interface KeyRow { api_key: string; hostname: string; secret: string; license: string; created_at: number; revoked_at: number | null; limits: string | null }

/**
 * better-sqlite3 (an optional dependency, a native module), loaded on the first SQLite store
 * only: `import { classify } from 'formspam'` never needs it, and an install where it could not
 * be built still runs everything else.
 */
function loadBetterSqlite3(): typeof BetterSqlite3 {
  const require = createRequire(import.meta.url);
  try {
    return require('better-sqlite3') as typeof BetterSqlite3;
  } catch (error) {
    throw Object.assign(
      new Error(
        'the SQLite store needs better-sqlite3, an optional dependency that is not installed or could not be built here (npm install better-sqlite3; it needs a C++ toolchain when no prebuilt binary fits); or use --store memory or --store redis://host:port',
        { cause: error },
      ),
      { code: 'SQLITE_UNAVAILABLE' },
    );
  }
}

export function createSqliteStore(options: SqliteStoreOptions): Store {
  const timeoutMs = options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 0) throw invalidOption('createSqliteStore', 'timeoutMs', 'must be an integer number of milliseconds >= 0');
  const Database = loadBetterSqlite3();
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  // Opening may wait longer for another process's lock than a call may (below).
  db.pragma(`busy_timeout = ${Math.max(timeoutMs, 5000)}`);
  db.exec(SCHEMA);
  // Databases written before keys could be revoked have no revoked_at column.
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(api_keys)').all();
  if (!columns.some((c) => c.name === 'revoked_at')) db.exec('ALTER TABLE api_keys ADD COLUMN revoked_at INTEGER');
  // ... and before keys had limits of their own, no limits column (JSON).
  if (!columns.some((c) => c.name === 'limits')) db.exec('ALTER TABLE api_keys ADD COLUMN limits TEXT');
  const now = options.now ?? Date.now;
  db.pragma(`busy_timeout = ${timeoutMs}`);

  const insertKey = db.prepare('INSERT INTO api_keys (api_key, hostname, secret, license, created_at) VALUES (?, ?, ?, ?, ?)');
  const selectKey = db.prepare<[string], KeyRow>('SELECT api_key, hostname, secret, license, created_at, revoked_at, limits FROM api_keys WHERE api_key = ?');
  const selectKeys = db.prepare<[], KeyRow>('SELECT api_key, hostname, secret, license, created_at, revoked_at, limits FROM api_keys ORDER BY created_at, api_key');
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE api_key = ? AND revoked_at IS NULL');
  const updateLimits = db.prepare('UPDATE api_keys SET limits = ? WHERE api_key = ?');
  const toRecord = (row: KeyRow) => keyRecord(row.api_key, row.hostname, row.secret, row.license, row.created_at, row.revoked_at, row.limits);
  // The keys read (and the keys found missing), kept in this process while nothing changes them:
  // cleared when this connection writes a key, and when another connection (another process)
  // commits anything to the file, which `PRAGMA data_version` tells. A read of it is one
  // statement that touches no table; a revoked key is refused on the next read everywhere.
  const version = dataVersionOf(db);
  const knownKeys = new Map<string, ApiKeyRecord | null>();
  version.onChange(() => knownKeys.clear());
  const readKey = (apiKey: string): ApiKeyRecord | null => {
    version.check();
    let known = knownKeys.get(apiKey);
    if (known === undefined) {
      const row = selectKey.get(apiKey);
      known = row ? toRecord(row) : null;
      if (knownKeys.size >= MAX_KNOWN_KEYS) knownKeys.clear();
      knownKeys.set(apiKey, known);
    }
    return known === null ? null : copyRecord(known);
  };
  // A used proof is (re)claimed only when absent or expired: one statement, so atomic.
  const claimProof = db.prepare(
    'INSERT INTO used_proofs (id, expires_at) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET expires_at = excluded.expires_at WHERE used_proofs.expires_at <= ?',
  );
  const bump = db.prepare<[{ key: string; expiresAt: number; now: number }], { value: number }>(
    `INSERT INTO counters (key, value, expires_at) VALUES (@key, 1, @expiresAt)
     ON CONFLICT(key) DO UPDATE SET value = CASE WHEN counters.expires_at <= @now THEN 1 ELSE counters.value + 1 END,
       expires_at = CASE WHEN counters.expires_at <= @now THEN excluded.expires_at ELSE counters.expires_at END
     RETURNING value`,
  );
  const insertSetting = db.prepare('INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)');
  const selectSetting = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE name = ?');
  const sweepProofs = db.prepare('DELETE FROM used_proofs WHERE expires_at <= ?');
  const sweepCounters = db.prepare('DELETE FROM counters WHERE expires_at <= ?');
  let writes = 0;
  const maybeSweep = () => {
    if (++writes % 10_000 !== 0) return;
    const t = now();
    sweepProofs.run(t);
    sweepCounters.run(t);
  };

  const updateSecret = db.prepare('UPDATE api_keys SET secret = ? WHERE api_key = ?');
  const upsertSetting = db.prepare('INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value');
  const probe = db.prepare('SELECT 1 FROM settings LIMIT 1');
  const rewriteAll = db.transaction((rewrite: (record: ApiKeyRecord) => string, values: Record<string, string>) => {
    const rows = selectKeys.all();
    for (const row of rows) updateSecret.run(rewrite(toRecord(row)), row.api_key);
    for (const [name, value] of Object.entries(values)) upsertSetting.run(name, value);
    return rows.length;
  });

  // better-sqlite3 is synchronous: a call cannot outlive its deadline except by waiting on a
  // lock, which busy_timeout bounds. Its failures (locked, read-only, full, corrupt, closed)
  // become StoreUnavailableError; a duplicate key stays an answer (KEY_EXISTS).
  const fail = (operation: string, error: unknown): never => {
    if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw keyExistsError('sqlite');
    throw toStoreError('sqlite', operation, error);
  };

  const { commitPending, ...decisions } = sqliteDecisionStore(db);
  return markGuarded({
    kind: 'sqlite',
    [KEY_READ_SCOPE]: version.scope,
    ...decisions,
    ...sqliteSiteModelStore(db, fail, version),
    async putKey(r: ApiKeyRecord) {
      try {
        insertKey.run(r.apiKey, r.hostname, r.secret, r.license, r.createdAt);
      } catch (error) {
        fail('putKey', error);
      } finally {
        knownKeys.delete(r.apiKey);
      }
    },
    async getKey(apiKey) {
      try {
        return readKey(apiKey);
      } catch (error) {
        return fail('getKey', error);
      }
    },
    async listKeys() {
      try {
        return selectKeys.all().map(toRecord);
      } catch (error) {
        return fail('listKeys', error);
      }
    },
    async setKeyLimits(apiKey, limits) {
      try {
        return updateLimits.run(limits === null ? null : JSON.stringify(limits), apiKey).changes === 1;
      } catch (error) {
        return fail('setKeyLimits', error);
      } finally {
        knownKeys.delete(apiKey);
      }
    },
    async revokeKey(apiKey, at) {
      try {
        return revoke.run(at, apiKey).changes === 1;
      } catch (error) {
        return fail('revokeKey', error);
      } finally {
        knownKeys.delete(apiKey);
      }
    },
    async markUsed(id, expiresAt) {
      try {
        maybeSweep();
        return claimProof.run(id, expiresAt, now()).changes === 1;
      } catch (error) {
        return fail('markUsed', error);
      }
    },
    async increment(key, expiresAt) {
      try {
        maybeSweep();
        return bump.get({ key, expiresAt, now: now() })!.value;
      } catch (error) {
        return fail('increment', error);
      }
    },
    async initSetting(name, value) {
      try {
        insertSetting.run(name, value);
        return selectSetting.get(name)!.value;
      } catch (error) {
        return fail('initSetting', error);
      }
    },
    async getSetting(name) {
      try {
        return selectSetting.get(name)?.value ?? null;
      } catch (error) {
        return fail('getSetting', error);
      }
    },
    /** One transaction: every secret and the settings, or nothing. */
    async rewriteSecrets(rewrite, values) {
      try {
        return rewriteAll.immediate(rewrite, values);
      } catch (error) {
        // An exception of `rewrite` (a secret that does not decrypt) is the caller's, not the store's.
        if (error instanceof Error && (error as { code?: unknown }).code !== undefined && String((error as { code?: unknown }).code).startsWith('SQLITE_')) fail('rewriteSecrets', error);
        throw error;
      } finally {
        knownKeys.clear();
      }
    },
    /** Reads, then takes the write lock and lets it go: a lock held elsewhere fails like a write would. */
    async ping() {
      try {
        probe.get();
        db.exec('BEGIN IMMEDIATE');
        db.exec('ROLLBACK');
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        fail('ping', error);
      }
    },
    async close() {
      knownKeys.clear();
      // Decisions still waiting for their batch are committed, not dropped.
      if (db.open) commitPending();
      if (db.open) db.close();
    },
  });
}
