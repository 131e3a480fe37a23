// Issue 19, item 1: an unreachable store answers 503 + Retry-After + STORE_UNAVAILABLE within the
// store deadline, never a 500, and the service recovers without a restart. A real `formspam
// serve` (the built CLI) over HTTP, a real redis-server killed (SIGKILL) and frozen (SIGSTOP)
// under a loop of concurrent classify requests, then started again on the same port; and a real
// SQLite file locked by another connection.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../src/service/service.js';
import { guardStore, isStoreUnavailable, StoreUnavailableError } from '../../src/stores/guard.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { createRedisStore, persistenceWarning } from '../../src/stores/redis.js';
import { createSqliteStore } from '../../src/stores/sqlite.js';
import type { Store } from '../../src/stores/types.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';
import { startServer, type TestServer } from '../helpers/serve.js';
import { runCli } from '../cli/run-cli.js';
import { storeTimeout } from '../../src/cli/serve.js';

const TOKEN = 'a'.repeat(40);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

interface Answer {
  phase: string;
  status: number;
  retryAfter: string | undefined;
  code: string | undefined;
  ms: number;
}

function post(agent: Agent, url: string, body: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('classify through a Redis outage with the grace (the default, 5 minutes)', () => {
  it('a key read before the outage keeps classifying (200, X-Formspam-Degraded, rate limits in memory); a key never read gets 503; recovery clears the header', async () => {
    const redis = await startRedis({ args: ['--appendonly', 'yes', '--appendfsync', 'always'] });
    const server = await startServer(['--store', redis.url, '--store-timeout', '300ms', '--offline', '--no-warm-up', '--rate-limits', 'classify-ip=off,classify-key=5/60,classify-key-ip=off'], { FORMSPAM_ADMIN_TOKEN: TOKEN });
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    try {
      const create = async () => JSON.parse((await post(agent, `${server.url}/admin/keys`, JSON.stringify({ hostname: 'example.com' }), { authorization: `Bearer ${TOKEN}` })).body) as { apiKey: string };
      const seen = await create();
      const unseen = await create();
      const classify = (apiKey: string) => post(agent, `${server.url}/api/v1/classify?apiKey=${apiKey}`, JSON.stringify({ text: 'Hello, I would like to know more about your product.' }), {});
      const before = await classify(seen.apiKey);
      expect(before.status).toBe(200);
      expect(before.headers['x-formspam-degraded']).toBeUndefined();
      const verdict = JSON.parse(before.body) as { classification: string; score: number; reasons: string[]; text: { rules: Record<string, unknown> } };

      await redis.kill('SIGKILL');
      const during = await classify(seen.apiKey);
      expect(during.status).toBe(200);
      expect(during.headers['x-formspam-degraded']).toBe('store-unavailable');
      // The same verdict and rules; only the key's own model (not active yet) could not be read
      // from the store, and says so instead of counting as anything.
      const answered = JSON.parse(during.body) as typeof verdict & { errors?: { provider: string }[] };
      expect([answered.classification, answered.score, answered.reasons]).toEqual([verdict.classification, verdict.score, verdict.reasons]);
      const { SITE_MODEL: siteDuring, ...rulesDuring } = answered.text.rules;
      const { SITE_MODEL: _siteBefore, ...rulesBefore } = verdict.text.rules;
      expect(rulesDuring).toEqual(rulesBefore);
      expect(siteDuring).toMatchObject({ score: 0, skipped: expect.stringMatching(/^(provider-error|timeout)$/) });
      expect(answered.errors).toContainEqual(expect.objectContaining({ provider: 'siteModel' }));
      // The key's limit (5 a minute) still holds, counted in this instance's memory: the one use
      // before the outage was counted in Redis, so 5 more here, then 429.
      const statuses = [during.status];
      for (let i = 0; i < 5; i++) statuses.push((await classify(seen.apiKey)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // A key this instance never read cannot be checked: 503 as before.
      const never = await classify(unseen.apiKey);
      expect(never.status).toBe(503);
      expect(JSON.parse(never.body)).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect(never.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      // The endpoints that write to the store still answer 503.
      expect((await post(agent, `${server.url}/admin/keys`, JSON.stringify({ hostname: 'example.com' }), { authorization: `Bearer ${TOKEN}` })).status).toBe(503);

      await redis.restart();
      let after = await classify(unseen.apiKey);
      for (let i = 0; i < 100 && after.status !== 200; i++) {
        await sleep(50);
        after = await classify(unseen.apiKey);
      }
      expect(after.status).toBe(200);
      expect(after.headers['x-formspam-degraded']).toBeUndefined();
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      expect(metrics).not.toMatch(/status="500"/);
      // ioredis' reconnect errors are the store's to report, not printed with a stack trace.
      expect(server.logs()).not.toContain('Unhandled error event');
    } finally {
      agent.destroy();
      await server.stop('SIGKILL');
      await redis.stop();
    }
  });
});

describe('Redis killed and frozen under load, over HTTP (formspam serve)', () => {
  let redis: TestRedis;
  let server: TestServer;
  let apiKey: string;
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });

  beforeAll(async () => {
    // appendfsync always: the key survives the SIGKILL, so the service can resume with it.
    redis = await startRedis({ args: ['--appendonly', 'yes', '--appendfsync', 'always'] });
    server = await startServer(
      // No grace: every classify needs the store (the grace has its own test below).
      ['--store', redis.url, '--store-timeout', '300ms', '--store-outage-grace', '0', '--offline', '--no-warm-up', '--rate-limits', 'classify-ip=10000000/60,classify-key=10000000/60'],
      { FORMSPAM_ADMIN_TOKEN: TOKEN },
    );
    const created = await post(agent, `${server.url}/admin/keys`, JSON.stringify({ hostname: 'example.com' }), { authorization: `Bearer ${TOKEN}` });
    expect(created.status).toBe(201);
    apiKey = (JSON.parse(created.body) as { apiKey: string }).apiKey;
  });
  afterAll(async () => {
    agent.destroy();
    await server?.stop('SIGKILL');
    await redis?.stop();
  });

  it('answers 200 or 503 + Retry-After within 1 s (never a 500) while Redis is down, and resumes when it is back', async () => {
    const answers: Answer[] = [];
    let phase = 'up';
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const at = phase;
        const t0 = performance.now();
        const r = await post(agent, `${server.url}/api/v1/classify?apiKey=${apiKey}`, JSON.stringify({ text: 'Hello, I would like to know more about your product.' }), { referer: 'https://example.com/contact' });
        const ms = performance.now() - t0;
        const code = r.status >= 400 ? (JSON.parse(r.body) as { code?: string }).code : undefined;
        answers.push({ phase: at === phase ? at : `${at}->${phase}`, status: r.status, retryAfter: r.headers['retry-after'] as string | undefined, code, ms });
        await sleep(2);
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    try {
      await until(() => answers.filter((a) => a.status === 200).length >= 20, 20_000, '20 answers while Redis is up');

      // 1. The process dies: calls fail at once (no offline queue), 503 + Retry-After.
      phase = 'killed';
      await redis.kill('SIGKILL');
      await until(() => answers.filter((a) => a.phase === 'killed').length >= 50, 10_000, '50 answers while Redis is down');
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { store: { ok: boolean; code: string } }).store).toMatchObject({ ok: false, code: 'STORE_UNAVAILABLE' });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      // 2. It comes back on the same port: the service resumes without a restart.
      phase = 'restarted';
      await redis.restart();
      await until(() => answers.filter((a) => a.phase === 'restarted' && a.status === 200).length >= 20, 20_000, '200s after Redis came back');
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

      // 3. It holds its connections but does not answer (SIGSTOP): the deadline (300 ms) answers.
      phase = 'frozen';
      redis.pause();
      await until(() => answers.filter((a) => a.phase === 'frozen' && a.status === 503).length >= 12, 20_000, '503s while Redis is frozen');
      phase = 'thawed';
      redis.resume();
      await until(() => answers.filter((a) => a.phase === 'thawed' && a.status === 200).length >= 20, 20_000, '200s after Redis was thawed');
    } finally {
      stop = true;
      redis.resume();
      await Promise.all(workers);
    }

    const summary = new Map<string, number>();
    for (const a of answers) summary.set(`${a.phase} ${a.status}`, (summary.get(`${a.phase} ${a.status}`) ?? 0) + 1);
    const text = JSON.stringify([...summary]);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503), text).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.code).toBe('STORE_UNAVAILABLE');
      expect(a.retryAfter).toMatch(/^[1-9]\d*$/);
      // The bound, as an upper bound only (the deadline is 300 ms; a killed Redis fails at once).
      expect(a.ms, `${a.phase}: ${a.ms} ms`).toBeLessThan(1000);
    }
    expect(answers.some((a) => a.phase === 'killed' && a.status === 503), text).toBe(true);
    expect(answers.some((a) => a.phase === 'frozen' && a.status === 503), text).toBe(true);

    // Counted in /metrics: errors (killed) and timeouts (frozen).
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/formspam_store_errors_total\{operation="\w+",reason="error"\} [1-9]/);
    expect(metrics).toMatch(/formspam_store_errors_total\{operation="\w+",reason="timeout"\} [1-9]/);
    expect(metrics).toMatch(/formspam_http_requests_total\{route="\/api\/v1\/classify",method="POST",status="503"\} [1-9]/);
    // No line for a 500.
    expect(metrics).not.toMatch(/status="500"/);
    // One warning per 10 s, not one per failed request.
    const warnings = server.logs().split('\n').filter((l) => l.includes('"event":"store-unavailable"'));
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.length).toBeLessThan(20);
  });

  it('says nothing about persistence when Redis has appendonly yes', () => {
    expect(server.logs()).not.toContain('redis-not-durable');
  });
});

