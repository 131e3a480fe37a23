// The SQLite store keeps the keys and the site models' message counts it read, checked by
// `PRAGMA data_version` (another connection's commits). A classify request checks once, at its
// key read, and its site-model read is answered as of that check: two services on one file
// (two connections, as two processes would have) see each other's reports on their next request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createService } from '../../src/service/service.js';
import { createSqliteStore } from '../../src/stores/sqlite.js';
import { keyReadScopeOf } from '../../src/stores/sqlite-version.js';
import { callService } from '../helpers/service-call.js';

const TOKEN = 'admin-token-0123456789abcdef0123456789';
let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'formspam-sqlite-keyread-'));
  file = join(dir, 'formspam.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the SQLite store\'s key read scope', () => {
  it('within it the message counts are answered as of the last check; a key read checks, so the next request sees another connection\'s change', async () => {
    const a = createSqliteStore({ path: file });
    const b = createSqliteStore({ path: file });
    try {
      const key = { apiKey: 'ckey_scope', hostname: 'example.com', secret: 's', license: 'free', createdAt: 1 };
      await a.putKey(key);
      const scope = keyReadScopeOf(a)!;
      expect(scope).toBeTypeOf('function');
      expect(a.readSiteTotalsNow!('site')).toMatchObject({ spam: 0, ham: 0 });
      await b.addSiteCounts!('site', 'spam', [1], 1);
      // Without a key read, the scope answers from what the store knew: the change is not seen.
      expect(scope(() => a.readSiteTotalsNow!('site'))).toMatchObject({ spam: 0, ham: 0 });
      // Outside the scope every read checks.
      expect(a.readSiteTotalsNow!('site')).toMatchObject({ spam: 1, ham: 0 });
      await b.addSiteCounts!('site', 'ham', [2], 1);
      // As a classify request does: its key read first (a check), then the counts in the scope.
      expect(await a.getKey(key.apiKey)).toEqual(key);
      expect(scope(() => a.readSiteTotalsNow!('site'))).toMatchObject({ spam: 1, ham: 1 });
      // The scope nests and ends: the flag does not outlive it, also when it throws.
      expect(() => scope(() => scope(() => {
        throw new Error('inside');
      }))).toThrow('inside');
      await b.addSiteCounts!('site', 'ham', [3], 1);
      expect(a.readSiteTotalsNow!('site')).toMatchObject({ spam: 1, ham: 2 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('two services on one file: reports through one turn the other\'s model on at its next classify request; a key revoked through one is refused by the other', async () => {
    const options = { adminToken: TOKEN, offline: true, rateLimits: false as const, siteModel: { minReports: 1 } };
    const one = createService({ ...options, store: createSqliteStore({ path: file }) });
    const two = createService({ ...options, store: createSqliteStore({ path: file }) });
    try {
      const key = (await callService(one, 'POST', '/admin/keys', { body: { hostname: 'shop.example' }, token: TOKEN })).json as { apiKey: string; secret: string };
      const classify = async (s: typeof one) => {
        const r = await callService(s, 'POST', `/api/v1/classify?apiKey=${key.apiKey}`, { body: { text: 'Cheap replica watches on sale today' } });
        expect(r.status).toBe(200);
        return r.json.text.rules.SITE_MODEL;
      };
      // `two` reads the key and its (empty) model, twice: both kept.
      expect(await classify(two)).toMatchObject({ skipped: 'too-few-reports' });
      expect(await classify(two)).toMatchObject({ skipped: 'too-few-reports' });
      const feedback = (text: string, label: string) => callService(one, 'POST', `/api/v1/feedback?apiKey=${key.apiKey}`, { body: { request: { text }, label }, headers: { 'x-formspam-secret': key.secret } });
      expect((await feedback('Buy cheap replica watches now', 'spam')).status).toBe(200);
      expect((await feedback('Could I book a table for Friday?', 'ham')).status).toBe(200);
      const active = await classify(two);
      expect(active.skipped).toBeUndefined();
      expect(active.evidence).toMatchObject({ spamReports: 1, hamReports: 1 });
      expect((await callService(one, 'DELETE', `/admin/keys?apiKey=${key.apiKey}`, { token: TOKEN })).status).toBe(200);
      const refused = await callService(two, 'POST', `/api/v1/classify?apiKey=${key.apiKey}`, { body: { text: 'hello' } });
      expect(refused).toMatchObject({ status: 401, json: { code: 'API_KEY_REVOKED' } });
    } finally {
      await one.close();
      await two.close();
    }
  });
});
