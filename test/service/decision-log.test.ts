// The service's decision log: a record per classification of a key, written after the answer,
// with the learner's salted tokens and no text unless logText; retention by age and count; a
// failing log never fails or delays an answer.
import { describe, expect, it } from 'vitest';
import { parseSalt, siteTokens } from '../../src/learn/tokens.js';
import { createService } from '../../src/service/service.js';
import { LEARNER_SALT_SETTING, requestText } from '../../src/service/decision-log.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import type { Store } from '../../src/stores/types.js';
import { callService } from '../helpers/service-call.js';

const KEY = { apiKey: 'ckey_log', hostname: 'example.com', secret: 'sec_log', license: 'free', createdAt: 1 };
const DAY = 86_400_000;
const SPAM = { text: 'BUY CHEAP FOLLOWERS NOW!!! https://spam.example.com', email: 'zorblax@example.org', ipAddress: '203.0.113.77', timeZone: 'Europe/Berlin' };

async function setup(options: Parameters<typeof createService>[0] = {}, store: Store = createMemoryStore()) {
  let clock = 1_800_000_000_000;
  await store.putKey(KEY);
  const service = createService({ store, offline: true, rateLimits: false, metrics: true, now: () => clock, ...options });
  const classify = async (body: unknown, key = KEY.apiKey) => callService(service, 'POST', `/api/v1/classify?apiKey=${key}`, { body, headers: { referer: 'https://example.com/' } });
  return { service, store, classify, tick: (ms: number) => (clock += ms), now: () => clock };
}

describe('decision log', () => {
  it('keeps id, time, key, verdict, score, reasons, country and the salted tokens: no text, email or IP', async () => {
    const { store, classify, service, now } = await setup();
    const r = await classify(SPAM);
    expect(r.status).toBe(200);
    await service.decisions.flush();
    const stored = await store.getDecision!(r.json.id);
    const salt = parseSalt((await store.getSetting!(LEARNER_SALT_SETTING))!);
    expect(stored).toEqual({
      id: r.json.id,
      at: now(),
      apiKey: KEY.apiKey,
      classification: r.json.classification,
      score: r.json.score,
      reasons: r.json.reasons,
      country: 'de',
      tokens: siteTokens(requestText(SPAM)!, salt),
    });
    expect(stored!.tokens.length).toBeGreaterThan(4);
    const bytes = JSON.stringify(stored);
    for (const secret of ['FOLLOWERS', 'followers', 'zorblax', '203.0.113.77', 'spam.example']) expect(bytes).not.toContain(secret);
  });

  it('keeps the request with logText, drops it after its retention, deletes decisions after theirs and past the cap', async () => {
    const { store, classify, service, tick } = await setup({ decisionLog: { logText: true, logTextRetentionDays: 7, retentionDays: 30, max: 3, sweepIntervalMs: 60_000 } });
    const first = await classify({ ...SPAM, ipAddress: 'auto' });
    await service.decisions.flush();
    // `auto` is kept as the address that was classified.
    expect((await store.getDecision!(first.json.id))!.request).toEqual({ ...SPAM, ipAddress: '127.0.0.1' });
    tick(8 * DAY);
    const second = await classify({ text: 'Hello, I would like a quote for twenty chairs.' });
    await service.decisions.flush();
    expect((await store.getDecision!(first.json.id))!.request).toBeUndefined();
    expect((await store.getDecision!(first.json.id))!.reasons).toEqual(first.json.reasons);
    expect((await store.getDecision!(second.json.id))!.request).toEqual({ text: 'Hello, I would like a quote for twenty chairs.' });
    tick(23 * DAY);
    const ids = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await classify({ text: `message number ${i}` })).json.id);
      tick(1);
    }
    await service.decisions.flush();
    tick(60_000);
    await classify({ text: 'one more' });
    await service.decisions.flush();
    // 31 days: the first is gone by age; the cap keeps the newest 3.
    expect(await store.getDecision!(first.json.id)).toBeNull();
    const left = await store.listDecisions!({ apiKey: KEY.apiKey });
    expect(left).toHaveLength(3);
    expect(left.map((d) => d.id).slice(1)).toEqual([ids[3], ids[2]]);
  });

  it('logs nothing for a refused request (an unknown key)', async () => {
    const { store, classify, service } = await setup();
    expect((await classify(SPAM, 'ckey_nope')).status).toBe(401);
    await service.decisions.flush();
    expect(await store.listDecisions!()).toEqual([]);
  });

  it('answers when the log write fails: counted in the metrics, warned once', async () => {
    const store = createMemoryStore();
    store.putDecision = async () => {
      throw new Error('disk full');
    };
    const warnings: object[] = [];
    const logger = { info() {}, error() {}, warn: (o: object) => void warnings.push(o) };
    const { classify, service } = await setup({ logger }, store);
    for (let i = 0; i < 3; i++) expect((await classify(SPAM)).status).toBe(200);
    await service.decisions.flush();
    const metrics = await service.metrics!.registry.getSingleMetricAsString('formspam_decision_log_failures_total');
    expect(metrics).toContain('formspam_decision_log_failures_total{operation="putDecision"} 3');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ event: 'decision-log-failed', operation: 'putDecision' });
  });

  it('logs nothing when turned off, and refuses bad retention options', async () => {
    const { store, classify, service } = await setup({ decisionLog: false });
    expect((await classify(SPAM)).status).toBe(200);
    await service.decisions.flush();
    expect(await store.listDecisions!()).toEqual([]);
    for (const bad of [{ retentionDays: 0 }, { max: 1.5 }, { logTextRetentionDays: -1 }]) {
      expect(() => createService({ decisionLog: bad })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    }
  });
});
