// The real server (`formspam serve`, a child process on a free port): the full M2M flow to get
// a key, classify with it via ?apiKey= and via Bearer, every error status, the OpenAPI document
// against real responses, logs without secrets, graceful SIGTERM.
import { solveChallenge as altchaSolve } from 'altcha-lib/v1';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWwwAuthenticate } from '../../src/service/m2m.js';
import { startServer, type TestServer } from '../helpers/serve.js';

let server: TestServer;
let doc: { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>; components: { schemas: Record<string, Schema> } };
const seen: { path: string; method: string; status: number; body: unknown }[] = [];
const SECRET_TEXT = 'zebra-unique-submitted-text-4711';

type Schema = { $ref?: string; type?: string | string[]; required?: string[]; properties?: Record<string, Schema>; items?: Schema; enum?: readonly unknown[]; pattern?: string; additionalProperties?: Schema | boolean; oneOf?: Schema[] };

async function call(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(server.url + path, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (metrics)
  }
  seen.push({ path: path.split('?')[0]!, method: (init.method ?? 'GET').toLowerCase(), status: res.status, body });
  return { status: res.status, headers: res.headers, body };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

async function getKey(hostname: string, form: 'json' | 'base64' | 'list' = 'json'): Promise<{ apiKey: string; secret: string; hostname: string; license: string }> {
  const first = await post('/api_key/generate', { hostname });
  expect(first.status).toBe(401);
  const challenge = parseWwwAuthenticate(first.headers.get('www-authenticate')!)!;
  // altcha-lib solves it: the independent client.
  const solution = await altchaSolve(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  const payload = { ...challenge, number: solution!.number };
  const authorization = form === 'json'
    ? `Altcha payload=${JSON.stringify(payload)}`
    : form === 'base64'
      ? `Altcha payload=${Buffer.from(JSON.stringify(payload)).toString('base64')}`
      : `Altcha algorithm=${payload.algorithm}, number=${payload.number}, challenge=${payload.challenge}, salt=${encodeURIComponent(payload.salt)}, signature=${payload.signature}`;
  const second = await post('/api_key/generate', { hostname }, { authorization });
  expect(second.status).toBe(200);
  return second.body;
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'formspam-serve-'));
  server = await startServer(['--data-dir', dir, '--offline', '--m2m-max-number', '3000', '--rate-limits', 'classify-ip=10000/3600,classify-key=40/3600,generate-ip=10000/3600']);
  doc = (await call('/openapi.json')).body;
});

afterAll(async () => {
  await server?.stop('SIGKILL');
});

