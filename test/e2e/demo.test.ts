// `formspam serve --demo` in Chromium: the contact form with the real widget (served from the
// local package, never a CDN) in spam-filter mode; the page's submit handler checks the signed
// payload server-side and shows the verdict and the reasons; the same payload is refused the
// second time. The screenshot in docs/demo.png comes from this test
// (FORMSPAM_UPDATE_SCREENSHOT=1 npx vitest run test/e2e/demo.test.ts rewrites it).
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { startServer, type TestServer } from '../helpers/serve.js';
import { launchChromium, loopbackOnly, RUN_BROWSER_TESTS } from './browser.js';

declare const document: { querySelector(s: string): { textContent: string | null } | null };

const SCREENSHOT = join(ROOT, 'docs/demo.png');
let browser: Browser;
const servers: TestServer[] = [];
const external: string[] = [];

beforeAll(async () => {
  if (RUN_BROWSER_TESTS) browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
});

async function demo(widget: string, query = '', locale?: string): Promise<{ page: Page; server: TestServer; close: () => Promise<void> }> {
  const server = await startServer(['--demo', '--demo-widget', widget, '--store', 'memory', '--offline', '--no-rate-limits']);
  servers.push(server);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...(locale && { locale }) });
  await loopbackOnly(context, external); // anything else is recorded and refused
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`${server.url}/demo${query}`);
  await page.waitForFunction(() => document.querySelector('altcha-widget input[type="checkbox"]') !== null);
  expect(scripts).toEqual([`${server.url}/demo/altcha.js`]);
  return {
    page,
    server,
    close: async () => {
      expect(errors).toEqual([]);
      await context.close();
    },
  };
}

async function verifyAndSend(page: Page, sample: 'good' | 'spam', force = false): Promise<void> {
  await page.click(`[data-sample="${sample}"]`);
  await page.click('altcha-widget input[type="checkbox"]', { force });
  await page.waitForSelector('altcha-widget [data-state="verified"], altcha-widget [data-state="error"]');
  expect(await page.getAttribute('altcha-widget [data-state]', 'data-state')).toBe('verified');
  await page.click('button[type="submit"]');
  await page.waitForSelector('#verdict');
}

describe.skipIf(!RUN_BROWSER_TESTS)('formspam serve --demo in Chromium', () => {
  it('widget 2.3 (spam filter): spam is BAD with its reasons and refused; the same payload again is refused as used', async () => {
    const { page, close } = await demo('altcha-2.3');
    await verifyAndSend(page, 'spam');
    expect(await page.textContent('#verdict')).toContain('BAD');
    expect(await page.textContent('#accepted')).toBe('refused (spam)');
    const reasons = (await page.locator('#reasons li code').allTextContents()).map((t) => t.trim());
    expect(reasons).toEqual(expect.arrayContaining(['text.URL', 'text.CAPITALIZATION']));
    // Each reason with its sentence (English: the browser's language), from the verify response.
    expect(await page.locator('#reasons li .why').count()).toBe(reasons.length);
    expect(await page.textContent('#reasons li[data-rule="text.URL"] .why')).toBe('The message contains 2 links: “https://spam.example.com”.');
    expect(await page.textContent('#result')).toContain('Signature valid: yes · fields unchanged: yes · first use: yes');

    const shot = join(mkdtempSync(join(tmpdir(), 'formspam-demo-')), 'demo.png');
    await page.screenshot({ path: shot, fullPage: true });
    const png = readFileSync(shot);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.readUInt32BE(16)).toBe(1280); // IHDR width
    if (process.env.FORMSPAM_UPDATE_SCREENSHOT === '1') copyFileSync(shot, SCREENSHOT);

    await page.click('#again');
    await page.waitForFunction(() => document.querySelector('#accepted')?.textContent?.includes('already-used') === true);
    expect(await page.textContent('#result')).toContain('first use: no');
    await close();
  });

  it('widget 2.3 with ?lang=de: the reasons are explained in German; the selector switches the language', async () => {
    const { page, close } = await demo('altcha-2.3', '?lang=de');
    expect(await page.inputValue('#lang')).toBe('de');
    await verifyAndSend(page, 'spam');
    expect(await page.textContent('#verdict')).toContain('BAD');
    expect(await page.textContent('#reasons li[data-rule="text.URL"] .why')).toBe('Die Nachricht enthält 2 Links: „https://spam.example.com“.');
    await page.selectOption('#lang', 'fr');
    await page.waitForURL(/lang=fr/);
    await page.waitForFunction(() => document.querySelector('altcha-widget input[type="checkbox"]') !== null);
    await verifyAndSend(page, 'spam');
    expect(await page.textContent('#reasons li[data-rule="text.URL"] .why')).toBe('Le message contient 2 liens : « https://spam.example.com ».');
    await close();
  });

  it('widget 2.3: a real message is GOOD and accepted', async () => {
    const { page, close } = await demo('altcha-2.3');
    await verifyAndSend(page, 'good');
    expect(await page.textContent('#verdict')).toContain('GOOD');
    expect(await page.textContent('#accepted')).toBe('accepted');
    await close();
  });

  it('widget 3.2 (server verification of the fields): spam is BAD, explained in the browser\'s language (es)', async () => {
    const { page, close } = await demo('altcha-3.2', '', 'es-ES');
    expect(await page.inputValue('#lang')).toBe('es');
    await verifyAndSend(page, 'spam', true);
    expect(await page.textContent('#verdict')).toContain('BAD');
    expect(await page.textContent('#reasons li[data-rule="text.URL"] .why')).toBe('El mensaje contiene 2 enlaces: «https://spam.example.com».');
    expect(await page.textContent('#result')).toContain('fields unchanged: yes');
    await close();
  });

  it('keeps the screenshot in docs/ and no request left loopback', () => {
    expect(existsSync(SCREENSHOT)).toBe(true);
    expect(readFileSync(SCREENSHOT).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(external).toEqual([]);
  });
});
