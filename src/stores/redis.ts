/**
 * The Redis store (ioredis, an optional peer dependency) for several server instances behind a
 * load balancer: keys, used proofs and counters live in Redis, so a key generated on one
 * instance works on the others and a proof used on one is refused on the others.
 * Expiry uses Redis' own clock (`PXAT`), with the absolute times the service computes.
 */
import { invalidOption } from '../core/errors.js';
import { DEFAULT_STORE_TIMEOUT_MS, guardStore, keyExistsError } from './guard.js';
import { byCreation, keyRecord } from './keys.js';
import { redisDecisionStore } from './redis-decisions.js';
import { redisSiteModelStore } from './redis-site-model.js';
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
  del(...args: any[]): Promise<any>;
  eval(...args: any[]): Promise<any>;
  ping(...args: any[]): Promise<any>;
  quit(...args: any[]): Promise<any>;
  disconnect(): void;
  /** ioredis' event emitter: the store listens for 'error' on a client it created. */
  on?(event: string, listener: (...args: any[]) => void): unknown;
  /** For the site model's counts (a hash per key); without it the store keeps none. */
  hmget?(...args: any[]): Promise<any>;
  /** For `rewriteSecrets` (WATCH/MULTI/EXEC) and the persistence check (CONFIG GET). */
  watch?(...args: any[]): Promise<any>;
  unwatch?(...args: any[]): Promise<any>;
  multi?(...args: any[]): any;
  config?(...args: any[]): Promise<any>;
}

/** Redis' persistence settings (`CONFIG GET appendonly`, `CONFIG GET save`), or why they could not be read. */
export type RedisPersistence = { appendonly: string; save: string } | { refused: string };

/**
 * The start-up warning for Redis persistence settings under which keys would not survive a
 * restart of Redis, or null when they would (`appendonly yes`) or the settings are unknown.
 */
export function persistenceWarning(p: RedisPersistence): string | null {
  if ('refused' in p) return null;
  if (p.appendonly === 'yes') return null;
  if (p.save.trim() === '') {
    return 'Redis has no persistence (appendonly no, save ""): every API key is lost when Redis restarts. Set appendonly yes (see the README, "Deploy it")';
  }
  return `Redis persists by RDB snapshots only (appendonly no, save "${p.save}"): API keys issued since the last snapshot are lost if Redis crashes. Set appendonly yes (see the README, "Deploy it")`;
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
  /**
   * Deadline of one store call in milliseconds (default 500; 0: none): past it the call fails
   * with `STORE_UNAVAILABLE` (the service answers 503). With `url`, ioredis also gets
   * `commandTimeout`, no offline queue and no retries, so that calls fail at once while Redis
   * is unreachable instead of waiting for it; it reconnects in the background.
   */
  timeoutMs?: number;
}

/** Increment and set the window's absolute expiry in one round trip, atomically. */
const INCREMENT = `local v = redis.call('INCR', KEYS[1])
if v == 1 then redis.call('PEXPIREAT', KEYS[1], ARGV[1]) end
return v`;

/** Escapes Redis glob characters in a literal prefix. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

function toRecord(raw: string, revoked: string | null, limits: string | null): ApiKeyRecord {
  const r = JSON.parse(raw) as ApiKeyRecord;
  return keyRecord(r.apiKey, r.hostname, r.secret, r.license, r.createdAt, revoked === null ? null : Number(revoked), limits);
}

/** A Redis store: a {@link Store} that can also read Redis' persistence settings. */
export interface RedisStore extends Store {
  /** `CONFIG GET appendonly` and `CONFIG GET save`, or the refusal (a managed Redis may disable CONFIG). */
  persistence(): Promise<RedisPersistence>;
}

