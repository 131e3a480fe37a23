// The admin's JSON endpoints on the decision log (in-process service, memory store): the admin
// token, every validation error with its code, the filters, one decision, the verdicts per
// hour or day, the spam/ham report moving the site model's counts, 501 for a store without a
// decision log, and every status seen documented in /openapi.json. The page itself is driven in
// Chromium by test/e2e/admin.test.ts.
import { describe, expect, it } from 'vitest';
import { createService, type Service } from '../../src/service/service.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import type { Store } from '../../src/stores/types.js';
import { BLOG_KEY, fillLog, SHOP_KEY } from '../helpers/decisions.js';
import { callService } from '../helpers/service-call.js';

const TOKEN = 'admin-token-0123456789abcdef0123456789';
const NOW = Date.parse('2026-11-27T12:30:00Z');
const seen: { route: string; method: string; status: number; body: unknown }[] = [];

async function call(service: Service, method: string, url: string, options: Parameters<typeof callService>[3] = {}, route?: string) {
  const r = await callService(service, method, url, options);
  seen.push({ route: route ?? url.split('?')[0]!, method: method.toLowerCase(), status: r.status, body: r.json });
  return r;
}

async function service(store: Store = createMemoryStore({ now: () => NOW })): Promise<Service> {
  const s = createService({ adminToken: TOKEN, rateLimits: false, offline: true, store, now: () => NOW });
  if (store.putDecision) await fillLog(store as Store & Required<Pick<Store, 'putDecision'>> as never, NOW);
  return s;
}

const ids = (r: { json: { decisions: { id: string }[] } }) => r.json.decisions.map((d) => d.id);

