/**
 * The site model's counts in the SQLite store: one row of message counts per API key and one
 * row per key and token. Every call is one transaction (or one statement), so two processes on
 * the same file add up correctly.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { FeedbackLabel, SiteModelCounts, SiteModelStore } from './types.js';

export const SITE_MODEL_SCHEMA = `
CREATE TABLE IF NOT EXISTS site_model_totals (api_key TEXT PRIMARY KEY, spam INTEGER NOT NULL, ham INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS site_model_tokens (api_key TEXT NOT NULL, token INTEGER NOT NULL, spam INTEGER NOT NULL, ham INTEGER NOT NULL, PRIMARY KEY (api_key, token)) WITHOUT ROWID;
`;

/**
 * The {@link SiteModelStore} of an open database; `fail` turns a driver error into the store's
 * typed failure (it throws).
 */
export function sqliteSiteModelStore(db: BetterSqlite3.Database, fail: (operation: string, error: unknown) => never): SiteModelStore {
  db.exec(SITE_MODEL_SCHEMA);
  // Counts never go below 0; a token whose two counts are 0 has no row.
  const addTotal = {
    spam: db.prepare('INSERT INTO site_model_totals (api_key, spam, ham) VALUES (@apiKey, max(0, @delta), 0) ON CONFLICT(api_key) DO UPDATE SET spam = max(0, spam + @delta)'),
    ham: db.prepare('INSERT INTO site_model_totals (api_key, spam, ham) VALUES (@apiKey, 0, max(0, @delta)) ON CONFLICT(api_key) DO UPDATE SET ham = max(0, ham + @delta)'),
  };
  const addToken = {
    spam: db.prepare('INSERT INTO site_model_tokens (api_key, token, spam, ham) VALUES (@apiKey, @token, max(0, @delta), 0) ON CONFLICT(api_key, token) DO UPDATE SET spam = max(0, spam + @delta)'),
    ham: db.prepare('INSERT INTO site_model_tokens (api_key, token, spam, ham) VALUES (@apiKey, @token, 0, max(0, @delta)) ON CONFLICT(api_key, token) DO UPDATE SET ham = max(0, ham + @delta)'),
  };
  const dropEmpty = db.prepare('DELETE FROM site_model_tokens WHERE api_key = ? AND token IN (SELECT value FROM json_each(?)) AND spam = 0 AND ham = 0');
  const selectTotals = db.prepare<[string], { spam: number; ham: number }>('SELECT spam, ham FROM site_model_totals WHERE api_key = ?');
  const selectTokens = db.prepare<[string, string], { token: number; spam: number; ham: number }>(
    'SELECT token, spam, ham FROM site_model_tokens WHERE api_key = ? AND token IN (SELECT value FROM json_each(?))',
  );
  const deleteTotals = db.prepare('DELETE FROM site_model_totals WHERE api_key = ?');
  const deleteTokens = db.prepare('DELETE FROM site_model_tokens WHERE api_key = ?');
  const add = db.transaction((apiKey: string, label: FeedbackLabel, tokens: readonly number[], delta: number) => {
    addTotal[label].run({ apiKey, delta });
    for (const token of tokens) addToken[label].run({ apiKey, token, delta });
    if (delta < 0) dropEmpty.run(apiKey, JSON.stringify(tokens));
  });
  const read = db.transaction((apiKey: string, tokens: readonly number[]): SiteModelCounts => {
    const totals = selectTotals.get(apiKey);
    const found = new Map<number, { spam: number; ham: number }>();
    if (tokens.length > 0 && totals) for (const row of selectTokens.all(apiKey, JSON.stringify(tokens))) found.set(row.token, { spam: row.spam, ham: row.ham });
    return { spam: totals?.spam ?? 0, ham: totals?.ham ?? 0, tokens: found };
  });
  const forget = db.transaction((apiKey: string) => {
    deleteTotals.run(apiKey);
    deleteTokens.run(apiKey);
  });
  return {
    async addSiteCounts(apiKey, label, tokens, delta) {
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
    async deleteSiteModel(apiKey) {
      try {
        forget.immediate(apiKey);
      } catch (error) {
        fail('deleteSiteModel', error);
      }
    },
  };
}
