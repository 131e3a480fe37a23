// issue 17: key issuance can be closed; an admin token lists, creates and revokes keys over HTTP
// and with `formspam keys`; a revoked key is refused at once, on every instance of a shared store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '../../src/service/service.js';
import { callService } from '../helpers/service-call.js';
import { requestApiKey } from '../../src/service/client.js';
import { runCli } from '../cli/run-cli.js';
import { readmeExample } from '../helpers/readme.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';
import { startServer, type TestServer } from '../helpers/serve.js';
import { freePort as closedPort } from '../helpers/redis-server.js';

const TOKEN = 'admin-token-0123456789abcdef0123456789';
const MESSAGE = { fields: { message: 'Hello, is the workshop next Tuesday still open? Best, Jana' } };

const call = callService;

describe('the service (in-process, memory store)', () => {
  it('key issuance closed: /api_key/generate answers 403 KEY_ISSUANCE_CLOSED; open is the default', async () => {
    const closed = createService({ keyIssuance: 'closed', rateLimits: false });
    const r = await call(closed, 'POST', '/api_key/generate', { body: { hostname: 'example.com' } });
    expect(r).toMatchObject({ status: 403, json: { code: 'KEY_ISSUANCE_CLOSED', statusCode: 403 } });
    expect(r.json.error).toMatch(/formspam keys create/);
    const open = createService({ rateLimits: false });
    expect((await call(open, 'POST', '/api_key/generate', { body: { hostname: 'example.com' } })).status).toBe(401); // the M2M challenge
    expect(() => createService({ keyIssuance: 'shut' as never })).toThrow(/open" or "closed/);
  });

  it('admin endpoints: 404 without an admin token configured, 401 with a wrong one; a short token is refused at start', async () => {
    const none = createService({ rateLimits: false });
    expect((await call(none, 'GET', '/admin/keys', { token: TOKEN })).status).toBe(404);
    const s = createService({ adminToken: TOKEN, rateLimits: false });
    for (const token of [undefined, '', 'wrong', `${TOKEN}x`]) {
      const r = await call(s, 'GET', '/admin/keys', token === undefined ? {} : { token });
      expect(r).toMatchObject({ status: 401, json: { code: 'ADMIN_TOKEN_INVALID' } });
    }
    expect(() => createService({ adminToken: 'short' })).toThrow(/at least 32 characters/);
  });

  it('create, list (no secrets), revoke: the revoked key is refused by classify and the widget at once', async () => {
    const s = createService({ adminToken: TOKEN, keyIssuance: 'closed', rateLimits: false, offline: true });
    const created = await call(s, 'POST', '/admin/keys', { token: TOKEN, body: { hostname: 'Shop.Example' } });
    expect(created).toMatchObject({ status: 201, json: { hostname: 'shop.example', license: 'free' } });
    const { apiKey, secret } = created.json;
    expect(apiKey).toMatch(/^ckey_/);
    expect(secret).toMatch(/^sec_/);
    expect((await call(s, 'POST', `/api/v1/classify?apiKey=${apiKey}`, { body: MESSAGE })).status).toBe(200);
    expect((await call(s, 'GET', `/api/v1/challenge?apiKey=${apiKey}`)).status).toBe(200);

    const listed = await call(s, 'GET', '/admin/keys', { token: TOKEN });
    expect(listed.json.keys).toEqual([{ apiKey, hostname: 'shop.example', license: 'free', createdAt: expect.any(String), revokedAt: null, limits: null }]);
    expect(JSON.stringify(listed.json)).not.toContain(secret);

    const revoked = await call(s, 'DELETE', `/admin/keys?apiKey=${apiKey}`, { token: TOKEN });
    expect(revoked).toMatchObject({ status: 200, json: { apiKey, hostname: 'shop.example', alreadyRevoked: false } });
    expect(Date.parse(revoked.json.revokedAt)).not.toBeNaN();
    expect(await call(s, 'POST', `/api/v1/classify?apiKey=${apiKey}`, { body: MESSAGE })).toMatchObject({ status: 401, json: { code: 'API_KEY_REVOKED' } });
    expect(await call(s, 'GET', `/api/v1/challenge?apiKey=${apiKey}`)).toMatchObject({ status: 401, json: { code: 'API_KEY_REVOKED' } });
    const again = await call(s, 'DELETE', `/admin/keys?apiKey=${apiKey}`, { token: TOKEN });
    expect(again.json).toMatchObject({ alreadyRevoked: true, revokedAt: revoked.json.revokedAt });
    expect((await call(s, 'GET', '/admin/keys', { token: TOKEN })).json.keys[0].revokedAt).toBe(revoked.json.revokedAt);
  });

  it('admin input errors have codes: unknown key 404, no key 400, bad hostname and license 400', async () => {
    const s = createService({ adminToken: TOKEN, rateLimits: false });
    expect(await call(s, 'DELETE', '/admin/keys?apiKey=ckey_nope', { token: TOKEN })).toMatchObject({ status: 404, json: { code: 'API_KEY_NOT_FOUND' } });
    expect(await call(s, 'DELETE', '/admin/keys', { token: TOKEN })).toMatchObject({ status: 400, json: { code: 'MISSING_API_KEY' } });
    expect(await call(s, 'POST', '/admin/keys', { token: TOKEN, body: { hostname: 'not a host' } })).toMatchObject({ status: 400, json: { code: 'INVALID_HOSTNAME' } });
    expect(await call(s, 'POST', '/admin/keys', { token: TOKEN, body: { hostname: 'a.example', license: '../x' } })).toMatchObject({ status: 400, json: { code: 'INVALID_LICENSE' } });
    expect(await call(s, 'POST', '/admin/keys', { token: TOKEN, body: ['a.example'] })).toMatchObject({ status: 400, json: { code: 'INVALID_BODY' } });
    expect((await call(s, 'PUT', '/admin/keys', { token: TOKEN })).status).toBe(405);
  });
});

