// protect(): a site's own form post is classified in-process. A spam post is blocked and a real
// enquiry passes, in Express (real HTTP), on plain node:http, in a Hono app run in-process and
// with a plain Request; dryRun never blocks; bad bodies get a 4xx with a code.
import express from 'express';
import { Hono } from 'hono';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { protect as protectExpress } from '../../src/adapters/express.js';
import { protect as protectNode, type ProtectedRequest } from '../../src/adapters/node.js';
import { protect, type Verdict } from '../../src/adapters/fetch.js';
import { explain } from '../../src/explain/index.js';
import { formRequest } from '../../src/protect/core.js';

const SPAM = {
  name: 'Best Deals',
  email: 'deals@mailinator.com',
  message: 'BUY CHEAP FOLLOWERS NOW!!! Only $5 at https://spam.example.com/buy CLICK HERE https://spam.example.com/now !!! LIMITED OFFER',
  tz: 'Europe/Prague',
  _csrf: 'abc123',
};
const REAL = {
  name: 'Maria Novak',
  email: 'maria.novak@gmail.com',
  message: 'Hello, I would like to ask whether the workshop next Tuesday still has free seats, and whether I can pay by invoice. Best regards, Maria',
  tz: 'Europe/Prague',
  _csrf: 'abc123',
};
const urlencoded = (form: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));
function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}

