// The real, unmodified ALTCHA widget (npm altcha 0.9.0, 1.5.1, 2.3.0 with the spam filter;
// 3.2.2 with server verification and plain proof of work) in Debian's Chromium, against the
// real `formspam serve` (a child process). The page is served by a separate "site" server on
// another port, so the widget talks to formspam cross-origin (CORS, X-Altcha-Config exposed).
// The site's server checks each submission with altcha-lib (the independent verifier) and
// with formspam's POST /v1/verify/signature (used once). Everything stays on loopback.
import { verifyServer as libVerifyServer } from 'altcha-lib';
import { verifyFieldsHash as libFieldsHash, verifyServerSignature as libServerSig, verifySolution as libVerifySolution } from 'altcha-lib/v1';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestApiKey } from '../../src/service/client.js';
import { ROOT } from '../cli/run-cli.js';
import { startServer, type TestServer } from '../helpers/serve.js';
import { launchChromium, loopbackOnly, RUN_BROWSER_TESTS } from './browser.js';

// Browser globals inside page.evaluate() callbacks (the project compiles without the DOM lib).
declare const window: { __listening: boolean; __states: string[]; __server: { classification: string; verified: boolean }[]; __submitted: boolean; __invalid: boolean };
declare const document: { getElementById(id: string): { setAttribute(name: string, value: string): void } | null };

const WIDGETS = {
  '0.9': { version: '0.9.0', file: 'node_modules/altcha-0.9/dist/altcha.js' },
  '1.5': { version: '1.5.1', file: 'node_modules/altcha-1.5/dist/altcha.js' },
  '2.3': { version: '2.3.0', file: 'node_modules/altcha-2.3/dist/altcha.js' },
  '3.2': { version: '3.2.2', file: 'node_modules/altcha-3.2/dist/main/altcha.js' },
} as const;
type Version = keyof typeof WIDGETS;
type Mode = 'spamfilter' | 'ipAddress' | 'server' | 'plain';

const GOOD = { name: 'Maria Keller', email: 'maria@example.com', message: 'Hello,\nI would like to ask whether the workshop next Tuesday still has free seats.\nBest regards, Maria' };
// Self-promotion: NEUTRAL in a contact form (SPAM_WORDS 1.5), BAD in a comment form (2.5).
const PROMOTION = { name: 'Sam Rivers', email: 'sam@example.com', message: 'Come and watch my video, it is called the zombie movie part 1' };
const SPAM = { name: 'Best Offer', email: 'offer@example.com', message: 'BUY CHEAP FOLLOWERS NOW!!! Only $5 at https://spam.example.com <a href="https://spam.example.com">CLICK</a> 1; drop table users' };

let formspam: TestServer;
let site: Server;
let siteUrl: string;
let browser: Browser;
let key: { apiKey: string; secret: string };
const submissions: { body: string; form: URLSearchParams; outcome: string }[] = [];
const external: string[] = [];

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let s = '';
    req.setEncoding('utf8').on('data', (d: string) => (s += d)).on('end', () => resolve(s)).on('error', reject);
  });
}

