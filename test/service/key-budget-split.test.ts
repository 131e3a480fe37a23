// issue 19 item 6: a key's budget is split per client IP, so whoever copies a site's public key
// from its page can use up only their own share; the site's own server proves the secret and is
// not split; a request refused by the split costs the key nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/service/service.js';
import { callService } from '../helpers/service-call.js';
import { parseKeyLimits, parseRateLimits } from '../../src/service/rate-limit.js';
import { runCli } from '../cli/run-cli.js';
import { startServer } from '../helpers/serve.js';

const TOKEN = 'admin-token-0123456789abcdef0123456789';
const MESSAGE = { fields: { message: 'Hello, is the workshop next Tuesday still open? Best, Jana' } };

const call = callService;

describe('rate limits: a key budget split per client IP', () => {
  it('parses classify-key-ip and names it in the error for a bad spec', () => {
    expect(parseRateLimits('classify-key-ip=5/60')).toEqual({ classifyPerKeyIp: { limit: 5, windowSeconds: 60 } });
    expect(parseRateLimits('classify-key-ip=off')).toEqual({ classifyPerKeyIp: false });
    expect(() => parseRateLimits('classify-key-ips=5/60')).toThrow(/classify-key-ip/);
  });

  it('one client uses up only its share; refusals cost the key nothing; the secret-proving server is not split', async () => {
    const s = createService({
      adminToken: TOKEN,
      offline: true,
      rateLimits: { classifyPerIp: false, classifyPerKeyIp: { limit: 3, windowSeconds: 600 }, classifyPerKey: { limit: 10, windowSeconds: 600 } },
    });
    const created = await call(s, 'POST', '/admin/keys', { body: { hostname: 'shop.example' }, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(created.status).toBe(201);
    const { apiKey, secret } = created.json as { apiKey: string; secret: string };
    const classify = (ip: string, headers: Record<string, string> = {}) => call(s, 'POST', `/api/v1/classify?apiKey=${apiKey}`, { body: MESSAGE, ip, headers });

    // The copier at 198.51.100.7: three requests, then 429 with Retry-After, however often it tries.
    for (let i = 0; i < 3; i++) expect((await classify('198.51.100.7')).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const r = await classify('198.51.100.7');
      expect(r).toMatchObject({ status: 429, json: { code: 'RATE_LIMITED' } });
      expect(Number(r.headers!['retry-after'])).toBeGreaterThan(0);
    }
    // A real visitor still has a share of their own.
    for (let i = 0; i < 3; i++) expect((await classify('203.0.113.9')).status).toBe(200);
    // The site's server, from the copier's address even, with the secret: not split, so it gets
    // what is left of the key's budget: 10 - 3 - 3 = 4 (the five refusals above cost nothing).
    for (let i = 0; i < 4; i++) expect((await classify('198.51.100.7', { 'x-formspam-secret': secret })).status).toBe(200);
    expect((await classify('198.51.100.7', { 'x-formspam-secret': secret })).status).toBe(429);
    // A wrong secret is no proof: split as any client.
    expect((await classify('192.0.2.44', { 'x-formspam-secret': `${secret}x` })).status).toBe(429); // the key's budget is spent
  });

  it('a wrong secret is split like any other client', async () => {
    const s = createService({
      adminToken: TOKEN,
      offline: true,
      rateLimits: { classifyPerIp: false, classifyPerKeyIp: { limit: 1, windowSeconds: 600 }, classifyPerKey: { limit: 100, windowSeconds: 600 } },
    });
    const { apiKey } = (await call(s, 'POST', '/admin/keys', { body: { hostname: 'shop.example' }, headers: { authorization: `Bearer ${TOKEN}` } })).json as { apiKey: string };
    const classify = (headers: Record<string, string>) => call(s, 'POST', `/api/v1/classify?apiKey=${apiKey}`, { body: MESSAGE, ip: '198.51.100.7', headers });
    expect((await classify({ 'x-formspam-secret': 'sec_wrong' })).status).toBe(200);
    expect((await classify({ 'x-formspam-secret': 'sec_wrong' })).status).toBe(429);
  });

  it('the admin sets a key\'s own limits: they replace the server\'s for that key only, and can be cleared', async () => {
    const s = createService({
      adminToken: TOKEN,
      offline: true,
      rateLimits: { classifyPerIp: false, classifyPerKeyIp: { limit: 100, windowSeconds: 600 }, classifyPerKey: { limit: 100, windowSeconds: 600 } },
    });
    const admin = { authorization: `Bearer ${TOKEN}` };
    const created = await call(s, 'POST', '/admin/keys', { body: { hostname: 'small.example', limits: 'classify-key=3/600' }, headers: admin });
    expect(created).toMatchObject({ status: 201, json: { hostname: 'small.example', limits: 'classify-key=3/600' } });
    const small = created.json.apiKey as string;
    const other = (await call(s, 'POST', '/admin/keys', { body: { hostname: 'big.example' }, headers: admin })).json.apiKey as string;
    const classify = (apiKey: string, ip: string) => call(s, 'POST', `/api/v1/classify?apiKey=${apiKey}`, { body: MESSAGE, ip });
    for (let i = 0; i < 3; i++) expect((await classify(small, `198.51.100.${i}`)).status).toBe(200);
    expect((await classify(small, '198.51.100.9')).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await classify(other, '198.51.100.9')).status).toBe(200);

    // Raise it; the split per client IP for this key only: 1 per IP.
    const patched = await call(s, 'PATCH', `/admin/keys?apiKey=${small}`, { body: { limits: 'classify-key=50/600,classify-key-ip=1/600' }, headers: admin });
    expect(patched).toMatchObject({ status: 200, json: { apiKey: small, limits: 'classify-key=50/600,classify-key-ip=1/600' } });
    expect((await classify(small, '203.0.113.1')).status).toBe(200);
    expect((await classify(small, '203.0.113.1')).status).toBe(429);
    expect((await classify(small, '203.0.113.2')).status).toBe(200);
    const listed = await call(s, 'GET', '/admin/keys', { headers: admin });
    const rows = listed.json.keys.map((k: { hostname: string; limits: string | null }) => [k.hostname, k.limits]).sort();
    expect(rows).toEqual([['big.example', null], ['small.example', 'classify-key=50/600,classify-key-ip=1/600']]);

    // Back to the server's (100 per IP).
    expect(await call(s, 'PATCH', `/admin/keys?apiKey=${small}`, { body: { limits: null }, headers: admin })).toMatchObject({ status: 200, json: { limits: null } });
    expect((await classify(small, '203.0.113.1')).status).toBe(200);

    // Bad input: a clear 4xx with a code.
    expect(await call(s, 'PATCH', `/admin/keys?apiKey=${small}`, { body: { limits: 'generate-ip=1/60' }, headers: admin })).toMatchObject({ status: 400, json: { code: 'INVALID_LIMITS' } });
    expect(await call(s, 'PATCH', `/admin/keys?apiKey=${small}`, { body: { limits: 7 }, headers: admin })).toMatchObject({ status: 400, json: { code: 'INVALID_LIMITS' } });
    expect(await call(s, 'PATCH', `/admin/keys?apiKey=${small}`, { body: {}, headers: admin })).toMatchObject({ status: 400, json: { code: 'INVALID_BODY' } });
    expect(await call(s, 'PATCH', '/admin/keys?apiKey=ckey_missing', { body: { limits: null }, headers: admin })).toMatchObject({ status: 404, json: { code: 'API_KEY_NOT_FOUND' } });
    expect(await call(s, 'POST', '/admin/keys', { body: { hostname: 'x.example', limits: 'classify-key=lots' }, headers: admin })).toMatchObject({ status: 400, json: { code: 'INVALID_LIMITS' } });
    expect(await call(s, 'PATCH', `/admin/keys?apiKey=${small}`, { body: { limits: null } })).toMatchObject({ status: 401 });
  });

  it('parseKeyLimits takes only the two per-key limits', () => {
    expect(parseKeyLimits('classify-key=10/60,classify-key-ip=off')).toEqual({ classifyPerKey: { limit: 10, windowSeconds: 60 }, classifyPerKeyIp: false });
    expect(() => parseKeyLimits('classify-ip=10/60')).toThrow(/only classify-key and classify-key-ip/);
    expect(() => parseKeyLimits('off')).toThrow(/not a key limit/);
    expect(() => parseKeyLimits('')).toThrow(/classify-key/);
  });

  it('formspam keys create --limits and keys limit, on a real server with its SQLite store', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formspam-key-limits-'));
    const server = await startServer(['--data-dir', dataDir, '--key-issuance', 'closed'], { FORMSPAM_ADMIN_TOKEN: TOKEN });
    try {
      const env = { FORMSPAM_ADMIN_TOKEN: TOKEN };
      const created = await runCli(['keys', 'create', '--server', server.url, '--hostname', 'shop.example', '--limits', 'classify-key=2/600'], undefined, { env });
      expect(created.code).toBe(0);
      const key = JSON.parse(created.stdout) as { apiKey: string; limits: string };
      expect(key.limits).toBe('classify-key=2/600');
      const classify = () => fetch(`${server.url}/api/v1/classify?apiKey=${key.apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(MESSAGE) }).then((r) => r.status);
      expect([await classify(), await classify(), await classify()]).toEqual([200, 200, 429]);
      const limited = await runCli(['keys', 'limit', '--server', server.url, '--api-key', key.apiKey, '--limits', 'classify-key=10/600'], undefined, { env });
      expect(limited.code).toBe(0);
      expect(JSON.parse(limited.stdout)).toMatchObject({ apiKey: key.apiKey, limits: 'classify-key=10/600' });
      expect(await classify()).toBe(200);
      const listed = await runCli(['keys', 'list', '--server', server.url], undefined, { env });
      expect(JSON.parse(listed.stdout.trim())).toMatchObject({ apiKey: key.apiKey, limits: 'classify-key=10/600' });
      const bad = await runCli(['keys', 'limit', '--server', server.url, '--api-key', key.apiKey, '--limits', 'classify-ip=1/60'], undefined, { env });
      expect(bad.code).toBe(2);
      expect(JSON.parse(bad.stderr)).toMatchObject({ error: { code: 'INVALID_LIMITS' } });
      const reset = await runCli(['keys', 'limit', '--server', server.url, '--api-key', key.apiKey], undefined, { env });
      expect(JSON.parse(reset.stdout)).toMatchObject({ limits: null });
    } finally {
      await server.stop();
    }
  });
});
