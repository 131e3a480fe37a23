// Issue 19, item 2: the store keeps a check value of the master key; a server refuses to start
// without the key for an encrypted store or with another key (exit 2, MASTER_KEY_MISSING /
// MASTER_KEY_MISMATCH); `formspam keys rotate-master` re-encrypts every secret and keeps every
// key working (real SQLite files, a real redis-server); /readyz reflects a key that no longer fits.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacHex, SecretBox } from '../../src/altcha/crypto.js';
import { MASTER_KEY_CHECK_SETTING, masterKeyCheck, rotateMasterKey } from '../../src/service/master-key.js';
import { createService, type Service, type ServiceResponse } from '../../src/service/service.js';
import { createRedisStore } from '../../src/stores/redis.js';
import { createSqliteStore } from '../../src/stores/sqlite.js';
import type { Store } from '../../src/stores/types.js';
import { runCli } from '../cli/run-cli.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';

const K1 = 'k1'.repeat(20);
const K2 = 'k2'.repeat(20);
const K3 = 'k3'.repeat(20);
const TOKEN = 't'.repeat(40);

function call(service: Service, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<ServiceResponse> {
  return service.handle({ method, url, headers: { 'content-type': 'application/json', ...headers }, remoteAddress: '127.0.0.1', ...(body !== undefined && { parsedBody: body }) });
}

async function createKeys(service: Service, n: number): Promise<{ apiKey: string; secret: string }[]> {
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = await call(service, 'POST', '/admin/keys', { hostname: `site${i}.example` }, { authorization: `Bearer ${TOKEN}` });
    expect(r.status).toBe(201);
    out.push(JSON.parse(r.body) as { apiKey: string; secret: string });
  }
  return out;
}

/** The key works with its original secret: its widget challenge is signed with it. */
async function expectWorks(service: Service, key: { apiKey: string; secret: string }, i: number): Promise<void> {
  const r = await call(service, 'GET', `/api/v1/challenge?apiKey=${key.apiKey}`, undefined, { referer: `https://site${i}.example/` });
  expect(r.status, r.body).toBe(200);
  const c = JSON.parse(r.body) as { challenge: string; signature: string };
  expect(c.signature).toBe(hmacHex('SHA-256', key.secret, c.challenge));
}

const serviceOn = (store: Store, masterKey?: string) =>
  createService({ store, offline: true, adminToken: TOKEN, rateLimits: false, ...(masterKey !== undefined && { masterKey }) });

describe('master key check value (in-process, real SQLite file)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'formspam-master-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores the check value at start-up; refuses a missing or different key; takes the right one', async () => {
    const path = join(dir, 'a.db');
    const first = serviceOn(createSqliteStore({ path }), K1);
    await first.ready();
    const keys = await createKeys(first, 2);
    expect(await first.store.getSetting!(MASTER_KEY_CHECK_SETTING)).toBe(masterKeyCheck(new SecretBox(K1)));
    expect((await first.store.getKey(keys[0]!.apiKey))!.secret).toMatch(/^enc:v1:/);
    await first.close();

    const none = serviceOn(createSqliteStore({ path }));
    await expect(none.ready()).rejects.toMatchObject({ name: 'MasterKeyError', code: 'MASTER_KEY_MISSING' });
    // Without ready() too: the widget endpoints answer 503, never sign with the ciphertext.
    const r = await call(none, 'GET', `/api/v1/challenge?apiKey=${keys[0]!.apiKey}`, undefined, { referer: 'https://site0.example/' });
    expect(r.status).toBe(503);
    expect(JSON.parse(r.body)).toMatchObject({ statusCode: 503, code: 'MASTER_KEY_MISSING' });
    const ready = await call(none, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body).masterKey).toEqual({ set: false, ok: false, code: 'MASTER_KEY_MISSING' });
    // Classify needs no secret: it still answers.
    expect((await call(none, 'POST', `/api/v1/classify?apiKey=${keys[0]!.apiKey}`, { text: 'hello' })).status).toBe(200);
    // A new key would be unreadable to the others: refused too.
    expect(JSON.parse((await call(none, 'POST', '/admin/keys', { hostname: 'x.example' }, { authorization: `Bearer ${TOKEN}` })).body).code).toBe('MASTER_KEY_MISSING');
    await none.close();

    const wrong = serviceOn(createSqliteStore({ path }), K2);
    await expect(wrong.ready()).rejects.toMatchObject({ code: 'MASTER_KEY_MISMATCH' });
    expect(JSON.parse((await call(wrong, 'GET', '/readyz')).body).masterKey).toEqual({ set: true, ok: false, code: 'MASTER_KEY_MISMATCH' });
    expect(JSON.parse((await call(wrong, 'GET', `/api/v1/challenge?apiKey=${keys[0]!.apiKey}`, undefined, { referer: 'https://site0.example/' })).body).code).toBe('MASTER_KEY_MISMATCH');
    await wrong.close();

    const right = serviceOn(createSqliteStore({ path }), K1);
    await right.ready();
    expect((await call(right, 'GET', '/readyz')).status).toBe(200);
    for (const [i, k] of keys.entries()) await expectWorks(right, k, i);
    await right.close();
  });

  it('checks a store written before the check value existed by decrypting its secrets', async () => {
    const path = join(dir, 'legacy.db');
    const store = createSqliteStore({ path });
    const box = new SecretBox(K1);
    await store.putKey({ apiKey: 'ckey_legacy', hostname: 'site0.example', secret: box.encrypt('sec_legacy', 'ckey_legacy'), license: 'free', createdAt: 1 });
    await store.close();

    for (const [key, code] of [[undefined, 'MASTER_KEY_MISSING'], [K2, 'MASTER_KEY_MISMATCH']] as const) {
      const s = serviceOn(createSqliteStore({ path }), key);
      await expect(s.ready()).rejects.toMatchObject({ code });
      expect(await s.store.getSetting!(MASTER_KEY_CHECK_SETTING)).toBeNull(); // nothing written
      await s.close();
    }
    const right = serviceOn(createSqliteStore({ path }), K1);
    await right.ready();
    expect(await right.store.getSetting!(MASTER_KEY_CHECK_SETTING)).toBe(masterKeyCheck(box));
    await expectWorks(right, { apiKey: 'ckey_legacy', secret: 'sec_legacy' }, 0);
    await right.close();
  });

  it('a store without encryption starts without a key, and gets no check value', async () => {
    const path = join(dir, 'plain.db');
    const s = serviceOn(createSqliteStore({ path }));
    await s.ready();
    const [k] = await createKeys(s, 1);
    await s.close();
    const again = serviceOn(createSqliteStore({ path }));
    await again.ready();
    expect(await again.store.getSetting!(MASTER_KEY_CHECK_SETTING)).toBeNull();
    await expectWorks(again, k!, 0);
    await again.close();
  });
});