describe('Redis durability warning at start-up', () => {
  it('warns (one line) when Redis keeps nothing across a restart', async () => {
    const redis = await startRedis(); // --save "" --appendonly no
    try {
      const server = await startServer(['--store', redis.url, '--offline', '--no-warm-up']);
      try {
        const lines = server.logs().split('\n').filter((l) => l.includes('"event":"redis-not-durable"'));
        expect(lines).toHaveLength(1);
        const line = JSON.parse(lines[0]!) as { level: number; msg: string; appendonly: string; save: string };
        expect(line.level).toBe(40); // pino's warn
        expect(line).toMatchObject({ appendonly: 'no', save: '' });
        expect(line.msg).toMatch(/lost when Redis restarts.*appendonly yes/);
      } finally {
        await server.stop();
      }
    } finally {
      await redis.stop();
    }
  });

  it('tolerates a Redis that refuses CONFIG (managed Redis): no warning, no failure', async () => {
    const redis = await startRedis({ args: ['--rename-command', 'CONFIG', ''] });
    try {
      const store = await createRedisStore({ url: redis.url });
      try {
        const p = await store.persistence();
        expect(p).toMatchObject({ refused: expect.stringMatching(/unknown command/i) });
        expect(persistenceWarning(p)).toBeNull();
      } finally {
        await store.close();
      }
      const server = await startServer(['--store', redis.url, '--offline', '--no-warm-up']);
      try {
        expect(server.logs()).toContain('"event":"redis-persistence-unknown"');
        expect(server.logs()).not.toContain('redis-not-durable');
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      } finally {
        await server.stop();
      }
    } finally {
      await redis.stop();
    }
  });

  it('words the RDB-only case apart', () => {
    expect(persistenceWarning({ appendonly: 'no', save: '3600 1 300 100' })).toMatch(/since the last snapshot/);
    expect(persistenceWarning({ appendonly: 'yes', save: '' })).toBeNull();
  });
});

