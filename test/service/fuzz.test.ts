// 1,000 random malformed requests (bodies, headers, paths) against the real server: never a 5xx,
// always the { error, statusCode } body for 4xx, and the server stays up. Seeded: reproducible.
import { request as httpRequest, Agent } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestApiKey } from '../../src/service/client.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';
import { startServer, type TestServer } from '../helpers/serve.js';

let seed = 0x2545f491;
const rnd = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x1_0000_0000;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const randomString = (n: number) => Array.from({ length: n }, () => String.fromCodePoint(pick([0x20 + Math.floor(rnd() * 95), Math.floor(rnd() * 0xd7ff), 0x1f600 + Math.floor(rnd() * 80), 0]))).join('');
const randomBytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(rnd() * 256)));

function randomJson(depth = 0): unknown {
  const r = rnd();
  if (depth > 3 || r < 0.3) return pick([null, true, false, 0, -1, 1e308, 3.14, '', randomString(Math.floor(rnd() * 40)), 'auto', '1.2.3.4', 'Europe/Prague']);
  if (r < 0.6) return Array.from({ length: Math.floor(rnd() * 5) }, () => randomJson(depth + 1));
  const keys = ['text', 'fields', 'email', 'ipAddress', 'timeZone', 'disableRules', 'expectedLanguages', 'expectedCountries', 'blockedCountries', 'classifier', 'hostname', '__proto__', 'constructor', randomString(5)];
  return Object.fromEntries(Array.from({ length: Math.floor(rnd() * 6) }, () => [pick(keys), randomJson(depth + 1)]));
}

function randomBody(): Buffer | string | undefined {
  switch (Math.floor(rnd() * 9)) {
    case 0: return undefined;
    case 1: return randomBytes(Math.floor(rnd() * 300));
    case 2: return JSON.stringify(randomJson()).slice(0, Math.floor(rnd() * 200)); // truncated
    case 3: return '['.repeat(5000 + Math.floor(rnd() * 20000)) + ']'.repeat(Math.floor(rnd() * 10));
    case 4: return JSON.stringify({ text: 'x'.repeat(60_000 + Math.floor(rnd() * 20_000)) });
    case 5: return Buffer.concat([Buffer.from('{"text":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
    case 6: return '{"text": "a", "text": 1e999, "fields": {"__proto__": "x"}}';
    default: return JSON.stringify(randomJson());
  }
}

let server: TestServer;
let apiKey: string;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

beforeAll(async () => {
  server = await startServer(['--store', 'memory', '--offline', '--m2m-max-number', '1000', '--no-rate-limits']);
  apiKey = (await requestApiKey({ server: server.url, hostname: 'example.com' })).apiKey;
});
afterAll(async () => {
  agent.destroy();
  await server?.stop('SIGKILL');
});

interface Sent {
  status: number;
  body: string;
  retryAfter?: string | undefined;
}

function send(url: string, method: string, path: string, headers: Record<string, string>, body: Buffer | string | undefined): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d)).on('end', () => resolve({ status: res.statusCode!, body: text, retryAfter: res.headers['retry-after'] }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve({ status: 413, body: '' }) : reject(e)));
    req.end(body);
  });
}

/**
 * `n` random requests against `target`; `check(i, r, what)` judges each answer; `before(i)` runs
 * before request i (the Redis variant kills the store halfway).
 */
async function fuzz(target: { url: string; apiKey: string }, n: number, check: (i: number, r: Sent, what: string, method: string) => void, before?: (i: number) => Promise<void>): Promise<Map<number, number>> {
  const { apiKey } = target;
  const statuses = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    await before?.(i);
    const method = rnd() < 0.85 ? 'POST' : pick(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
    const base = pick(['/api/v1/classify', '/api/v1/classify', '/api_key/generate', '/healthz', '/readyz', '/nope', '/api/v1/classify/', '//api/v1/classify', '/%zz', '/api/v1/classify/../../etc']);
    const query = pick(['', `?apiKey=${apiKey}`, `?apiKey=${apiKey}`, '?apiKey=', '?apiKey=%zz', `?apiKey=${randomString(10)}`.replace(/[^\x21-\x7e]/g, 'a'), `?apiKey=${apiKey}&apiKey=x`]);
    const headers: Record<string, string> = {};
    const ct = pick(['application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/problem+json', 'json', '']);
    if (ct) headers['content-type'] = ct;
    if (rnd() < 0.3) headers.authorization = pick([`Bearer ${apiKey}`, 'Bearer ', 'Bearer ckey_zzz', 'Altcha ', 'Altcha payload=', 'Altcha payload={"number":1}', `Altcha payload=${Buffer.from(randomString(30)).toString('base64')}`, 'Altcha algorithm=SHA-256, number=x, salt=%E0%A4%A', 'Basic Zm9vOmJhcg==']);
    if (rnd() < 0.3) headers.referer = pick(['https://example.com/', 'https://evil.example', 'http://[::1', 'javascript:alert(1)', 'x'.repeat(2000), 'https://www.example.com:8080/a?b']);
    if (rnd() < 0.2) headers.origin = pick(['null', 'https://example.com', '%%%']);
    if (rnd() < 0.3) headers['x-forwarded-for'] = pick(['1.2.3.4', 'garbage', '1.2.3.4, ::1, 999.1.1.1', ',,,', '[::1]:80']);
    if (rnd() < 0.1) headers.forwarded = pick(['for=1.2.3.4', 'for="[2001:db8::1]:80";proto=https', 'for=;;;']);
    const body = randomBody(); // drawn for every request, so the sequence does not depend on the method
    // GET and HEAD carry no body (node's client would frame it as a second, garbage request).
    const r = await send(target.url, method, base + query, headers, method === 'GET' || method === 'HEAD' ? undefined : body);
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    check(i, r, `request ${i}: ${method} ${base}${query}`, method);
    // (A 503 of /readyz has the readiness body, not the error body.)
    if (r.status >= 400 && r.body && method !== 'HEAD' && !(base === '/readyz' && r.status === 503)) {
      const body = JSON.parse(r.body) as { error: unknown; statusCode: unknown; code: unknown };
      expect(typeof body.error).toBe('string');
      expect(body.statusCode).toBe(r.status);
      expect(typeof body.code === "string" && /^[A-Z][A-Z0-9_]+$/.test(body.code) ? "coded" : r.body.slice(0, 300), `request ${i}: ${method} ${base}${query}`).toBe("coded");
    }
  }
  return statuses;
}

