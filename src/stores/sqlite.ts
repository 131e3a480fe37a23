/**
 * The embedded SQLite store (better-sqlite3, WAL mode): the default of `formspam serve`.
 * Writes are committed before the promise resolves, so a key returned to a client survives
 * `kill -9` of the server (WAL + synchronous=NORMAL is durable against a process crash; use
 * `synchronous: 'FULL'` to also survive power loss).
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { keyRecord } from './keys.js';
import type { ApiKeyRecord, Store } from './types.js';

export interface SqliteStoreOptions {
  /** The database file (its directory is created); `:memory:` for a private in-memory database. */
  path: string;
  /** The clock used to ignore and sweep expired entries (default `Date.now`). */
  now?: () => number;
  synchronous?: 'NORMAL' | 'FULL';
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (api_key TEXT PRIMARY KEY, hostname TEXT NOT NULL, secret TEXT NOT NULL, license TEXT NOT NULL, created_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS used_proofs (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, value INTEGER NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
`;

interface KeyRow { api_key: string; hostname: string; secret: string; license: string; created_at: number; revoked_at: number | null }

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
  const Database = loadBetterSqlite3();
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  // Databases written before keys could be revoked have no revoked_at column.
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(api_keys)').all();
  if (!columns.some((c) => c.name === 'revoked_at')) db.exec('ALTER TABLE api_keys ADD COLUMN revoked_at INTEGER');
  const now = options.now ?? Date.now;

  const insertKey = db.prepare('INSERT INTO api_keys (api_key, hostname, secret, license, created_at) VALUES (?, ?, ?, ?, ?)');
  const selectKey = db.prepare<[string], KeyRow>('SELECT api_key, hostname, secret, license, created_at, revoked_at FROM api_keys WHERE api_key = ?');
  const selectKeys = db.prepare<[], KeyRow>('SELECT api_key, hostname, secret, license, created_at, revoked_at FROM api_keys ORDER BY created_at, api_key');
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE api_key = ? AND revoked_at IS NULL');
  const toRecord = (row: KeyRow) => keyRecord(row.api_key, row.hostname, row.secret, row.license, row.created_at, row.revoked_at);
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

  return {
    kind: 'sqlite',
    async putKey(r: ApiKeyRecord) {
      insertKey.run(r.apiKey, r.hostname, r.secret, r.license, r.createdAt);
    },
    async getKey(apiKey) {
      const row = selectKey.get(apiKey);
      return row ? toRecord(row) : null;
    },
    async listKeys() {
      return selectKeys.all().map(toRecord);
    },
    async revokeKey(apiKey, at) {
      return revoke.run(at, apiKey).changes === 1;
    },
    async markUsed(id, expiresAt) {
      maybeSweep();
      return claimProof.run(id, expiresAt, now()).changes === 1;
    },
    async increment(key, expiresAt) {
      maybeSweep();
      return bump.get({ key, expiresAt, now: now() })!.value;
    },
    async initSetting(name, value) {
      insertSetting.run(name, value);
      return selectSetting.get(name)!.value;
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
