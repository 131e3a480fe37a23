/**
 * The site model's counts in the SQLite store: one row of message counts per API key and one
 * row per key and token. Every call is one transaction (or one statement), so two processes on
 * the same file add up correctly. The key's row also holds its revision: a random number when
 * the row is made, one more at every change.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { DataVersion } from './sqlite-version.js';
import type { FeedbackLabel, SiteModelCounts, SiteModelStore, SiteModelTotals } from './types.js';

export const SITE_MODEL_SCHEMA = `
CREATE TABLE IF NOT EXISTS site_model_totals (api_key TEXT PRIMARY KEY, spam INTEGER NOT NULL, ham INTEGER NOT NULL, revision INTEGER) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS site_model_tokens (api_key TEXT NOT NULL, token INTEGER NOT NULL, spam INTEGER NOT NULL, ham INTEGER NOT NULL, PRIMARY KEY (api_key, token)) WITHOUT ROWID;
`;

/** The totals of a key without a model. */
const NO_MODEL: SiteModelTotals = Object.freeze({ spam: 0, ham: 0 });

/** A new model's first revision: random below 2^48 (not a secret; it only has to differ from the last one's). */
function randomRevision(): number {
  return Math.floor(Math.random() * 2 ** 48);
}

/**
 * The {@link SiteModelStore} of an open database; `fail` turns a driver error into the store's
 * typed failure (it throws).
 */
export function sqliteSiteModelStore(db: BetterSqlite3.Database, fail: (operation: string, error: unknown) => never, version: DataVersion): SiteModelStore {
  db.exec(SITE_MODEL_SCHEMA);
  // Files written before the revision have no revision column (their rows get one at their next change).
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(site_model_totals)').all();
  if (!columns.some((c) => c.name === 'revision')) db.exec('ALTER TABLE site_model_totals ADD COLUMN revision INTEGER');
  // Counts never go below 0; a token whose two counts are 0 has no row. A new row's revision is
  // random (@seed), so a model deleted and made again does not repeat a revision a cache has seen.
  const addTotal = {
    spam: db.prepare(
      'INSERT INTO site_model_totals (api_key, spam, ham, revision) VALUES (@apiKey, max(0, @delta), 0, @seed) ON CONFLICT(api_key) DO UPDATE SET spam = max(0, spam + @delta), revision = coalesce(revision, @seed) + 1',
    ),
    ham: db.prepare(
      'INSERT INTO site_model_totals (api_key, spam, ham, revision) VALUES (@apiKey, 0, max(0, @delta), @seed) ON CONFLICT(api_key) DO UPDATE SET ham = max(0, ham + @delta), revision = coalesce(revision, @seed) + 1',
    ),
  };
  const addToken = {
    spam: db.prepare('INSERT INTO site_model_tokens (api_key, token, spam, ham) VALUES (@apiKey, @token, max(0, @delta), 0) ON CONFLICT(api_key, token) DO UPDATE SET spam = max(0, spam + @delta)'),
    ham: db.prepare('INSERT INTO site_model_tokens (api_key, token, spam, ham) VALUES (@apiKey, @token, 0, max(0, @delta)) ON CONFLICT(api_key, token) DO UPDATE SET ham = max(0, ham + @delta)'),
  };
  const dropEmpty = db.prepare('DELETE FROM site_model_tokens WHERE api_key = ? AND token IN (SELECT value FROM json_each(?)) AND spam = 0 AND ham = 0');
  const selectTotals = db.prepare<[string], { spam: number; ham: number; revision: number | null }>('SELECT spam, ham, revision FROM site_model_totals WHERE api_key = ?');
  const selectTokens = db.prepare<[string, string], { token: number; spam: number; ham: number }>(
    'SELECT token, spam, ham FROM site_model_tokens WHERE api_key = ? AND token IN (SELECT value FROM json_each(?))',
  );
  const deleteTotals = db.prepare('DELETE FROM site_model_totals WHERE api_key = ?');
  const deleteTokens = db.prepare('DELETE FROM site_model_tokens WHERE api_key = ?');
  const add = db.transaction((apiKey: string, label: FeedbackLabel, tokens: readonly number[], delta: number) => {
    addTotal[label].run({ apiKey, delta, seed: randomRevision() });
    for (const token of tokens) addToken[label].run({ apiKey, token, delta });
    if (delta < 0) dropEmpty.run(apiKey, JSON.stringify(tokens));
  });
  const readNow = (apiKey: string, tokens: readonly number[]): SiteModelCounts => {
    const totals = selectTotals.get(apiKey);
    const found = new Map<number, { spam: number; ham: number }>();
    if (!totals) return { spam: 0, ham: 0, tokens: found };
    if (tokens.length > 0) for (const row of selectTokens.all(apiKey, JSON.stringify(tokens))) found.set(row.token, { spam: row.spam, ham: row.ham });
    const counts: SiteModelCounts = { spam: totals.spam, ham: totals.ham, tokens: found };
    if (totals.revision !== null) counts.revision = totals.revision;
    return counts;
  };
  // The totals and the tokens from one snapshot.
  const readBoth = db.transaction(readNow);
  // The totals alone (the site model reads them on every request): kept per key until this
  // connection changes the key's model, or another connection (process) commits any change to
  // the file, which `PRAGMA data_version` tells (one statement that reads no table); within a
  // classify request's scope, as of the request's key read (sqlite-version.ts).
  const knownTotals = new Map<string, SiteModelTotals>();
  version.onChange(() => knownTotals.clear());
  const readTotals = (apiKey: string): SiteModelTotals => {
    if (!version.trusted) version.check();
    let known = knownTotals.get(apiKey);
    if (known === undefined) {
      const row = selectTotals.get(apiKey);
      known = !row ? NO_MODEL : row.revision === null ? { spam: row.spam, ham: row.ham } : { spam: row.spam, ham: row.ham, revision: row.revision };
      if (knownTotals.size >= 10_000) knownTotals.clear();
      knownTotals.set(apiKey, known);
    }
    return known;
  };
  const read = (apiKey: string, tokens: readonly number[]): SiteModelCounts => {
    if (tokens.length > 0) return readBoth(apiKey, tokens);
    const t = readTotals(apiKey);
    const counts: SiteModelCounts = { spam: t.spam, ham: t.ham, tokens: new Map() };
    if (t.revision !== undefined) counts.revision = t.revision;
    return counts;
  };
  const forget = db.transaction((apiKey: string) => {
    deleteTotals.run(apiKey);
    deleteTokens.run(apiKey);
  });
  return {
    async addSiteCounts(apiKey, label, tokens, delta) {
      knownTotals.delete(apiKey);
      try {
        add.immediate(apiKey, label, tokens, delta);
      } catch (error) {
        fail('addSiteCounts', error);
      }
    },
    async readSiteCounts(apiKey, tokens) {
      try {
        return read(apiKey, tokens);
      } catch (error) {
        return fail('readSiteCounts', error);
      }
    },
    readSiteTotalsNow(apiKey) {
      try {
        return readTotals(apiKey);
      } catch (error) {
        return fail('readSiteCounts', error);
      }
    },
    async deleteSiteModel(apiKey) {
      knownTotals.delete(apiKey);
      try {
        forget.immediate(apiKey);
      } catch (error) {
        fail('deleteSiteModel', error);
      }
    },
  };
}
