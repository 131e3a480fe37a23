/**
 * The HTTP conformance suite: every adapter of the service (formspam/node, formspam/express,
 * formspam/fetch, yours) must answer these requests the same way. The suite drives the adapter
 * through a `fetch`-like function, so it runs against a real server (a base URL and the global
 * `fetch`) or in-process (`(url, init) => handler(new Request(url, init))`, a Hono `app.request`).
 *
 * @example
 * testHttpAdapter('fetch handler', (options) => {
 *   const handler = createFetchHandler(options);
 *   return { fetch: (url, init) => handler(new Request(url, init)), close: () => handler.close() };
 * });
 */
import { resolveRunner, type Runner } from './runner.js';
import assert from 'node:assert/strict';
import { explain, type ExplainLanguage } from '../explain/index.js';
import type { ClassifyResponse } from '../core/response.js';
import { requestApiKey } from '../service/client.js';
import type { ServiceOptions } from '../service/service.js';
import { createMemoryStore } from '../stores/memory.js';

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export interface HttpAdapterSetup {
  /** Where the service is, e.g. `http://127.0.0.1:8080/spam` (default `http://formspam.test`, for in-process handlers). */
  baseUrl?: string;
  /** How to send a request (default the global `fetch`). */
  fetch?: FetchLike;
  close?: () => Promise<void> | void;
  /**
   * The adapter hands paths it does not know to the framework (Express's `next()`): an unknown
   * path is then only checked to be a 404, whatever its body. Paths the service owns must still
   * answer with the service's JSON errors.
   */
  passesUnknownPaths?: boolean;
}


/** The body limit the suite asks for. */
export const HTTP_CONFORMANCE_BODY_LIMIT = 4096;

const SPAM = 'BUY CHEAP FOLLOWERS NOW!!! Only $5 at https://spam.example.com/buy https://spam.example.com/now 1; drop table users';
const JSON_HEADERS = { 'content-type': 'application/json' };