describe('protect() in Express', () => {
  const verdicts: Verdict[] = [];
  const app = express();
  // Without a body parser: protect() reads the form and sets req.body.
  app.post('/contact', protectExpress({ onVerdict: (v) => verdicts.push(v) }), (req, res) => {
    res.json({ ok: true, classification: (req as ProtectedRequest).formspam?.classification, name: (req.body as { name: string }).name });
  });
  // After express.urlencoded(): protect() uses the parsed body.
  app.post('/parsed', express.urlencoded({ extended: false }), protectExpress(), (req, res) => {
    res.json({ ok: true, classification: (req as ProtectedRequest).formspam?.classification });
  });
  app.post('/dry', protectExpress({ dryRun: true, logger: { warn: () => {} } }), (req, res) => {
    res.json({ ok: true, classification: (req as ProtectedRequest).formspam?.classification });
  });
  app.post('/custom', protectExpress({ block: (v) => v.score > 0, onBlocked: () => ({ status: 303, headers: { location: '/thanks' }, body: '' }) }), (_req, res) => {
    res.json({ ok: true });
  });
  let base: Promise<string> | undefined;
  const url = (path: string) => (base ??= listen(app)).then((b) => b + path);

  it('blocks a spam post with 403 SPAM and its reasons; a real enquiry reaches the handler with its verdict', async () => {
    const spam = await fetch(await url('/contact'), urlencoded(SPAM));
    expect(spam.status).toBe(403);
    const body = (await spam.json()) as { code: string; classification: string; reasons: string[] };
    expect(body).toMatchObject({ code: 'SPAM', classification: 'BAD' });
    expect(body.reasons.length).toBeGreaterThan(0);
    const real = await fetch(await url('/contact'), urlencoded(REAL));
    expect(real.status).toBe(200);
    expect(await real.json()).toEqual({ ok: true, classification: expect.stringMatching(/^(GOOD|NEUTRAL)$/), name: 'Maria Novak' });
    // The email and the time zone (hidden input `tz`) were classified too.
    const last = verdicts.at(-1)!;
    expect(last.email).toBeDefined();
    expect(last.timeZone).toBeDefined();
  });

  it('works after express.urlencoded() and with a JSON post', async () => {
    expect((await fetch(await url('/parsed'), urlencoded(SPAM))).status).toBe(403);
    expect((await fetch(await url('/parsed'), urlencoded(REAL))).status).toBe(200);
    const json = (form: object) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) });
    expect((await fetch(await url('/contact'), json(SPAM))).status).toBe(403);
    expect((await fetch(await url('/contact'), json(REAL))).status).toBe(200);
  });

  it('dryRun never blocks: the spam post reaches the handler with its BAD verdict', async () => {
    const r = await fetch(await url('/dry'), urlencoded(SPAM));
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ ok: true, classification: 'BAD' });
  });

  it('a custom block test and response', async () => {
    const r = await fetch(await url('/custom'), { ...urlencoded(SPAM), redirect: 'manual' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/thanks');
  });

  it('bad bodies: 415, 400 and 413 with a code, never a 500', async () => {
    const cases: [RequestInit, number, string][] = [
      [{ method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [{ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' }, 400, 'INVALID_JSON'],
      [{ method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1,2]' }, 400, 'INVALID_FORM'],
      [urlencoded({ message: 'a'.repeat(70_000) }), 413, 'REQUEST_TOO_LARGE'],
    ];
    for (const [init, status, code] of cases) {
      const r = await fetch(await url('/contact'), init);
      expect(r.status, code).toBe(status);
      expect(((await r.json()) as { code: string }).code).toBe(code);
    }
  });
});

describe('the classify request of a form', () => {
  it('text fields are the string fields but the email, the time zone and tokens; or the ones named', () => {
    expect(formRequest({ ...SPAM, 'g-recaptcha-response': 'x', password: 'p', subject: '' }, '198.51.100.7', {})).toEqual({
      fields: { name: SPAM.name, message: SPAM.message },
      email: SPAM.email,
      timeZone: 'Europe/Prague',
      ipAddress: '198.51.100.7',
    });
    expect(formRequest({ body: 'Hi', from: 'a@b.example', timeZone: 'UTC', tz: 'x' }, undefined, { fields: ['body'], emailField: 'from', formType: 'comment' })).toEqual({
      fields: { body: 'Hi' },
      email: 'a@b.example',
      timeZone: 'UTC',
      formType: 'comment',
    });
  });
});

describe('protect() on node:http', () => {
  it('blocks spam, passes a real enquiry with req.formspam and req.body set, and passes GETs untouched', async () => {
    const guard = protectNode({ trustedProxies: ['loopback'] });
    const base = await listen((req, res) =>
      guard(req, res, (error) => {
        if (error) {
          res.writeHead(500).end();
          return;
        }
        const r = req as ProtectedRequest;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ verdict: r.formspam?.classification ?? null, body: r.body ?? null, ip: r.formspam?.ipAddress !== undefined }));
      }),
    );
    const spam = await fetch(`${base}/contact`, urlencoded(SPAM));
    expect(spam.status).toBe(403);
    const real = await fetch(`${base}/contact`, { ...urlencoded(REAL), headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '8.8.8.8' } });
    expect(real.status).toBe(200);
    const body = (await real.json()) as { verdict: string; body: Record<string, string>; ip: boolean };
    expect(body.verdict).not.toBe('BAD');
    expect(body.body).toEqual(REAL);
    expect(body.ip).toBe(true);
    expect(await (await fetch(`${base}/contact`)).json()).toEqual({ verdict: null, body: null, ip: false });
  });
});

describe('protect(request) with a plain Request', () => {
  const post = (form: Record<string, string>) => new Request('https://site.example/contact', urlencoded(form));

  it('blocks spam with a 403 Response and leaves the caller\'s body unread', async () => {
    const request = post(SPAM);
    const { verdict, blocked } = await protect(request);
    expect(verdict?.classification).toBe('BAD');
    expect(blocked?.status).toBe(403);
    expect(((await blocked!.json()) as { code: string }).code).toBe('SPAM');
    expect(request.bodyUsed).toBe(false);
    expect(Object.fromEntries(await request.formData())).toEqual(SPAM);
  });

  it('passes a real enquiry, multipart too', async () => {
    expect((await protect(post(REAL))).blocked).toBeNull();
    const data = new FormData();
    for (const [k, v] of Object.entries(SPAM)) data.set(k, v);
    const multipart = await protect(new Request('https://site.example/contact', { method: 'POST', body: data }));
    expect(multipart.blocked?.status).toBe(403);
  });

  it('dryRun never blocks and still reports the verdict', async () => {
    const seen: { wouldBlock: boolean; dryRun: boolean }[] = [];
    const options = { dryRun: true, logger: { warn: () => {} }, onVerdict: (_v: Verdict, info: { wouldBlock: boolean; dryRun: boolean }) => void seen.push(info) };
    const r = await protect(post(SPAM), options);
    expect(r.blocked).toBeNull();
    expect(r.verdict?.classification).toBe('BAD');
    expect(seen).toEqual([{ blocked: false, wouldBlock: true, dryRun: true }]);
    expect((await protect(new Request('https://site.example/contact', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }), options)).blocked).toBeNull();
  });

  it('the client IP from clientIp(), X-Forwarded-For only through a trusted proxy', async () => {
    const request = () => new Request('https://site.example/contact', { ...urlencoded(REAL), headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '8.8.8.8' } });
    expect((await protect(request(), { clientIp: () => '203.0.113.9' })).verdict?.ipAddress).toBeDefined();
    expect((await protect(request())).verdict?.ipAddress).toBeUndefined();
  });
});

