/**
 * The decision log of the SQLite store: one row per decision, the tokens as a BLOB of unsigned
 * 32-bit little-endian integers, the reasons as a JSON array. `secure_delete` is on for the
 * connection, so deleted decisions (and a request removed after `--log-text-retention`) are
 * overwritten in the file, and a deletion by key or id checkpoints the WAL (TRUNCATE) so that no
 * old copy of the pages stays in it. Decisions are committed in batches: a batch is committed
 * once no decision has come for {@link QUIET_MS}, or {@link BATCH_MS} after its first, or at
 * {@link BATCH_MAX} decisions. A busy server's decisions cost a commit per batch, not one each
 * (each commit writes the last, partly filled page of the table and of each index to the WAL
 * again, so fewer, larger commits write fewer pages), and a caller that waits for each decision
 * waits about {@link QUIET_MS}. Each `putDecision` resolves once its decision is committed.
 * Every other call on decisions (read, label, delete) commits the waiting batch first, so it sees
 * every decision handed to `putDecision` before it; so does
 * {@link SqliteDecisionStore.commitPending}, which the store's `close()` calls.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { toStoreError } from './guard.js';
import { tokensFromBytes, tokensToBytes } from './token-bytes.js';
import type { DecisionFilter, DecisionRecord, DecisionStore, FeedbackLabel } from './types.js';

// The time indexes are ascending: a new decision (the latest time) goes at their end, where
// SQLite appends to the last page; in a descending index it went at the start, and each full
// page was split in two half-full ones (twice the pages, 15 % more written to the WAL). The
// lists (`ORDER BY at DESC, id`) read them backwards and sort only the decisions of one time by
// id. Files written with the descending indexes (`decisions_at`, `decisions_key_at`) get the new
// ones on open, and the old ones are dropped.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS decisions (id TEXT PRIMARY KEY, at INTEGER NOT NULL, api_key TEXT NOT NULL, classification TEXT NOT NULL, score REAL NOT NULL, reasons TEXT NOT NULL, country TEXT, tokens BLOB NOT NULL, label TEXT, labelled_at INTEGER, request TEXT);
CREATE INDEX IF NOT EXISTS decisions_time ON decisions (at, id);
CREATE INDEX IF NOT EXISTS decisions_key_time ON decisions (api_key, at, id);
DROP INDEX IF EXISTS decisions_at;
DROP INDEX IF EXISTS decisions_key_at;
`;

interface DecisionRow {
  id: string;
  at: number;
  api_key: string;
  classification: DecisionRecord['classification'];
  score: number;
  reasons: string;
  country: string | null;
  tokens: Buffer;
  label: FeedbackLabel | null;
  labelled_at: number | null;
  request: string | null;
}

/** A batch is committed when no decision has come for this long, in ms. */
const QUIET_MS = 2;
/** The longest a decision waits for its batch's commit while decisions keep coming, in ms. */
const BATCH_MS = 50;
/** A batch is committed at once when it has this many decisions. */
const BATCH_MAX = 1024;

/** The decision log of the SQLite store, and the commit of its waiting batch. */
export interface SqliteDecisionStore extends DecisionStore {
  /** Commits the decisions waiting for their batch now (their `putDecision` promises settle). */
  commitPending(): void;
}

/** A decision waiting for its batch: its row's values in the insert's order, and its promise. */
interface Queued {
  values: [string, number, string, string, number, string, string | null, Buffer, string | null, number | null, string | null];
  resolve: () => void;
  reject: (error: unknown) => void;
}

const COLUMNS = 'id, at, api_key, classification, score, reasons, country, tokens, label, labelled_at, request';
const DEFAULT_LIST_LIMIT = 100;

function toRecord(row: DecisionRow): DecisionRecord {
  const r: DecisionRecord = {
    id: row.id,
    at: row.at,
    apiKey: row.api_key,
    classification: row.classification,
    score: row.score,
    reasons: JSON.parse(row.reasons) as string[],
    country: row.country,
    tokens: tokensFromBytes(row.tokens),
  };
  if (row.label !== null) r.label = row.label;
  if (row.labelled_at !== null) r.labelledAt = row.labelled_at;
  if (row.request !== null) r.request = JSON.parse(row.request) as unknown;
  return r;
}

/** The WHERE clause of a filter or selector (named parameters), or '1' for none. */
function where(f: { id?: string; apiKey?: string; classification?: string; reason?: string; label?: string; since?: number; until?: number; before?: number }): string {
  const parts: string[] = [];
  if (f.id !== undefined) parts.push('id = @id');
  if (f.apiKey !== undefined) parts.push('api_key = @apiKey');
  if (f.classification !== undefined) parts.push('classification = @classification');
  if (f.reason !== undefined) parts.push('EXISTS (SELECT 1 FROM json_each(decisions.reasons) WHERE json_each.value = @reason)');
  if (f.label !== undefined) parts.push('label = @label');
  if (f.since !== undefined) parts.push('at >= @since');
  if (f.until !== undefined) parts.push('at < @until');
  if (f.before !== undefined) parts.push('at < @before');
  return parts.length === 0 ? '1' : parts.join(' AND ');
}

