// formspam update-lists against a local HTTP server on 127.0.0.1 serving fixture files:
// a good list, a newer one, a truncated download, HTTP 500, a slow server, garbage, HTML,
// and a list that collapsed. Never touches the internet.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify } from '../../../src/index.js';
import { createGeoProvider, createIpReputationProvider } from '../../../src/providers/index.js';
import { datasetStatus, loadListFile, updateLists, type ListSource } from '../../../src/providers/lists/index.js';
import { runCli } from '../../cli/run-cli.js';

const FIXTURES = fileURLToPath(new URL('../../../fixtures/list-downloads/', import.meta.url));
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

let server: Server;
let base: string;
const pending = new Set<() => void>();

beforeAll(async () => {
  server = createServer((req, res) => {
    switch (req.url) {
      case '/tor-v1.txt':
      case '/tor-v2.txt':
      case '/drop.txt':
      case '/garbage.txt':
        res.writeHead(200, { 'content-type': 'text/plain' }).end(fixture(req.url.slice(1)));
        return;
      case '/captive.html':
        res.writeHead(200, { 'content-type': 'text/html' }).end(fixture('captive.html'));
        return;
      case '/error':
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      case '/truncated': {
        const body = fixture('tor-v2.txt');
        res.writeHead(200, { 'content-length': String(body.length * 3) });
        res.write(body);
        setImmediate(() => res.socket?.destroy());
        return;
      }
      case '/slow':
        // Sends the headers and one line, then never finishes.
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('185.220.101.1\n');
        pending.add(() => res.destroy());
        return;
      case '/binary':
        res.writeHead(200).end(Buffer.from([0, 1, 2, 255, 254, 0, 10]));
        return;
      case '/tiny':
        res.writeHead(200).end('185.220.101.1\n');
        return;
      default:
        res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const end of pending) end();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const tor = (path: string): ListSource => ({ id: 'tor-exits', kind: 'tor', url: `${base}${path}`, licence: 'fixture', minEntries: 3 });
const newDir = () => mkdtempSync(join(tmpdir(), 'formspam-lists-'));
const NOW = () => new Date('2026-11-20T12:00:00.000Z');

describe('updateLists', () => {
  it('downloads, validates and installs a list with its source, fetch time and entry count', async () => {
    const dataDir = newDir();
    const [r] = await updateLists({ dataDir, sources: [tor('/tor-v1.txt')], now: NOW });
    expect(r).toMatchObject({ id: 'tor-exits', ok: true, entries: 5, previous: null });
    const list = loadListFile(join(dataDir, 'lists', 'tor-exits.list'));
    expect(list.meta).toEqual({ id: 'tor-exits', kind: 'tor', source: `${base}/tor-v1.txt`, licence: 'fixture', fetched: '2026-11-20T12:00:00.000Z', entries: 5 });
    expect(list.set!.match('185.220.101.2')).toBe('185.220.101.2/32');
    expect(list.set!.match('2a0b:f4c2::1')).toBe('2a0b:f4c2::1/128');
    expect(list.set!.match('185.220.101.9')).toBeNull();
    expect(readdirSync(join(dataDir, 'lists'))).toEqual(['tor-exits.list']);
  });

  it('strips comments and trailing fields (Spamhaus DROP format)', async () => {
    const dataDir = newDir();
    const [r] = await updateLists({ dataDir, sources: [{ id: 'drop', kind: 'malicious', url: `${base}/drop.txt`, licence: 'fixture', minEntries: 1 }] });
    expect(r).toMatchObject({ ok: true, entries: 3 });
    expect(loadListFile(join(dataDir, 'lists', 'drop.list')).set!.match('194.26.29.77')).toBe('194.26.29.0/24');
  });

  it.each([
    ['HTTP 500', '/error', /HTTP 500/],
    ['a truncated download', '/truncated', /truncated|interrupted/],
    ['a slow server', '/slow', /within 300 ms/],
    ['garbage', '/garbage.txt', /not IP addresses/],
    ['an HTML page', '/captive.html', /HTML/],
    ['binary data', '/binary', /binary|UTF-8/],
    ['an implausibly small list', '/tiny', /fewer than the plausible minimum/],
    ['a 404', '/missing', /HTTP 404/],
  ])('keeps the previous list on %s', async (_name, path, message) => {
    const dataDir = newDir();
    await updateLists({ dataDir, sources: [tor('/tor-v1.txt')], now: NOW });
    const before = readFileSync(join(dataDir, 'lists', 'tor-exits.list'), 'utf8');
    const [r] = await updateLists({ dataDir, sources: [tor(path)], timeoutMs: 300 });
    expect(r!.ok).toBe(false);
    expect(r!.error).toMatch(message);
    expect(r!.previous).toMatchObject({ entries: 5 });
    expect(readFileSync(join(dataDir, 'lists', 'tor-exits.list'), 'utf8')).toBe(before);
    expect(readdirSync(join(dataDir, 'lists'))).toEqual(['tor-exits.list']);
  });

  it('refuses a list that collapsed against the previous copy, unless forced', async () => {
    const dataDir = newDir();
    mkdirSync(join(dataDir, 'lists'), { recursive: true });
    await updateLists({ dataDir, sources: [{ ...tor('/tor-v1.txt') }], now: NOW });
    const file = join(dataDir, 'lists', 'tor-exits.list');
    writeFileSync(file, readFileSync(file, 'utf8').replace('# entries: 5', '# entries: 100'));
    const [refused] = await updateLists({ dataDir, sources: [tor('/tor-v2.txt')] });
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/previous copy/) });
    const [forced] = await updateLists({ dataDir, sources: [tor('/tor-v2.txt')], force: true });
    expect(forced).toMatchObject({ ok: true, entries: 7 });
  });

  it('updates the good sources when another fails', async () => {
    const dataDir = newDir();
    const results = await updateLists({
      dataDir,
      sources: [tor('/error'), { id: 'drop', kind: 'malicious', url: `${base}/drop.txt`, licence: 'fixture', minEntries: 1 }],
    });
    expect(results.map((r) => r.ok)).toEqual([false, true]);
  });

  it('feeds the IP reputation provider and datasetStatus', async () => {
    const dataDir = newDir();
    await updateLists({ dataDir, sources: [tor('/tor-v2.txt')], now: NOW });
    const providers = { geo: createGeoProvider({ cityDatabase: false }), ipReputation: createIpReputationProvider({ dataDir }) };
    const r = await classify({ ipAddress: '185.220.101.4' }, providers);
    expect(r.reasons).toEqual(['ipAddress.TOR']);
    expect(r.ipAddress!.rules.TOR!.matches).toEqual([{ field: 'ipAddress', value: '185.220.101.4/32', reason: 'tor-exits' }]);
    expect(r.ipAddress!.rules.PROXY).toMatchObject({ skipped: 'no-data' });
    const status = datasetStatus({ dataDir, now: new Date('2026-11-22T12:00:00.000Z'), maxAgeDays: 1 });
    expect(status.find((d) => d.id === 'list:tor-exits')).toMatchObject({ entries: 7, ageDays: 2, stale: true, generated: '2026-11-20T12:00:00.000Z' });
    expect(status.find((d) => d.id === 'list:x4bnet-vpn')).toMatchObject({ entries: null, problem: expect.stringMatching(/update-lists/) });
    expect(status.find((d) => d.id === 'asn')).toMatchObject({ generated: expect.stringMatching(/^20\d\d-/) });
    expect(status.find((d) => d.id === 'geo-country')!.entries).toBeGreaterThan(0);
  });
});

describe('formspam update-lists and status (CLI)', () => {
  it('round-trips --source with local fixture URLs, and keeps the previous list on failure', async () => {
    const dataDir = newDir();
    const ok = await runCli(['update-lists', '--data-dir', dataDir, '--min-entries', '3', '--source', `tor-exits=${base}/tor-v1.txt`, '--source', `malicious:drop=${base}/drop.txt`]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^tor-exits: updated, 5 entries \(tor/m);
    expect(ok.stdout).toMatch(/^drop: updated, 3 entries \(malicious/m);
    expect(ok.stdout).toMatch(/2 of 2 lists updated/);

    const bad = await runCli(['update-lists', '-d', dataDir, '--min-entries', '3', '-s', `tor-exits=${base}/garbage.txt`]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^tor-exits: FAILED: rejected: .*kept the previous list \(5 entries/m);
    expect(readFileSync(join(dataDir, 'lists', 'tor-exits.list'), 'utf8')).toMatch(/# entries: 5\n/);

    const status = await runCli(['status', '--data-dir', dataDir]);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^list:tor-exits\s+tor\s+\d{4}-\d\d-\d\d\s+\d+ h\s+5 entries/m);
    expect(status.stdout).toMatch(/^asn\s+asn\s+\d{4}-\d\d-\d\d\s+\d+ d\s+[\d,]+ ranges/m);
    expect(status.stdout).toMatch(/^geo-country\s+geo/m);
    const json = JSON.parse((await runCli(['status', '-d', dataDir, '--json'])).stdout);
    expect(json.datasets.find((d: { id: string }) => d.id === 'list:drop')).toMatchObject({ entries: 3, kind: 'malicious' });
  });

  it('rejects a bad --source as a usage error', async () => {
    const r = await runCli(['update-lists', '--source', 'nope=http://127.0.0.1:1/x']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr).error.code).toBe('USAGE');
  });

  it('is listed in --help', async () => {
    const r = await runCli(['--help']);
    expect(r.stdout).toMatch(/update-lists/);
    expect(r.stdout).toMatch(/status/);
  });
});