describe('formspam serve refuses to start (exit 2) when the master key does not fit', () => {
  let dir: string;
  let path: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'formspam-master-cli-'));
    path = join(dir, 'formspam.db');
    const s = serviceOn(createSqliteStore({ path }), K1);
    await s.ready();
    await createKeys(s, 1);
    await s.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const [what, key, code] of [['missing', '', 'MASTER_KEY_MISSING'], ['different', K2, 'MASTER_KEY_MISMATCH']] as const) {
    it(`${what} key: ${code}`, async () => {
      const r = await runCli(['serve', '--port', '0', '--store', `sqlite:${path}`, '--offline', '--no-warm-up'], undefined, {
        env: { FORMSPAM_MASTER_KEY: key, FORMSPAM_UPDATE_LISTS_EVERY: '0' },
      });
      expect(r.code).toBe(2);
      const line = r.stderr.split('\n').find((l) => l.startsWith('{"error"'));
      expect(JSON.parse(line!)).toEqual({ error: { code, message: expect.stringMatching(/FORMSPAM_MASTER_KEY/) } });
      expect(r.stdout).not.toContain('"event":"listening"');
    });
  }
});

describe('formspam keys rotate-master', () => {
  let redis: TestRedis;
  let dir: string;
  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), 'formspam-rotate-'));
  });
  afterAll(async () => {
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const stores = [
    ['sqlite', () => `sqlite:${join(dir, 'rotate.db')}`, (spec: string) => createSqliteStore({ path: spec.slice('sqlite:'.length) })],
    ['redis', () => redis.url, (spec: string) => createRedisStore({ url: spec })],
  ] as const;

  for (const [name, specOf, open] of stores) {
    it(`${name}: re-encrypts every secret with the new key; every key keeps working; the old key is refused`, async () => {
      const spec = specOf();
      const service = serviceOn(await open(spec), K1);
      await service.ready();
      const keys = await createKeys(service, 5);
      expect((await call(service, 'DELETE', `/admin/keys?apiKey=${keys[4]!.apiKey}`, undefined, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
      // This instance stays up through the rotation: /readyz then says its key no longer fits.
      expect((await call(service, 'GET', '/readyz')).status).toBe(200);

      const rotate = (env: Record<string, string>, args: string[] = []) => runCli(['keys', 'rotate-master', '--store', spec, ...args], undefined, { env: { FORMSPAM_MASTER_KEY: '', FORMSPAM_NEW_MASTER_KEY: '', ...env } });
      // The wrong old key: refused, nothing written.
      const refused = await rotate({ FORMSPAM_MASTER_KEY: K3, FORMSPAM_NEW_MASTER_KEY: K2 });
      expect(refused.code).toBe(2);
      expect(JSON.parse(refused.stderr.trim()).error.code).toBe('MASTER_KEY_MISMATCH');
      const missing = await rotate({ FORMSPAM_NEW_MASTER_KEY: K2 });
      expect(missing.code).toBe(2);
      expect(JSON.parse(missing.stderr.trim()).error.code).toBe('MASTER_KEY_MISSING');
      for (const [i, k] of keys.slice(0, 4).entries()) await expectWorks(service, k, i);

      // The new key from a file, the old one from the environment.
      const keyFile = join(dir, `${name}-new.key`);
      writeFileSync(keyFile, `${K2}\n`, { mode: 0o600 });
      const done = await rotate({ FORMSPAM_MASTER_KEY: K1 }, ['--new-master-key-file', keyFile]);
      expect(done.stderr).toBe('');
      expect(done.code).toBe(0);
      expect(JSON.parse(done.stdout)).toEqual({ rotated: true, store: name, keys: 5, rounds: 1 });

      const stale = await call(service, 'GET', '/readyz');
      expect(stale.status).toBe(503);
      expect(JSON.parse(stale.body).masterKey).toMatchObject({ ok: false, code: 'MASTER_KEY_MISMATCH' });
      expect(JSON.parse((await call(service, 'GET', `/api/v1/challenge?apiKey=${keys[0]!.apiKey}`, undefined, { referer: 'https://site0.example/' })).body).code).toBe('MASTER_KEY_MISMATCH');
      await service.close();

      const old = serviceOn(await open(spec), K1);
      await expect(old.ready()).rejects.toMatchObject({ code: 'MASTER_KEY_MISMATCH' });
      await old.close();

      const rotated = serviceOn(await open(spec), K2);
      await rotated.ready();
      expect((await call(rotated, 'GET', '/readyz')).status).toBe(200);
      const box = new SecretBox(K2);
      for (const [i, k] of keys.entries()) {
        const record = (await rotated.store.getKey(k.apiKey))!;
        expect(box.decrypt(record.secret, k.apiKey)).toBe(k.secret);
        if (i < 4) await expectWorks(rotated, k, i);
      }
      // The revoked key stays revoked.
      expect(JSON.parse((await call(rotated, 'POST', `/api/v1/classify?apiKey=${keys[4]!.apiKey}`, { text: 'x' })).body).code).toBe('API_KEY_REVOKED');
      await rotated.close();
    });
  }

  it('redis: a secret that does not decrypt with the old key aborts the rotation (MASTER_KEY_MISMATCH), nothing written', async () => {
    const store = await createRedisStore({ url: redis.url, prefix: 'legacy:' });
    try {
      await store.putKey({ apiKey: 'ckey_other', hostname: 'site0.example', secret: new SecretBox(K3).encrypt('sec_other', 'ckey_other'), license: 'free', createdAt: 1 });
      const before = (await store.getKey('ckey_other'))!.secret;
      await expect(rotateMasterKey(store, K1, K2)).rejects.toMatchObject({ name: 'MasterKeyError', code: 'MASTER_KEY_MISMATCH' });
      expect((await store.getKey('ckey_other'))!.secret).toBe(before);
      expect(await store.getSetting!(MASTER_KEY_CHECK_SETTING)).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('encrypts a store that had no master key yet (no old key)', async () => {
    const path = join(dir, 'plain.db');
    const s = serviceOn(createSqliteStore({ path }));
    await s.ready();
    const keys = await createKeys(s, 2);
    await s.close();
    const done = await runCli(['keys', 'rotate-master', '--store', `sqlite:${path}`], undefined, { env: { FORMSPAM_MASTER_KEY: '', FORMSPAM_NEW_MASTER_KEY: K2 } });
    expect(done.code).toBe(0);
    const after = serviceOn(createSqliteStore({ path }), K2);
    await after.ready();
    for (const [i, k] of keys.entries()) {
      expect((await after.store.getKey(k.apiKey))!.secret).toMatch(/^enc:v1:/);
      await expectWorks(after, k, i);
    }
    await after.close();
    const none = serviceOn(createSqliteStore({ path }));
    await expect(none.ready()).rejects.toMatchObject({ code: 'MASTER_KEY_MISSING' });
    await none.close();
  });

  it('refuses bad arguments with a code', async () => {
    const r = await runCli(['keys', 'rotate-master', '--store', 'memory'], undefined, { env: { FORMSPAM_MASTER_KEY: K1, FORMSPAM_NEW_MASTER_KEY: K2 } });
    expect(r.code).toBe(2);
    const none = await runCli(['keys', 'rotate-master', '--store', `sqlite:${join(dir, 'x.db')}`], undefined, { env: { FORMSPAM_MASTER_KEY: K1, FORMSPAM_NEW_MASTER_KEY: '' } });
    expect(none.code).toBe(2);
    expect(JSON.parse(none.stderr.trim()).error.code).toBe('MISSING_NEW_MASTER_KEY');
    const short = await runCli(['keys', 'rotate-master', '--store', `sqlite:${join(dir, 'x.db')}`], undefined, { env: { FORMSPAM_MASTER_KEY: K1, FORMSPAM_NEW_MASTER_KEY: 'short' } });
    expect(JSON.parse(short.stderr.trim()).error.code).toBe('INVALID_MASTER_KEY');
  });
});