async function errorBody(res: Response, status: number, code: string): Promise<void> {
  assert.equal(res.status, status, `status ${res.status} instead of ${status}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await res.json()) as { error?: unknown; statusCode?: unknown; code?: unknown };
  assert.equal(body.code, code);
  assert.equal(body.statusCode, status);
  assert.equal(typeof body.error, 'string');
  assert.doesNotMatch(body.error as string, /\n\s+at /, 'no stack trace');
}

/**
 * Declares the suite. `setup` gets the service options to use (offline providers, a memory
 * store, a small proof of work, no rate limits, a body limit of {@link HTTP_CONFORMANCE_BODY_LIMIT})
 * and no metrics) and returns how to reach an adapter serving them.
 */
export function testHttpAdapter(name: string, setup: (options: ServiceOptions) => Promise<HttpAdapterSetup> | HttpAdapterSetup, runner: Runner = {}): void {
  const { describe, it, beforeAll, afterAll } = resolveRunner('testHttpAdapter', runner, ['describe', 'it', 'beforeAll', 'afterAll']);

  describe(`HTTP conformance: ${name}`, () => {
    let s: HttpAdapterSetup;
    let send: FetchLike;
    let base: string;
    let apiKey = '';
    const url = (path: string) => base + path;
    beforeAll(async () => {
      s = await setup({ offline: true, store: createMemoryStore(), m2m: { maxNumber: 1000 }, rateLimits: false, metrics: false, bodyLimit: HTTP_CONFORMANCE_BODY_LIMIT });
      send = s.fetch ?? ((u, init) => fetch(u, init));
      base = (s.baseUrl ?? 'http://formspam.test').replace(/\/$/, '');
      apiKey = (await requestApiKey({ server: base, hostname: 'example.com', fetch: send as typeof fetch })).apiKey;
    });
    afterAll(async () => {
      await s?.close?.();
    });

    it('GET /healthz: 200 {"status":"ok"}; HEAD: 200 without a body', async () => {
      const res = await send(url('/healthz'));
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { status: 'ok' });
      const head = await send(url('/healthz'), { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(await head.text(), '');
    });

    it('GET /readyz: JSON with a status and the store', async () => {
      const res = await send(url('/readyz'));
      assert.ok(res.status === 200 || res.status === 503, `status ${res.status}`);
      const body = (await res.json()) as { status: string; store: { kind: string; ok: boolean }; lists: { status: string; missing: string[]; stale: string[] } };
      // 200: `ok`, or `degraded` exactly when a downloaded list is missing or stale; 503: `unavailable`.
      if (res.status === 200) {
        const degraded = body.lists.missing.length > 0 || body.lists.stale.length > 0;
        assert.equal(body.status, degraded ? 'degraded' : 'ok');
        assert.equal(body.lists.status, body.status);
      } else assert.equal(body.status, 'unavailable');
      assert.deepEqual(body.store, { kind: 'memory', ok: true });
    });

    it('POST /api_key/generate without a proof: 401 with an Altcha challenge', async () => {
      const res = await send(url('/api_key/generate'), { method: 'POST', headers: JSON_HEADERS, body: '{"hostname":"example.com"}' });
      assert.equal(res.status, 401);
      assert.match(res.headers.get('www-authenticate') ?? '', /^Altcha /i);
      await res.body?.cancel();
    });

    it('classifies with a key (query or bearer): spam is BAD, an enquiry is not', async () => {
      const spam = await send(url(`/api/v1/classify?apiKey=${apiKey}`), { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ text: SPAM }) });
      assert.equal(spam.status, 200);
      const verdict = (await spam.json()) as { classification: string; score: number };
      assert.equal(verdict.classification, 'BAD');
      const ham = await send(url('/api/v1/classify'), {
        method: 'POST',
        headers: { ...JSON_HEADERS, authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ text: 'Hello, I would like to ask whether the workshop next Tuesday still has free seats, and whether I can pay by invoice. Best regards, Maria' }),
      });
      assert.equal(ham.status, 200);
      assert.notEqual(((await ham.json()) as { classification: string }).classification, 'BAD');
    });

    it('readable reasons on request: body `explain`, `?explain=`, Accept-Language; none without; 400 UNSUPPORTED_EXPLAIN_LANGUAGE', async () => {
      const classifyUrl = url(`/api/v1/classify?apiKey=${apiKey}`);
      const ask = async (body: Record<string, unknown>, query = '', headers: Record<string, string> = {}) => {
        const res = await send(classifyUrl + query, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });
        assert.equal(res.status, 200, `status ${res.status} for ${JSON.stringify(body.explain)} ${query}`);
        return (await res.json()) as { id: string; reasons: string[]; explanations?: { rule: string; score: number; text: string }[] };
      };
      const plain = await ask({ text: SPAM });
      assert.equal('explanations' in plain, false, 'no `explanations` unless asked');
      // The same response, with one sentence per reason in the language asked for (explain() of the plain one).
      const check = (r: Awaited<ReturnType<typeof ask>>, language: ExplainLanguage, what: string) => {
        const { explanations, ...rest } = r;
        // Every decision has its own `id`.
        assert.deepEqual({ ...rest, id: (plain as { id?: string }).id }, plain, `${what}: the rest of the response is unchanged`);
        assert.deepEqual(explanations, explain(plain as unknown as ClassifyResponse, { language }), `${what}: the sentences in ${language}`);
        assert.ok(explanations!.some((e) => e.rule === 'text.URL' && e.text.includes('spam.example.com')), `${what}: the evidence is quoted`);
      };
      check(await ask({ text: SPAM, explain: 'de' }), 'de', 'body "de"');
      check(await ask({ text: SPAM }, '&explain=es'), 'es', '?explain=es');
      check(await ask({ text: SPAM, explain: true }, '', { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.5' }), 'fr', 'true + Accept-Language fr');
      check(await ask({ text: SPAM }, '&explain=true', { 'accept-language': 'it, en;q=0.1' }), 'en', '?explain=true + Accept-Language it, en');
      for (const [body, query] of [[{ text: SPAM, explain: 'it' }, ''], [{ text: SPAM }, '&explain=xx']] as const) {
        await errorBody(await send(classifyUrl + query, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) }), 400, 'UNSUPPORTED_EXPLAIN_LANGUAGE');
      }
    });

    it('400 INVALID_JSON for a broken body', async () => {
      await errorBody(await send(url(`/api/v1/classify?apiKey=${apiKey}`), { method: 'POST', headers: JSON_HEADERS, body: '{"text":' }), 400, 'INVALID_JSON');
    });

    it('401 MISSING_API_KEY and INVALID_API_KEY', async () => {
      await errorBody(await send(url('/api/v1/classify'), { method: 'POST', headers: JSON_HEADERS, body: '{"text":"hi"}' }), 401, 'MISSING_API_KEY');
      await errorBody(await send(url('/api/v1/classify?apiKey=ckey_nope'), { method: 'POST', headers: JSON_HEADERS, body: '{"text":"hi"}' }), 401, 'INVALID_API_KEY');
    });

    it('404 NOT_FOUND for an unknown path, and for a known one that is off (/metrics, /admin/keys)', async () => {
      const unknown = await send(url('/no-such-endpoint'));
      if (s.passesUnknownPaths) {
        assert.equal(unknown.status, 404);
        await unknown.body?.cancel();
      } else await errorBody(unknown, 404, 'NOT_FOUND');
      await errorBody(await send(url('/metrics')), 404, 'NOT_FOUND');
      await errorBody(await send(url('/admin/keys')), 404, 'ADMIN_DISABLED');
    });

    it('405 METHOD_NOT_ALLOWED with Allow', async () => {
      const res = await send(url('/api/v1/classify'));
      assert.equal(res.headers.get('allow'), 'POST');
      await errorBody(res, 405, 'METHOD_NOT_ALLOWED');
    });

    it('415 UNSUPPORTED_MEDIA_TYPE for a non-JSON body', async () => {
      await errorBody(await send(url(`/api/v1/classify?apiKey=${apiKey}`), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('413 REQUEST_TOO_LARGE past the body limit, with a Content-Length', async () => {
      const body = JSON.stringify({ text: 'a'.repeat(HTTP_CONFORMANCE_BODY_LIMIT) });
      await errorBody(await send(url(`/api/v1/classify?apiKey=${apiKey}`), { method: 'POST', headers: JSON_HEADERS, body }), 413, 'REQUEST_TOO_LARGE');
    });

    it('413 REQUEST_TOO_LARGE past the body limit, streamed without a Content-Length', async () => {
      const chunk = new TextEncoder().encode('a'.repeat(1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode('{"text":"'));
          // Far more than the limit: the adapter must stop reading, not buffer it all.
          if (sent++ < 64) controller.enqueue(chunk);
          else {
            controller.enqueue(new TextEncoder().encode('"}'));
            controller.close();
          }
        },
      });
      const init = { method: 'POST', headers: JSON_HEADERS, body: stream, duplex: 'half' } as RequestInit;
      await errorBody(await send(url(`/api/v1/classify?apiKey=${apiKey}`), init), 413, 'REQUEST_TOO_LARGE');
    });

    it('a body just under the limit is classified', async () => {
      const body = JSON.stringify({ text: 'Hello there. '.repeat(Math.floor((HTTP_CONFORMANCE_BODY_LIMIT - 20) / 13)) });
      assert.ok(body.length <= HTTP_CONFORMANCE_BODY_LIMIT);
      const res = await send(url(`/api/v1/classify?apiKey=${apiKey}`), { method: 'POST', headers: JSON_HEADERS, body });
      assert.equal(res.status, 200);
      assert.equal(typeof ((await res.json()) as { score: unknown }).score, 'number');
    });
  });
}