/** A Redis URL without its password, for messages. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the given URL';
  }
}

export async function createRedisStore(options: RedisStoreOptions): Promise<RedisStore> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 0) throw invalidOption('createRedisStore', 'timeoutMs', 'must be an integer number of milliseconds >= 0');
  let client = options.client;
  const own = options.client === undefined || options.ownClient === true;
  if (!client) {
    if (!options.url) throw invalidOption('createRedisStore', 'url', 'is missing: give `url` (redis://host:port) or `client`');
    type RedisConstructor = new (url: string, options: Record<string, unknown>) => RedisClientLike;
    let Redis: RedisConstructor;
    try {
      const mod = (await import('ioredis')) as unknown as { Redis?: RedisConstructor; default: RedisConstructor };
      Redis = mod.Redis ?? mod.default;
    } catch (error) {
      throw new Error('createRedisStore: the optional peer dependency `ioredis` is not installed (npm install ioredis)', { cause: error });
    }
    // No offline queue and no retries: while Redis is unreachable a call fails at once (503)
    // instead of waiting in a queue; ioredis reconnects in the background (every 50 ms to 2 s).
    client = new Redis(options.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      enableAutoPipelining: true,
      // The store's deadline (guardStore) answers first; this only drops commands that never
      // get an answer from ioredis' queue.
      ...(timeoutMs > 0 && { commandTimeout: Math.max(2 * timeoutMs, 1000) }),
      ...options.redisOptions,
    });
    // ioredis emits 'error' on every failed (re)connect and, with no listener, prints each one
    // with a stack trace: the store reports failures through its calls (STORE_UNAVAILABLE) and
    // keeps only the last one here, for the start-up error below.
    let lastError: Error | undefined;
    client.on?.('error', (error: Error) => {
      lastError = error;
    });
    try {
      await client.connect();
    } catch (error) {
      client.disconnect(); // no reconnecting in the background after a failed start
      const cause = lastError ?? (error as Error);
      throw Object.assign(new Error(`cannot connect to the Redis store at ${redactUrl(options.url)}: ${cause.message}. Check --store and that Redis is running and reachable.`, { cause }), { code: 'STORE_UNREACHABLE' });
    }
  }
  const c = client;
  const prefix = options.prefix ?? 'formspam:';
  const k = (kind: string, id: string) => `${prefix}${kind}:${id}`;

  const scanKeys = async (): Promise<string[]> => {
    const names: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = (await c.scan(cursor, 'MATCH', `${escapeGlob(prefix)}key:*`, 'COUNT', 1000)) as [string, string[]];
      names.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return names;
  };

  const store: RedisStore = {
    kind: 'redis',
    ...redisDecisionStore(c, prefix),
    ...(c.hmget && redisSiteModelStore(c, prefix)),
    async putKey(r: ApiKeyRecord) {
      const ok = await c.set(k('key', r.apiKey), JSON.stringify(r), 'NX');
      if (ok !== 'OK') throw keyExistsError('redis');
    },
    async getKey(apiKey) {
      // The record, its revocation (a separate key, set once with NX) and its own limits (a
      // separate key, so that setting them never rewrites the record) in one round trip.
      const [raw, revoked, limits] = (await c.mget(k('key', apiKey), k('revoked', apiKey), k('limits', apiKey))) as (string | null)[];
      return raw === null || raw === undefined ? null : toRecord(raw, revoked ?? null, limits ?? null);
    },
    async listKeys() {
      const names = await scanKeys();
      const records: ApiKeyRecord[] = [];
      for (let i = 0; i < names.length; i += 500) {
        const slice = names.slice(i, i + 500);
        const ids = slice.map((n) => n.slice(`${prefix}key:`.length));
        const values = (await c.mget(...slice, ...ids.map((id) => k('revoked', id)), ...ids.map((id) => k('limits', id)))) as (string | null)[];
        slice.forEach((_, j) => {
          const raw = values[j];
          if (raw !== null && raw !== undefined) records.push(toRecord(raw, values[slice.length + j] ?? null, values[2 * slice.length + j] ?? null));
        });
      }
      return records.sort(byCreation);
    },
    async setKeyLimits(apiKey, limits) {
      if ((await c.exists(k('key', apiKey))) === 0) return false;
      if (limits === null) await c.del(k('limits', apiKey));
      else await c.set(k('limits', apiKey), JSON.stringify(limits));
      return true;
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
    async getSetting(name) {
      return ((await c.get(k('setting', name))) as string | null) ?? null;
    },
    /**
     * Optimistic transaction: WATCH every key record and the settings, read them, then MULTI …
     * EXEC with every new record and the settings; EXEC writes all or (when a watched key
     * changed meanwhile) nothing, and the whole round is tried again. A key created after the
     * SCAN is not in the round: the caller checks for such keys afterwards (rotate-master does).
     */
    async rewriteSecrets(rewrite, values) {
      if (!c.watch || !c.unwatch || !c.multi) throw new Error('redis store: the client has no watch/multi (an ioredis client has)');
      const settingNames = Object.keys(values).map((name) => k('setting', name));
      for (let attempt = 0; attempt < 10; attempt++) {
        const names = await scanKeys();
        await c.watch(...names, ...settingNames, k('setting', '-rewrite-'));
        const tx = c.multi();
        let count = 0;
        try {
          const raws = names.length > 0 ? ((await c.mget(...names)) as (string | null)[]) : [];
          names.forEach((name, i) => {
            const raw = raws[i];
            if (raw === null || raw === undefined) return;
            const stored = JSON.parse(raw) as ApiKeyRecord;
            const secret = rewrite(keyRecord(stored.apiKey, stored.hostname, stored.secret, stored.license, stored.createdAt, null));
            tx.set(name, JSON.stringify({ ...stored, secret }));
            count++;
          });
        } catch (error) {
          tx.discard?.();
          await c.unwatch();
          throw error;
        }
        for (const [name, value] of Object.entries(values)) tx.set(k('setting', name), value);
        const result = (await tx.exec()) as [Error | null, unknown][] | null;
        if (result === null) continue; // a watched key changed: nothing was written, again
        const failed = result.find(([error]) => error);
        if (failed) throw failed[0];
        return count;
      }
      throw new Error('redis store: the keys kept changing during the rewrite (10 attempts); try again');
    },
    async persistence() {
      if (!c.config) return { refused: 'the client has no config()' };
      try {
        const appendonly = (await c.config('GET', 'appendonly')) as string[];
        const save = (await c.config('GET', 'save')) as string[];
        if (!Array.isArray(appendonly) || appendonly.length < 2 || !Array.isArray(save) || save.length < 2) {
          return { refused: 'CONFIG GET answered without the settings' };
        }
        return { appendonly: String(appendonly[1]).toLowerCase(), save: String(save[1]) };
      } catch (error) {
        return { refused: (error as Error).message };
      }
    },
    /** A write, not only PING: a Redis that refuses writes (READONLY replica, OOM, MISCONF) fails the requests too. */
    async ping() {
      await c.set(k('ping', 'readyz'), '1', 'PX', 60_000);
    },
    async close() {
      if (own && c.status !== 'end') await c.quit().catch(() => c.disconnect());
    },
  };
  return guardStore(store, { timeoutMs });
}