describe('protect({ explain })', () => {
  const post = (form: Record<string, string>, acceptLanguage?: string) =>
    new Request('https://site.example/contact', { ...urlencoded(form), headers: { 'content-type': 'application/x-www-form-urlencoded', ...(acceptLanguage && { 'accept-language': acceptLanguage }) } });

  it('the verdict carries `explanations` and the default blocked response lists them', async () => {
    const options = { explain: 'de' as const };
    const { verdict, blocked } = await protect(post(SPAM), options);
    expect(verdict?.explanations).toEqual(explain(verdict!, { language: 'de' }));
    expect(verdict!.explanations!.map((e) => e.rule)).toEqual(verdict!.reasons);
    const body = (await blocked!.json()) as { code: string; reasons: string[]; explanations: { rule: string; text: string }[] };
    expect(body.code).toBe('SPAM');
    expect(body.explanations).toEqual(verdict!.explanations);
    expect(body.explanations.find((e) => e.rule === 'text.URL')?.text).toMatch(/^Die Nachricht enthält 2 Links/);
  });

  it('`true`: in the post\'s Accept-Language (else English); off by default, and the default block body as before', async () => {
    const options = { explain: true };
    for (const [header, language] of [['fr-FR,fr;q=0.9', 'fr'], ['es', 'es'], ['ja', 'en'], [undefined, 'en']] as const) {
      const { verdict } = await protect(post(SPAM, header), options);
      expect(verdict?.explanations, header).toEqual(explain(verdict!, { language }));
    }
    const plain = await protect(post(SPAM, 'de'));
    expect(plain.verdict).not.toHaveProperty('explanations');
    expect(Object.keys((await plain.blocked!.json()) as object)).toEqual(['error', 'code', 'classification', 'reasons']);
  });

  it('in node:http middleware: req.formspam has the sentences of the post\'s language', async () => {
    const guard = protectNode({ explain: true });
    const base = await listen((req, res) =>
      guard(req, res, () => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify((req as ProtectedRequest).formspam?.explanations ?? null));
      }),
    );
    const real = await fetch(`${base}/contact`, { ...urlencoded({ ...REAL, message: 'Hi, see https://a.example' }), headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'es-ES' } });
    const explanations = (await real.json()) as { rule: string; text: string }[];
    expect(explanations.find((e) => e.rule === 'text.URL')?.text).toBe('El mensaje contiene un enlace: «https://a.example».');
  });

  it('refuses another value when the middleware is made', () => {
    expect(() => protectNode({ explain: 'it' as never })).toThrow(/^protect: `explain` must be true, false or one of en, de, fr, es$/);
  });
});

describe('protect(request) in a Hono app (in-process)', () => {
  const app = new Hono<{ Variables: { formspam: Verdict | null } }>();
  app.post('/contact', async (c, next) => {
    const { verdict, blocked } = await protect(c.req.raw);
    if (blocked) return blocked;
    c.set('formspam', verdict);
    await next();
  }, async (c) => {
    const form = await c.req.parseBody();
    return c.json({ ok: true, name: form.name, classification: c.get('formspam')?.classification });
  });

  it('blocks the spam post and lets the real one through to the handler, which can still read the body', async () => {
    const spam = await app.request('/contact', urlencoded(SPAM));
    expect(spam.status).toBe(403);
    expect(await spam.json()).toMatchObject({ code: 'SPAM', classification: 'BAD' });
    const real = await app.request('/contact', urlencoded(REAL));
    expect(real.status).toBe(200);
    expect(await real.json()).toEqual({ ok: true, name: 'Maria Novak', classification: expect.stringMatching(/^(GOOD|NEUTRAL)$/) });
  });
});
