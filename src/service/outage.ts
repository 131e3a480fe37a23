/**
 * Classify through a store outage: a key read from the store within the last `graceMs` is trusted
 * as it was, and the rate limits count in this instance's memory, until the store answers again.
 * Nothing else the store guards (proofs, new keys, admin) is served from memory: those endpoints
 * answer 503 STORE_UNAVAILABLE.
 */
import { invalidOption } from '../core/errors.js';
import { isStoreUnavailable, type StoreUnavailableError } from '../stores/guard.js';
import { createMemoryStore } from '../stores/memory.js';
import type { ApiKeyRecord, Store } from '../stores/types.js';
import { HttpError } from './http.js';
import { checkRate, type RateLimit } from './rate-limit.js';

export interface OutageGrace {
  /** The key's record from the store, or in an outage the one read within the grace period (`degraded`). */
  classifyKey(apiKey: string): Promise<{ value: ApiKeyRecord | null; degraded: boolean }>;
  /** A 429 RATE_LIMITED when over the limit; in an outage counted in this instance's memory: true then. */
  classifyRate(name: string, limit: RateLimit, id: string): Promise<boolean>;
}

export function createOutageGrace(store: Store, now: () => number, graceMs: number | undefined, storeFailed: (error: StoreUnavailableError) => void): OutageGrace {
  const outageGraceMs = graceMs ?? 300_000;
  if (!Number.isInteger(outageGraceMs) || outageGraceMs < 0) throw invalidOption('createService', 'storeOutageGraceMs', 'must be an integer number of milliseconds >= 0');
  const knownKeys = new Map<string, { record: ApiKeyRecord; at: number }>();
  const localCounters = createMemoryStore({ now });

  function rememberKey(apiKey: string, record: ApiKeyRecord | null): void {
    if (outageGraceMs === 0) return;
    knownKeys.delete(apiKey);
    if (record === null) return;
    knownKeys.set(apiKey, { record, at: now() });
    if (knownKeys.size > 10_000) knownKeys.delete(knownKeys.keys().next().value!);
  }

  /** The store's answer, or in an outage the fallback's (`degraded`), or the store's error. */
  async function withGrace<T>(call: () => Promise<T>, fallback: () => T | Promise<T> | undefined): Promise<{ value: T; degraded: boolean }> {
    try {
      return { value: await call(), degraded: false };
    } catch (error) {
      if (!isStoreUnavailable(error) || outageGraceMs === 0) throw error;
      const value = await fallback();
      if (value === undefined) throw error;
      storeFailed(error);
      return { value, degraded: true };
    }
  }

  return {
    classifyKey(apiKey) {
      return withGrace<ApiKeyRecord | null>(
        async () => {
          const r = await store.getKey(apiKey);
          rememberKey(apiKey, r);
          return r;
        },
        () => {
          const known = knownKeys.get(apiKey);
          return known && now() - known.at <= outageGraceMs ? known.record : undefined;
        },
      );
    },
    async classifyRate(name, limit, id) {
      const { value: d, degraded } = await withGrace(
        () => checkRate(store, name, id, limit, now()),
        () => checkRate(localCounters, name, id, limit, now()),
      );
      if (!d.ok) throw new HttpError(429, 'RATE_LIMITED', 'Too Many Requests', { 'retry-after': String(d.retryAfterSeconds) });
      return degraded;
    },
  };
}
