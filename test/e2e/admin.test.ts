// The admin page in Chromium against the real service (node:http on loopback, memory store):
// decisions put into the store through its DecisionStore interface, a wrong token shows an error
// and no data, the right one lists the decisions, the filters change the rows, the verdict bars
// and the top rules show, one decision opens with its evidence, and "Report spam" records the
// label and moves the site model's counts, checked through the store. The page runs under its
// CSP without a violation, no request leaves loopback, and the token is in no URL and no log line.
// FORMSPAM_UPDATE_SCREENSHOT=1 npx vitest run test/e2e/admin.test.ts rewrites docs/admin.png.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type NodeHandler } from '../../src/adapters/node.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import type { Store } from '../../src/stores/types.js';
import { ROOT } from '../cli/run-cli.js';
import { BLOG_KEY, fillLog, SHOP_KEY } from '../helpers/decisions.js';
import { launchChromium, loopbackOnly, RUN_BROWSER_TESTS } from './browser.js';

declare const document: { querySelectorAll(s: string): ArrayLike<{ getAttribute(n: string): string | null; textContent: string | null }>; querySelector(s: string): { textContent: string | null; hidden?: boolean } | null };
declare const sessionStorage: { getItem(k: string): string | null };

const TOKEN = 'admin-token-e2e-0123456789abcdef0123456789';
const NOW = Date.parse('2026-11-27T12:30:00Z');
let browser: Browser;
let server: Server;
let handler: NodeHandler;
let base: string;
let store: Store;
const logLines: string[] = [];
const external: string[] = [];
const logger = { info: (o: object) => logLines.push(JSON.stringify(o)), warn: (o: object) => logLines.push(JSON.stringify(o)), error: (o: object) => logLines.push(JSON.stringify(o)) };

beforeAll(async () => {
  if (!RUN_BROWSER_TESTS) return;
  browser = await launchChromium();
  store = createMemoryStore({ now: () => NOW });
  await fillLog(store as Store & Required<Pick<Store, 'putDecision'>> as never, NOW);
  handler = createHandler({ store, adminToken: TOKEN, rateLimits: false, offline: true, now: () => NOW, logger });
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await handler?.close();
});

interface Opened {
  page: Page;
  context: BrowserContext;
  urls: string[];
  authorizations: string[];
  close(): Promise<void>;
}

async function open(): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  await loopbackOnly(context, external);
  const page = await context.newPage();
  const errors: string[] = [];
  const urls: string[] = [];
  const authorizations: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A CSP violation is reported on the console.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/401|Unauthorized/.test(m.text())) errors.push(m.text());
  });
  page.on('request', (r) => {
    urls.push(r.url());
    const auth = r.headers().authorization;
    if (auth) authorizations.push(`${new URL(r.url()).pathname} ${auth}`);
  });
  await page.goto(`${base}/admin`);
  await page.waitForSelector('#token');
  return {
    page,
    context,
    urls,
    authorizations,
    close: async () => {
      expect(errors).toEqual([]);
      await context.close();
    },
  };
}

const rowIds = (page: Page) => page.$$eval('#decisions tbody tr', (rows) => rows.map((r) => r.getAttribute('data-id')));

/** Waits until the table shows exactly `ids`. */
async function expectRows(page: Page, ids: string[]): Promise<void> {
  await page.waitForFunction((want) => Array.from(document.querySelectorAll('#decisions tbody tr')).map((r) => r.getAttribute('data-id')).join(',') === want, ids.join(','), { timeout: 10_000 }).catch(() => undefined);
  expect(await rowIds(page)).toEqual(ids);
}

async function logIn(page: Page, token: string): Promise<void> {
  await page.fill('#token', token);
  await page.click('#login-form button[type="submit"]');
}

