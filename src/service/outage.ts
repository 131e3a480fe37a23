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

/** Keys remembered at most; past it the least recently placed is dropped. */
const MAX_KNOWN_KEYS = 10_000;
/** How long a remembered key stays where it was placed in the order before a read places it last again (ms). */
const REPLACE_MS = 1000;

/** A key read from the store: its record, when it was read last, and when it was placed last in the order. */
class KnownKey {
  placed: number;
  constructor(public record: ApiKeyRecord, public at: number) {
    this.placed = at;
  }
}

export function createOutageGrace(store: Store, now: () => number, graceMs: number | undefined, storeFailed: (error: StoreUnavailableError) => void): OutageGrace {
  const outageGraceMs = graceMs ?? 300_000;
  if (!Number.isInteger(outageGraceMs) || outageGraceMs < 0) throw invalidOption('createService', 'storeOutageGraceMs', 'must be an integer number of milliseconds >= 0');
  // The keys read from the store, the least recently placed first (dropped first past 10,000).
  const knownKeys = new Map<string, KnownKey>();
  const localCounters = createMemoryStore({ now });

  function rememberKey(apiKey: string, record: ApiKeyRecord | null): void {
    if (outageGraceMs === 0) return;
    const known = knownKeys.get(apiKey);
    if (record === null) {
      if (known !== undefined) knownKeys.delete(apiKey);
      return;
    }
    const t = now();
    // Placed at the end of the order again at most once a second: between, its entry is updated
    // in place (no Map delete and set, no new entry per request).
    if (known !== undefined && t - known.placed < REPLACE_MS && t >= known.placed) {
      known.record = record;
      known.at = t;
      return;
    }
    if (known !== undefined) knownKeys.delete(apiKey);
    knownKeys.set(apiKey, new KnownKey(record, t));
    if (knownKeys.size > MAX_KNOWN_KEYS) knownKeys.delete(knownKeys.keys().next().value!);
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
    // Written out, not through withGrace(): no closures per request, one await on the store.
    async classifyKey(apiKey) {
      let record: ApiKeyRecord | null;
      try {
        record = await store.getKey(apiKey);
      } catch (error) {
        if (!isStoreUnavailable(error) || outageGraceMs === 0) throw error;
        const known = knownKeys.get(apiKey);
        if (known === undefined || now() - known.at > outageGraceMs) throw error;
        storeFailed(error);
        return { value: known.record, degraded: true };
      }
      rememberKey(apiKey, record);
      return { value: record, degraded: false };
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
