// What the decision log stores, read back from the bytes: a real `formspam serve` on a SQLite
// file and on a real redis-server classifies submissions with distinctive text, email and IP;
// without --log-text none of them is in the SQLite file (with its WAL) or in any Redis key or
// value, with it they are; `formspam decisions delete --key` leaves nothing of the key's
// decisions. Then the CLI's list, show, export and delete on what the server logged.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestApiKey } from '../../src/service/client.js';
import { runCli } from '../cli/run-cli.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';
import { startServer, type TestServer } from '../helpers/serve.js';

const ARGS = ['--offline', '--no-warm-up', '--no-rate-limits', '--m2m-max-number', '1000'];
// Distinctive words, an email and an IP that appear nowhere else in a store.
const WORDS = ['Quuxplorbium', 'zanzibarite', 'Flibbertigrommet'];
const EMAIL_LOCAL = 'velociwomble';
const EMAIL_DOMAIN = 'snarkhaven-mail.example';
const IP = '198.51.100.213';
/** What was submitted, as sent. */
const SENT = [...WORDS, EMAIL_LOCAL, EMAIL_DOMAIN, IP];
/** … and as the normalised words the tokens are made of. */
const NEEDLES = [...SENT, ...WORDS.map((w) => w.toLowerCase())];
const SUBMISSIONS = [
  { text: `${WORDS[0]} ${WORDS[1]}: BUY CHEAP FOLLOWERS NOW!!! https://spam.example.com`, email: `${EMAIL_LOCAL}@${EMAIL_DOMAIN}`, ipAddress: IP },
  { fields: { name: WORDS[2], message: `Hello, I would like a quote for ${WORDS[0]} chairs, please call me.` }, email: `${EMAIL_LOCAL}@${EMAIL_DOMAIN}`, ipAddress: IP, timeZone: 'Europe/Berlin' },
  { text: `${WORDS[1]} ${WORDS[2]} thank you`, ipAddress: IP },
];

