// POST /api/v1/feedback on an in-process service: authorised by the key's secret, 4xx for bad
// input, by decision id (idempotent, a changed label moves the counts) or with the request, and
// the key's own model turning on after enough reports.
import { describe, expect, it } from 'vitest';
import { normalizeRequest } from '../../src/core/request.js';
import { learnerSalt } from '../../src/learn/salt.js';
import { siteTokens } from '../../src/learn/tokens.js';
import { createService } from '../../src/service/service.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import type { Store } from '../../src/stores/types.js';
import { callService } from '../helpers/service-call.js';

const TOKEN = 'admin-token-0123456789abcdef0123456789';
const SPAM = ['Cheap replica watches, order today', 'Buy cheap replica watches now', 'Replica watches on sale, cheap', 'Cheap replica bags and watches'];
const HAM = ['Could I book a table for Friday?', 'Is the terrace open on Friday evening?', 'Please book a table for two', 'Do you have a table for Friday lunch?'];

async function setup(options: Parameters<typeof createService>[0] = {}) {
  const store = (options.store ?? createMemoryStore()) as Store;
  const s = createService({ adminToken: TOKEN, offline: true, siteModel: { minReports: 3 }, ...options, store });
  const make = async (hostname: string) => {
    const created = await callService(s, 'POST', '/admin/keys', { body: { hostname }, token: TOKEN });
    return created.json as { apiKey: string; secret: string };
  };
  const a = await make('shop.example');
  const b = await make('blog.example');
  const feedback = (key: { apiKey: string; secret?: string }, body: unknown, headers: Record<string, string> = key.secret ? { 'x-formspam-secret': key.secret } : {}) =>
    callService(s, 'POST', `/api/v1/feedback?apiKey=${key.apiKey}`, { body, headers });
  const classify = (key: { apiKey: string }, text: string) => callService(s, 'POST', `/api/v1/classify?apiKey=${key.apiKey}`, { body: { text } });
  return { s, store, a, b, feedback, classify };
}