describe('fuzz: malformed bodies and headers', () => {
  it('1,000 random requests get no 5xx, and the server stays up', async () => {
    const statuses = await fuzz({ url: server.url, apiKey }, 1000, (_i, r, what) => {
      expect(r.status, `${what} -> ${r.body.slice(0, 200)}`).toBeLessThan(500);
    });
    // Most of them are bad requests.
    const fours = [...statuses].filter(([s]) => s >= 400).reduce((n, [, c]) => n + c, 0);
    expect(fours).toBeGreaterThan(600);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it('malformed HTTP on a raw socket gets a 4xx (or a closed connection), never a 5xx', async () => {
    const raw = [
      'GARBAGE\r\n\r\n',
      'POST /api/v1/classify HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}',
      'POST /api/v1/classify HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      'POST /api/v1/classify HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n',
      'POST /api/v1/classify HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      'POST /api_key/generate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"hos',
    ];
    for (const text of raw) {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(server.port, '127.0.0.1', () => socket.end(text));
        let out = '';
        socket.setEncoding('utf8').on('data', (d: string) => (out += d));
        socket.on('close', () => resolve(out));
        socket.on('error', () => resolve(out));
      });
      if (answer) expect(answer, text.slice(0, 60)).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

// Issue 19: the same fuzz against a Redis store that is killed halfway through. Before the kill
// nothing is 5xx; after it the requests that need the store get exactly 503 STORE_UNAVAILABLE
// with Retry-After (never a 500, never another 5xx), the others their usual answer; when Redis
// is back on the same port the service answers again without a restart.
describe('fuzz: Redis store killed halfway through', () => {
  let redis: TestRedis;
  let redisServer: TestServer;
  let key: string;
  beforeAll(async () => {
    redis = await startRedis({ args: ['--appendonly', 'yes', '--appendfsync', 'always'] });
    redisServer = await startServer(['--store', redis.url, '--offline', '--no-warm-up', '--m2m-max-number', '1000', '--no-rate-limits']);
    key = (await requestApiKey({ server: redisServer.url, hostname: 'example.com' })).apiKey;
  });
  afterAll(async () => {
    await redisServer?.stop('SIGKILL');
    await redis?.stop();
  });

  it('1,000 random requests: no 5xx before the kill, only 503 STORE_UNAVAILABLE + Retry-After after it, and recovery', async () => {
    let killed = false;
    const statuses = await fuzz(
      { url: redisServer.url, apiKey: key },
      1000,
      (_i, r, what, method) => {
        if (!killed || r.status < 500) {
          expect(r.status, `${what} -> ${r.body.slice(0, 200)}`).toBeLessThan(500);
          return;
        }
        expect(r.status, `${what} -> ${r.body.slice(0, 200)}`).toBe(503);
        expect(r.retryAfter, what).toMatch(/^[1-9]\d*$/);
        // /readyz says 503 with its own body (store.ok false); every other route the error body.
        if (method !== 'HEAD' && !what.includes('/readyz')) expect(JSON.parse(r.body).code, what).toBe('STORE_UNAVAILABLE');
      },
      async (i) => {
        if (i === 500) {
          await redis.kill('SIGKILL');
          killed = true;
        }
      },
    );
    expect(statuses.get(500)).toBeUndefined();
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect((await fetch(`${redisServer.url}/healthz`)).status).toBe(200);
    await redis.restart();
    const deadline = Date.now() + 20_000;
    while ((await fetch(`${redisServer.url}/readyz`)).status !== 200) {
      if (Date.now() > deadline) throw new Error('not ready again 20 s after Redis came back');
      await new Promise((r) => setTimeout(r, 100));
    }
    const r = await fetch(`${redisServer.url}/api/v1/classify?apiKey=${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"hello"}' });
    expect(r.status).toBe(200);
    expect(redisServer.child.exitCode).toBeNull();
  });
});