async function classifyAll(server: TestServer, apiKey: string): Promise<string[]> {
  const ids: string[] = [];
  for (const body of SUBMISSIONS) {
    const res = await fetch(`${server.url}/api/v1/classify?apiKey=${apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

/** A run of the server: a key, the submissions, then a clean stop (the log is written after each answer and flushed on stop). */
async function run(store: string, extra: string[] = []): Promise<{ apiKey: string; ids: string[] }> {
  const server = await startServer([...ARGS, '--store', store, ...extra]);
  try {
    const { apiKey } = await requestApiKey({ server: server.url, hostname: 'example.com' });
    const ids = await classifyAll(server, apiKey);
    return { apiKey, ids };
  } finally {
    expect(await server.stop()).toBe(0);
  }
}

function sqliteBytes(file: string): string {
  return ['', '-wal', '-journal'].map((s) => (existsSync(file + s) ? readFileSync(file + s).toString('latin1') : '')).join('\n');
}

async function redisDump(url: string): Promise<string> {
  const c = new Redis(url);
  try {
    const out: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await c.scan(cursor, 'COUNT', '1000');
      cursor = next;
      for (const key of keys) {
        const type = await c.type(key);
        const value = type === 'string' ? [await c.get(key)]
          : type === 'hash' ? await c.hgetall(key).then((h) => Object.entries(h).flat())
          : type === 'zset' ? await c.zrange(key, '0', '-1', 'WITHSCORES')
          : type === 'set' ? await c.smembers(key)
          : type === 'list' ? await c.lrange(key, 0, -1)
          : [`<${type}>`];
        out.push(key, ...value.map(String));
      }
    } while (cursor !== '0');
    return out.join('\n');
  } finally {
    c.disconnect();
  }
}

const found = (bytes: string, needles: readonly string[]) => needles.filter((n) => bytes.includes(n));

describe('privacy of the decision log: SQLite file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'formspam-privacy-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps no text, email or IP without --log-text; keeps them with it; delete --key leaves nothing of the key\'s decisions', async () => {
    const file = join(dir, 'plain.db');
    const plain = await run(`sqlite:${file}`);
    let bytes = sqliteBytes(file);
    // The decisions are there (the search reads the right bytes) …
    expect(found(bytes, plain.ids)).toEqual(plain.ids);
    // … and nothing of what was submitted.
    expect(found(bytes, NEEDLES)).toEqual([]);

    const textFile = join(dir, 'text.db');
    const logged = await run(`sqlite:${textFile}`, ['--log-text']);
    bytes = sqliteBytes(textFile);
    expect(found(bytes, logged.ids)).toEqual(logged.ids);
    expect(found(bytes, SENT)).toEqual(SENT);

    for (const [f, r] of [[file, plain], [textFile, logged]] as const) {
      const del = await runCli(['decisions', 'delete', '--key', r.apiKey, '--store', `sqlite:${f}`]);
      expect(del.code).toBe(0);
      expect(JSON.parse(del.stdout)).toMatchObject({ deleted: 3, key: r.apiKey });
      bytes = sqliteBytes(f);
      expect(found(bytes, r.ids)).toEqual([]);
      expect(found(bytes, NEEDLES)).toEqual([]);
    }
  });
});

describe('privacy of the decision log: real Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('keeps no text, email or IP without --log-text; keeps them with it; delete --key leaves no key of its decisions', async () => {
    const plain = await run(redis.url);
    let dump = await redisDump(redis.url);
    expect(found(dump, plain.ids)).toEqual(plain.ids);
    expect(found(dump, NEEDLES)).toEqual([]);

    const logged = await run(redis.url, ['--log-text']);
    dump = await redisDump(redis.url);
    expect(found(dump, logged.ids)).toEqual(logged.ids);
    expect(found(dump, SENT)).toEqual(SENT);

    const del = await runCli(['decisions', 'delete', '--key', logged.apiKey, '--store', redis.url]);
    expect(del.code).toBe(0);
    expect(JSON.parse(del.stdout)).toMatchObject({ deleted: 3 });
    dump = await redisDump(redis.url);
    expect(found(dump, logged.ids)).toEqual([]);
    expect(found(dump, NEEDLES)).toEqual([]);
    // No key of the store names it as a decision set any more; the other key's decisions stay.
    expect(dump).not.toContain(`decisions-key:${logged.apiKey}`);
    expect(found(dump, plain.ids)).toEqual(plain.ids);
  });
});

describe('formspam decisions list, show, export, delete', () => {
  let dir: string;
  let store: string;
  let r: { apiKey: string; ids: string[] };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'formspam-decisions-cli-'));
    store = `sqlite:${join(dir, 'formspam.db')}`;
    r = await run(store, ['--log-text']);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (...args: string[]) => runCli(['decisions', ...args, '--store', store]);

  it('lists newest first and filters by verdict, reason, key, label and time', async () => {
    const all = await cli('list');
    expect(all.code).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines.map((l) => l.split(/\s+/)[1])).toEqual([...r.ids].reverse());
    expect(lines[2]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT.*Z  ${r.ids[0]}  ${r.apiKey}  BAD\\s+[\\d.]+  -\\s+.*text\\.URL`));
    const bad = (await cli('list', '--verdict', 'bad')).stdout.trim().split('\n');
    expect(bad.map((l) => l.split(/\s+/)[1])).toContain(r.ids[0]);
    for (const l of bad) expect(l.split(/\s+/)[3]).toBe('BAD');
    const good = (await cli('list', '--verdict', 'GOOD')).stdout;
    expect(good).not.toContain(r.ids[0]);
    expect(bad.length + good.split('\n').filter(Boolean).length + (await cli('list', '--verdict', 'NEUTRAL')).stdout.split('\n').filter(Boolean).length).toBe(3);
    expect((await cli('list', '--reason', 'text.URL')).stdout).toContain(r.ids[0]);
    expect((await cli('list', '--reason', 'text.NO_SUCH_RULE')).stdout).toBe('');
    expect((await cli('list', '--key', 'ckey_other')).stdout).toBe('');
    expect((await cli('list', '--key', r.apiKey, '--limit', '1')).stdout.trim().split('\n')).toHaveLength(1);
    expect((await cli('list', '--since', '1h')).stdout.trim().split('\n')).toHaveLength(3);
    expect((await cli('list', '--since', '2000-01-01', '--label', 'spam')).stdout).toBe('');
  });

  it('shows one with its evidence and exports JSON lines', async () => {
    const shown = await cli('show', r.ids[0]!);
    expect(shown.code).toBe(0);
    const d = JSON.parse(shown.stdout);
    expect(d).toMatchObject({ id: r.ids[0], apiKey: r.apiKey, classification: 'BAD', request: SUBMISSIONS[0] });
    expect(d.tokens).toBeGreaterThan(5);
    expect(d.evidence.explanations.find((e: { rule: string }) => e.rule === 'text.URL').text).toContain('spam.example.com');
    const exported = await cli('export', '--key', r.apiKey);
    const records = exported.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(records.map((x) => x.id)).toEqual([...r.ids].reverse());
    expect(records[2].tokens.every((t: number) => Number.isInteger(t) && t >= 0 && t <= 0xffffffff)).toBe(true);
    const missing = await cli('show', 'd_nope');
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stderr).error.code).toBe('NOT_FOUND');
  });

  it('deletes one by id, refuses unclear arguments', async () => {
    const del = await cli('delete', '--id', r.ids[1]!);
    expect(JSON.parse(del.stdout)).toEqual({ deleted: 1 });
    expect((await cli('list')).stdout.trim().split('\n')).toHaveLength(2);
    for (const args of [['delete'], ['delete', '--id', 'x', '--key', 'y'], ['list', '--verdict', 'MAYBE'], ['list', '--since', 'yesterday'], ['frobnicate']]) {
      const bad = await cli(...args);
      expect(bad.code).toBe(2);
      expect(JSON.parse(bad.stderr).error.message).toBeTruthy();
    }
  });
});
