// The browser-widget endpoints over real HTTP on loopback (node:http adapter), checked against
// altcha-lib as the independent implementation in both directions: altcha-lib solves and
// verifies our challenges; our verify endpoint accepts challenges altcha-lib created with the
// key's secret; altcha-lib v1 and v2 verify our signed payloads and fields hashes; altcha-lib's
// verifyServer talks to our /v1/verify/signature.
import { createHmac } from 'node:crypto';
import { createChallenge as libCreateChallenge, solveChallenge as libSolve, verifyFieldsHash as libFieldsHashV1, verifyServerSignature as libServerSigV1, verifySolution as libVerifySolution } from 'altcha-lib/v1';
import { verifyFieldsHash as libFieldsHashV2, verifyServer as libVerifyServer, verifyServerSignature as libServerSigV2 } from 'altcha-lib';
import express from 'express';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouter } from '../../src/adapters/express.js';
import { createHandler, type NodeHandler } from '../../src/adapters/node.js';
import { requestApiKey } from '../../src/service/client.js';
import type { Service } from '../../src/service/service.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { verifyServerSignature, verifySolution } from '../../src/verify/index.js';

const servers: Server[] = [];
const handlers: NodeHandler[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await Promise.all(handlers.map((h) => h.close()));
});
function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler!);
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}

type Challenge = { algorithm: string; challenge: string; maxnumber?: number; salt: string; signature: string };
const GOOD = { name: 'Alice', message: 'Hello,\r\nI would like to ask about your opening hours next week. Thanks' };
const SPAM = { name: 'Bob', message: 'BUY CHEAP FOLLOWERS NOW!!! Only $5 at https://spam.example.com 1; drop table users' };
const PAGE = 'http://127.0.0.1:5173/contact';

let clock = Date.now();
let base: string;
let key: { apiKey: string; secret: string };
let other: { apiKey: string; secret: string };

async function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const res = await fetch(base + path, {
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined && { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body !== undefined && { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

async function challenge(query = '', headers: Record<string, string> = {}): Promise<Challenge> {
  const r = await call(`/api/v1/challenge?apiKey=${key.apiKey}&maxnumber=2000${query}`, { headers: { referer: PAGE, ...headers } });
  expect(r.status).toBe(200);
  return r.body;
}

async function solve(c: Challenge): Promise<string> {
  const solution = await libSolve(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution!.number, salt: c.salt, signature: c.signature, took: solution!.took })).toString('base64');
}

const verify = (body: Record<string, unknown>, apiKey = key.apiKey, headers: Record<string, string> = {}) =>
  call(`/api/v1/verify?apiKey=${apiKey}`, { method: 'POST', body, headers: { referer: PAGE, ...headers } });

const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));

let service: Service;

beforeAll(async () => {
  const handler = createHandler({ store: createMemoryStore(), offline: true, m2m: { maxNumber: 1000 }, rateLimits: false, now: () => clock });
  handlers.push(handler);
  service = handler.service;
  base = await listen(handler);
  key = await requestApiKey({ server: base, hostname: '127.0.0.1' });
  other = await requestApiKey({ server: base, hostname: 'example.com' });
});