describe('SQLite locked by another connection (in-process service, real file)', () => {
  let dir: string;
  let service: Service;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'formspam-lock-'));
  });
  afterAll(async () => {
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 STORE_UNAVAILABLE while the write lock is held, and 200 again once it is released', async () => {
    const path = join(dir, 'formspam.db');
    service = createService({ store: createSqliteStore({ path, timeoutMs: 200 }), offline: true, adminToken: TOKEN, storeOutageGraceMs: 0 });
    await service.ready();
    const created = await service.handle({ method: 'POST', url: '/admin/keys', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, remoteAddress: '127.0.0.1', parsedBody: { hostname: 'example.com' } });
    const { apiKey } = JSON.parse(created.body) as { apiKey: string };
    const classify = () => service.handle({ method: 'POST', url: `/api/v1/classify?apiKey=${apiKey}`, headers: { 'content-type': 'application/json' }, remoteAddress: '127.0.0.1', parsedBody: { text: 'hello there' } });
    expect((await classify()).status).toBe(200);

    const Database = createRequire(import.meta.url)('better-sqlite3') as typeof import('better-sqlite3');
    const other = new Database(path);
    try {
      other.exec('BEGIN EXCLUSIVE');
      const t0 = performance.now();
      const r = await classify(); // the rate-limit counter needs the write lock
      const ms = performance.now() - t0;
      expect(r.status).toBe(503);
      expect(r.headers['retry-after']).toBe('1');
      expect(JSON.parse(r.body)).toEqual({ error: expect.any(String), statusCode: 503, code: 'STORE_UNAVAILABLE' });
      expect(ms).toBeLessThan(1000);
      // /readyz reflects it: the write lock is what the requests need.
      const ready = await service.handle({ method: 'GET', url: '/readyz', headers: {}, remoteAddress: '127.0.0.1' });
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body).store).toEqual({ kind: 'sqlite', ok: false, code: 'STORE_UNAVAILABLE' });
      other.exec('COMMIT');
    } finally {
      other.close();
    }
    expect((await classify()).status).toBe(200);
    expect((await service.handle({ method: 'GET', url: '/readyz', headers: {}, remoteAddress: '127.0.0.1' })).status).toBe(200);
    const metrics = await service.metrics!.registry.getSingleMetricAsString('formspam_store_errors_total');
    expect(metrics).toContain('operation="increment",reason="error"} 1');
    expect(metrics).toContain('operation="ping",reason="error"} 1');
  });
});

