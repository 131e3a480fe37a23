// Debian's Chromium driven by playwright-core (never a downloaded browser). Outside CI a missing
// /usr/bin/chromium skips the browser tests with a message; with CI=true it fails them.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.FORMSPAM_CHROMIUM ?? '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
export const IN_CI = process.env.CI === 'true';
/** Run the browser suites: Chromium is there, or we are in CI (where its absence must fail). */
export const RUN_BROWSER_TESTS = HAVE_CHROMIUM || IN_CI;

if (!RUN_BROWSER_TESTS) {
  console.warn(`browser tests skipped: ${CHROMIUM} is missing (apt-get install chromium; in CI, with CI=true, this is a failure)`);
}

/** Headless flags of PROTOCOL.md §5.3: root needs --no-sandbox; no background traffic leaves loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-sync',
  '--disable-extensions',
  '--no-first-run',
  '--no-default-browser-check',
  '--metrics-recording-only',
  '--disable-domain-reliability',
];

export async function launchChromium(): Promise<Browser> {
  if (!HAVE_CHROMIUM) throw new Error(`${CHROMIUM} is missing: the browser tests need Debian's chromium (apt-get install chromium; .ci/run installs it)`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** Lets only loopback (and data:/blob:) requests through; anything else is recorded in `external` and refused. */
export async function loopbackOnly(context: BrowserContext, external: string[]): Promise<void> {
  await context.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if (u.hostname === '127.0.0.1' || u.protocol === 'data:' || u.protocol === 'blob:') return route.continue();
    external.push(u.href);
    return route.abort();
  });
}
