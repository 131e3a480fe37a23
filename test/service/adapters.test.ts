// The Express and node:http adapters in-process (listen(0) on loopback), trusted proxies, hostnames.
import express from 'express';
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/adapters/node.js';
import { createRouter } from '../../src/adapters/express.js';
import { clientIpOf, trustedProxySet } from '../../src/service/client-ip.js';
import { requestApiKey } from '../../src/service/client.js';
import { parseHostname, refererAllowed } from '../../src/service/keys.js';
import { createMemoryStore } from '../../src/stores/memory.js';

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));
function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler!);
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}
const OPTIONS = { offline: true, store: createMemoryStore(), m2m: { maxNumber: 1000 }, rateLimits: false as const };

describe('Express adapter', () => {
  it('serves the API under a mount path, with or without express.json(), and passes other paths on', async () => {
    const router = createRouter({ ...OPTIONS, store: createMemoryStore() });
    const app = express();
    app.use('/spam', express.json(), router);
    app.use('/raw', createRouter({ service: router.service }));
    app.get('/other', (_req, res) => {
      res.send('mine');
    });
    const base = await listen(app);
    const first = await fetch(`${base}/spam/api_key/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"hostname":"example.com"}' });
    expect(first.status).toBe(401);
    const { apiKey } = await requestApiKey({ server: `${base}/spam`, hostname: 'example.com' });
    for (const prefix of ['/spam', '/raw']) {
      const r = await fetch(`${base}${prefix}/api/v1/classify?apiKey=${apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"1; drop table users"}' });
      expect(r.status, prefix).toBe(200);
      expect(((await r.json()) as { classification: string }).classification).toBe('BAD');
    }
    expect(await (await fetch(`${base}/other`)).text()).toBe('mine');
    const bad = await fetch(`${base}/raw/api/v1/classify?apiKey=${apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":' });
    expect(await bad.json()).toEqual({ error: 'Invalid JSON.', statusCode: 400, code: 'INVALID_JSON' });
  });
});

describe('node:http adapter', () => {
  it('answers 404 for unknown paths, or calls next() with passThrough', async () => {
    const handler = createHandler(OPTIONS);
    const base = await listen(handler);
    expect(await (await fetch(`${base}/nope`)).json()).toEqual({ error: 'Not Found: /nope is not an endpoint of this server (see /openapi.json).', statusCode: 404, code: 'NOT_FOUND' });
    const pass = createHandler({ service: handler.service, passThrough: true });
    const base2 = await listen((req, res) => pass(req, res, () => res.end('next')));
    expect(await (await fetch(`${base2}/nope`)).text()).toBe('next');
    expect((await fetch(`${base2}/healthz`)).status).toBe(200);
  });

  it('finds the API key in every form of the query (plain ones are split by hand, others by URL)', async () => {
    const handler = createHandler({ ...OPTIONS, store: createMemoryStore() });
    const base = await listen(handler);
    const { apiKey } = await requestApiKey({ server: base, hostname: 'example.com' });
    const encoded = apiKey.replace('c', '%63');
    const cases: [string, number][] = [
      [`/api/v1/classify?apiKey=${apiKey}`, 200],
      [`/api/v1/classify/?apiKey=${apiKey}`, 200],
      [`/api/v1/classify?x=1&&apiKey=${apiKey}&apiKey=nope`, 200],
      [`/api/v1/classify?apiKey=nope&apiKey=${apiKey}`, 401],
      [`/api/v1/classify?apiKey=${encoded}`, 200],
      [`/api/v1/classify?a%70iKey=${apiKey}`, 200],
      [`/api/v1/classify?apiKey=${apiKey}+`, 401],
      [`/api/v1/classify?apikey=${apiKey}`, 401],
      ['/api/v1/classify?apiKey', 401],
      ['/api/v1/classify?apiKey=', 401],
      [`/api/v1/./classify?apiKey=${apiKey}`, 200],
      [`/api/v1/classify//?apiKey=${apiKey}`, 404],
    ];
    for (const [path, status] of cases) {
      const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"Hello"}' });
      expect(r.status, path).toBe(status);
    }
  });
});

describe('client IP from trusted proxies only', () => {
  const trusted = trustedProxySet(['loopback', '10.0.0.0/8']);
  it.each([
    ['socket address without trusted proxies', '203.0.113.9', { 'x-forwarded-for': '1.1.1.1' }, null, '203.0.113.9'],
    ['untrusted socket: headers ignored (no spoofing)', '203.0.113.9', { 'x-forwarded-for': '1.1.1.1' }, trusted, '203.0.113.9'],
    ['trusted proxy: the right-most untrusted hop', '127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.1.2.3' }, trusted, '198.51.100.7'],
    ['Forwarded header with a bracketed IPv6 and a port', '::ffff:127.0.0.1', { forwarded: 'for="[2001:db8::1]:443";proto=https' }, trusted, '2001:db8::1'],
    ['garbage hop: stop at the proxy', '10.0.0.1', { 'x-forwarded-for': 'garbage' }, trusted, '10.0.0.1'],
  ] as const)('%s', (_name, remote, headers, set, expected) => {
    expect(clientIpOf(remote, headers, set)).toBe(expected);
  });
  it('rejects a bad CIDR at setup, naming the option', () => {
    expect(() => trustedProxySet(['10.0.0.0/33'])).toThrow(/trustedProxies/);
  });
});

describe('hostnames and referrers', () => {
  it.each([
    ['example.com', 'example.com'],
    ['EXAMPLE.com.', 'example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['example.com:3000', 'example.com:3000'],
    ['localhost:8080', 'localhost:8080'],
    ['127.0.0.1', '127.0.0.1'],
  ])('%s → %s', (input, text) => {
    expect(parseHostname(input)).toMatchObject({ text });
  });
  it.each(['', 'a', 'http://example.com', 'example.com/path', 'user@example.com', 'ex ample.com', 'example.com:0', 'example.com:70000', '-a.example', 'a-.example', 'example.123', 'a'.repeat(300)])('rejects %j', (input) => {
    expect(typeof parseHostname(input)).toBe('string');
  });
  it.each([
    ['example.com', 'https://example.com/contact', true],
    ['example.com', 'https://shop.example.com', true],
    ['example.com', 'https://notexample.com', false],
    ['example.com', 'https://example.com.evil.net', false],
    ['example.com:3000', 'http://example.com:3000/', true],
    ['example.com:3000', 'http://example.com/', false],
    ['example.com', 'ftp://example.com', false],
    ['example.com', 'not a url', false],
  ])('key %s, page %s → %s', (key, page, ok) => {
    expect(refererAllowed(key, page)).toBe(ok);
  });
});