describe('formspam serve (child process)', () => {
  let key: { apiKey: string; secret: string; hostname: string };

  it('answers 401 with the M2M challenge of PROTOCOL.md §3.3, byte for byte', async () => {
    const r = await post('/api_key/generate', { hostname: 'example.com' });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'Unauthorized', statusCode: 401, code: 'PROOF_REQUIRED' });
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('www-authenticate')).toMatch(
      /^Altcha challenge=\{"algorithm":"SHA-256","challenge":"[0-9a-f]{64}","maxnumber":3000,"salt":"[0-9a-f]{24}\?expires=\d{10}&","signature":"[0-9a-f]{64}"\}, expire=3600$/,
    );
  });

  it('issues a key for each accepted proof form, and refuses a replayed or wrong proof with 403', async () => {
    key = await getKey('example.com');
    expect(key).toMatchObject({ hostname: 'example.com', license: 'free' });
    expect(key.apiKey).toMatch(/^ckey_[0-9a-f]{28}$/);
    expect(key.secret).toMatch(/^sec_[0-9a-f]{48}$/);
    expect((await getKey('Bücher.example:3000', 'base64')).hostname).toBe('xn--bcher-kva.example:3000');
    expect((await getKey('localhost', 'list')).hostname).toBe('localhost');

    const first = await post('/api_key/generate', { hostname: 'example.com' });
    const c = parseWwwAuthenticate(first.headers.get('www-authenticate')!)!;
    const n = (await altchaSolve(c.challenge, c.salt, c.algorithm, c.maxnumber).promise)!.number;
    const auth = `Altcha payload=${JSON.stringify({ ...c, number: n })}`;
    expect((await post('/api_key/generate', { hostname: 'example.com' }, { authorization: auth })).status).toBe(200);
    const replay = await post('/api_key/generate', { hostname: 'example.com' }, { authorization: auth });
    expect(replay).toMatchObject({ status: 403, body: { error: 'Forbidden', statusCode: 403 } });
    const wrong = await post('/api_key/generate', { hostname: 'example.com' }, { authorization: `Altcha payload=${JSON.stringify({ ...c, number: n + 1 })}` });
    expect(wrong.status).toBe(403);
    const forged = await post('/api_key/generate', { hostname: 'example.com' }, { authorization: `Altcha payload=${JSON.stringify({ ...c, signature: '0'.repeat(64), number: n })}` });
    expect(forged.status).toBe(403);
    const garbage = await post('/api_key/generate', { hostname: 'example.com' }, { authorization: 'Altcha payload=!!!' });
    expect(garbage.status).toBe(401);
    expect(garbage.headers.get('www-authenticate')).toMatch(/^Altcha challenge=/);
  });

  it('validates the hostname (400)', async () => {
    for (const hostname of ['', 'http://example.com/', 'exa mple.com', 'example', 'example.com:99999', '-bad.example', 42]) {
      const first = await post('/api_key/generate', { hostname: 'example.com' });
      const c = parseWwwAuthenticate(first.headers.get('www-authenticate')!)!;
      const n = (await altchaSolve(c.challenge, c.salt, c.algorithm, c.maxnumber).promise)!.number;
      const r = await post('/api_key/generate', { hostname }, { authorization: `Altcha payload=${JSON.stringify({ ...c, number: n })}` });
      expect(r.status, String(hostname)).toBe(400);
      expect(r.body).toMatchObject({ statusCode: 400, error: expect.stringMatching(/hostname/) });
    }
  });

  it('classifies with the key via ?apiKey= and via Authorization: Bearer, with ipAddress "auto"', async () => {
    const request = { fields: { name: SECRET_TEXT, message: '1; drop table users' }, ipAddress: 'auto' };
    const q = await post(`/api/v1/classify?apiKey=${key.apiKey}`, request, { referer: 'https://example.com/contact' });
    expect(q.status).toBe(200);
    expect(q.body.classification).toBe('BAD');
    expect(q.body.ipAddress.ipAddress).toBe('127.0.0.1');
    const b = await post('/api/v1/classify', request, { authorization: `Bearer ${key.apiKey}`, origin: 'https://www.example.com' });
    expect(b.status).toBe(200);
    expect(b.body.id).not.toBe(q.body.id);
    expect({ ...b.body, id: q.body.id }).toEqual(q.body);
    // Server-to-server callers may omit Referer and Origin.
    expect((await post(`/api/v1/classify?apiKey=${key.apiKey}`, { text: 'Hello' })).status).toBe(200);
  });

  it('takes formType (extension): comment lists for "comment", 400 naming $.formType otherwise', async () => {
    const text = 'Great video about the new album, subscribe for more like this!';
    const asContact = await post(`/api/v1/classify?apiKey=${key.apiKey}`, { text });
    const asComment = await post(`/api/v1/classify?apiKey=${key.apiKey}`, { text, formType: 'comment' });
    expect([asContact.status, asContact.body.classification]).toEqual([200, 'NEUTRAL']);
    expect([asComment.status, asComment.body.classification]).toEqual([200, 'BAD']);
    expect(asComment.body.text.rules.SPAM_WORDS.evidence).toMatchObject({ formType: 'comment' });
    const bad = await post(`/api/v1/classify?apiKey=${key.apiKey}`, { text, formType: 'forum' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('$.formType');
    expect(doc.components.schemas.ClassifyRequest!.properties!.formType).toMatchObject({ enum: ['contact', 'comment'] });
  });

  it('answers every error status with { error, statusCode, code } and no stack trace', async () => {
    const k = `?apiKey=${key.apiKey}`;
    const cases: [string, Promise<{ status: number; body: any; headers: Headers }>, number, string][] = [
      ['invalid JSON', post(`/api/v1/classify${k}`, '{"text": '), 400, 'INVALID_JSON'],
      ['invalid request', post(`/api/v1/classify${k}`, { text: 42 }), 400, 'INVALID_REQUEST'],
      ['unknown property', post(`/api/v1/classify${k}`, { nope: 1 }), 400, 'INVALID_REQUEST'],
      ['no key', post('/api/v1/classify', { text: 'hi' }), 401, 'MISSING_API_KEY'],
      ['unknown key', post('/api/v1/classify?apiKey=ckey_0000000000000000000000000000', { text: 'hi' }), 401, 'INVALID_API_KEY'],
      ['wrong referrer', post(`/api/v1/classify${k}`, { text: 'hi' }, { referer: 'https://evil.example/' }), 403, 'WRONG_REFERRER'],
      ['look-alike host', post(`/api/v1/classify${k}`, { text: 'hi' }, { origin: 'https://notexample.com' }), 403, 'WRONG_REFERRER'],
      ['unknown route', post('/api/v2/classify', {}), 404, 'NOT_FOUND'],
      ['wrong method', call(`/api/v1/classify${k}`), 405, 'METHOD_NOT_ALLOWED'],
      ['too large', post(`/api/v1/classify${k}`, { text: 'x'.repeat(70_000) }), 413, 'REQUEST_TOO_LARGE'],
      ['wrong content type', call(`/api/v1/classify${k}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['no content type', call(`/api/v1/classify${k}`, { method: 'POST', body: '{}' }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['hostname missing', post('/api_key/generate', {}, { authorization: 'Altcha payload={}' }), 400, 'INVALID_HOSTNAME'],
      ['bad proof', post('/api_key/generate', { hostname: 'example.com' }, { authorization: 'Altcha payload={"number":1}' }), 403, 'PROOF_REFUSED'],
      ['admin disabled', call('/admin/keys'), 404, 'ADMIN_DISABLED'],
    ];
    for (const [name, promise, status, code] of cases) {
      const r = await promise;
      expect(r.status, name).toBe(status);
      expect(r.body, name).toEqual({ error: expect.any(String), statusCode: status, code });
      expect(JSON.stringify(r.body), name).not.toMatch(/\bat .*\.(?:js|ts):\d+/);
    }
    expect((await call('/healthz', { method: 'DELETE' })).status).toBe(405);
  });

  it('rate-limits per key with 429 and Retry-After', async () => {
    const limited = await getKey('limited.example');
    let r: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 41; i++) r = await post(`/api/v1/classify?apiKey=${limited.apiKey}`, { text: 'hi' });
    expect(r!.status).toBe(429);
    expect(r!.body).toEqual({ error: 'Too Many Requests', statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(r!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('serves /healthz, /readyz (store and data) and Prometheus /metrics', async () => {
    expect((await call('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await call('/readyz');
    expect(ready.status).toBe(200);
    // No list is downloaded here: ready, but degraded, naming the missing lists.
    expect(ready.body).toMatchObject({ status: 'degraded', store: { kind: 'sqlite', ok: true }, lists: { status: 'degraded', stale: [], maxAgeDays: 3 } });
    expect(ready.body.lists.missing).toEqual(expect.arrayContaining(['tor-exits', 'sfs-toxic-domains']));
    expect(ready.body.datasets.map((d: { id: string }) => d.id)).toEqual(expect.arrayContaining(['geo-country', 'asn']));
    const metrics = await call('/metrics');
    expect(metrics.body).toMatch(/formspam_http_requests_total\{route="\/api\/v1\/classify",method="POST",status="200"\} \d+/);
    expect(metrics.body).toMatch(/formspam_classify_duration_seconds_bucket/);
    expect(metrics.body).toMatch(/formspam_classifications_total\{classification="BAD"\} \d+/);
  });

  it('/openapi.json documents every status seen, and the JSON bodies match its schemas', () => {
    expect(doc).toMatchObject({ openapi: '3.1.0' });
    const resolve = (s: Schema): Schema => (s.$ref ? doc.components.schemas[s.$ref.split('/').pop()!]! : s);
    const check = (schema: Schema, value: unknown, path: string): void => {
      const s = resolve(schema);
      const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
      const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
      if (types.length) expect(types.includes(kind) || (kind === 'integer' && types.includes('number')), `${path}: ${kind} vs ${types}`).toBe(true);
      if (s.enum) expect(s.enum, path).toContain(value);
      if (s.pattern && typeof value === 'string') expect(value, path).toMatch(new RegExp(s.pattern));
      if (s.required) for (const r of s.required) expect(value, `${path}.${r}`).toHaveProperty(r);
      if (s.properties && value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) if (s.properties[k]) check(s.properties[k]!, v, `${path}.${k}`);
      }
      if (s.items && Array.isArray(value)) value.forEach((v, i) => check(s.items!, v, `${path}[${i}]`));
    };
    let checked = 0;
    for (const r of seen) {
      const op = doc.paths[r.path]?.[r.method];
      if (!op) {
        expect(r.status, `${r.method} ${r.path}`).toBeOneOf([404, 405]);
        continue;
      }
      const response = op.responses[String(r.status)];
      expect(response, `${r.method} ${r.path} ${r.status} is documented`).toBeDefined();
      const schema = response!.content?.['application/json']?.schema;
      if (schema && typeof r.body === 'object') {
        check(schema, r.body, `${r.method} ${r.path} ${r.status}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('loads the text data before it listens (warm-up)', () => {
    const logs = server.logs();
    const warm = logs.search(/"event":"warm-up","ms":\d+/);
    expect(warm).toBeGreaterThanOrEqual(0);
    expect(warm).toBeLessThan(logs.search(/"event":"listening"/));
  });

  it('never logs secrets, keys or submitted text', () => {
    const logs = server.logs();
    expect(logs).toMatch(/"event":"request"/);
    expect(logs).not.toContain(key.secret);
    expect(logs).not.toContain(key.apiKey);
    expect(logs).not.toContain(SECRET_TEXT);
    expect(logs).not.toMatch(/Altcha payload|"number":/);
  });

  it('stops gracefully on SIGTERM: exit 0 after closing the store', async () => {
    const code = await server.stop('SIGTERM');
    expect(code).toBe(0);
    expect(server.logs()).toMatch(/"event":"stopped"/);
  });
});
