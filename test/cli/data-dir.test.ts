// issue 17 item 3: one data directory (-d, --data-dir, FORMSPAM_DATA_DIR) for every command,
// with the lists in <dir>/lists and the SQLite store in <dir>/store; old spellings still work
// with one deprecation warning; data at the old default locations is used, never lost.
// Everything on loopback (a list server on 127.0.0.1), in temporary folders: every child gets
// its own HOME, XDG_DATA_HOME and XDG_CACHE_HOME, so no test reads or writes the real home.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIpReputationProvider } from '../../src/providers/index.js';
import { defaultDataDir, defaultListsDataDir } from '../../src/providers/lists/paths.js';
import { requestApiKey } from '../../src/service/client.js';
import { createService } from '../../src/service/service.js';
import { openStore } from '../../src/stores/index.js';
import { startServer } from '../helpers/serve.js';
import { runCli } from './run-cli.js';

const TOR = '185.220.101.1\n185.220.101.2\n185.220.101.3\n';
const TOR_IP = '185.220.101.2';

let lists: Server;
let base: string;
const dirs: string[] = [];

beforeAll(async () => {
  lists = createServer((req, res) => {
    if (req.url === '/tor.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end(TOR);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => lists.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(lists.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => lists?.close(() => resolve()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A fresh temporary folder with a home, and the environment that points every default there. */
function sandbox() {
  const root = mkdtempSync(join(tmpdir(), 'formspam-datadir-'));
  dirs.push(root);
  const env = {
    HOME: join(root, 'home'),
    XDG_DATA_HOME: join(root, 'home', '.local', 'share'),
    XDG_CACHE_HOME: join(root, 'home', '.cache'),
    FORMSPAM_DATA_DIR: '',
    FORMSPAM_SERVER_DATA_DIR: '',
    FORMSPAM_DNS_SERVER: '',
    FORMSPAM_DNS_SERVERS: '',
    FORMSPAM_LISTS_CONFIG: '',
    FORMSPAM_UPDATE_LISTS_EVERY: '0',
  };
  mkdirSync(env.HOME, { recursive: true });
  return { root, env };
}

const UPDATE = () => ['update-lists', '--min-entries', '3', '--source', `tor-exits=${base}/tor.txt`];
const SERVE = ['--no-warm-up', '--offline', '--no-rate-limits', '--m2m-max-number', '1000'];

async function torScore(url: string): Promise<number> {
  const { apiKey } = await requestApiKey({ server: url, hostname: 'example.com' });
  const r = await fetch(`${url}/api/v1/classify?apiKey=${apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ipAddress: TOR_IP }) });
  expect(r.status).toBe(200);
  return ((await r.json()) as { ipAddress: { rules: { TOR: { score: number } } } }).ipAddress.rules.TOR.score;
}

async function classifyTor(args: string[], env: Record<string, string>): Promise<{ score: number; stderr: string }> {
  const r = await runCli(['classify', '--offline', ...args], JSON.stringify({ ipAddress: TOR_IP }), { env });
  expect(r.code, r.stderr).toBe(0);
  return { score: (JSON.parse(r.stdout) as { ipAddress: { rules: { TOR: { score: number } } } }).ipAddress.rules.TOR.score, stderr: r.stderr };
}

const warnings = (text: string) => text.split('\n').filter((l) => l.startsWith('formspam: warning:'));

describe('one -d, --data-dir for every command', () => {
  it('formspam update-lists -d X && formspam serve -d X serves those lists, with the store in X/store', async () => {
    const { root, env } = sandbox();
    const x = join(root, 'X');
    const update = await runCli([...UPDATE(), '-d', x], undefined, { env });
    expect(update.code, update.stdout + update.stderr).toBe(0);
    expect(update.stderr).toBe('');
    expect(update.stdout).toContain(`1 of 1 lists updated in ${join(x, 'lists')}`);
    expect(existsSync(join(x, 'lists', 'tor-exits.list'))).toBe(true);

    const server = await startServer(['-d', x, ...SERVE], env);
    try {
      expect(await torScore(server.url)).toBeGreaterThan(0);
      expect(server.logs()).not.toMatch(/"rule":"ipAddress.TOR"/); // no rule-without-data warning for TOR
      expect(warnings(server.logs())).toEqual([]);
      expect(server.logs()).toContain(`"dataDir":${JSON.stringify(x)}`);
    } finally {
      await server.stop();
    }
    expect(readdirSync(join(x, 'store'))).toContain('formspam.db');
    expect(readdirSync(x).sort()).toEqual(['lists', 'store']);

    const status = await runCli(['status', '-d', x], undefined, { env });
    expect(status.stdout).toMatch(/^list:tor-exits\s+tor\s+\d{4}-\d\d-\d\d\s+\d+ h\s+3 entries/m);
    expect(status.stdout).toContain(`lists: ${join(x, 'lists')}`);
    expect((await classifyTor(['-d', x], env)).score).toBeGreaterThan(0);
  });

  it('the default (XDG_DATA_HOME/formspam, else ~/.local/share/formspam) and FORMSPAM_DATA_DIR are the same for every command', async () => {
    const { root, env } = sandbox();
    expect(defaultDataDir(env)).toBe(join(env.XDG_DATA_HOME, 'formspam'));
    expect(defaultDataDir({ HOME: env.HOME })).toMatch(/\.local[/\\]share[/\\]formspam$/);
    // The default.
    expect((await runCli(UPDATE(), undefined, { env })).code).toBe(0);
    const home = join(env.XDG_DATA_HOME, 'formspam');
    expect(existsSync(join(home, 'lists', 'tor-exits.list'))).toBe(true);
    expect((await runCli(['status'], undefined, { env })).stdout).toContain(`lists: ${join(home, 'lists')}`);
    expect((await classifyTor([], env)).score).toBeGreaterThan(0);
    const server = await startServer(SERVE, env);
    try {
      expect(await torScore(server.url)).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
    expect(existsSync(join(home, 'store', 'formspam.db'))).toBe(true);

    // FORMSPAM_DATA_DIR.
    const y = join(root, 'Y');
    const withEnv = { ...env, FORMSPAM_DATA_DIR: y };
    expect((await runCli(UPDATE(), undefined, { env: withEnv })).code).toBe(0);
    expect(existsSync(join(y, 'lists', 'tor-exits.list'))).toBe(true);
    expect((await runCli(['status', '--json'], undefined, { env: withEnv })).stdout).toContain(`"dataDir":${JSON.stringify(y)}`);
    const byEnv = await startServer(SERVE, withEnv);
    try {
      expect(await torScore(byEnv.url)).toBeGreaterThan(0);
    } finally {
      await byEnv.stop();
    }
    expect(existsSync(join(y, 'store', 'formspam.db'))).toBe(true);
  });

  it('every command that reads or writes formspam files documents -d, --data-dir and FORMSPAM_DATA_DIR', async () => {
    const helps = Object.fromEntries(await Promise.all(['update-lists', 'status', 'serve', 'classify'].map(async (c) => [c, (await runCli([c, '--help'])).stdout] as const)));
    for (const [command, help] of Object.entries(helps)) {
      expect(help, command).toMatch(/-d, --data-dir <dir>/);
      expect(help, command).toContain('[FORMSPAM_DATA_DIR]');
      expect(help, command).toContain('~/.local/share/formspam');
      expect(help, command).not.toContain('.cache');
    }
    for (const command of ['serve', 'classify']) {
      expect(helps[command], command).toContain('--dns-server <ip[:port]>');
      expect(helps[command], command).toContain('[FORMSPAM_DNS_SERVER]');
    }
    for (const command of ['update-lists', 'serve']) expect(helps[command], command).toContain('--lists-config <file>');
  });
});

describe('old spellings: still work, one deprecation warning naming the new one', () => {
  it('serve --lists-dir and FORMSPAM_SERVER_DATA_DIR', async () => {
    const { root, env } = sandbox();
    const old = join(root, 'old-lists');
    expect((await runCli([...UPDATE(), '-d', old], undefined, { env })).code).toBe(0);
    const storeDir = join(root, 'old-store');
    const server = await startServer(['--lists-dir', old, ...SERVE], { ...env, FORMSPAM_SERVER_DATA_DIR: storeDir });
    try {
      expect(await torScore(server.url)).toBeGreaterThan(0);
      const w = warnings(server.logs());
      expect(w.filter((l) => l.includes('--lists-dir'))).toEqual([expect.stringMatching(/--lists-dir is deprecated.*use --data-dir/)]);
      expect(w.filter((l) => l.includes('FORMSPAM_SERVER_DATA_DIR'))).toEqual([expect.stringMatching(/FORMSPAM_SERVER_DATA_DIR is deprecated.*use FORMSPAM_DATA_DIR/)]);
      expect(w).toHaveLength(2);
    } finally {
      await server.stop();
    }
    // FORMSPAM_SERVER_DATA_DIR keeps its meaning: the folder of formspam.db itself.
    expect(existsSync(join(storeDir, 'formspam.db'))).toBe(true);
    expect(existsSync(join(env.XDG_DATA_HOME, 'formspam', 'store'))).toBe(false);
  });

  it('--dns-servers and FORMSPAM_DNS_SERVERS (serve and classify), update-lists --config', async () => {
    const { root, env } = sandbox();
    const server = await startServer(['--dns-servers', '127.0.0.1:5353', '--store', 'memory', ...SERVE], env);
    try {
      expect(warnings(server.logs())).toEqual([expect.stringMatching(/--dns-servers is deprecated.*use --dns-server/)]);
    } finally {
      await server.stop();
    }
    const viaEnv = await startServer(['--store', 'memory', ...SERVE], { ...env, FORMSPAM_DNS_SERVERS: '127.0.0.1:5353' });
    try {
      expect(warnings(viaEnv.logs())).toEqual([expect.stringMatching(/FORMSPAM_DNS_SERVERS is deprecated.*use FORMSPAM_DNS_SERVER/)]);
    } finally {
      await viaEnv.stop();
    }
    // The canonical spellings: no warning; --dns-server takes a comma-separated list too.
    const canonical = await startServer(['--dns-server', '127.0.0.1:5353,127.0.0.1:5354', '--store', 'memory', ...SERVE], env);
    try {
      expect(warnings(canonical.logs())).toEqual([]);
    } finally {
      await canonical.stop();
    }
    const classify = await classifyTor(['--dns-servers', '127.0.0.1:5353'], env);
    expect(warnings(classify.stderr)).toEqual([expect.stringMatching(/--dns-servers is deprecated.*use --dns-server/)]);
    const classifyEnv = await classifyTor([], { ...env, FORMSPAM_DNS_SERVERS: '127.0.0.1:5353' });
    expect(warnings(classifyEnv.stderr)).toEqual([expect.stringMatching(/FORMSPAM_DNS_SERVERS is deprecated/)]);
    expect(warnings((await classifyTor(['--dns-server', '127.0.0.1:5353,127.0.0.1:5354'], env)).stderr)).toEqual([]);

    const config = join(root, 'sources.json');
    writeFileSync(config, JSON.stringify([{ id: 'tor-exits', kind: 'tor', url: `${base}/tor.txt`, licence: 'fixture', minEntries: 3 }]));
    const old = await runCli(['update-lists', '-d', join(root, 'a'), '--config', config], undefined, { env });
    expect(old.code).toBe(0);
    expect(warnings(old.stderr)).toEqual([expect.stringMatching(/--config is deprecated.*use --lists-config/)]);
    const now = await runCli(['update-lists', '-d', join(root, 'b'), '--lists-config', config], undefined, { env });
    expect(now.code).toBe(0);
    expect(now.stderr).toBe('');
    const fromEnv = await runCli(['update-lists', '-d', join(root, 'c')], undefined, { env: { ...env, FORMSPAM_LISTS_CONFIG: config } });
    expect(fromEnv.stdout).toContain('1 of 1 lists updated');
  });
});

describe('migration: data at an old default location is used, nothing is lost', () => {
  it('lists in the old cache (~/.cache/formspam/lists): read where they are by status and classify, moved by update-lists', async () => {
    const { env } = sandbox();
    const oldDir = join(env.XDG_CACHE_HOME, 'formspam');
    expect((await runCli([...UPDATE(), '-d', oldDir], undefined, { env })).code).toBe(0);
    const newLists = join(env.XDG_DATA_HOME, 'formspam', 'lists');
    const oldLists = join(oldDir, 'lists');

    // Read-only commands: the old lists, one warning with the command that moves them.
    const status = await runCli(['status'], undefined, { env });
    expect(status.stdout).toMatch(/^list:tor-exits\s+tor\s+.*3 entries/m);
    expect(warnings(status.stderr)).toEqual([`formspam: warning: reading the downloaded lists from the old default ${oldLists}: ${newLists} has none. Move them with: mkdir -p ${newLists} && mv ${oldLists}/*.list ${newLists}/`]);
    const classified = await classifyTor([], env);
    expect(classified.score).toBeGreaterThan(0);
    expect(warnings(classified.stderr)).toHaveLength(1);
    // The library's default providers find them too.
    expect(defaultListsDataDir(env)).toBe(oldDir);
    expect(existsSync(join(oldLists, 'tor-exits.list'))).toBe(true);

    // update-lists writes lists: it moves them (they can be downloaded again).
    const update = await runCli(UPDATE(), undefined, { env });
    expect(update.code).toBe(0);
    expect(warnings(update.stderr)).toEqual([`formspam: warning: moved the downloaded lists from ${oldLists} (the old default) to ${newLists} (the data directory)`]);
    expect(existsSync(join(newLists, 'tor-exits.list'))).toBe(true);
    expect(existsSync(oldLists)).toBe(false);
    expect(defaultListsDataDir(env)).toBe(join(env.XDG_DATA_HOME, 'formspam'));
    const after = await runCli(['status'], undefined, { env });
    expect(after.stderr).toBe('');
  });

  it('serve moves old-cache lists too, and serves them', async () => {
    const { env } = sandbox();
    const oldDir = join(env.XDG_CACHE_HOME, 'formspam');
    expect((await runCli([...UPDATE(), '-d', oldDir], undefined, { env })).code).toBe(0);
    const server = await startServer(['--store', 'memory', ...SERVE], env);
    try {
      expect(warnings(server.logs())).toEqual([expect.stringMatching(/moved the downloaded lists from/)]);
      expect(await torScore(server.url)).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
    expect(existsSync(join(env.XDG_DATA_HOME, 'formspam', 'lists', 'tor-exits.list'))).toBe(true);
  });

  it('the key store at ./formspam-data (the old default) is used, never moved, with the command to move it', async () => {
    const { root, env } = sandbox();
    const cwd = join(root, 'site');
    mkdirSync(cwd);
    const oldStore = join(cwd, 'formspam-data', 'formspam.db');
    // A key made by the old layout's store.
    const before = await startServer(['--store', `sqlite:${oldStore}`, ...SERVE], env, { cwd });
    let apiKey: string;
    try {
      apiKey = (await requestApiKey({ server: before.url, hostname: 'example.com' })).apiKey;
    } finally {
      await before.stop();
    }
    const newStore = join(env.XDG_DATA_HOME, 'formspam', 'store');
    const server = await startServer(SERVE, env, { cwd });
    try {
      const r = await fetch(`${server.url}/api/v1/classify?apiKey=${apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"hello"}' });
      expect(r.status).toBe(200);
      expect(warnings(server.logs())).toEqual([
        `formspam: warning: using the key store at its old location ${oldStore}: ${join(newStore, 'formspam.db')} does not exist. It is never moved automatically; stop the server, then move it with: mkdir -p ${newStore} && mv ${join(cwd, 'formspam-data')}/formspam.db* ${newStore}/`,
      ]);
    } finally {
      await server.stop();
    }
    expect(existsSync(oldStore)).toBe(true);
    expect(existsSync(join(newStore, 'formspam.db'))).toBe(false);
  });

  it('the key store at <data dir>/formspam.db (the old serve -d DIR and the old Docker image) is used, never moved', async () => {
    const { root, env } = sandbox();
    const x = join(root, 'volume');
    const before = await startServer(['--store', `sqlite:${join(x, 'formspam.db')}`, ...SERVE], env);
    let apiKey: string;
    try {
      apiKey = (await requestApiKey({ server: before.url, hostname: 'example.com' })).apiKey;
    } finally {
      await before.stop();
    }
    // The Docker image's environment now: FORMSPAM_DATA_DIR only.
    const server = await startServer(SERVE, { ...env, FORMSPAM_DATA_DIR: x });
    try {
      const r = await fetch(`${server.url}/api/v1/classify?apiKey=${apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"hello"}' });
      expect(r.status).toBe(200);
      expect(warnings(server.logs())).toEqual([expect.stringContaining(`mkdir -p ${join(x, 'store')} && mv ${x}/formspam.db* ${join(x, 'store')}/`)]);
    } finally {
      await server.stop();
    }
    expect(existsSync(join(x, 'formspam.db'))).toBe(true);
    expect(existsSync(join(x, 'store'))).toBe(false);
    // The command it printed, done by hand: the store is found in store/, without a warning.
    mkdirSync(join(x, 'store'));
    for (const f of readdirSync(x).filter((f) => f.startsWith('formspam.db'))) renameSync(join(x, f), join(x, 'store', f));
    const moved = await startServer(SERVE, { ...env, FORMSPAM_DATA_DIR: x });
    try {
      const r = await fetch(`${moved.url}/api/v1/classify?apiKey=${apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"hello"}' });
      expect(r.status).toBe(200);
      expect(warnings(moved.logs())).toEqual([]);
    } finally {
      await moved.stop();
    }
  });
});

describe('the library agrees with the CLI layout', () => {
  it('createIpReputationProvider({ dataDir }) reads <dataDir>/lists, and still a folder of list files', async () => {
    const { root, env } = sandbox();
    const x = join(root, 'X');
    expect((await runCli([...UPDATE(), '-d', x], undefined, { env })).code).toBe(0);
    for (const dataDir of [x, join(x, 'lists')]) {
      const reputation = createIpReputationProvider({ dataDir, asnDatabase: false }).lookupSync(TOR_IP);
      expect(reputation.lists.tor, dataDir).toEqual({ sources: ['tor-exits'], matches: [{ list: 'tor-exits', entry: expect.any(String) }] });
    }
  });

  it('createService({ dataDir }) reads <dataDir>/lists for /readyz; the old listsDir means the same', async () => {
    const { root, env } = sandbox();
    const x = join(root, 'X');
    expect((await runCli([...UPDATE(), '-d', x], undefined, { env })).code).toBe(0);
    for (const options of [{ dataDir: x }, { listsDir: x }]) {
      const service = createService({ ...options, offline: true, rateLimits: false });
      const r = await service.handle({ method: 'GET', url: '/readyz', headers: {}, remoteAddress: '127.0.0.1' });
      const missing = (JSON.parse(r.body) as { lists: { missing: string[] } }).lists.missing;
      expect(missing, JSON.stringify(options)).not.toContain('tor-exits');
      expect(missing).toContain('x4bnet-vpn');
      await service.close();
    }
  });

  it("openStore('sqlite', { dataDir }) is <dataDir>/store/formspam.db, or the old <dataDir>/formspam.db while that is all there is", async () => {
    const { root } = sandbox();
    const x = join(root, 'X');
    const fresh = await openStore('sqlite', { dataDir: x });
    await fresh.close();
    expect(existsSync(join(x, 'store', 'formspam.db'))).toBe(true);
    const y = join(root, 'Y');
    const old = await openStore(`sqlite:${join(y, 'formspam.db')}`);
    await old.putKey({ apiKey: 'k1', hostname: 'example.com', secret: 's', license: 'free', createdAt: 1 });
    await old.close();
    const again = await openStore('sqlite', { dataDir: y });
    try {
      expect(await again.getKey('k1')).toMatchObject({ hostname: 'example.com' });
    } finally {
      await again.close();
    }
    expect(existsSync(join(y, 'store'))).toBe(false);
  });
});