function pageHtml(version: Version, mode: Mode, blockspam: boolean, formType: string | null): string {
  // A comment form names its kind in the challenge URL (widgets 0.x–2.x: the server carries it
  // into the verify URL it announces) or, with widget 3.x, in its own verify URL.
  const kind = formType === null ? '' : `&formType=${formType}`;
  const challenge = `${formspam.url}/api/v1/challenge?apiKey=${key.apiKey}&maxnumber=5000${mode === 'spamfilter' ? kind : ''}`;
  const verifyUrl = `verify?apiKey=${key.apiKey}${kind}`;
  const tag = {
    spamfilter: `<altcha-widget challengeurl="${challenge}" spamfilter${blockspam ? ' blockspam="true"' : ''} hidefooter></altcha-widget>`,
    ipAddress: `<altcha-widget challengeurl="${challenge}" spamfilter="ipAddress" hidefooter></altcha-widget>`,
    server: `<altcha-widget challenge="${challenge}" configuration='${JSON.stringify({ verifyUrl, serverVerificationFields: true, serverVerificationTimeZone: true })}'></altcha-widget>`,
    plain: `<altcha-widget challenge="${challenge}"></altcha-widget>`,
  }[mode];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>site</title></head><body>
<form id="f" method="POST" action="/submit">
  <input type="text" name="name" id="name"><input type="email" name="email" id="email"><textarea name="message" id="message"></textarea>
  ${tag}
  <button type="submit" id="send">Send</button>
</form>
<script>
  window.__states = []; window.__server = []; window.__submitted = false; window.__invalid = false; window.__listening = false;
  const w = document.querySelector('altcha-widget');
  // After the upgrade: widget 0.x (Svelte 4) delivers its events only to listeners added to the defined element.
  customElements.whenDefined('altcha-widget').then(() => {
    w.addEventListener('statechange', (e) => window.__states.push(e.detail.state));
    w.addEventListener('serververification', (e) => window.__server.push(e.detail));
    window.__listening = true;
  });
  const f = document.getElementById('f');
  f.addEventListener('submit', () => { window.__submitted = true; });
  f.addEventListener('invalid', () => { window.__invalid = true; }, true);
</script>
<script type="module" src="/widget/${version}.js"></script>
</body></html>`;
}

beforeAll(async () => {
  if (!RUN_BROWSER_TESTS) return;
  browser = await launchChromium();
  formspam = await startServer(['--store', 'memory', '--offline', '--no-rate-limits', '--m2m-max-number', '3000']);
  key = await requestApiKey({ server: formspam.url, hostname: '127.0.0.1' });
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/widget\/(\d\.\d)\.js$/.exec(url.pathname);
    if (m && Object.hasOwn(WIDGETS, m[1]!)) {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join(ROOT, WIDGETS[m[1] as Version].file)));
    } else if (url.pathname === '/page') {
      const html = pageHtml(url.searchParams.get('v') as Version, url.searchParams.get('mode') as Mode, url.searchParams.has('blockspam'), url.searchParams.get('formType'));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } else if (url.pathname === '/submit' && req.method === 'POST') {
      void readAll(req).then(async (body) => {
        const form = new URLSearchParams(body);
        const payload = form.get('altcha') ?? '';
        // The site's own replay protection: formspam's /v1/verify/signature accepts a payload once.
        const result = url.searchParams.has('plain')
          ? { verified: await libVerifySolution(payload, key.secret), reason: 'plain' }
          : await libVerifyServer({ payload, secret: key.secret, url: `${formspam.url}/v1/verify/signature` });
        const outcome = result.verified ? 'accepted' : `refused:${result.reason}`;
        submissions.push({ body, form, outcome });
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<p id="outcome">${outcome}</p>`);
      });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await formspam?.stop('SIGKILL');
  await new Promise((r) => (site ? site.close(r) : r(null)));
});

