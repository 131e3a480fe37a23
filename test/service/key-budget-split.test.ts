// issue 19 item 6: a key's budget is split per client IP, so whoever copies a site's public key
// from its page can use up only their own share; the site's own server proves the secret and is
// not split; a request refused by the split costs the key nothing.
import { describe, expect, it } from 'vitest';
import { createService, type Service } from '../../src/service/service.js';
import { parseRateLimits } from '../../src/service/rate-limit.js';

const TOKEN = 'admin-token-0123456789abcdef0123456789';
const MESSAGE = { fields: { message: 'Hello, is the workshop next Tuesday still open? Best, Jana' } };

async function call(service: Service, method: string, url: string, options: { body?: unknown; ip?: string; headers?: Record<string, string> } = {}) {
  const body = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const response = await service.handle({
    method,
    url,
    headers: { ...(body && { 'content-type': 'application/json', 'content-length': String(body.length) }), ...options.headers },
    remoteAddress: options.ip ?? '127.0.0.1',
    readBody: async () => body ?? new Uint8Array(),
  });
  return { status: response.status, headers: response.headers, json: JSON.parse(String(response.body)) as any };
}

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
});