/** Only the defined fields: better-sqlite3 refuses `undefined` parameters. */
function params(o: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** The decision log on an open better-sqlite3 database (the SQLite store mixes it in). */
export function sqliteDecisionStore(db: BetterSqlite3.Database): SqliteDecisionStore {
  db.pragma('secure_delete = ON');
  // Only when there is something to make or drop, and then in one transaction that takes the
  // write lock first: another process opening the file at the same time waits for it.
  const indexes = new Set(db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'decisions'").pluck().all());
  if (!indexes.has('decisions_time') || !indexes.has('decisions_key_time') || indexes.has('decisions_at') || indexes.has('decisions_key_at')) {
    db.transaction(() => db.exec(SCHEMA)).immediate();
  } else {
    db.exec(SCHEMA);
  }
  // Positional parameters: binding 11 values by name costs a property look-up each.
  const insert = db.prepare<Queued['values']>(`INSERT OR REPLACE INTO decisions (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const selectOne = db.prepare<[string], DecisionRow>(`SELECT ${COLUMNS} FROM decisions WHERE id = ?`);
  const selectLabel = db.prepare<[string], { label: FeedbackLabel | null }>('SELECT label FROM decisions WHERE id = ?');
  const setLabel = db.prepare('UPDATE decisions SET label = ?, labelled_at = ? WHERE id = ?');
  const dropRequests = db.prepare('UPDATE decisions SET request = NULL WHERE at < ? AND request IS NOT NULL');
  const label = db.transaction((id: string, value: FeedbackLabel, at: number): FeedbackLabel | null | undefined => {
    const row = selectLabel.get(id);
    if (!row) return undefined;
    setLabel.run(value, at, id);
    return row.label;
  });
  // One prepared statement per shape of filter.
  const statements = new Map<string, BetterSqlite3.Statement>();
  const statement = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };
  let queue: Queued[] = [];
  const insertAll = db.transaction((rows: Queued[]) => {
    for (const q of rows) insert.run(...q.values);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  // When the waiting batch's first and last decisions came (performance.now()).
  let firstAt = 0;
  let lastAt = 0;
  const due = () => {
    timer = undefined;
    const t = performance.now();
    if (t - lastAt < QUIET_MS && t - firstAt < BATCH_MS) timer = setTimeout(due, QUIET_MS);
    else commit();
  };
  const commit = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    try {
      insertAll(batch);
    } catch (error) {
      const failure = toStoreError('sqlite', 'putDecision', error);
      for (const q of batch) q.reject(failure);
      return;
    }
    for (const q of batch) q.resolve();
  };
  const failing = (operation: string, error: unknown): never => {
    throw toStoreError('sqlite', operation, error);
  };
  /** The waiting batch committed before a call that reads or changes decisions. */
  const settle = () => {
    if (queue.length > 0) commit();
  };

  return {
    commitPending: settle,
    putDecision(r: DecisionRecord) {
      let values: Queued['values'];
      try {
        values = [
          r.id,
          r.at,
          r.apiKey,
          r.classification,
          r.score,
          JSON.stringify(r.reasons),
          r.country,
          tokensToBytes(r.tokens),
          r.label ?? null,
          r.labelledAt ?? null,
          r.request === undefined ? null : JSON.stringify(r.request),
        ];
      } catch (error) {
        return Promise.reject(toStoreError('sqlite', 'putDecision', error));
      }
      return new Promise<void>((resolve, reject) => {
        lastAt = performance.now();
        if (queue.push({ values, resolve, reject }) === 1) firstAt = lastAt;
        if (queue.length >= BATCH_MAX) commit();
        else timer ??= setTimeout(due, QUIET_MS);
      });
    },
    async getDecision(id) {
      settle();
      try {
        const row = selectOne.get(id);
        return row ? toRecord(row) : null;
      } catch (error) {
        return failing('getDecision', error);
      }
    },
    async listDecisions(filter: DecisionFilter = {}) {
      settle();
      try {
        const sql = `SELECT ${COLUMNS} FROM decisions WHERE ${where(filter)} ORDER BY at DESC, id LIMIT @limit`;
        const rows = statement(sql).all({ ...params({ ...filter, limit: undefined }), limit: filter.limit ?? DEFAULT_LIST_LIMIT }) as DecisionRow[];
        return rows.map(toRecord);
      } catch (error) {
        return failing('listDecisions', error);
      }
    },
    async labelDecision(id, value, at) {
      settle();
      try {
        return label.immediate(id, value, at);
      } catch (error) {
        return failing('labelDecision', error);
      }
    },
    async deleteDecisions(selector) {
      settle();
      try {
        const w = where({ ...selector, keepNewest: undefined } as never);
        const sql = selector.keepNewest === undefined
          ? `DELETE FROM decisions WHERE ${w}`
          : `DELETE FROM decisions WHERE ${w} AND rowid NOT IN (SELECT rowid FROM decisions WHERE ${w} ORDER BY at DESC, id LIMIT @keepNewest)`;
        const deleted = statement(sql).run(params(selector)).changes;
        // A site's data asked to be deleted: no copy of its pages stays in the WAL.
        if (deleted > 0 && (selector.id !== undefined || selector.apiKey !== undefined)) db.pragma('wal_checkpoint(TRUNCATE)');
        return deleted;
      } catch (error) {
        return failing('deleteDecisions', error);
      }
    },
    async dropDecisionRequests(before) {
      settle();
      try {
        const n = dropRequests.run(before).changes;
        if (n > 0) db.pragma('wal_checkpoint(TRUNCATE)');
        return n;
      } catch (error) {
        return failing('dropDecisionRequests', error);
      }
    },
  };
}