async function openPage(version: Version, mode: Mode, blockspam = false, formType?: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  await loopbackOnly(context, external); // anything else is recorded and refused
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${siteUrl}/page?v=${version}&mode=${mode}${blockspam ? '&blockspam' : ''}${formType ? `&formType=${formType}` : ''}`);
  await page.waitForFunction(() => window.__listening);
  return { context, page, errors };
}

async function fillAndVerify(page: Page, version: Version, values: typeof GOOD): Promise<string> {
  await page.fill('#name', values.name);
  await page.fill('#email', values.email);
  await page.fill('#message', values.message);
  // Widget 3.x overlays its checkbox with an SVG (PROTOCOL.md §5.3).
  await page.click('altcha-widget input[type="checkbox"]', { force: version === '3.2' });
  await page.waitForFunction(() => {
    const s = window.__states;
    return s.includes('verified') || s.includes('error');
  });
  return page.evaluate(() => window.__states.join(','));
}

async function submit(page: Page): Promise<{ outcome: string; form: URLSearchParams; body: string }> {
  const before = submissions.length;
  await page.click('#send');
  await page.waitForSelector('#outcome');
  expect(submissions.length).toBe(before + 1);
  const s = submissions[submissions.length - 1]!;
  expect(await page.textContent('#outcome')).toBe(s.outcome);
  return s;
}

/** The browser posts the same body again (a replayed submission). */
async function resubmit(page: Page, body: string): Promise<string> {
  return page.evaluate(async (b) => {
    const r = await fetch('/submit', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: b });
    return /<p id="outcome">([^<]*)<\/p>/.exec(await r.text())![1]!;
  }, body);
}

describe.skipIf(!RUN_BROWSER_TESTS)('the real ALTCHA widget in Chromium against formspam serve', () => {
  describe.each(['0.9', '1.5', '2.3'] as const)('widget %s, spam filter', (version) => {
    it('a real message: verified, GOOD, altcha-lib accepts the signature and the fields hash, a resubmission is refused', async () => {
      const { context, page, errors } = await openPage(version, 'spamfilter');
      expect(await fillAndVerify(page, version, GOOD)).toContain('verified');
      const { form, outcome, body } = await submit(page);
      const payload = form.get('altcha')!;
      const lib = await libServerSig(payload, key.secret);
      expect(lib.verified).toBe(true);
      const vd = lib.verificationData!;
      expect(vd).toMatchObject({ classification: 'GOOD', email: '@example.com', ipAddress: '127.0.0.1', fields: ['name', 'message'], verified: true });
      // The browser submits CRLF line breaks, as the widget hashed them.
      expect(form.get('message')).toBe(GOOD.message.replace(/\n/g, '\r\n'));
      expect(await libFieldsHash(Object.fromEntries(form), vd.fields!, vd.fieldsHash as string)).toBe(true);
      expect(await libFieldsHash({ ...Object.fromEntries(form), message: 'edited' }, vd.fields!, vd.fieldsHash as string)).toBe(false);
      expect(outcome).toBe('accepted');
      expect(await resubmit(page, body)).toBe('refused:PAYLOAD_ALREADY_USED');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('spam: the signed data says classification=BAD with its reasons', async () => {
      const { context, page } = await openPage(version, 'spamfilter');
      expect(await fillAndVerify(page, version, SPAM)).toContain('verified');
      const { form } = await submit(page);
      const lib = await libServerSig(form.get('altcha')!, key.secret);
      expect(lib.verified).toBe(true);
      expect(lib.verificationData!.classification).toBe('BAD');
      expect(lib.verificationData!.reasons).toEqual(expect.arrayContaining(['text.SQL_INJECTION', 'text.URL']));
      expect(await libFieldsHash(Object.fromEntries(form), lib.verificationData!.fields!, lib.verificationData!.fieldsHash as string)).toBe(true);
      await context.close();
    });

    it('a comment form (formType=comment in the challenge URL): self-promotion is BAD there and NEUTRAL on a contact form', async () => {
      for (const [formType, classification, score] of [['comment', 'BAD', 2.5], [undefined, 'NEUTRAL', 1.5]] as const) {
        const { context, page, errors } = await openPage(version, 'spamfilter', false, formType);
        expect(await fillAndVerify(page, version, PROMOTION)).toContain('verified');
        const { form, outcome } = await submit(page);
        const lib = await libServerSig(form.get('altcha')!, key.secret);
        expect(lib.verified).toBe(true);
        expect(lib.verificationData, formType).toMatchObject({ classification, score, reasons: ['text.SPAM_WORDS'] });
        expect(outcome).toBe('accepted');
        expect(errors).toEqual([]);
        await context.close();
      }
    });

    // blockspam="true": widget 0.x declares the attribute without a type, so a bare `blockspam` is "" (off) there.
    it('blockspam: a BAD verdict stops the submission in the browser', async () => {
      const { context, page } = await openPage(version, 'spamfilter', true);
      const states = await fillAndVerify(page, version, SPAM);
      expect(states).toContain('error');
      expect(states).not.toContain('verified');
      const server = await page.evaluate(() => window.__server);
      expect(server).toHaveLength(1);
      expect(server[0]).toMatchObject({ classification: 'BAD', verified: true });
      const before = submissions.length;
      // The click runs form validation synchronously: the widget's unchecked, required checkbox fails it.
      await page.click('#send');
      expect(await page.evaluate(() => [window.__invalid, window.__submitted])).toEqual([true, false]);
      expect(page.url()).toContain('/page?');
      expect(submissions.length).toBe(before);
      await context.close();
    });
  });

  describe.each(['1.5', '2.3'] as const)('widget %s, spamfilter="ipAddress"', (version) => {
    it('sends no fields and no email; the signed data has the client IP', async () => {
      const { context, page } = await openPage(version, 'ipAddress');
      expect(await fillAndVerify(page, version, GOOD)).toContain('verified');
      const { form, outcome } = await submit(page);
      const lib = await libServerSig(form.get('altcha')!, key.secret);
      expect(lib.verified).toBe(true);
      expect(lib.verificationData).toMatchObject({ classification: 'GOOD', ipAddress: '127.0.0.1' });
      expect(lib.verificationData!.fields).toBeUndefined();
      expect(lib.verificationData!.email).toBeUndefined();
      expect(outcome).toBe('accepted');
      await context.close();
    });
  });

  describe('widget 3.2 (no spam filter)', () => {
    it('server verification: the fields are classified and signed; altcha-lib accepts; spam is BAD; a resubmission is refused', async () => {
      const { context, page, errors } = await openPage('3.2', 'server');
      expect(await fillAndVerify(page, '3.2', GOOD)).toContain('verified');
      const good = await submit(page);
      const lib = await libServerSig(good.form.get('altcha')!, key.secret);
      expect(lib.verified).toBe(true);
      expect(lib.verificationData).toMatchObject({ classification: 'GOOD', fields: ['name', 'message'] });
      expect(await libFieldsHash(Object.fromEntries(good.form), lib.verificationData!.fields!, lib.verificationData!.fieldsHash as string)).toBe(true);
      expect(good.outcome).toBe('accepted');
      expect(await resubmit(page, good.body)).toBe('refused:PAYLOAD_ALREADY_USED');
      expect(errors).toEqual([]);
      await context.close();

      const second = await openPage('3.2', 'server');
      expect(await fillAndVerify(second.page, '3.2', SPAM)).toContain('verified');
      const spam = await submit(second.page);
      const bad = await libServerSig(spam.form.get('altcha')!, key.secret);
      expect(bad.verified).toBe(true);
      expect(bad.verificationData!.classification).toBe('BAD');
      await second.context.close();
    });

    it('server verification with formType=comment in the verify URL classifies as a comment form', async () => {
      const { context, page } = await openPage('3.2', 'server', false, 'comment');
      expect(await fillAndVerify(page, '3.2', PROMOTION)).toContain('verified');
      const { form } = await submit(page);
      const lib = await libServerSig(form.get('altcha')!, key.secret);
      expect(lib.verified).toBe(true);
      expect(lib.verificationData).toMatchObject({ classification: 'BAD', score: 2.5 });
      await context.close();
    });

    it('plain verification: the proof of work is signed with the key\'s secret and altcha-lib verifySolution accepts it', async () => {
      const { context, page } = await openPage('3.2', 'plain');
      await page.evaluate(() => document.getElementById('f')!.setAttribute('action', '/submit?plain'));
      expect(await fillAndVerify(page, '3.2', GOOD)).toContain('verified');
      const { form, outcome } = await submit(page);
      const payload = JSON.parse(Buffer.from(form.get('altcha')!, 'base64').toString('utf8'));
      expect(Object.keys(payload)).toEqual(expect.arrayContaining(['algorithm', 'challenge', 'number', 'salt', 'signature']));
      expect(await libVerifySolution(form.get('altcha')!, key.secret)).toBe(true);
      expect(outcome).toBe('accepted');
      await context.close();
    });
  });

  it('no request left loopback', () => {
    expect(external).toEqual([]);
  });
});