describe('guardStore: a store of your own', () => {
  it('turns a hung call into a timeout StoreUnavailableError at the deadline, and failures into error ones', async () => {
    const inner = createMemoryStore();
    const hung: Store = { ...inner, kind: 'custom', getKey: () => new Promise<never>(() => {}), increment: async () => Promise.reject(new Error('ECONNRESET')) };
    const store = guardStore(hung, { timeoutMs: 50 });
    const error = await store.getKey('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE', store: 'custom', operation: 'getKey', reason: 'timeout' });
    const failed = await store.increment('k', Date.now() + 1000).catch((e: unknown) => e);
    expect(isStoreUnavailable(failed)).toBe(true);
    expect(failed).toMatchObject({ operation: 'increment', reason: 'error' });
    // A duplicate key is an answer, not an outage.
    const record = { apiKey: 'ckey_1', hostname: 'example.com', secret: 's', license: 'free', createdAt: 1 };
    await store.putKey(record);
    const dup = await store.putKey(record).catch((e: unknown) => e);
    expect(isStoreUnavailable(dup)).toBe(false);
    expect(dup).toMatchObject({ code: 'KEY_EXISTS' });
    expect(await store.getSetting!('none')).toBeNull();
  });

  it('the service answers 503 for a guarded custom store that hangs, within the deadline', async () => {
    const hung = { ...createMemoryStore(), kind: 'custom', getKey: () => new Promise<never>(() => {}) };
    const service = createService({ store: guardStore(hung, { timeoutMs: 100 }), offline: true, rateLimits: false });
    const t0 = performance.now();
    const r = await service.handle({ method: 'POST', url: '/api/v1/classify?apiKey=ckey_0000000000000000000000000000', headers: { 'content-type': 'application/json' }, remoteAddress: '127.0.0.1', parsedBody: {} });
    expect(r.status).toBe(503);
    expect(r.headers['retry-after']).toBe('1');
    expect(performance.now() - t0).toBeLessThan(1000);
    // The endpoints that need no store still answer.
    for (const url of ['/healthz', '/openapi.json', '/metrics']) {
      expect((await service.handle({ method: 'GET', url, headers: {}, remoteAddress: '127.0.0.1' })).status).toBe(200);
    }
    await service.close();
  });
});