describe('GET /api/v1/challenge', () => {
  it('issues a v1 challenge signed with the key\'s secret that altcha-lib solves and verifies', async () => {
    clock = Date.now();
    const r = await call(`/api/v1/challenge?apiKey=${key.apiKey}`, { headers: { referer: PAGE } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-altcha-config')).toBeNull();
    expect(Object.keys(r.body)).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    expect(r.body).toMatchObject({ algorithm: 'SHA-256', maxnumber: 100_000 });
    expect(r.body.salt).toMatch(/^[0-9a-f]{24}\?expires=\d{10}&$/);
    expect(Number(/expires=(\d+)/.exec(r.body.salt)![1])).toBe(Math.floor(clock / 1000) + 1200);
    const c = await challenge();
    const payload = await solve(c);
    expect(await libVerifySolution(payload, key.secret)).toBe(true);
    expect(await libVerifySolution(payload, other.secret)).toBe(false);
    expect(verifySolution(payload, key.secret).verified).toBe(true);
  });

  it('takes maxnumber, complexity and expire from the query (maxnumber wins), and refuses bad values with 400', async () => {
    clock = Date.now();
    const now = Math.floor(clock / 1000);
    const get = (q: string) => call(`/v1/challenge?apiKey=${key.apiKey}${q}`);
    expect((await get('&complexity=low')).body.maxnumber).toBe(10_000);
    expect((await get('&complexity=high')).body.maxnumber).toBe(1_000_000);
    expect((await get('&complexity=high&maxnumber=5000')).body.maxnumber).toBe(5000);
    expect((await get('&expire=1h')).body.salt).toContain(`expires=${now + 3600}&`);
    expect((await get('&expire=30m')).body.salt).toContain(`expires=${now + 1800}&`);
    expect((await get('&expire=90')).body.salt).toContain(`expires=${now + 90}&`);
    for (const q of ['&complexity=extreme', '&maxnumber=10', '&maxnumber=1e5', '&maxnumber=99999999999', '&expire=2w', '&expire=5', '&expire=2d']) {
      const r = await get(q);
      expect(r.status, q).toBe(400);
      expect(r.body, q).toMatchObject({ statusCode: 400, code: 'INVALID_PARAMETER' });
    }
  });

  it('announces the verify URL with the key in X-Altcha-Config only for x-altcha-spam-filter: 1', async () => {
    for (const path of ['/api/v1/challenge', '/v1/challenge', '/api/v1/challenge/']) {
      const url = `${base}${path}?apiKey=${key.apiKey}&maxnumber=2000`;
      const res = await fetch(url, { headers: { 'x-altcha-spam-filter': '1' } });
      expect(res.status).toBe(200);
      const config = JSON.parse(res.headers.get('x-altcha-config')!);
      // How widgets 0.9 and 1.5 resolve it: new URL(verifyurl, new URL(challengeurl)).
      const resolved = new URL(config.verifyurl, new URL(url));
      expect(resolved.pathname, path).toBe(path.startsWith('/api') ? '/api/v1/verify' : '/v1/verify');
      expect(resolved.searchParams.get('apiKey')).toBe(key.apiKey);
    }
    const off = await fetch(`${base}/api/v1/challenge?apiKey=${key.apiKey}`, { headers: { 'x-altcha-spam-filter': '0' } });
    expect(off.headers.get('x-altcha-config')).toBeNull();
  });

  it('keeps the verify URL under the mount path of the Express router', async () => {
    const router = createRouter({ store: createMemoryStore(), offline: true, m2m: { maxNumber: 1000 }, rateLimits: false });
    const app = express();
    app.use('/spam', router);
    const mounted = await listen(app);
    const k = await requestApiKey({ server: `${mounted}/spam`, hostname: '127.0.0.1' });
    const url = `${mounted}/spam/api/v1/challenge?apiKey=${k.apiKey}&maxnumber=2000`;
    const res = await fetch(url, { headers: { 'x-altcha-spam-filter': '1' } });
    const verifyUrl = new URL(JSON.parse(res.headers.get('x-altcha-config')!).verifyurl, url);
    expect(verifyUrl.pathname).toBe('/spam/api/v1/verify');
    const payload = await solve((await res.json()) as Challenge);
    const v = await fetch(verifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payload, fields: GOOD }) });
    expect(v.status).toBe(200);
    expect((await libServerSigV1(((await v.json()) as { payload: string }).payload, k.secret)).verified).toBe(true);
    await router.close();
  });

  it('answers 401 without or with an unknown key and 403 for a page on another host', async () => {
    expect(await call('/api/v1/challenge')).toMatchObject({ status: 401, body: { statusCode: 401, code: 'MISSING_API_KEY' } });
    expect(await call('/api/v1/challenge?apiKey=ckey_nope')).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
    expect(await call(`/api/v1/challenge?apiKey=${key.apiKey}`, { headers: { referer: 'https://evil.example/' } })).toMatchObject({ status: 403, body: { error: 'Wrong referrer.', code: 'WRONG_REFERRER' } });
    expect((await call(`/api/v1/challenge?apiKey=${key.apiKey}`, { headers: { authorization: 'Bearer ' + other.apiKey } })).status).toBe(200);
    expect((await call(`/api/v1/challenge`, { headers: { authorization: 'Bearer ' + other.apiKey, referer: 'https://www.example.com/x' } })).status).toBe(200);
    expect(await call(`/api/v1/challenge?apiKey=${key.apiKey}`, { method: 'POST', body: {} })).toMatchObject({ status: 405 });
  });
});

