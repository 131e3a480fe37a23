// Hostile input on the widget endpoints over real HTTP: random query parameters, headers,
// bodies and almost-valid proof payloads never give a 5xx; every error is JSON with
// `error` and `statusCode` (and a `code` on the challenge and verify endpoints). Seeded.
import fc from 'fast-check';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type NodeHandler } from '../../src/adapters/node.js';
import { requestApiKey } from '../../src/service/client.js';
import { createMemoryStore } from '../../src/stores/memory.js';

let server: Server;
let handler: NodeHandler;
let base: string;
let apiKey: string;
let challenge: Record<string, unknown>;

beforeAll(async () => {
  handler = createHandler({ store: createMemoryStore(), offline: true, m2m: { maxNumber: 1000 }, rateLimits: false });
  server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  apiKey = (await requestApiKey({ server: base, hostname: '127.0.0.1' })).apiKey;
  challenge = await (await fetch(`${base}/api/v1/challenge?apiKey=${apiKey}&maxnumber=1000`)).json() as Record<string, unknown>;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await handler.close();
});

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
const almostPayload = fc.record({
  algorithm: fc.constantFrom('SHA-256', 'SHA-512', 'sha-256', 'MD5', '', 42),
  challenge: fc.oneof(fc.constant('__real__'), fc.string({ maxLength: 70 }), fc.constant('a'.repeat(5000))),
  number: fc.oneof(fc.integer(), fc.double(), fc.constant(-1), fc.string({ maxLength: 5 })),
  salt: fc.oneof(fc.constant('__real__'), fc.string({ maxLength: 60 }), fc.constant('x?expires=99999999999999999999&'), fc.constant('x?expire=-1')),
  signature: fc.oneof(fc.constant('__real__'), fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 70 }), fc.constant(null)),
}, { requiredKeys: [] }).map((p) => {
  const out: Record<string, unknown> = { ...p };
  for (const k of ['challenge', 'salt', 'signature']) if (out[k] === '__real__') out[k] = challenge[k];
  return b64(out);
});
const payloadValue = fc.oneof(almostPayload, fc.string({ maxLength: 80 }), fc.jsonValue({ maxDepth: 2 }));
const body = fc.oneof(
  fc.record({ payload: payloadValue, fields: fc.oneof(fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 30 }), { maxKeys: 3 }), fc.jsonValue({ maxDepth: 1 })), email: fc.oneof(fc.constant('@example.com'), fc.jsonValue({ maxDepth: 1 })), ipAddress: fc.constantFrom('auto', '1.2.3.4', 'x', 7), secret: fc.string({ maxLength: 10 }) }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);
const query = fc.record({
  apiKey: fc.oneof(fc.constant('__key__'), fc.string({ maxLength: 40 })),
  maxnumber: fc.oneof(fc.nat().map(String), fc.string({ maxLength: 12 })),
  complexity: fc.string({ maxLength: 8 }),
  expire: fc.oneof(fc.constantFrom('1h', '30m', '10', '0', '9999999d'), fc.string({ maxLength: 8 })),
}, { requiredKeys: [] }).map((q) => new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, v === '__key__' ? apiKey : v])).toString());
const headers = fc.record({
  origin: fc.constantFrom('http://127.0.0.1:3000', 'https://evil.example', 'null', 'not a url'),
  referer: fc.constantFrom('http://127.0.0.1/x', 'https://evil.example/', '::'),
  'x-altcha-spam-filter': fc.constantFrom('1', '0', 'yes'),
  'content-type': fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8'),
}, { requiredKeys: [] });

describe('widget endpoints under hostile input', () => {
  it('never answer 5xx, always a JSON error body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/v1/challenge', '/v1/challenge', '/api/v1/verify', '/v1/verify', '/v1/verify/signature'), fc.constantFrom('GET', 'POST', 'OPTIONS'), query, headers, body, async (path, method, q, h, b) => {
        const res = await fetch(`${base}${path}?${q}`, { method, headers: h, ...(method === 'POST' && { body: b }) });
        const text = await res.text();
        expect(res.status, `${method} ${path}?${q} ${b}`).toBeLessThan(500);
        if (res.status >= 400) {
          const json = JSON.parse(text);
          expect(typeof json.error).toBe('string');
          expect(json.statusCode).toBe(res.status);
          if (res.status !== 405 && path !== '/v1/verify/signature') expect(typeof json.code).toBe('string');
        }
      }),
      { numRuns: 400, seed: 7 },
    );
  });
});