describe('the admin endpoints of the decision log', () => {
  it('need the admin token: 404 ADMIN_DISABLED without one configured, 401 with a wrong one', async () => {
    const off = createService({ rateLimits: false, offline: true });
    for (const url of ['/admin/decisions', '/admin/decisions/stats', '/admin/decisions/dec-01', '/admin', '/admin/admin.js', '/admin/admin.css']) {
      const r = await off.handle({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` }, remoteAddress: '127.0.0.1' });
      expect([url, r.status, JSON.parse(r.body).code]).toEqual([url, 404, 'ADMIN_DISABLED']);
    }
    const s = await service();
    for (const token of [undefined, '', 'wrong', `${TOKEN}x`]) {
      const opts = token === undefined ? {} : { token };
      for (const url of ['/admin/decisions', '/admin/decisions/stats', '/admin/decisions/dec-01']) {
        expect(await call(s, 'GET', url, opts, url === '/admin/decisions/dec-01' ? '/admin/decisions/{id}' : undefined)).toMatchObject({ status: 401, json: { code: 'ADMIN_TOKEN_INVALID' } });
      }
      const r = await call(s, 'POST', '/admin/decisions/dec-01/feedback', { ...opts, body: { label: 'spam' } }, '/admin/decisions/{id}/feedback');
      expect(r).toMatchObject({ status: 401, json: { code: 'ADMIN_TOKEN_INVALID' } });
    }
    // A refused report changed nothing.
    expect((await s.store.getDecision!('dec-01'))!.label).toBeUndefined();
  });

  it('a wrong token is rate-limited per IP like /admin/keys', async () => {
    const s = createService({ adminToken: TOKEN, offline: true, rateLimits: { generatePerIp: { limit: 2, windowSeconds: 60 } } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await callService(s, 'GET', '/admin/decisions', { token: 'wrong' })).status);
    expect(statuses).toEqual([401, 401, 429, 429]);
    expect((await callService(s, 'GET', '/admin/decisions', { token: TOKEN })).status).toBe(200);
  });

  it('serves the page and its two files to anyone, with a CSP that allows no inline script or style', async () => {
    const s = await service();
    // The page's URLs are relative to `…/admin` (it works under a mount prefix): `/admin/` redirects there.
    const slash = await s.handle({ method: 'GET', url: '/admin/?x=1', headers: {}, remoteAddress: '127.0.0.1' });
    expect([slash.status, slash.headers.location]).toEqual([308, '../admin']);
    expect(new URL(slash.headers.location!, 'http://h/spam/admin/?x=1').pathname).toBe('/spam/admin');
    const page = await s.handle({ method: 'GET', url: '/admin', headers: {}, remoteAddress: '127.0.0.1' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = page.headers['content-security-policy']!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
    // No inline code: every script has a src, no <style> element, no style or on* attribute.
    expect(page.body.match(/<script\b[^>]*>/g)).toEqual(['<script src="admin/admin.js" defer>']);
    expect(page.body).toContain('<link rel="stylesheet" href="admin/admin.css">');
    expect(page.body).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    // Nothing from the log, no token.
    expect(page.body).not.toContain('dec-01');
    expect(page.body).not.toContain(TOKEN);
    for (const [url, type] of [['/admin/admin.js', 'text/javascript; charset=utf-8'], ['/admin/admin.css', 'text/css; charset=utf-8']] as const) {
      const r = await s.handle({ method: 'GET', url, headers: {}, remoteAddress: '127.0.0.1' });
      expect([r.status, r.headers['content-type'], r.headers['content-security-policy']]).toEqual([200, type, csp]);
      expect(r.body.length).toBeGreaterThan(500);
    }
    // The script puts the token in a header only, never in a URL.
    const js = (await s.handle({ method: 'GET', url: '/admin/admin.js', headers: {}, remoteAddress: '127.0.0.1' })).body;
    expect(js).toContain("authorization: 'Bearer ' + token()");
    expect(js).not.toMatch(/[?&](token|apiKey)=/);
    const head = await s.handle({ method: 'HEAD', url: '/admin', headers: {}, remoteAddress: '127.0.0.1' });
    expect([head.status, head.body]).toEqual([200, '']);
  });

  it('lists decisions newest first, filtered by verdict, reason, key, label, time and limit', async () => {
    const s = await service();
    const all = await call(s, 'GET', '/admin/decisions', { token: TOKEN });
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual(['dec-01', 'dec-02', 'dec-03', 'dec-04', 'dec-05', 'dec-06', 'dec-07', 'dec-08', 'dec-09', 'dec-10', 'dec-11', 'dec-12']);
    expect(all.json.decisions[0]).toEqual({
      id: 'dec-01',
      at: '2026-11-27T11:30:00.000Z',
      apiKey: SHOP_KEY,
      classification: 'BAD',
      score: 9.5,
      reasons: ['text.URL', 'text.SPAM_WORDS', 'email.DISPOSABLE'],
      country: 'RU',
      label: null,
      labelledAt: null,
    });
    // The learner's token hashes stay in the store.
    expect(JSON.stringify(all.json)).not.toContain('"tokens"');
    const get = (query: string) => call(s, 'GET', `/admin/decisions?${query}`, { token: TOKEN });
    expect(ids(await get('verdict=BAD'))).toEqual(['dec-01', 'dec-03', 'dec-06', 'dec-07', 'dec-10', 'dec-12']);
    expect(ids(await get('verdict=neutral'))).toEqual(['dec-04', 'dec-09']);
    expect(ids(await get('reason=text.URL'))).toEqual(['dec-01', 'dec-03', 'dec-04', 'dec-07', 'dec-10']);
    expect(ids(await get(`reason=text.URL&key=${BLOG_KEY}`))).toEqual(['dec-03', 'dec-07', 'dec-10']);
    expect(ids(await get(`verdict=BAD&reason=text.SPAM_WORDS&key=${SHOP_KEY}`))).toEqual(['dec-01', 'dec-06']);
    expect(ids(await get('verdict=BAD&limit=2'))).toEqual(['dec-01', 'dec-03']);
    expect(ids(await get('since=6h'))).toEqual(['dec-01', 'dec-02', 'dec-03', 'dec-04']);
    expect(ids(await get('since=2026-11-26T12:30&until=2026-11-27T04:30:00Z'))).toEqual(['dec-06', 'dec-07', 'dec-08']);
    expect(ids(await get(`until=${NOW - 59 * 3_600_000}`))).toEqual(['dec-11', 'dec-12']);
    expect(ids(await get('verdict=&reason='))).toHaveLength(12); // empty values: no filter
    expect(ids(await get('label=spam'))).toEqual([]);
    expect(ids(await get('reason=text.NOTHING_FIRES'))).toEqual([]);
  });

  it('answers 400 with a code for every bad parameter', async () => {
    const s = await service();
    const cases: [string, string][] = [
      ['verdict=SPAM', 'INVALID_VERDICT'],
      ['reason=%3Cscript%3E', 'INVALID_REASON'],
      [`reason=${'a'.repeat(101)}`, 'INVALID_REASON'],
      ['key=ckey_%20x', 'INVALID_KEY'],
      ['label=maybe', 'INVALID_LABEL'],
      ['limit=0', 'INVALID_LIMIT'],
      ['limit=1001', 'INVALID_LIMIT'],
      ['limit=ten', 'INVALID_LIMIT'],
      ['limit=-1', 'INVALID_LIMIT'],
      ['since=yesterday', 'INVALID_SINCE'],
      ['since=2026-13-45', 'INVALID_SINCE'],
      ['until=7w', 'INVALID_UNTIL'],
      ['verdicts=BAD', 'UNKNOWN_PARAMETER'],
      ['verdict=BAD&verdict=GOOD', 'DUPLICATE_PARAMETER'],
      ['verdict=&verdict=BAD', 'DUPLICATE_PARAMETER'],
    ];
    for (const [query, code] of cases) {
      const r = await call(s, 'GET', `/admin/decisions?${query}`, { token: TOKEN });
      expect([query, r.status, r.json.code]).toEqual([query, 400, code]);
      expect(r.json.error).toEqual(expect.any(String));
    }
  });

  it('shows one decision with its evidence, the host name and the number of learner tokens; 404 and 400 with codes', async () => {
    const s = await service();
    const r = await call(s, 'GET', '/admin/decisions/dec-03', { token: TOKEN }, '/admin/decisions/{id}');
    expect(r).toMatchObject({ status: 200, json: { id: 'dec-03', apiKey: BLOG_KEY, hostname: 'blog.example', classification: 'BAD', score: 7, reasons: ['text.URL', 'text.CAPITALIZATION'], country: 'US', label: null, tokens: 3 } });
    expect(r.json).not.toHaveProperty('request');
    // With --log-text the request is in the log, and shown here.
    await s.store.putDecision!({ id: 'dec text/ü', at: NOW, apiKey: 'ckey_gone', classification: 'GOOD', score: 0, reasons: [], country: null, tokens: [], request: { fields: { message: 'hello' } } });
    const withText = await call(s, 'GET', `/admin/decisions/${encodeURIComponent('dec text/ü')}`, { token: TOKEN }, '/admin/decisions/{id}');
    expect(withText).toMatchObject({ status: 200, json: { id: 'dec text/ü', hostname: null, request: { fields: { message: 'hello' } } } });
    expect(await call(s, 'GET', '/admin/decisions/dec-99', { token: TOKEN }, '/admin/decisions/{id}')).toMatchObject({ status: 404, json: { code: 'DECISION_NOT_FOUND' } });
    expect(await call(s, 'GET', '/admin/decisions/%E0%A4%A', { token: TOKEN }, '/admin/decisions/{id}')).toMatchObject({ status: 400, json: { code: 'INVALID_ID' } });
    expect(await call(s, 'GET', `/admin/decisions/${'x'.repeat(201)}`, { token: TOKEN }, '/admin/decisions/{id}')).toMatchObject({ status: 400, json: { code: 'INVALID_ID' } });
    expect(await call(s, 'GET', '/admin/decisions/a%00b', { token: TOKEN }, '/admin/decisions/{id}')).toMatchObject({ status: 400, json: { code: 'INVALID_ID' } });
    expect(await call(s, 'GET', '/admin/decisions/dec-03?x=1', { token: TOKEN }, '/admin/decisions/{id}')).toMatchObject({ status: 400, json: { code: 'UNKNOWN_PARAMETER' } });
    expect(await call(s, 'DELETE', '/admin/decisions/dec-03', { token: TOKEN }, '/admin/decisions/{id}')).toMatchObject({ status: 405, json: { code: 'METHOD_NOT_ALLOWED' } });
    expect(await call(s, 'GET', '/admin/decisions/dec-03/other', { token: TOKEN })).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
  });

  it('counts verdicts per hour or day and the rules that fire most', async () => {
    const s = await service();
    const day = await call(s, 'GET', '/admin/decisions/stats', { token: TOKEN });
    expect(day.status).toBe(200);
    const stats = day.json;
    expect(stats).toMatchObject({ since: '2026-11-26T12:30:00.000Z', until: '2026-11-27T12:30:00.000Z', bucket: 'hour', decisions: 8, truncated: false, totals: { GOOD: 3, NEUTRAL: 1, BAD: 4 }, labels: { spam: 0, ham: 0 } });
    expect(stats).not.toHaveProperty('countedSince');
    // 12:00 on the 26th to 12:00 on the 27th: 25 hours, each decision in its own.
    expect(stats.buckets).toHaveLength(25);
    expect(stats.buckets[0].start).toBe('2026-11-26T12:00:00.000Z');
    expect(stats.buckets.at(-1).start).toBe('2026-11-27T12:00:00.000Z');
    const at = (start: string) => stats.buckets.find((b: { start: string }) => b.start === start);
    expect(at('2026-11-27T11:00:00.000Z')).toEqual({ start: '2026-11-27T11:00:00.000Z', GOOD: 0, NEUTRAL: 0, BAD: 1 }); // dec-01
    expect(at('2026-11-27T07:00:00.000Z')).toEqual({ start: '2026-11-27T07:00:00.000Z', GOOD: 0, NEUTRAL: 1, BAD: 0 }); // dec-04
    expect(at('2026-11-26T13:00:00.000Z')).toEqual({ start: '2026-11-26T13:00:00.000Z', GOOD: 1, NEUTRAL: 0, BAD: 0 }); // dec-08
    const summed = stats.buckets.reduce((n: number, b: { GOOD: number; NEUTRAL: number; BAD: number }) => n + b.GOOD + b.NEUTRAL + b.BAD, 0);
    expect(summed).toBe(8);
    expect(stats.topReasons).toEqual([
      { reason: 'text.URL', count: 4 },
      { reason: 'text.SPAM_WORDS', count: 3 },
      { reason: 'email.DISPOSABLE', count: 1 },
      { reason: 'ipAddress.TOR', count: 1 },
      { reason: 'text.CAPITALIZATION', count: 1 },
      { reason: 'timeZone.MISMATCH', count: 1 },
    ]);

    const week = await call(s, 'GET', `/admin/decisions/stats?since=7d&key=${BLOG_KEY}`, { token: TOKEN });
    expect(week.json).toMatchObject({ bucket: 'day', decisions: 5, totals: { GOOD: 1, NEUTRAL: 0, BAD: 4 } });
    expect(week.json.buckets.map((b: { start: string; BAD: number }) => [b.start.slice(0, 10), b.BAD])).toEqual([
      ['2026-11-20', 0], ['2026-11-21', 0], ['2026-11-22', 0], ['2026-11-23', 0], ['2026-11-24', 1], ['2026-11-25', 1], ['2026-11-26', 1], ['2026-11-27', 1],
    ]);
    expect(week.json.topReasons[0]).toEqual({ reason: 'text.URL', count: 3 });
    const hourly = await call(s, 'GET', '/admin/decisions/stats?since=2026-11-27T09:00Z&bucket=hour&verdict=BAD', { token: TOKEN });
    expect(hourly.json).toMatchObject({ decisions: 2, totals: { BAD: 2, GOOD: 0 } });
    expect(hourly.json.buckets.map((b: { BAD: number }) => b.BAD)).toEqual([1, 0, 1, 0]); // dec-03 at 09:30, dec-01 at 11:30

    for (const [query, code] of [['bucket=week', 'INVALID_BUCKET'], ['since=90d&bucket=hour', 'INVALID_SINCE'], ['since=2030-01-01', 'INVALID_SINCE'], ['since=soon', 'INVALID_SINCE'], ['until=x', 'INVALID_UNTIL'], ['verdict=bad2', 'INVALID_VERDICT'], ['limit=5', 'UNKNOWN_PARAMETER']] as const) {
      const r = await call(s, 'GET', `/admin/decisions/stats?${query}`, { token: TOKEN });
      expect([query, r.status, r.json.code]).toEqual([query, 400, code]);
    }
  });

  it('counts the newest 10,000 decisions of a window at most, and says so', async () => {
    const store = createMemoryStore({ now: () => NOW });
    const s = createService({ adminToken: TOKEN, rateLimits: false, offline: true, store, now: () => NOW });
    for (let i = 0; i < 10_005; i++) {
      await store.putDecision!({ id: `d${i}`, at: NOW - 1000 - i * 1000, apiKey: SHOP_KEY, classification: 'GOOD', score: 0, reasons: [], country: null, tokens: [] });
    }
    const r = await call(s, 'GET', '/admin/decisions/stats', { token: TOKEN });
    expect(r.json).toMatchObject({ decisions: 10_000, truncated: true, countedSince: new Date(NOW - 1000 - 9_999_000).toISOString(), totals: { GOOD: 10_000 } });
  });

  it('records a report as the key\'s feedback: the label is stored, the site counts move, again is unchanged, the other label moves them back', async () => {
    const s = await service();
    const store = s.store;
    const tokens = (await store.getDecision!('dec-06'))!.tokens;
    const counts = async () => {
      const c = await store.readSiteCounts!(SHOP_KEY, tokens);
      return { spam: c.spam, ham: c.ham, token: c.tokens.get(tokens[0]!) ?? null };
    };
    expect(await counts()).toEqual({ spam: 0, ham: 0, token: null });
    const report = (label: unknown, id = 'dec-06') => call(s, 'POST', `/admin/decisions/${id}/feedback`, { token: TOKEN, body: { label } }, '/admin/decisions/{id}/feedback');

    expect(await report('spam')).toMatchObject({ status: 200, json: { id: 'dec-06', label: 'spam', outcome: 'recorded' } });
    expect(await store.getDecision!('dec-06')).toMatchObject({ label: 'spam', labelledAt: NOW });
    expect(await counts()).toEqual({ spam: 1, ham: 0, token: { spam: 1, ham: 0 } });
    expect((await store.readSiteCounts!(BLOG_KEY, tokens)).spam).toBe(0); // the decision's own key only

    expect((await report('spam')).json.outcome).toBe('unchanged');
    expect(await counts()).toEqual({ spam: 1, ham: 0, token: { spam: 1, ham: 0 } });
    expect((await report('ham')).json.outcome).toBe('changed');
    expect(await counts()).toEqual({ spam: 0, ham: 1, token: { spam: 0, ham: 1 } });

    // The label shows in the list, its filter and the stats.
    expect(ids(await call(s, 'GET', '/admin/decisions?label=ham', { token: TOKEN }))).toEqual(['dec-06']);
    expect((await call(s, 'GET', '/admin/decisions/stats', { token: TOKEN })).json.labels).toEqual({ spam: 0, ham: 1 });

    for (const label of ['SPAM', 'maybe', null, undefined, 1]) expect(await report(label)).toMatchObject({ status: 400, json: { code: 'INVALID_LABEL' } });
    expect(await report('spam', 'dec-99')).toMatchObject({ status: 404, json: { code: 'DECISION_NOT_FOUND' } });
    expect(await call(s, 'POST', '/admin/decisions/dec-06/feedback', { token: TOKEN, body: ['spam'] }, '/admin/decisions/{id}/feedback')).toMatchObject({ status: 400, json: { code: 'INVALID_LABEL' } });
    const plain = await s.handle({ method: 'POST', url: '/admin/decisions/dec-06/feedback', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'text/plain' }, remoteAddress: '127.0.0.1', readBody: async () => Buffer.from('spam') });
    seen.push({ route: '/admin/decisions/{id}/feedback', method: 'post', status: plain.status, body: JSON.parse(plain.body) });
    expect([plain.status, JSON.parse(plain.body).code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const notJson = await s.handle({ method: 'POST', url: '/admin/decisions/dec-06/feedback', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, remoteAddress: '127.0.0.1', readBody: async () => Buffer.from('{label') });
    expect([notJson.status, JSON.parse(notJson.body).code]).toEqual([400, 'INVALID_JSON']);
    expect(await call(s, 'GET', '/admin/decisions/dec-06/feedback', { token: TOKEN }, '/admin/decisions/{id}/feedback')).toMatchObject({ status: 405 });
    // None of that moved anything.
    expect(await counts()).toEqual({ spam: 0, ham: 1, token: { spam: 0, ham: 1 } });
  });

  it('answers 501 NOT_SUPPORTED with a store that keeps no decision log (or no site model)', async () => {
    const full = createMemoryStore({ now: () => NOW });
    const { putDecision: _p, getDecision: _g, listDecisions: _l, labelDecision: _b, deleteDecisions: _d, ...noLog } = full;
    const s = await service(noLog as Store);
    for (const [method, url, route] of [['GET', '/admin/decisions', undefined], ['GET', '/admin/decisions/stats', undefined], ['GET', '/admin/decisions/dec-01', '/admin/decisions/{id}'], ['POST', '/admin/decisions/dec-01/feedback', '/admin/decisions/{id}/feedback']] as const) {
      const r = await call(s, method, url, { token: TOKEN, ...(method === 'POST' && { body: { label: 'spam' } }) }, route);
      expect([url, r.status, r.json.code]).toEqual([url, 501, 'NOT_SUPPORTED']);
      expect(r.json.error).toMatch(/no decision log/);
    }
    // The page still loads (its calls show the 501's message).
    expect((await s.handle({ method: 'GET', url: '/admin', headers: {}, remoteAddress: '127.0.0.1' })).status).toBe(200);
    const { addSiteCounts: _a, readSiteCounts: _r, deleteSiteModel: _x, ...noModel } = createMemoryStore({ now: () => NOW });
    const t = await service(noModel as Store);
    expect(await call(t, 'GET', '/admin/decisions/dec-01', { token: TOKEN }, '/admin/decisions/{id}')).toMatchObject({ status: 200 });
    const r = await call(t, 'POST', '/admin/decisions/dec-01/feedback', { token: TOKEN, body: { label: 'spam' } }, '/admin/decisions/{id}/feedback');
    expect([r.status, r.json.code, r.json.error]).toEqual([501, 'NOT_SUPPORTED', expect.stringMatching(/no site model/)]);
    expect((await t.store.getDecision!('dec-01'))!.label).toBeUndefined();
  });

  it('counts the requests under the route pattern in the metrics, never the id', async () => {
    const s = createService({ adminToken: TOKEN, rateLimits: false, offline: true, metrics: true });
    await callService(s, 'GET', '/admin/decisions/some-secret-id', { token: TOKEN });
    const text = (await s.handle({ method: 'GET', url: '/metrics', headers: {}, remoteAddress: '127.0.0.1' })).body;
    expect(text).toContain('route="/admin/decisions/{id}",method="GET",status="404"');
    expect(text).not.toContain('some-secret-id');
    expect(s.handles('/admin/decisions/x/feedback')).toBe(true);
    expect(s.handles('/admin/decisions/x/y')).toBe(false);
    expect(s.handles('/admin')).toBe(true);
  });

  it('without an admin token, the page\'s paths are not the service\'s: an app that mounts it keeps its own /admin', async () => {
    const off = createService({ rateLimits: false, offline: true });
    for (const path of ['/admin', '/admin/', '/admin/admin.js', '/admin/admin.css', '/admin/decisions', '/admin/decisions/stats?since=1d', '/admin/decisions/x', '/admin/decisions/x/feedback']) {
      expect([path, off.handles(path)]).toEqual([path, false]);
    }
    expect(off.handles('/admin/keys')).toBe(true); // as before: 404 ADMIN_DISABLED from the service
    const { default: express } = await import('express');
    const { createRouter } = await import('../../src/adapters/express.js');
    const app = express();
    app.use(createRouter({ service: off }));
    app.get('/admin', (_req, res) => res.send('the app\'s own admin'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/admin`);
      expect([res.status, await res.text()]).toEqual([200, 'the app\'s own admin']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('/openapi.json documents every admin path, and every status and body seen here', async () => {
    const s = await service();
    const doc = (await callService(s, 'GET', '/openapi.json')).json;
    for (const path of ['/admin', '/admin/admin.js', '/admin/admin.css', '/admin/decisions', '/admin/decisions/stats', '/admin/decisions/{id}', '/admin/decisions/{id}/feedback']) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    type Schema = { $ref?: string; type?: string | string[]; required?: string[]; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[] };
    const resolve = (x: Schema): Schema => (x.$ref ? doc.components.schemas[x.$ref.split('/').pop()!] : x);
    const check = (schema: Schema, value: unknown, at: string): void => {
      const sc = resolve(schema);
      const types = sc.type === undefined ? [] : Array.isArray(sc.type) ? sc.type : [sc.type];
      const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
      if (types.length) expect(types.includes(kind) || (kind === 'integer' && types.includes('number')), `${at}: ${kind} vs ${types}`).toBe(true);
      if (sc.enum) expect(sc.enum, at).toContain(value);
      for (const r of sc.required ?? []) expect(value, `${at}.${r}`).toHaveProperty(r);
      if (sc.properties && value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (sc.properties[k]) check(sc.properties[k]!, v, `${at}.${k}`);
      if (sc.items && Array.isArray(value)) value.forEach((v, i) => check(sc.items!, v, `${at}[${i}]`));
    };
    expect(seen.length).toBeGreaterThan(50);
    const statuses = new Set<string>();
    for (const r of seen) {
      const op = doc.paths[r.route]?.[r.method];
      if (!op) {
        expect(r.status, `${r.method} ${r.route}`).toBeOneOf([404, 405]);
        continue;
      }
      const response = op.responses[String(r.status)];
      expect(response, `${r.method} ${r.route} ${r.status} is documented`).toBeDefined();
      statuses.add(`${r.route} ${r.status}`);
      check(response.content['application/json'].schema, r.body, `${r.method} ${r.route} ${r.status}`);
    }
    for (const x of ['/admin/decisions 200', '/admin/decisions 400', '/admin/decisions 401', '/admin/decisions 501', '/admin/decisions/stats 200', '/admin/decisions/{id} 200', '/admin/decisions/{id} 404', '/admin/decisions/{id}/feedback 200', '/admin/decisions/{id}/feedback 415']) {
      expect(statuses).toContain(x);
    }
  });
});