describe('CORS (cross-origin pages on the key\'s host)', () => {
  it('answers the preflight for the key\'s host and refuses other origins', async () => {
    const origin = 'http://127.0.0.1:5173';
    for (const path of [`/api/v1/challenge?apiKey=${key.apiKey}`, `/api/v1/verify?apiKey=${key.apiKey}`]) {
      const r = await fetch(base + path, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-altcha-spam-filter' } });
      expect(r.status, path).toBe(204);
      expect(r.headers.get('access-control-allow-origin')).toBe(origin);
      expect(r.headers.get('access-control-allow-headers')).toBe('content-type, x-altcha-spam-filter, authorization');
      expect(r.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
      expect(r.headers.get('access-control-expose-headers')).toBe('X-Altcha-Config');
      expect(r.headers.get('vary')).toBe('Origin');
    }
    const evil = await fetch(`${base}/api/v1/challenge?apiKey=${key.apiKey}`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${base}/api/v1/challenge?apiKey=ckey_nope`, { method: 'OPTIONS', headers: { origin } })).status).toBe(401);
  });

  it('lets the page read X-Altcha-Config cross-origin, and only from the key\'s host', async () => {
    const ok = await fetch(`${base}/api/v1/challenge?apiKey=${key.apiKey}`, { headers: { origin: 'http://127.0.0.1:5173', 'x-altcha-spam-filter': '1' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(ok.headers.get('access-control-expose-headers')).toBe('X-Altcha-Config');
    const evil = await fetch(`${base}/api/v1/challenge?apiKey=${key.apiKey}`, { headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('formType in the challenge URL (a comment form with the widget)', () => {
  // Self-promotion in a comment: NEUTRAL in a contact form (1.5), BAD in a comment (2.5).
  const COMMENT = { name: 'Sam', message: 'Come and watch my video, it is called the zombie movie part 1' };

  it('carries formType into the announced verify URL, and the verify call classifies as that kind of form', async () => {
    clock = Date.now();
    for (const path of ['/api/v1/challenge', '/v1/challenge']) {
      const url = `${base}${path}?apiKey=${key.apiKey}&maxnumber=2000&formType=comment`;
      const res = await fetch(url, { headers: { 'x-altcha-spam-filter': '1', referer: PAGE } });
      expect(res.status).toBe(200);
      // As widgets 0.9 and 1.5 resolve it (the challenge URL's own query is dropped).
      const verifyUrl = new URL(JSON.parse(res.headers.get('x-altcha-config')!).verifyurl, new URL(url));
      expect(verifyUrl.searchParams.get('apiKey')).toBe(key.apiKey);
      expect(verifyUrl.searchParams.get('formType')).toBe('comment');
      const payload = await solve((await res.json()) as Challenge);
      const v = await fetch(verifyUrl, { method: 'POST', headers: { 'content-type': 'application/json', referer: PAGE }, body: JSON.stringify({ payload, fields: COMMENT }) });
      expect(v.status).toBe(200);
      const body = (await v.json()) as { classification: string; score: number; payload: string };
      expect(body).toMatchObject({ classification: 'BAD', score: 2.5 });
      const signed = await libServerSigV1(body.payload, key.secret);
      expect(signed.verified).toBe(true);
      expect(signed.verificationData).toMatchObject({ classification: 'BAD', score: 2.5 });
    }
    // Without it the same message is a contact form's: NEUTRAL.
    const plain = await verify({ payload: await solve(await challenge()), fields: COMMENT });
    expect(plain.body).toMatchObject({ classification: 'NEUTRAL', score: 1.5 });
    const res = await fetch(`${base}/api/v1/challenge?apiKey=${key.apiKey}&maxnumber=2000`, { headers: { 'x-altcha-spam-filter': '1' } });
    expect(new URL(JSON.parse(res.headers.get('x-altcha-config')!).verifyurl, base + '/api/v1/challenge').searchParams.has('formType')).toBe(false);
  });

  it('a formType in the body wins over the query', async () => {
    clock = Date.now();
    const payload = await solve(await challenge());
    const r = await call(`/api/v1/verify?apiKey=${key.apiKey}&formType=comment`, { method: 'POST', body: { payload, fields: COMMENT, formType: 'contact' }, headers: { referer: PAGE } });
    expect(r.body).toMatchObject({ classification: 'NEUTRAL', score: 1.5 });
  });

  it('answers 400 INVALID_PARAMETER for an unknown formType on both endpoints, and does not use the proof', async () => {
    clock = Date.now();
    for (const q of ['blog', 'Comment', '']) {
      const c = await call(`/api/v1/challenge?apiKey=${key.apiKey}&formType=${q}`, { headers: { referer: PAGE } });
      expect(c.status, q).toBe(400);
      expect(c.body, q).toMatchObject({ statusCode: 400, code: 'INVALID_PARAMETER', error: '`formType` must be contact or comment.' });
    }
    const payload = await solve(await challenge());
    const bad = await call(`/api/v1/verify?apiKey=${key.apiKey}&formType=blog`, { method: 'POST', body: { payload, fields: COMMENT }, headers: { referer: PAGE } });
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_PARAMETER' } });
    // The refused call did not spend the proof of work.
    expect((await verify({ payload, fields: COMMENT })).status).toBe(200);
  });
});

describe('explain in the challenge URL (readable reasons for the page)', () => {
  it('carries explain into the announced verify URL; the verify response has `explanations`, the signed payload none', async () => {
    clock = Date.now();
    const url = `${base}/api/v1/challenge?apiKey=${key.apiKey}&maxnumber=2000&explain=de`;
    const res = await fetch(url, { headers: { 'x-altcha-spam-filter': '1', referer: PAGE } });
    expect(res.status).toBe(200);
    const verifyUrl = new URL(JSON.parse(res.headers.get('x-altcha-config')!).verifyurl, new URL(url));
    expect(verifyUrl.searchParams.get('explain')).toBe('de');
    const payload = await solve((await res.json()) as Challenge);
    const v = await fetch(verifyUrl, { method: 'POST', headers: { 'content-type': 'application/json', referer: PAGE }, body: JSON.stringify({ payload, fields: SPAM }) });
    expect(v.status).toBe(200);
    const body = (await v.json()) as { classification: string; reasons: string[]; payload: string; explanations: { rule: string; text: string }[] };
    expect(body.classification).toBe('BAD');
    expect(Object.keys(body)).toEqual(['id', 'classification', 'score', 'reasons', 'verified', 'payload', 'explanations']);
    expect(body.explanations.map((e) => e.rule)).toEqual(body.reasons);
    expect(body.explanations.find((e) => e.rule === 'text.URL')?.text).toBe('Die Nachricht enthält einen Link: „https://spam.example.com“.');
    const signed = await libServerSigV1(body.payload, key.secret);
    expect(signed.verified).toBe(true);
    expect(signed.verificationData).not.toHaveProperty('explanations');
    // Without it: the response of before.
    const plain = await verify({ payload: await solve(await challenge()), fields: SPAM });
    expect(Object.keys(plain.body)).toEqual(['id', 'classification', 'score', 'reasons', 'verified', 'payload']);
  });

  it('`?explain=true` takes the browser\'s Accept-Language; the body\'s explain wins over the query', async () => {
    clock = Date.now();
    const es = await call(`/api/v1/verify?apiKey=${key.apiKey}&explain=true`, { method: 'POST', body: { payload: await solve(await challenge()), fields: SPAM }, headers: { referer: PAGE, 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } });
    expect(es.status).toBe(200);
    expect(es.body.explanations.find((e: { rule: string }) => e.rule === 'text.URL').text).toMatch(/^El mensaje contiene/);
    const fr = await call(`/api/v1/verify?apiKey=${key.apiKey}&explain=de`, { method: 'POST', body: { payload: await solve(await challenge()), fields: SPAM, explain: 'fr' }, headers: { referer: PAGE } });
    expect(fr.body.explanations.find((e: { rule: string }) => e.rule === 'text.URL').text).toMatch(/^Le message contient/);
  });

  it('answers 400 UNSUPPORTED_EXPLAIN_LANGUAGE on both endpoints, and does not use the proof', async () => {
    clock = Date.now();
    const c = await call(`/api/v1/challenge?apiKey=${key.apiKey}&explain=it`, { headers: { referer: PAGE } });
    expect(c).toMatchObject({ status: 400, body: { statusCode: 400, code: 'UNSUPPORTED_EXPLAIN_LANGUAGE' } });
    const payload = await solve(await challenge());
    for (const [query, body] of [['&explain=it', {}], ['', { explain: 'pt' }]] as const) {
      const bad = await call(`/api/v1/verify?apiKey=${key.apiKey}${query}`, { method: 'POST', body: { payload, fields: SPAM, ...body }, headers: { referer: PAGE } });
      expect(bad, query).toMatchObject({ status: 400, body: { code: 'UNSUPPORTED_EXPLAIN_LANGUAGE' } });
    }
    expect((await verify({ payload, fields: SPAM })).status).toBe(200);
  });
});

describe('POST /api/v1/verify (the widget\'s spam filter)', () => {
  it('classifies the form, signs it, and altcha-lib v1 and v2 accept the signature and the fields hash', async () => {
    clock = Date.now();
    const payload = await solve(await challenge());
    const body = { payload, email: '@example.com', expectedLanguages: ['en'], fields: GOOD, ipAddress: 'auto', timeZone: 'UTC' };
    const r = await verify(body, key.apiKey, { origin: 'http://127.0.0.1:5173' });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(Object.keys(r.body)).toEqual(['id', 'classification', 'score', 'reasons', 'verified', 'payload']);
    expect(r.body.id).toMatch(/^d_[A-Za-z0-9_-]{22}$/);
    expect(r.body).toMatchObject({ classification: 'GOOD', verified: true });

    const signed = decode(r.body.payload);
    expect(Object.keys(signed)).toEqual(['algorithm', 'apiKey', 'id', 'signature', 'verificationData', 'verified']);
    expect(signed).toMatchObject({ algorithm: 'SHA-256', apiKey: key.apiKey, verified: true });
    const vd = new URLSearchParams(signed.verificationData);
    const keys = [...vd.keys()];
    expect(keys.filter((k) => k !== 'reasons')).toEqual(['classification', 'score', 'email', 'fields', 'fieldsHash', 'ipAddress', 'id', 'expire', 'time', 'decision', 'verified']);
    // The decision's id is signed too: the site's server names it in feedback.
    expect(vd.get('decision')).toBe(r.body.id);
    // … and the decision is logged under it, for the key.
    await service.decisions.flush();
    expect(await service.store.getDecision!(r.body.id)).toMatchObject({ id: r.body.id, apiKey: key.apiKey, classification: 'GOOD', reasons: r.body.reasons });
    expect(vd.get('email')).toBe('@example.com');
    expect(vd.get('fields')).toBe('name,message');
    expect(vd.get('ipAddress')).toBe('127.0.0.1');
    expect(Number(vd.get('expire'))).toBe(Number(vd.get('time')) + 3600);
    expect(vd.get('id')).toBe(signed.id);

    const v1 = await libServerSigV1(r.body.payload, key.secret);
    expect(v1.verified).toBe(true);
    expect(v1.verificationData).toMatchObject({ classification: 'GOOD', fields: ['name', 'message'], verified: true });
    expect(await libFieldsHashV1(GOOD, v1.verificationData!.fields!, v1.verificationData!.fieldsHash as string)).toBe(true);
    expect(await libFieldsHashV1({ ...GOOD, message: 'changed' }, v1.verificationData!.fields!, v1.verificationData!.fieldsHash as string)).toBe(false);
    const v2 = await libServerSigV2({ payload: signed, hmacSecret: key.secret });
    expect(v2).toMatchObject({ verified: true, expired: false, invalidSignature: false, invalidSolution: false });
    expect(await libFieldsHashV2({ formData: GOOD, fields: ['name', 'message'], fieldsHash: vd.get('fieldsHash')! })).toBe(true);
    expect((await libServerSigV1(r.body.payload, other.secret)).verified).toBe(false);
    // And formspam/verify agrees.
    expect(verifyServerSignature(r.body.payload, key.secret)).toMatchObject({ verified: true, apiKey: key.apiKey, verificationData: { classification: 'GOOD', ipAddress: '127.0.0.1' } });
  });

  it('signs classification=BAD for spam, with the reasons that altcha-lib reads back', async () => {
    const payload = await solve(await challenge());
    const r = await verify({ payload, email: '@example.com', fields: SPAM, ipAddress: 'auto', timeZone: 'UTC' });
    expect(r.status).toBe(200);
    expect(r.body.classification).toBe('BAD');
    expect(r.body.reasons).toContain('text.SQL_INJECTION');
    const v1 = await libServerSigV1(r.body.payload, key.secret);
    expect(v1.verified).toBe(true);
    expect(v1.verificationData).toMatchObject({ classification: 'BAD', score: r.body.score, reasons: r.body.reasons });
  });

  it('works in spamfilter="ipAddress" mode: no fields, no email, the client IP and time zone', async () => {
    const payload = await solve(await challenge());
    const r = await verify({ payload, expectedLanguages: ['en'], ipAddress: 'auto', timeZone: 'Europe/Berlin' });
    expect(r.status).toBe(200);
    expect(r.body.reasons).toEqual([]);
    const vd = new URLSearchParams(decode(r.body.payload).verificationData);
    // No reasons: the key is omitted (v1 would read "" as [""]).
    expect([...vd.keys()]).toEqual(['classification', 'score', 'ipAddress', 'id', 'expire', 'time', 'decision', 'verified']);
    const v1 = await libServerSigV1(r.body.payload, key.secret);
    expect(v1).toMatchObject({ verified: true, verificationData: { classification: 'GOOD', ipAddress: '127.0.0.1', score: 0 } });
    expect(v1.verificationData!.reasons).toBeUndefined();
  });

  it('accepts a challenge that altcha-lib created with the key\'s secret (the other direction)', async () => {
    clock = Date.now();
    const c = await libCreateChallenge({ hmacKey: key.secret, maxnumber: 2000, expires: new Date(Date.now() + 600_000) });
    const payload = await solve(c);
    const r = await verify({ payload, fields: GOOD });
    expect(r.status).toBe(200);
    expect((await libServerSigV1(r.body.payload, key.secret)).verified).toBe(true);
    // A challenge altcha-lib signed with another secret is refused.
    const foreign = await solve(await libCreateChallenge({ hmacKey: other.secret, maxnumber: 2000, expires: new Date(Date.now() + 600_000) }));
    expect(await verify({ payload: foreign, fields: GOOD })).toMatchObject({ status: 400, body: { code: 'INVALID_SIGNATURE' } });
  });

  it('refuses a proof used before, expired, for another key, wrong, or garbage, each with its code', async () => {
    clock = Date.now();
    const payload = await solve(await challenge());
    expect((await verify({ payload, fields: GOOD })).status).toBe(200);
    expect(await verify({ payload, fields: GOOD })).toMatchObject({ status: 400, body: { statusCode: 400, code: 'PAYLOAD_ALREADY_USED' } });

    const late = await solve(await challenge('&expire=60'));
    clock += 61_000;
    expect(await verify({ payload: late, fields: GOOD })).toMatchObject({ status: 400, body: { code: 'EXPIRED' } });
    clock = Date.now();

    const mine = await solve(await challenge());
    expect(await verify({ payload: mine, fields: GOOD }, other.apiKey, { referer: 'https://example.com/' })).toMatchObject({ status: 400, body: { code: 'INVALID_SIGNATURE' } });

    const wrong = decode(await solve(await challenge()));
    wrong.number += 1;
    expect(await verify({ payload: Buffer.from(JSON.stringify(wrong)).toString('base64') })).toMatchObject({ status: 400, body: { code: 'INVALID_SOLUTION' } });

    for (const garbage of ['', 'not base64!', Buffer.from('[1,2]').toString('base64'), Buffer.from('{"algorithm":"MD5"}').toString('base64')]) {
      expect(await verify({ payload: garbage }), garbage).toMatchObject({ status: 400, body: { code: 'INVALID_PAYLOAD' } });
    }
    for (const body of [{}, { payload: 42 }, []]) {
      expect(await verify(body as Record<string, unknown>)).toMatchObject({ status: 400, body: { code: 'INVALID_PAYLOAD' } });
    }
    expect(await call(`/api/v1/verify?apiKey=${key.apiKey}`, { method: 'POST', body: '{"payload":' })).toMatchObject({ status: 400, body: { code: 'INVALID_JSON' } });
    expect(await call(`/api/v1/verify?apiKey=${key.apiKey}`, { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } })).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('refuses an invalid classification request with 400 INVALID_REQUEST and the JSON path', async () => {
    const payload = await solve(await challenge());
    const r = await verify({ payload, fields: { message: 42 } });
    expect(r).toMatchObject({ status: 400, body: { statusCode: 400, code: 'INVALID_REQUEST' } });
    expect(r.body.error).toContain('fields');
    const unknown = await verify({ payload: await solve(await challenge()), colour: 'red' });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
  });

  it('answers the body widget 3.x sends ({fields, payload, timeZone})', async () => {
    const payload = await solve(await challenge());
    const r = await verify({ fields: GOOD, payload, timeZone: 'UTC' });
    expect(r.status).toBe(200);
    expect(r.body.verified).toBe(true);
    const v1 = await libServerSigV1(r.body.payload, key.secret);
    expect(v1.verified).toBe(true);
    expect(v1.verificationData!.ipAddress).toBeUndefined();
  });
});

describe('POST /v1/verify/signature (altcha-lib verifyServer as the client)', () => {
  async function signedPayload(fields = GOOD): Promise<string> {
    clock = Date.now();
    const r = await verify({ payload: await solve(await challenge()), fields });
    expect(r.status).toBe(200);
    return r.body.payload;
  }

  it('verifies a payload once, with the parsed verificationData; the second use is PAYLOAD_ALREADY_USED', async () => {
    const payload = await signedPayload(SPAM);
    const url = `${base}/v1/verify/signature`;
    const first = await libVerifyServer({ payload, url, secret: key.secret });
    expect(first).toMatchObject({ verified: true, apiKey: key.apiKey, verificationData: { classification: 'BAD', fields: ['name', 'message'], verified: true } });
    expect(Object.keys(first)).toEqual(['verified', 'apiKey', 'verificationData']);
    expect(await libVerifyServer({ payload, url, secret: key.secret })).toEqual({ verified: false, apiKey: null, verificationData: null, reason: 'PAYLOAD_ALREADY_USED' });
    // The decoded object is accepted too, without a secret.
    const other2 = await signedPayload();
    expect(await libVerifyServer({ payload: decode(other2), url })).toMatchObject({ verified: true, apiKey: key.apiKey });
  });

  it('refuses garbage with 400 INVALID_PAYLOAD, and a wrong secret, a tampered or expired payload with a reason', async () => {
    const url = `${base}/v1/verify/signature`;
    for (const payload of ['garbage', '', 42, null, Buffer.from('{"a":1}').toString('base64')]) {
      expect(await libVerifyServer({ payload: payload as string, url }), String(payload)).toEqual({ verified: false, reason: 'INVALID_PAYLOAD' });
    }
    const raw = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"payload":"garbage"}' });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: 'INVALID_PAYLOAD', statusCode: 400 });
    expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).status).toBe(400);

    const payload = await signedPayload();
    expect(await libVerifyServer({ payload, url, secret: other.secret })).toMatchObject({ verified: false, reason: 'API_KEY_MISMATCH' });
    const tampered = decode(payload);
    tampered.verificationData = tampered.verificationData.replace('classification=GOOD', 'classification=BAD');
    expect(await libVerifyServer({ payload: tampered, url })).toMatchObject({ verified: false, reason: 'INVALID_SIGNATURE' });
    expect(await libVerifyServer({ payload: { ...decode(payload), apiKey: 'ckey_unknown' }, url })).toMatchObject({ verified: false, reason: 'API_KEY_NOT_FOUND' });
    clock = Date.now() + 3601_000;
    expect(await libVerifyServer({ payload, url })).toMatchObject({ verified: false, reason: 'EXPIRED' });
    clock = Date.now();
    // The refusals did not use it up.
    expect(await libVerifyServer({ payload, url, secret: key.secret })).toMatchObject({ verified: true });
  });

  it('spends a payload only for a caller that proves the secret: whoever merely holds it cannot use it up first', async () => {
    const url = `${base}/v1/verify/signature`;
    const payload = await signedPayload();
    // A thief who copied the payload from the form post: verified, but not spent (a departure from
    // the Sentinel docs, where any call spends it).
    for (let i = 0; i < 3; i++) {
      const raw = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payload }) });
      expect(await raw.json()).toMatchObject({ verified: true, apiKey: key.apiKey, spent: false });
    }
    // The site, with its secret, still gets its one use, and replay protection afterwards.
    expect(await libVerifyServer({ payload, url, secret: key.secret })).toMatchObject({ verified: true, apiKey: key.apiKey });
    expect(await libVerifyServer({ payload, url, secret: key.secret })).toMatchObject({ verified: false, reason: 'PAYLOAD_ALREADY_USED' });

    // The other proof: hex HMAC-SHA-256 of the payload's signature under the secret, so the
    // secret itself never travels.
    const second = await signedPayload();
    const signature = decode(second).signature as string;
    const post = (body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    expect(await post({ payload: second, proof: createHmac('sha256', other.secret).update(signature).digest('hex') })).toMatchObject({ verified: false, reason: 'API_KEY_MISMATCH' });
    expect(await post({ payload: second, proof: 7 })).toEqual({ error: 'INVALID_PAYLOAD', statusCode: 400 });
    const proof = createHmac('sha256', key.secret).update(signature).digest('hex');
    expect(await post({ payload: second, proof })).toEqual({ verified: true, apiKey: key.apiKey, verificationData: expect.objectContaining({ verified: true }) });
    expect(await post({ payload: second, proof })).toMatchObject({ verified: false, reason: 'PAYLOAD_ALREADY_USED' });
  });
});

describe('keys with secrets encrypted at rest (FORMSPAM_MASTER_KEY)', () => {
  it('signs challenges and payloads with the secret in clear', async () => {
    const handler = createHandler({ store: createMemoryStore(), offline: true, m2m: { maxNumber: 1000 }, rateLimits: false, masterKey: 'm'.repeat(40) });
    handlers.push(handler);
    const url = await listen(handler);
    const k = await requestApiKey({ server: url, hostname: '127.0.0.1' });
    const c = (await (await fetch(`${url}/api/v1/challenge?apiKey=${k.apiKey}&maxnumber=2000`)).json()) as Challenge;
    const payload = await solve(c);
    expect(await libVerifySolution(payload, k.secret)).toBe(true);
    const r = await fetch(`${url}/api/v1/verify?apiKey=${k.apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payload, fields: GOOD }) });
    expect((await libServerSigV1(((await r.json()) as { payload: string }).payload, k.secret)).verified).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents the widget endpoints', async () => {
    const doc = (await call('/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/challenge', '/v1/challenge', '/api/v1/verify', '/v1/verify', '/v1/verify/signature']));
    expect(doc.paths['/api/v1/challenge'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['apiKey', 'maxnumber', 'complexity', 'expire', 'formType', 'x-altcha-spam-filter']));
    for (const path of ['/api/v1/challenge', '/v1/challenge']) {
      expect(doc.paths[path].get.parameters.find((p: { name: string }) => p.name === 'formType').schema.enum).toEqual(['contact', 'comment']);
    }
    for (const path of ['/api/v1/verify', '/v1/verify']) {
      expect(doc.paths[path].post.parameters.find((p: { name: string }) => p.name === 'formType').schema.enum).toEqual(['contact', 'comment']);
    }
  });
});