describe.skipIf(!RUN_BROWSER_TESTS)('the admin page in Chromium', () => {
  it('a wrong token shows an error and no data', async () => {
    const o = await open();
    const { page } = o;
    expect(await page.isVisible('#login')).toBe(true);
    expect(await page.isVisible('#app')).toBe(false);
    await logIn(page, 'not-the-token');
    await page.waitForSelector('#login-error:not([hidden])');
    expect(await page.textContent('#login-error')).toMatch(/^Wrong admin token: Admin endpoints need Authorization: Bearer/);
    expect(await page.isVisible('#app')).toBe(false);
    expect(await page.$$('#decisions tbody tr')).toHaveLength(0);
    expect(await page.$$('#bars .bar')).toHaveLength(0);
    expect(await page.textContent('#top-reasons')).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('formspam-admin-token'))).toBeNull();
    expect(await page.textContent('body')).not.toContain('dec-0');
    await o.close();
  });

  it('lists the decisions, filters them by verdict and by reason, shows the verdict mix and the top rules, and records a spam report', async () => {
    const o = await open();
    const { page } = o;
    await logIn(page, TOKEN);
    await page.waitForSelector('#app:not([hidden])');
    await expectRows(page, ['dec-01', 'dec-02', 'dec-03', 'dec-04', 'dec-05', 'dec-06', 'dec-07', 'dec-08', 'dec-09', 'dec-10', 'dec-11', 'dec-12']);
    const first = await page.$$eval('#decisions tbody tr:first-child td', (tds) => tds.map((td) => td.textContent));
    expect(first).toEqual(['2026-11-27 11:30:00', 'BAD', '9.5', 'text.URLtext.SPAM_WORDSemail.DISPOSABLE', 'shop.example', 'RU', '']);
    expect(await page.textContent('#decisions tbody tr[data-id="dec-03"] td:nth-child(5)')).toBe('blog.example');

    // The verdict mix of the last 24 hours, one bar per hour, and the rules that fire most.
    await page.waitForSelector('#bars .bar');
    expect(await page.textContent('#totals')).toBe('8 decisions: 4 BAD, 1 NEUTRAL, 3 GOOD; reported 0 spam, 0 ham.');
    expect(await page.$$('#bars .bar')).toHaveLength(25);
    expect(await page.getAttribute('#bars .bar[data-start="2026-11-27T11:00:00.000Z"]', 'title')).toBe('2026-11-27 11:00:00: 1 BAD, 0 NEUTRAL, 0 GOOD');
    expect(await page.$$('#bars .bar[data-start="2026-11-27T11:00:00.000Z"] .seg.BAD')).toHaveLength(1);
    expect(await page.$$eval('#top-reasons li', (lis) => lis.slice(0, 2).map((li) => li.textContent))).toEqual(['text.URL 4', 'text.SPAM_WORDS 3']);
    await page.selectOption('#window', '7d');
    await page.waitForFunction(() => document.querySelectorAll('#bars .bar').length === 8);
    expect(await page.textContent('#totals')).toMatch(/^12 decisions: 6 BAD, 2 NEUTRAL, 4 GOOD/);

    // Filter by verdict, then by reason too, then by reason alone; the rows change each time.
    await page.selectOption('#f-verdict', 'BAD');
    await expectRows(page, ['dec-01', 'dec-03', 'dec-06', 'dec-07', 'dec-10', 'dec-12']);
    await page.fill('#f-reason', 'text.URL');
    await page.click('#filters button[type="submit"]');
    await expectRows(page, ['dec-01', 'dec-03', 'dec-07', 'dec-10']);
    await page.selectOption('#f-verdict', '');
    await expectRows(page, ['dec-01', 'dec-03', 'dec-04', 'dec-07', 'dec-10']);
    // A top rule is a filter too, and the key selector narrows to one site.
    await page.click('#top-reasons li[data-reason="text.SPAM_WORDS"]');
    await expectRows(page, ['dec-01', 'dec-06', 'dec-07', 'dec-12']);
    await page.selectOption('#f-key', SHOP_KEY);
    await expectRows(page, ['dec-01', 'dec-06']);

    // One decision with its evidence.
    await page.click('#decisions tbody tr[data-id="dec-06"]');
    await page.waitForSelector('#detail:not([hidden])');
    expect(await page.textContent('#d-id')).toBe('dec-06');
    expect(await page.textContent('#d-verdict')).toBe('BAD');
    expect(await page.textContent('#d-score')).toBe('8');
    expect(await page.textContent('#d-country')).toBe('NL');
    expect(await page.textContent('#d-site')).toBe(`shop.example · ${SHOP_KEY}`);
    expect(await page.$$eval('#d-reasons li', (lis) => lis.map((li) => li.textContent))).toEqual(['text.SPAM_WORDS', 'ipAddress.TOR']);
    expect(await page.textContent('#d-label')).toBe('not reported');
    expect(await page.textContent('#d-tokens')).toBe('3 salted token hashes (no text)');
    expect(await page.isVisible('#d-request-box')).toBe(false);

    // Report it as spam: the store has the label, and the site's counts moved.
    const tokens = (await store.getDecision!('dec-06'))!.tokens;
    expect((await store.readSiteCounts!(SHOP_KEY, tokens)).spam).toBe(0);
    await page.click('#report-spam');
    await page.waitForSelector('#d-result[data-outcome="recorded"]');
    expect(await page.textContent('#d-result')).toBe('Recorded as spam.');
    expect(await page.textContent('#d-label')).toBe('spam (reported 2026-11-27 12:30:00)');
    const decision = await store.getDecision!('dec-06');
    expect(decision).toMatchObject({ label: 'spam', labelledAt: NOW });
    const counts = await store.readSiteCounts!(SHOP_KEY, tokens);
    expect({ spam: counts.spam, ham: counts.ham }).toEqual({ spam: 1, ham: 0 });
    expect(tokens.map((t) => counts.tokens.get(t))).toEqual(tokens.map(() => ({ spam: 1, ham: 0 })));
    expect((await store.readSiteCounts!(BLOG_KEY, tokens)).spam).toBe(0);
    await page.waitForFunction(() => document.querySelector('#decisions tbody tr[data-id="dec-06"] td.label')?.textContent === 'spam');
    await page.waitForFunction(() => document.querySelector('#totals')?.textContent?.includes('reported 1 spam, 0 ham') === true);

    // The same report again changes nothing.
    await page.click('#report-spam');
    await page.waitForSelector('#d-result[data-outcome="unchanged"]');
    expect((await store.readSiteCounts!(SHOP_KEY, tokens)).spam).toBe(1);

    if (process.env.FORMSPAM_UPDATE_SCREENSHOT === '1') {
      const shot = join(mkdtempSync(join(tmpdir(), 'formspam-admin-')), 'admin.png');
      await page.screenshot({ path: shot, fullPage: true });
      copyFileSync(shot, join(ROOT, 'docs/admin.png'));
    }

    // The token went only as a header to this server's JSON endpoints, never in a URL or a log line.
    expect(o.urls.filter((u) => u.includes(TOKEN))).toEqual([]);
    expect(o.authorizations.length).toBeGreaterThan(8);
    for (const a of o.authorizations) expect(a).toMatch(new RegExp(`^/admin/(keys|decisions\\S*) Bearer ${TOKEN}$`));
    expect(o.urls.filter((u) => !u.startsWith(`${base}/admin`))).toEqual([]);
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.join('\n')).not.toContain(TOKEN);
    // After a reload the tab is still logged in (sessionStorage); "Log out" forgets the token.
    await page.reload();
    await page.waitForSelector('#app:not([hidden])');
    await expectRows(page, ['dec-01', 'dec-02', 'dec-03', 'dec-04', 'dec-05', 'dec-06', 'dec-07', 'dec-08', 'dec-09', 'dec-10', 'dec-11', 'dec-12']);
    await page.click('#logout');
    expect(await page.isVisible('#login')).toBe(true);
    expect(await page.$$('#decisions tbody tr')).toHaveLength(0);
    expect(await page.evaluate(() => sessionStorage.getItem('formspam-admin-token'))).toBeNull();
    await o.close();
  });

  it('works mounted under a prefix (Express app.use(\'/spam\', …)): a ham report goes to the same store', async () => {
    const { default: express } = await import('express');
    const { createRouter } = await import('../../src/adapters/express.js');
    const router = createRouter({ service: handler.service });
    const app = express();
    app.use('/spam', router);
    const mounted = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => mounted.once('listening', resolve));
    const prefixed = `http://127.0.0.1:${(mounted.address() as AddressInfo).port}/spam`;
    const context = await browser.newContext();
    await loopbackOnly(context, external);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const paths: string[] = [];
    page.on('request', (r) => paths.push(new URL(r.url()).pathname));
    await page.goto(`${prefixed}/admin/`); // redirected to …/spam/admin
    expect(new URL(page.url()).pathname).toBe('/spam/admin');
    await logIn(page, TOKEN);
    await page.waitForSelector('#decisions tbody tr[data-id="dec-05"]');
    await page.click('#decisions tbody tr[data-id="dec-05"]');
    await page.waitForSelector('#detail:not([hidden])');
    await page.click('#report-ham');
    await page.waitForSelector('#d-result[data-outcome="recorded"]');
    expect(await store.getDecision!('dec-05')).toMatchObject({ label: 'ham' });
    expect((await store.readSiteCounts!(BLOG_KEY, [])).ham).toBe(1);
    expect(paths.every((p) => p.startsWith('/spam/admin'))).toBe(true);
    expect(paths).toEqual(expect.arrayContaining(['/spam/admin/admin.js', '/spam/admin/admin.css', '/spam/admin/decisions', '/spam/admin/decisions/stats', '/spam/admin/decisions/dec-05/feedback']));
    expect(errors).toEqual([]);
    await context.close();
    await new Promise((resolve) => mounted.close(resolve));
  });

  it('no request left loopback', () => {
    expect(external).toEqual([]);
  });
});