const ARGS = ['--no-rate-limits', '--offline', '--no-warm-up', '--key-issuance', 'closed', '--m2m-max-number', '1000'];
const ENV = { FORMSPAM_ADMIN_TOKEN: TOKEN };
const keys = (args: string[], server: TestServer, env: Record<string, string> = ENV) => runCli(['keys', ...args, '--server', server.url], undefined, { env });
const classifyWith = (server: TestServer, apiKey: string) =>
  fetch(`${server.url}/api/v1/classify?apiKey=${apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(MESSAGE) });

describe('formspam keys and serve --key-issuance closed, two instances on one real Redis', () => {
  let redis: TestRedis;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    redis = await startRedis();
    [a, b] = await Promise.all([startServer([...ARGS, '--store', redis.url], ENV), startServer([...ARGS, '--store', redis.url], ENV)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  it('issuance is closed on both; a key created on one works on the other; revoked on one, refused on the other at once', async () => {
    expect(a.logs()).toMatch(/"keyIssuance":"closed","admin":true/);
    await expect(requestApiKey({ server: b.url, hostname: 'example.com' })).rejects.toThrow(/403|closed/i);
    const created = await keys(['create', '--hostname', 'shop.example', '--license', 'pro'], a);
    expect(created.code).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(key).toMatchObject({ hostname: 'shop.example', license: 'pro' });
    expect((await classifyWith(b, key.apiKey)).status).toBe(200);
    const listed = await keys(['list'], b);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual(expect.arrayContaining([expect.objectContaining({ apiKey: key.apiKey, hostname: 'shop.example', revokedAt: null })]));
    expect(listed.stdout).not.toContain(key.secret);
    const revoked = await keys(['revoke', '--api-key', key.apiKey], a);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ apiKey: key.apiKey, alreadyRevoked: false });
    const refused = await classifyWith(b, key.apiKey);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'API_KEY_REVOKED' });
  });
});

describe('formspam keys on a SQLite store, and its errors', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'formspam-keys-'));
    server = await startServer([...ARGS, '--data-dir', dir], ENV);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('create, list, revoke; the revocation survives a restart', async () => {
    const key = JSON.parse((await keys(['create', '--hostname', 'example.com'], server)).stdout);
    expect((await classifyWith(server, key.apiKey)).status).toBe(200);
    expect((await keys(['revoke', '--api-key', key.apiKey], server)).code).toBe(0);
    expect((await classifyWith(server, key.apiKey)).status).toBe(401);
    await server.stop();
    server = await startServer([...ARGS, '--data-dir', dir], ENV);
    expect((await classifyWith(server, key.apiKey)).status).toBe(401);
    const listed = (await keys(['list'], server)).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(listed).toEqual([expect.objectContaining({ apiKey: key.apiKey, revokedAt: expect.any(String) })]);
  });

  it('errors name what to do, with a code and exit 2', async () => {
    const cases: [string[], Record<string, string>, string][] = [
      [['list'], { FORMSPAM_ADMIN_TOKEN: '' }, 'MISSING_ADMIN_TOKEN'],
      [['list'], { FORMSPAM_ADMIN_TOKEN: 'x'.repeat(40) }, 'ADMIN_TOKEN_INVALID'],
      [['create'], ENV, 'MISSING_HOSTNAME'],
      [['revoke'], ENV, 'MISSING_API_KEY'],
      [['revoke', '--api-key', 'ckey_unknown'], ENV, 'API_KEY_NOT_FOUND'],
      [['create', '--hostname', 'not a host'], ENV, 'INVALID_HOSTNAME'],
      [['rename'], ENV, 'UNKNOWN_ACTION'],
      [[], ENV, 'MISSING_ACTION'],
    ];
    for (const [args, env, code] of cases) {
      const r = await keys(args, server, env);
      expect({ args, code: r.code, error: JSON.parse(r.stderr).error.code }).toEqual({ args, code: 2, error: code });
    }
    const unreachable = await runCli(['keys', 'list', '--server', `http://127.0.0.1:${await closedPort()}`], undefined, { env: ENV });
    expect(unreachable.code).toBe(2);
    expect(JSON.parse(unreachable.stderr).error).toMatchObject({ code: 'SERVER_UNREACHABLE', message: expect.stringContaining('ECONNREFUSED') });
    const noAdmin = await startServer(['--no-rate-limits', '--offline', '--no-warm-up', '--store', 'memory']);
    try {
      const r = await keys(['list'], noAdmin);
      expect(JSON.parse(r.stderr).error.code).toBe('ADMIN_DISABLED');
    } finally {
      await noAdmin.stop();
    }
  });

  it('serve refuses a short FORMSPAM_ADMIN_TOKEN and a bad --key-issuance with exit 2', async () => {
    const short = await runCli(['serve', '--store', 'memory', '--port', '0', '--no-warm-up'], undefined, { env: { FORMSPAM_ADMIN_TOKEN: 'short' } });
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/FORMSPAM_ADMIN_TOKEN must be at least 32/);
    const bad = await runCli(['serve', '--store', 'memory', '--port', '0', '--key-issuance', 'maybe'], undefined, {});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--key-issuance must be open or closed/);
  });
});

