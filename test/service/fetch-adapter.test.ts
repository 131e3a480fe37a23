// formspam/fetch beyond the shared conformance suite: the body limit stops reading the stream,
// basePath and handles(), the client IP from `clientIp` (believed through trustedProxies only).
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../src/adapters/fetch.js';
import { requestApiKey } from '../../src/service/client.js';
import { createMemoryStore } from '../../src/stores/memory.js';

const OPTIONS = { offline: true, store: createMemoryStore(), rateLimits: false as const, metrics: false };

describe('formspam/fetch', () => {
  it('stops reading a streamed body once it passes the limit (413), instead of buffering it all', async () => {
    const handler = createFetchHandler({ ...OPTIONS, bodyLimit: 1000, m2m: { maxNumber: 1000 } });
    const { apiKey } = await requestApiKey({ server: 'http://x.test', hostname: 'example.com', fetch: ((url: string, init: RequestInit) => handler(new Request(url, init))) as typeof fetch });
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(100).fill(0x61)); // never ends
      },
      cancel() {
        cancelled = true;
      },
    });
    const res = await handler(new Request(`http://x.test/api/v1/classify?apiKey=${apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('REQUEST_TOO_LARGE');
    expect(pulled).toBeLessThan(20);
    expect(cancelled).toBe(true);
  });

  it('basePath: routes below it, 404 JSON outside it; handles() says which requests are its own', async () => {
    const handler = createFetchHandler({ ...OPTIONS, basePath: '/spam/' });
    expect((await handler(new Request('http://x.test/spam/healthz'))).status).toBe(200);
    const outside = await handler(new Request('http://x.test/healthz'));
    expect(outside.status).toBe(404);
    expect(((await outside.json()) as { code: string }).code).toBe('NOT_FOUND');
    expect(handler.handles(new Request('http://x.test/spam/api/v1/classify'))).toBe(true);
    expect(handler.handles('http://x.test/spam/contact')).toBe(false);
    expect(handler.handles('http://x.test/api/v1/classify')).toBe(false);
  });

  it('takes the client IP from clientIp(), and X-Forwarded-For only from a trusted proxy', async () => {
    const seen: (string | undefined)[] = [];
    const logger = { info: (o: object) => void seen.push((o as { ip?: string }).ip), warn() {}, error() {} };
    const direct = createFetchHandler({ ...OPTIONS, logger, clientIp: () => '203.0.113.9' });
    await direct(new Request('http://x.test/healthz', { headers: { 'x-forwarded-for': '1.1.1.1' } }));
    const proxied = createFetchHandler({ ...OPTIONS, logger, trustedProxies: ['loopback'], clientIp: () => '127.0.0.1' });
    await proxied(new Request('http://x.test/healthz', { headers: { 'x-forwarded-for': '198.51.100.7' } }));
    const throwing = createFetchHandler({ ...OPTIONS, logger, clientIp: () => { throw new Error('no socket'); } });
    expect((await throwing(new Request('http://x.test/healthz'))).status).toBe(200);
    expect(seen).toEqual(['203.0.113.9', '198.51.100.7', undefined]);
  });
});
