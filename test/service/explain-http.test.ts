// Readable reasons over HTTP (issue 17): `explain` in the body or `?explain=` in the query of
// POST /api/v1/classify; `true` takes the language from Accept-Language; an unknown language is
// 400 UNSUPPORTED_EXPLAIN_LANGUAGE; without it the response is byte-for-byte the one of before.
import express from 'express';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouter } from '../../src/adapters/express.js';
import { createFetchHandler, type FetchHandler } from '../../src/adapters/fetch.js';
import { classify } from '../../src/engine/classifier.js';
import { explain, type ExplainLanguage } from '../../src/explain/index.js';
import { createDefaultProviders } from '../../src/providers/default.js';
import { requestApiKey } from '../../src/service/client.js';
import { explainParam, withExplain } from '../../src/service/explain.js';
import { openApiDocument } from '../../src/service/openapi.js';
import { createMemoryStore } from '../../src/stores/memory.js';

const SPAM = { text: 'BUY CHEAP FOLLOWERS NOW!!! Only $5 at https://spam.example.com 1; drop table users', timeZone: 'Europe/Moscow', expectedCountries: ['de'] };
const providers = createDefaultProviders({ offline: true });
let handler: FetchHandler;
let apiKey: string;

beforeAll(async () => {
  // No per-site model: its rule (skipped until the key reports) is in no plain classify() response.
  handler = createFetchHandler({ offline: true, providers, store: createMemoryStore(), rateLimits: false, metrics: false, m2m: { maxNumber: 1000 }, siteModel: false });
  ({ apiKey } = await requestApiKey({ server: 'http://x.test', hostname: 'example.com', fetch: ((url: string, init: RequestInit) => handler(new Request(url, init))) as typeof fetch }));
});
afterAll(() => handler.close());

