// Two `formspam serve` processes on one real redis-server share a key's site model: feedback
// sent to one changes the verdict of the other. Then deleting the key's model (the store's
// deleteSiteModel) leaves no hash of it in Redis.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../../src/stores/redis.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';
import { startServer, type TestServer } from '../helpers/serve.js';

const TOKEN = 'shared-admin-token-0123456789abcdef012345';
const ARGS = ['--offline', '--no-rate-limits', '--site-model-min-reports', '3'];
const SPAM = ['Cheap replica watches, order today', 'Buy cheap replica watches now', 'Replica watches on sale, cheap', 'Cheap replica bags and watches'];
const HAM = ['Could I book a table for Friday?', 'Is the terrace open on Friday evening?', 'Please book a table for two', 'Do you have a table for Friday lunch?'];
// A statement: this site's ham asks questions (3 of its 4 reports end with "?"), and with 4 reports
// of each label the shape "?" weighs as much as a word of them.
const PROBE = 'Hello, we sell replica watches. Cheap ones, order now';

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: r.status, json: (await r.json()) as any };
};

describe('two servers on one real Redis share the site model', () => {
  let redis: TestRedis;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    redis = await startRedis();
    const env = { FORMSPAM_ADMIN_TOKEN: TOKEN };
    [a, b] = await Promise.all([startServer([...ARGS, '--store', redis.url], env), startServer([...ARGS, '--store', redis.url], env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  it('feedback on A changes the verdict on B', async () => {
    const key = (await post(`${a.url}/admin/keys`, { hostname: 'shop.example' }, { authorization: `Bearer ${TOKEN}` })).json as { apiKey: string; secret: string };
    const classifyOnB = async () => (await post(`${b.url}/api/v1/classify?apiKey=${key.apiKey}`, { text: PROBE })).json;
    const before = await classifyOnB();
    expect(before.text.rules.SITE_MODEL).toMatchObject({ skipped: 'too-few-reports' });

    for (const text of SPAM) expect((await post(`${a.url}/api/v1/feedback?apiKey=${key.apiKey}`, { request: { text }, label: 'spam' }, { 'x-formspam-secret': key.secret })).status).toBe(200);
    for (const text of HAM) await post(`${a.url}/api/v1/feedback?apiKey=${key.apiKey}`, { request: { text }, label: 'ham' }, { 'x-formspam-secret': key.secret });

    const after = await classifyOnB();
    expect(after.text.rules.SITE_MODEL.skipped).toBeUndefined();
    expect(after.text.rules.SITE_MODEL.score).toBeGreaterThan(0);
    expect(after.score).toBeGreaterThan(before.score);
    expect(after.reasons).toContain('text.SITE_MODEL');
    // Ham words of the site's reports take points off on B as well.
    const ham = (await post(`${b.url}/api/v1/classify?apiKey=${key.apiKey}`, { text: 'Could I book a table for two on Friday?' })).json;
    expect(ham.text.rules.SITE_MODEL.score).toBeLessThan(0);

    // B keeps the counts it read between requests: more reports on A (the probe itself as ham)
    // must reach B's next answer, which is the one A gives, having never read the probe's tokens.
    for (let i = 0; i < 3; i++) await post(`${a.url}/api/v1/feedback?apiKey=${key.apiKey}`, { request: { text: PROBE }, label: 'ham' }, { 'x-formspam-secret': key.secret });
    const onB = (await classifyOnB()).text.rules.SITE_MODEL;
    const onA = (await post(`${a.url}/api/v1/classify?apiKey=${key.apiKey}`, { text: PROBE })).json.text.rules.SITE_MODEL;
    expect(onB).toEqual(onA);
    expect(onB.evidence.hamReports).toBe(7);
    expect(onB.evidence.probability).toBeLessThan(after.text.rules.SITE_MODEL.evidence.probability);

    // The model is one hash in Redis, holding numbers only; deleting it removes every count.
    const client = new Redis(redis.url);
    const hash = await client.hgetall(`formspam:site:${key.apiKey}`);
    await client.quit();
    expect([hash.spam, hash.ham]).toEqual(['4', '7']);
    for (const [field, value] of Object.entries(hash)) {
      expect(field).toMatch(/^(spam|ham|rev|[sh]:[0-9a-z]{1,7})$/);
      expect(value).toMatch(/^[1-9][0-9]*$/);
    }
    const store = await createRedisStore({ url: redis.url });
    try {
      expect((await store.readSiteCounts!(key.apiKey, [])).spam).toBe(4);
      await store.deleteSiteModel!(key.apiKey);
      const gone = await store.readSiteCounts!(key.apiKey, []);
      expect([gone.spam, gone.ham]).toEqual([0, 0]);
      expect((await classifyOnB()).text.rules.SITE_MODEL).toMatchObject({ skipped: 'too-few-reports' });
    } finally {
      await store.close();
    }
  });
});