describe('POST /api/v1/feedback', () => {
  it('refuses without the key\'s secret, with a wrong one, and bad bodies, with a code each', async () => {
    const { a, feedback } = await setup();
    const ok = { request: { text: SPAM[0] }, label: 'spam' };
    expect((await feedback({ apiKey: a.apiKey }, ok)).json.code).toBe('SECRET_REQUIRED');
    expect((await feedback({ apiKey: a.apiKey }, ok, { 'x-formspam-secret': 'sec_wrong' })).status).toBe(401);
    expect((await feedback({ apiKey: a.apiKey }, ok, { 'x-formspam-secret': 'sec_wrong' })).json.code).toBe('INVALID_SECRET');
    expect((await feedback({ apiKey: 'ckey_nope', secret: a.secret }, ok)).json.code).toBe('INVALID_API_KEY');
    const bad = async (body: unknown) => {
      const r = await feedback(a, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      return r.json.code as string;
    };
    expect(await bad({ request: { text: 'x' }, label: 'maybe' })).toBe('INVALID_LABEL');
    expect(await bad({ label: 'spam' })).toBe('INVALID_FEEDBACK');
    expect(await bad({ id: 'd_x', request: { text: 'x' }, label: 'spam' })).toBe('INVALID_FEEDBACK');
    expect(await bad([1, 2])).toBe('INVALID_FEEDBACK');
    expect(await bad({ request: { text: 12 }, label: 'ham' })).toBe('INVALID_REQUEST');
    expect(await bad({ request: { email: 'a@b.example' }, label: 'ham' })).toBe('INVALID_REQUEST');
    expect(await bad({ id: 42, label: 'ham' })).toBe('INVALID_FEEDBACK');
    // The secret in the body works as the header does.
    expect((await feedback({ apiKey: a.apiKey }, { ...ok, secret: a.secret })).json).toMatchObject({ outcome: 'learned', reports: { spam: 1, ham: 0 }, active: false });
  });

  it('learns a key\'s model from requests: inactive (skipped) until minReports of each label, then it scores; other keys unaffected', async () => {
    const { a, b, feedback, classify } = await setup();
    const probe = 'Cheap replica watches on sale today';
    expect((await classify(a, probe)).json.text.rules.SITE_MODEL).toMatchObject({ score: 0, skipped: 'too-few-reports' });
    for (const text of SPAM.slice(0, 3)) expect((await feedback(a, { request: { text }, label: 'spam' })).status).toBe(200);
    for (const text of HAM.slice(0, 2)) await feedback(a, { request: { text }, label: 'ham' });
    expect((await classify(a, probe)).json.text.rules.SITE_MODEL.skipped).toBe('too-few-reports');
    const last = await feedback(a, { request: { fields: { message: HAM[2] } }, label: 'ham' });
    expect(last.json).toEqual({ outcome: 'learned', label: 'ham', reports: { spam: 3, ham: 3 }, minReports: 3, active: true });
    const spam = (await classify(a, probe)).json;
    expect(spam.text.rules.SITE_MODEL.score).toBeGreaterThan(0);
    expect(spam.reasons).toContain('text.SITE_MODEL');
    expect(spam.text.rules.SITE_MODEL.matches.map((m: { value: string }) => m.value.toLowerCase())).toContain('replica');
    expect((await classify(a, 'Can I book a table for Friday?')).json.text.rules.SITE_MODEL.score).toBeLessThan(0);
    expect((await classify(b, probe)).json.text.rules.SITE_MODEL).toMatchObject({ skipped: 'too-few-reports', evidence: { spamReports: 0, hamReports: 0 } });
  });

  it('by decision id: recorded once, unchanged when repeated, changed moves the counts; unknown or another key\'s id is 404', async () => {
    const { store, a, b, feedback } = await setup();
    const salt = await learnerSalt(store);
    const tokens = siteTokens(normalizeRequest({ text: SPAM[0] }).text!, salt);
    await store.putDecision!({ id: 'd_one', at: 1, apiKey: a.apiKey, classification: 'GOOD', score: 0, reasons: [], country: null, tokens });
    expect((await feedback(a, { id: 'd_one', label: 'spam' })).json).toMatchObject({ outcome: 'recorded', id: 'd_one', reports: { spam: 1, ham: 0 } });
    expect((await feedback(a, { id: 'd_one', label: 'spam' })).json).toMatchObject({ outcome: 'unchanged', reports: { spam: 1, ham: 0 } });
    let counts = await store.readSiteCounts!(a.apiKey, tokens);
    expect(counts.tokens.get(tokens[0]!)).toEqual({ spam: 1, ham: 0 });
    expect((await feedback(a, { id: 'd_one', label: 'ham' })).json).toMatchObject({ outcome: 'changed', reports: { spam: 0, ham: 1 } });
    counts = await store.readSiteCounts!(a.apiKey, tokens);
    expect(counts.tokens.get(tokens[0]!)).toEqual({ spam: 0, ham: 1 });
    expect((await store.getDecision!('d_one'))!.label).toBe('ham');
    const missing = await feedback(a, { id: 'd_missing', label: 'spam' });
    expect([missing.status, missing.json.code]).toEqual([404, 'DECISION_NOT_FOUND']);
    expect((await feedback(b, { id: 'd_one', label: 'spam' })).status).toBe(404);
    expect((await store.readSiteCounts!(b.apiKey, tokens)).spam).toBe(0);
  });

  it('is rate-limited per key (feedback-key)', async () => {
    const { a, feedback } = await setup({ rateLimits: { classifyPerIp: false, feedbackPerKey: { limit: 2, windowSeconds: 600 } } });
    const body = { request: { text: SPAM[0] }, label: 'spam' };
    expect((await feedback(a, body)).status).toBe(200);
    expect((await feedback(a, body)).status).toBe(200);
    const refused = await feedback(a, body);
    expect([refused.status, refused.json.code]).toEqual([429, 'RATE_LIMITED']);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('with the site model off: no SITE_MODEL in responses, feedback answers 501', async () => {
    const { a, feedback, classify } = await setup({ siteModel: false });
    expect(Object.keys((await classify(a, SPAM[0]!)).json.text.rules)).not.toContain('SITE_MODEL');
    const r = await feedback(a, { request: { text: SPAM[0] }, label: 'spam' });
    expect([r.status, r.json.code]).toEqual([501, 'NOT_SUPPORTED']);
  });

  it.each([
    ['its message counts read at once (readSiteTotalsNow throws)', false],
    ['no readSiteTotalsNow (readSiteCounts rejects)', true],
  ])('reports a store that fails during classify as a provider error, never as spam: %s', async (_name, withoutNow) => {
    const store = createMemoryStore();
    if (withoutNow) delete store.readSiteTotalsNow;
    const { a, classify } = await setup({ store });
    store.readSiteCounts = async () => {
      throw new Error('disk on fire');
    };
    if (!withoutNow) {
      store.readSiteTotalsNow = () => {
        throw new Error('disk on fire');
      };
    }
    const r = (await classify(a, SPAM[0]!)).json;
    expect(r.text.rules.SITE_MODEL).toMatchObject({ score: 0, skipped: 'provider-error' });
    expect(r.errors).toContainEqual(expect.objectContaining({ provider: 'siteModel', reason: 'provider-error' }));
  });
});