describe('the README example', () => {
  it('runs its formspam keys commands against a server and gets output of the shape it shows', async () => {
    const block = readmeExample('keys');
    const lines = block.split('\n');
    const commands = lines.filter((l) => l.startsWith('formspam keys '));
    expect(commands).toHaveLength(4);
    const server = await startServer([...ARGS, '--store', 'memory'], ENV);
    try {
      let apiKey = '';
      for (const command of commands) {
        const args = command
          .replace(/^formspam /, '')
          .replace('http://127.0.0.1:8080', server.url)
          .replace('ckey_…', apiKey)
          .split(' ');
        const r = await runCli(args, undefined, { env: ENV });
        expect(r.code).toBe(0);
        const got = JSON.parse(r.stdout.trim());
        // The comment under the command shows the output; its fields are the ones printed.
        const shown = JSON.parse(lines[lines.indexOf(command) + 1]!.replace(/^# /, ''));
        expect(Object.keys(got)).toEqual(Object.keys(shown));
        for (const [k, v] of Object.entries(shown)) if (typeof v !== 'string' || !v.includes('…')) expect(got[k]).toEqual(v);
        apiKey ||= got.apiKey;
      }
    } finally {
      await server.stop();
    }
  });
});

describe('two serve processes on one SQLite file (each keeps the keys it read)', () => {
  let dir: string;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'formspam-keys-two-'));
    const store = ['--store', `sqlite:${join(dir, 'formspam.db')}`];
    [a, b] = await Promise.all([startServer([...ARGS, ...store], ENV), startServer([...ARGS, ...store], ENV)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a key unknown to one, then created on the other, works on its next request; revoked on one, the other refuses the next request', async () => {
    const unknown = 'ckey_' + 'a'.repeat(32);
    expect((await classifyWith(b, unknown)).status).toBe(401);
    const key = JSON.parse((await keys(['create', '--hostname', 'shop.example'], a)).stdout);
    // b read every key it was asked for, twice, before the change.
    for (let i = 0; i < 2; i++) expect((await classifyWith(b, key.apiKey)).status).toBe(200);
    expect((await classifyWith(a, key.apiKey)).status).toBe(200);
    expect((await keys(['revoke', '--api-key', key.apiKey], a)).code).toBe(0);
    const refused = await classifyWith(b, key.apiKey);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'API_KEY_REVOKED' });
    // And in the process that revoked it, at once.
    expect((await classifyWith(a, key.apiKey)).status).toBe(401);
    // Revoked through b while a keeps a key it read: a refuses it next.
    const other = JSON.parse((await keys(['create', '--hostname', 'shop.example'], b)).stdout);
    expect((await classifyWith(a, other.apiKey)).status).toBe(200);
    expect((await keys(['revoke', '--api-key', other.apiKey], b)).code).toBe(0);
    expect((await classifyWith(a, other.apiKey)).status).toBe(401);
  });
});
