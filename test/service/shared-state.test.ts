// Two server processes sharing one real Redis; the SQLite store surviving kill -9.
import { solveChallenge as altchaSolve } from 'altcha-lib/v1';
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestApiKey } from '../../src/service/client.js';
import { parseWwwAuthenticate } from '../../src/service/m2m.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';
import { startServer, type TestServer } from '../helpers/serve.js';

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function proof(server: TestServer): Promise<string> {
  const first = await post(`${server.url}/api_key/generate`, { hostname: 'example.com' });
  const c = parseWwwAuthenticate(first.headers.get('www-authenticate')!)!;
  const n = (await altchaSolve(c.challenge, c.salt, c.algorithm, c.maxnumber).promise)!.number;
  return `Altcha payload=${JSON.stringify({ ...c, number: n })}`;
}

const ARGS = ['--offline', '--m2m-max-number', '2000', '--no-rate-limits'];

describe('two servers sharing one real Redis', () => {
  let redis: TestRedis;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    redis = await startRedis();
    [a, b] = await Promise.all([startServer([...ARGS, '--store', redis.url]), startServer([...ARGS, '--store', redis.url])]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  it('a key generated on one instance works on the other', async () => {
    const key = await requestApiKey({ server: a.url, hostname: 'example.com' });
    const r = await post(`${b.url}/api/v1/classify?apiKey=${key.apiKey}`, { text: 'Hello there' });
    expect(r.status).toBe(200);
    expect((await post(`${b.url}/api/v1/classify?apiKey=ckey_${'0'.repeat(28)}`, { text: 'x' })).status).toBe(401);
  });

  it('a proof used on one instance is refused on the other (and a challenge of one is valid on the other)', async () => {
    const auth = await proof(a); // challenge issued by A
    expect((await post(`${b.url}/api_key/generate`, { hostname: 'example.com' }, { authorization: auth })).status).toBe(200);
    expect((await post(`${a.url}/api_key/generate`, { hostname: 'example.com' }, { authorization: auth })).status).toBe(403);
    expect((await post(`${b.url}/api_key/generate`, { hostname: 'example.com' }, { authorization: auth })).status).toBe(403);
  });

  it('both report the Redis store as ready', async () => {
    for (const s of [a, b]) expect(await (await fetch(`${s.url}/readyz`)).json()).toMatchObject({ store: { kind: 'redis', ok: true } });
  });
});

describe('SQLite store: kill -9 durability, secrets encrypted with FORMSPAM_MASTER_KEY', () => {
  it('every key returned before kill -9 still works after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formspam-durable-'));
    const env = { FORMSPAM_MASTER_KEY: 'a'.repeat(64) };
    const first = await startServer([...ARGS, '--data-dir', dir], env);
    const keys = [];
    for (let i = 0; i < 5; i++) keys.push(await requestApiKey({ server: first.url, hostname: `site${i}.example` }));
    await first.stop('SIGKILL');

    const db = new Database(join(dir, 'store', 'formspam.db'), { readonly: true });
    const rows = db.prepare('SELECT api_key, secret FROM api_keys').all() as { api_key: string; secret: string }[];
    db.close();
    expect(rows.map((r) => r.api_key).sort()).toEqual(keys.map((k) => k.apiKey).sort());
    for (const r of rows) expect(r.secret).toMatch(/^enc:v1:/);
    for (const k of keys) expect(rows.some((r) => r.secret.includes(k.secret))).toBe(false);

    const second = await startServer([...ARGS, '--data-dir', dir], env);
    try {
      for (const k of keys) {
        const r = await post(`${second.url}/api/v1/classify?apiKey=${k.apiKey}`, { text: 'Hello' }, { referer: `https://${k.hostname}/` });
        expect(r.status, k.apiKey).toBe(200);
      }
      expect(second.logs()).not.toContain(env.FORMSPAM_MASTER_KEY);
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
  });
});