describe('--store-timeout / FORMSPAM_STORE_TIMEOUT', () => {
  it('takes 500ms, 2s or milliseconds without a unit; 0 turns the deadline off', () => {
    expect(storeTimeout('500ms')).toBe(500);
    expect(storeTimeout('2s')).toBe(2000);
    expect(storeTimeout('250')).toBe(250);
    expect(storeTimeout('0')).toBe(0);
    for (const bad of ['5m', '1ms', '61s', 'fast', '-1']) expect(() => storeTimeout(bad), bad).toThrow(/--store-timeout/);
  });

  it('serve refuses a bad value with exit 2, from the flag or the environment', async () => {
    const flag = await runCli(['serve', '--port', '0', '--store', 'memory', '--offline', '--store-timeout', '5m'], undefined, { env: { FORMSPAM_UPDATE_LISTS_EVERY: '0' } });
    expect(flag.code).toBe(2);
    expect(JSON.parse(flag.stderr.trim()).error.message).toMatch(/--store-timeout/);
    const env = await runCli(['serve', '--port', '0', '--store', 'memory', '--offline'], undefined, { env: { FORMSPAM_UPDATE_LISTS_EVERY: '0', FORMSPAM_STORE_TIMEOUT: 'soon' } });
    expect(env.code).toBe(2);
  });
});

describe('a Redis that answers but refuses writes (in-process service, real redis-server)', () => {
  it('503 STORE_UNAVAILABLE and /readyz 503 while writes are refused, both fine again after', async () => {
    const redis = await startRedis();
    const { Redis } = await import('ioredis');
    const cli = new Redis(redis.url);
    const service = createService({ store: await createRedisStore({ url: redis.url }), offline: true, adminToken: TOKEN, storeOutageGraceMs: 0 });
    try {
      await service.ready();
      const created = await service.handle({ method: 'POST', url: '/admin/keys', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, remoteAddress: '127.0.0.1', parsedBody: { hostname: 'example.com' } });
      const { apiKey } = JSON.parse(created.body) as { apiKey: string };
      const classify = () => service.handle({ method: 'POST', url: `/api/v1/classify?apiKey=${apiKey}`, headers: { 'content-type': 'application/json' }, remoteAddress: '127.0.0.1', parsedBody: { text: 'hello there' } });
      const readyz = () => service.handle({ method: 'GET', url: '/readyz', headers: {}, remoteAddress: '127.0.0.1' });
      expect((await classify()).status).toBe(200);
      // Writes now fail with NOREPLICAS, as on a replica (READONLY) or when full (OOM).
      await cli.config('SET', 'min-replicas-to-write', '1');
      const r = await classify();
      expect(r.status).toBe(503);
      expect(JSON.parse(r.body).code).toBe('STORE_UNAVAILABLE');
      expect((await readyz()).status).toBe(503);
      await cli.config('SET', 'min-replicas-to-write', '0');
      expect((await classify()).status).toBe(200);
      expect((await readyz()).status).toBe(200);
    } finally {
      cli.disconnect();
      await service.close();
      await redis.stop();
    }
  });
});