async function post(body: unknown, query = '', headers: Record<string, string> = {}): Promise<{ status: number; text: string; json: Record<string, unknown> }> {
  const res = await handler(new Request(`http://x.test/api/v1/classify?apiKey=${apiKey}${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) }));
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Record<string, unknown> };
}

/** A response's JSON text with its random `id` set to one value, in its place. */
function sameId(text: string): string {
  return JSON.stringify({ ...(JSON.parse(text) as object), id: 'd_same' });
}

/** The sentences classify gives for SPAM in `language`. */
async function sentences(language: ExplainLanguage) {
  return explain(await classify(SPAM, providers), { language });
}

describe('POST /api/v1/classify with explain', () => {
  it('without explain: the response is exactly classify()\'s, with no `explanations`', async () => {
    const plain = await post(SPAM);
    expect(plain.status).toBe(200);
    expect(plain.json.id).toMatch(/^d_[A-Za-z0-9_-]{22}$/);
    expect(plain.text).toBe(JSON.stringify(await classify(SPAM, providers, { id: plain.json.id as string })));
    expect(plain.json).not.toHaveProperty('explanations');
    for (const off of [await post({ ...SPAM, explain: false }), await post(SPAM, '&explain=false')]) expect(sameId(off.text)).toBe(sameId(plain.text));
  });

  it('body `explain: "en" | "de" | "fr" | "es"`: `explanations` last, in that language; the rest unchanged', async () => {
    const plain = sameId((await post(SPAM)).text);
    for (const language of ['en', 'de', 'fr', 'es'] as const) {
      const r = await post({ ...SPAM, explain: language });
      expect(r.status).toBe(200);
      const { explanations, ...rest } = r.json;
      expect(sameId(JSON.stringify(rest))).toBe(plain);
      expect(Object.keys(r.json).at(-1)).toBe('explanations');
      expect(explanations).toEqual(await sentences(language));
      expect((explanations as { rule: string }[]).map((e) => e.rule)).toEqual(r.json.reasons);
    }
    const de = (await post({ ...SPAM, explain: 'de' })).json.explanations as { rule: string; text: string }[];
    expect(de.find((e) => e.rule === 'timeZone.UNEXPECTED_COUNTRY')?.text).toContain('Russland');
  });

  it('body `explain: true`: the best of en/de/fr/es in Accept-Language, else English', async () => {
    const cases: [string | undefined, ExplainLanguage][] = [
      [undefined, 'en'],
      ['de', 'de'],
      ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', 'fr'],
      ['it-IT, it;q=0.9, es;q=0.5', 'es'],
      ['en;q=0.2, de-AT;q=0.9', 'de'],
      ['pt-BR, pt', 'en'],
      ['*', 'en'],
      ['*, en;q=0', 'de'],
      ['garbage;;q=x,,', 'en'],
    ];
    for (const [acceptLanguage, language] of cases) {
      const r = await post({ ...SPAM, explain: true }, '', acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage });
      expect(r.status, acceptLanguage).toBe(200);
      expect(r.json.explanations, acceptLanguage).toEqual(await sentences(language));
    }
  });

  it('query `?explain=de`, `?explain` and `?explain=true` (Accept-Language); the body\'s own `explain` wins', async () => {
    expect((await post(SPAM, '&explain=es')).json.explanations).toEqual(await sentences('es'));
    expect((await post(SPAM, '&explain', { 'accept-language': 'fr' })).json.explanations).toEqual(await sentences('fr'));
    expect((await post(SPAM, '&explain=true', { 'accept-language': 'de-DE' })).json.explanations).toEqual(await sentences('de'));
    expect((await post(SPAM, '&explain=true')).json.explanations).toEqual(await sentences('en'));
    expect((await post({ ...SPAM, explain: 'fr' }, '&explain=de')).json.explanations).toEqual(await sentences('fr'));
    expect((await post({ ...SPAM, explain: false }, '&explain=de')).json).not.toHaveProperty('explanations');
    // A query that needs decoding takes the URL path: the same answer.
    expect((await post(SPAM, '&explain=d%65&x=%20')).json.explanations).toEqual(await sentences('de'));
  });

  it('an unknown language is 400 UNSUPPORTED_EXPLAIN_LANGUAGE (body or query); a wrong type is INVALID_REQUEST', async () => {
    for (const [body, query] of [[{ ...SPAM, explain: 'it' }, ''], [{ ...SPAM, explain: 'DE' }, ''], [{ ...SPAM, explain: '' }, ''], [SPAM, '&explain=it'], [SPAM, '&explain=1'], [{ ...SPAM, explain: 'de' }, '&explain=xx']] as const) {
      const r = await post(body, query);
      expect(r.status, JSON.stringify([(body as { explain?: unknown }).explain, query])).toBe(400);
      expect(r.json.code).toBe('UNSUPPORTED_EXPLAIN_LANGUAGE');
      expect(r.json.statusCode).toBe(400);
      expect(r.json.error).toMatch(/en, de, fr, es/);
    }
    const typed = await post({ ...SPAM, explain: 1 });
    expect(typed.status).toBe(400);
    expect(typed.json.code).toBe('INVALID_REQUEST');
    expect(typed.json.error).toMatch(/^\$\.explain: must be boolean or string/);
    // A query explain beside a body that is no object: the body's error.
    const notObject = await post('[1]', '&explain=de');
    expect(notObject.json.code).toBe('INVALID_REQUEST');
  });

  it('the OpenAPI document describes the body property, the query parameter, Accept-Language and `explanations`', () => {
    const doc = openApiDocument('0.0.0') as { components: { schemas: Record<string, { properties: Record<string, unknown> }> }; paths: Record<string, Record<string, { parameters: { name: string }[] }>> };
    expect(doc.components.schemas.ClassifyRequest!.properties.explain).toMatchObject({ oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['en', 'de', 'fr', 'es'] }] });
    expect(doc.components.schemas.ClassifyResponse!.properties.explanations).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/Explanation' } });
    expect(doc.components.schemas.Explanation).toMatchObject({ required: ['rule', 'score', 'text'] });
    expect(doc.components.schemas.WidgetVerifyResponse!.properties).toHaveProperty('explanations');
    expect(doc.components.schemas.WidgetVerifyRequest!.properties).toHaveProperty('explain');
    const names = (path: string, method: string) => doc.paths[path]![method]!.parameters.map((p) => p.name);
    expect(names('/api/v1/classify', 'post')).toEqual(expect.arrayContaining(['explain', 'Accept-Language']));
    expect(names('/api/v1/verify', 'post')).toEqual(expect.arrayContaining(['explain', 'Accept-Language']));
    expect(names('/api/v1/challenge', 'get')).toContain('explain');
    expect(JSON.stringify(doc.components.schemas.Error)).toContain('UNSUPPORTED_EXPLAIN_LANGUAGE');
  });
});

describe('withExplain / explainParam', () => {
  it('leaves a body that asks nothing untouched (the same object)', () => {
    const body = { text: 'x' };
    expect(withExplain(body, null, 'de')).toBe(body);
    const own = { text: 'x', explain: 'fr' };
    expect(withExplain(own, 'de', 'es')).toBe(own);
  });

  it('copies, never changes, the body it resolves', () => {
    const body = Object.freeze({ text: 'x', explain: true });
    expect(withExplain(body, null, 'es')).toEqual({ text: 'x', explain: 'es' });
    expect(body.explain).toBe(true);
    expect(withExplain({ text: 'x' }, 'fr', undefined)).toEqual({ text: 'x', explain: 'fr' });
  });

  it('reads the query values', () => {
    expect([null, '', 'true', 'false', 'en', 'de', 'fr', 'es'].map(explainParam)).toEqual([undefined, true, true, false, 'en', 'de', 'fr', 'es']);
    for (const bad of ['it', 'EN', '0', 'yes', 'de-DE']) expect(() => explainParam(bad)).toThrowError(expect.objectContaining({ code: 'UNSUPPORTED_EXPLAIN_LANGUAGE' }));
  });
});

describe('Express with express.json()', () => {
  it('resolves `explain: true` from Accept-Language without changing req.body', async () => {
    const router = createRouter({ offline: true, providers, store: createMemoryStore(), rateLimits: false, metrics: false, m2m: { maxNumber: 1000 } });
    let body: unknown;
    const spy = express();
    spy.use(express.json(), (req, res, next) => {
      res.on('finish', () => {
        body = req.body;
      });
      next();
    }, router);
    const server: Server = createServer(spy);
    const base = await new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
    try {
      const { apiKey: key } = await requestApiKey({ server: base, hostname: 'example.com' });
      const r = await fetch(`${base}/api/v1/classify?apiKey=${key}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'es-ES,es;q=0.9' }, body: JSON.stringify({ ...SPAM, explain: true }) });
      expect(r.status).toBe(200);
      expect(((await r.json()) as { explanations: unknown }).explanations).toEqual(await sentences('es'));
      expect(body).toEqual({ ...SPAM, explain: true });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
      await router.close();
    }
  });
});
