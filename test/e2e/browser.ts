// Debian's Chromium driven by playwright-core (never a downloaded browser). Outside CI a missing
// /usr/bin/chromium skips the browser tests with a message; with CI=true it fails them.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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
