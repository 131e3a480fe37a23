/**
 * The Redis store (ioredis, an optional peer dependency) for several server instances behind a
 * load balancer: keys, used proofs and counters live in Redis, so a key generated on one
 * instance works on the others and a proof used on one is refused on the others.
 * Expiry uses Redis' own clock (`PXAT`), with the absolute times the service computes.
 */
import { byCreation, keyRecord } from './keys.js';
import type { ApiKeyRecord, Store } from './types.js';

/**
 * The part of an ioredis client the store uses; an ioredis `Redis` instance fits. Declared
 * here so that formspam's types compile without `ioredis` installed (an optional peer).
 */
export interface RedisClientLike {
  readonly status: string;
  connect(): Promise<void>;
  // ioredis declares these with many overloads (options, callbacks): any arguments, then.
  set(...args: any[]): Promise<any>;
  get(...args: any[]): Promise<any>;
  mget(...args: any[]): Promise<any>;
  scan(...args: any[]): Promise<any>;
  exists(...args: any[]): Promise<any>;
  eval(...args: any[]): Promise<any>;
  ping(...args: any[]): Promise<any>;
  quit(...args: any[]): Promise<any>;
  disconnect(): void;
}

export interface RedisStoreOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://`). */
  url?: string;
  /** An existing ioredis client (not closed by `close()` unless `ownClient` is true). */
  client?: RedisClientLike;
  ownClient?: boolean;
  /** Prefix of every key (default `formspam:`). */
  prefix?: string;
  /** Extra ioredis options when `url` is given. */
  redisOptions?: Record<string, unknown>;
}

/** Increment and set the window's absolute expiry in one round trip, atomically. */
const INCREMENT = `local v = redis.call('INCR', KEYS[1])
if v == 1 then redis.call('PEXPIREAT', KEYS[1], ARGV[1]) end
return v`;

/** Escapes Redis glob characters in a literal prefix. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

function toRecord(raw: string, revoked: string | null): ApiKeyRecord {
  const r = JSON.parse(raw) as ApiKeyRecord;
  return keyRecord(r.apiKey, r.hostname, r.secret, r.license, r.createdAt, revoked === null ? null : Number(revoked));
}

export async function createRedisStore(options: RedisStoreOptions): Promise<Store> {
  let client = options.client;
  const own = options.client === undefined || options.ownClient === true;
  if (!client) {
    if (!options.url) throw new TypeError('createRedisStore: give `url` (redis://host:port) or `client`');
    type RedisConstructor = new (url: string, options: Record<string, unknown>) => RedisClientLike;
    let Redis: RedisConstructor;
    try {
      const mod = (await import('ioredis')) as unknown as { Redis?: RedisConstructor; default: RedisConstructor };
      Redis = mod.Redis ?? mod.default;
    } catch (error) {
      throw new Error('createRedisStore: the optional peer dependency `ioredis` is not installed (npm install ioredis)', { cause: error });
    }
    client = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 2, enableAutoPipelining: true, ...options.redisOptions });
    await client.connect();
  }
  const c = client;
  const prefix = options.prefix ?? 'formspam:';
  const k = (kind: string, id: string) => `${prefix}${kind}:${id}`;

  return {
    kind: 'redis',
    async putKey(r: ApiKeyRecord) {
      const ok = await c.set(k('key', r.apiKey), JSON.stringify(r), 'NX');
      if (ok !== 'OK') throw new Error('redis store: key exists');
    },
    async getKey(apiKey) {
      // The record and its revocation (a separate key, set once with NX) in one round trip.
      const [raw, revoked] = (await c.mget(k('key', apiKey), k('revoked', apiKey))) as (string | null)[];
      return raw === null || raw === undefined ? null : toRecord(raw, revoked ?? null);
    },
    async listKeys() {
      const names: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = (await c.scan(cursor, 'MATCH', `${escapeGlob(prefix)}key:*`, 'COUNT', 1000)) as [string, string[]];
        names.push(...batch);
        cursor = next;
      } while (cursor !== '0');
      const records: ApiKeyRecord[] = [];
      for (let i = 0; i < names.length; i += 500) {
        const slice = names.slice(i, i + 500);
        const ids = slice.map((n) => n.slice(`${prefix}key:`.length));
        const values = (await c.mget(...slice, ...ids.map((id) => k('revoked', id)))) as (string | null)[];
        slice.forEach((_, j) => {
          const raw = values[j];
          if (raw !== null && raw !== undefined) records.push(toRecord(raw, values[slice.length + j] ?? null));
        });
      }
      return records.sort(byCreation);
    },
    async revokeKey(apiKey, at) {
      if ((await c.exists(k('key', apiKey))) === 0) return false;
      return (await c.set(k('revoked', apiKey), String(Math.floor(at)), 'NX')) === 'OK';
    },
    async markUsed(id, expiresAt) {
      const at = Math.max(1, Math.floor(expiresAt));
      const ok = await c.set(k('proof', id), '1', 'PXAT', at, 'NX');
      return ok === 'OK';
    },
    async increment(key, expiresAt) {
      const v = await c.eval(INCREMENT, 1, k('rl', key), String(Math.max(1, Math.floor(expiresAt))));
      return Number(v);
    },
    async initSetting(name, value) {
      await c.set(k('setting', name), value, 'NX');
      return (await c.get(k('setting', name)))!;
    },
    async ping() {
      await c.ping();
    },
    async close() {
      if (own && c.status !== 'end') await c.quit().catch(() => c.disconnect());
    },
  };
}
