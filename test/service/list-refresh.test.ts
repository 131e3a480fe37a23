// issue 17: `formspam serve` refreshes its lists on a schedule, in the background, and uses new
// entries without a restart; a broken download never replaces a good list. Everything on
// loopback: the list server, the DNS server, formspam serve.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestApiKey } from '../../src/service/client.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { startServer, type TestServer } from '../helpers/serve.js';
import { EMAIL_ZONE } from '../rules/email/fixture-zone.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/list-downloads/', import.meta.url));
const V1 = '185.220.101.1\n185.220.101.2\n185.220.101.3\n';
const V2 = `${V1}91.132.147.168\n`;

let upstream: string | Buffer = V1;
let lists: Server;
let dns: TestDnsServer;
let server: TestServer;
let dir: string;
let apiKey: string;

async function waitForLog(pattern: RegExp, from: number, timeoutMs = 20_000): Promise<string> {
  const t0 = Date.now();
  for (;;) {
    const m = pattern.exec(server.logs().slice(from));
    if (m) return m[0];
    if (Date.now() - t0 > timeoutMs) throw new Error(`no log line ${pattern} in ${timeoutMs} ms:\n${server.logs().slice(from)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function torHit(ip: string): Promise<number> {
  const r = await fetch(`${server.url}/api/v1/classify?apiKey=${apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ipAddress: ip }) });
  expect(r.status).toBe(200);
  const body = (await r.json()) as { ipAddress: { rules: { TOR: { score: number; skipped?: string } } } };
  return body.ipAddress.rules.TOR.score;
}

beforeAll(async () => {
  lists = createServer((req, res) => {
    if (req.url === '/tor.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end(upstream);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => lists.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(lists.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'formspam-refresh-'));
  const config = join(dir, 'sources.json');
  writeFileSync(config, JSON.stringify([{ id: 'tor-exits', kind: 'tor', url: `${base}/tor.txt`, licence: 'fixture', minEntries: 3 }]));
  dns = await startDnsServer(EMAIL_ZONE);
  server = await startServer(['--store', 'memory', '--no-rate-limits', '--no-warm-up', '--m2m-max-number', '1000', '--dns-server', dns.address, '--data-dir', join(dir, 'data'), '--lists-config', config, '--update-lists-every', '2s']);
  apiKey = (await requestApiKey({ server: server.url, hostname: 'example.com' })).apiKey;
});
afterAll(async () => {
  await server?.stop();
  await dns?.close();
  await new Promise<void>((resolve) => lists?.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('formspam serve --update-lists-every', () => {
  it('says at start-up what it refreshes and which rules lack data, and installs the missing list at once', async () => {
    expect(server.logs()).toMatch(/"event":"lists-refresh","everyMs":2000/);
    for (const rule of ['ipAddress.TOR', 'ipAddress.PROXY', 'ipAddress.MALICIOUS', 'email.REPORTED', 'ipAddress.HOSTING']) {
      expect(server.logs()).toContain(`"event":"rule-without-data","rule":"${rule}"`);
    }
    expect(server.logs()).toMatch(/the list refresh is downloading it/);
    await waitForLog(/"event":"list-updated","id":"tor-exits","entries":3/, 0);
    expect(await torHit('185.220.101.2')).toBeGreaterThan(0);
    expect(await torHit('91.132.147.168')).toBe(0);
    // /readyz: ready, degraded while other lists are missing; tor-exits no longer among them.
    const t0 = Date.now();
    let ready: { status: string; lists: { missing: string[] } };
    do ready = (await (await fetch(`${server.url}/readyz`)).json()) as typeof ready;
    while (ready.lists.missing.includes('tor-exits') && Date.now() - t0 < 65_000 && (await new Promise((r) => setTimeout(r, 200)), true));
    expect(ready.status).toBe('degraded');
    expect(ready.lists.missing).not.toContain('tor-exits');
    expect(ready.lists.missing).toContain('x4bnet-vpn');
  });

  it('uses the entries of a list replaced upstream without a restart', async () => {
    const from = server.logs().length;
    upstream = V2;
    await waitForLog(/"event":"list-updated","id":"tor-exits","entries":4/, from);
    // The providers read the new file after the round that installed it.
    const t0 = Date.now();
    while ((await torHit('91.132.147.168')) === 0 && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 50));
    expect(await torHit('91.132.147.168')).toBeGreaterThan(0);
  });

  it('a broken upstream (a captive portal page, then a collapsed list) never replaces the good list', async () => {
    let from = server.logs().length;
    upstream = readFileSync(join(FIXTURES, 'captive.html'));
    await waitForLog(/"event":"list-update-failed","id":"tor-exits"[^\n]*"kept":4/, from);
    expect(await torHit('91.132.147.168')).toBeGreaterThan(0);
    from = server.logs().length;
    upstream = '185.220.101.1\n';
    await waitForLog(/"event":"list-update-failed","id":"tor-exits"[^\n]*"kept":4/, from);
    expect(await torHit('91.132.147.168')).toBeGreaterThan(0);
    expect(await torHit('185.220.101.3')).toBeGreaterThan(0);
  });
});

describe('the schedule option', () => {
  it('0 turns it off; a bad value is refused with exit 2', async () => {
    const off = await startServer(['--store', 'memory', '--no-warm-up', '--dns-server', dns.address, '--data-dir', join(dir, 'off'), '--update-lists-every', '0']);
    try {
      expect(off.logs()).not.toMatch(/lists-refresh/);
      expect(off.logs()).toMatch(/"rule":"ipAddress.TOR"[^\n]*run formspam update-lists/);
    } finally {
      await off.stop();
    }
    const { runCli } = await import('../cli/run-cli.js');
    for (const bad of ['soon', '500ms', '1x']) {
      const r = await runCli(['serve', '--store', 'memory', '--update-lists-every', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr, bad).toMatch(/--update-lists-every must be/);
    }
  });
});
