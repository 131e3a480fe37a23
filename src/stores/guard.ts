/**
 * Store failures, typed and fast: every failure of a store that is not an answer
 * (the store is down, unreachable, too slow, out of space, locked) becomes a
 * {@link StoreUnavailableError} with `code: "STORE_UNAVAILABLE"`, which the service answers
 * with 503 and `Retry-After` instead of a 500. `guardStore` adds a per-call deadline.
 */
import { invalidOption } from '../core/errors.js';
import type { SiteModelStore, Store } from './types.js';

/** The default deadline of one store call, in milliseconds. */
export const DEFAULT_STORE_TIMEOUT_MS = 500;

/** A store call that did not get an answer: the store is unreachable, refused the call, or missed its deadline. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  readonly code = 'STORE_UNAVAILABLE';
  constructor(
    /** `memory`, `sqlite`, `redis`, or the kind of a custom store. */
    readonly store: string,
    /** The store method: `getKey`, `increment`, `markUsed`, … */
    readonly operation: string,
    /** `timeout`: no answer within the deadline; `error`: the store failed. */
    readonly reason: 'timeout' | 'error',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True for a {@link StoreUnavailableError}, also one from another copy of this module. */
export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return error instanceof Error && (error as { code?: unknown }).code === 'STORE_UNAVAILABLE' && typeof (error as { operation?: unknown }).operation === 'string';
}

/** The error of `putKey` for a key that exists: an answer of the store, not a failure. */
export function keyExistsError(store: string): Error {
  return Object.assign(new Error(`${store} store: key exists`), { code: 'KEY_EXISTS' });
}

/** Errors thrown by a caller's callback (rewriteSecrets): not the store's. */
const callerErrors = new WeakSet<object>();

/** `error` as a {@link StoreUnavailableError}, unless it is already one or an answer (`KEY_EXISTS`). */
export function toStoreError(store: string, operation: string, error: unknown): unknown {
  if (isStoreUnavailable(error)) return error;
  if (typeof error === 'object' && error !== null && callerErrors.has(error)) return error;
  if ((error as { code?: unknown } | null)?.code === 'KEY_EXISTS') return error;
  const message = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(store, operation, 'error', `${store} store unavailable (${operation}): ${message}`, { cause: error });
}

const GUARDED = Symbol.for('formspam.store.guarded');

/** True when the store already types its failures (the three built-in stores do). */
export function isGuarded(store: Store): boolean {
  return (store as unknown as Record<symbol, unknown>)[GUARDED] === true;
}

/** Marks a store whose methods already throw {@link StoreUnavailableError}. */
export function markGuarded<T extends Store>(store: T): T {
  Object.defineProperty(store, GUARDED, { value: true });
  return store;
}

export interface GuardOptions {
  /** Deadline of one call in milliseconds (default 500; 0: no deadline, failures are still typed). */
  timeoutMs?: number;
  /** Deadline of `listKeys`, which reads every key (default 30,000 ms, or none when `timeoutMs` is 0). */
  listTimeoutMs?: number;
}

/** Rejects with a timeout {@link StoreUnavailableError} when `promise` has not settled within `ms`. */
export function withDeadline<T>(store: string, operation: string, ms: number, promise: Promise<T>): Promise<T> {
  if (!(ms > 0)) return promise.catch((error: unknown) => Promise.reject(toStoreError(store, operation, error)));
  return new Promise<T>((resolve, reject) => {
    // The rejection waits for the poll phase that follows the timers: after the event loop was
    // blocked (a long classification), an answer already in the socket still wins.
    const timer = setTimeout(() => setImmediate(() => reject(new StoreUnavailableError(store, operation, 'timeout', `${store} store unavailable (${operation}): no answer within ${ms} ms`))), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toStoreError(store, operation, error));
      },
    );
  });
}

const METHODS = ['putKey', 'getKey', 'listKeys', 'revokeKey', 'setKeyLimits', 'markUsed', 'increment', 'initSetting', 'getSetting', 'rewriteSecrets', 'ping', 'addSiteCounts', 'readSiteCounts', 'deleteSiteModel'] as const;
/** The decision log's calls that may read or delete many decisions: the deadline of `listKeys`. */
const LONG = new Set(['listKeys', 'listDecisions', 'deleteDecisions', 'dropDecisionRequests']);
const DECISION_METHODS = ['putDecision', 'getDecision', 'listDecisions', 'labelDecision', 'deleteDecisions', 'dropDecisionRequests'] as const;

/**
 * Wraps a store so that each call answers or fails within its deadline, and every failure is a
 * {@link StoreUnavailableError} (a `putKey` of an existing key stays a plain error with
 * `code: "KEY_EXISTS"`). Other properties (`kind`, `close`, extras) pass through. The Redis and
 * SQLite stores are guarded already; use this for a store of your own.
 */
export function guardStore<T extends Store>(store: T, options: GuardOptions = {}): T {
  const timeoutMs = options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  if (!(timeoutMs >= 0) || !Number.isFinite(timeoutMs)) throw invalidOption('guardStore', 'timeoutMs', 'must be a number of milliseconds >= 0');
  const listTimeoutMs = options.listTimeoutMs ?? (timeoutMs === 0 ? 0 : 30_000);
  const guarded = Object.create(store) as T;
  for (const name of [...METHODS, ...DECISION_METHODS]) {
    const method = (store as unknown as Record<string, unknown>)[name];
    if (typeof method !== 'function') continue;
    const ms = name === 'rewriteSecrets' ? 0 : LONG.has(name) ? listTimeoutMs : timeoutMs;
    (guarded as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      if (name === 'rewriteSecrets' && typeof args[0] === 'function') {
        // An exception of the caller's rewrite (a secret that does not decrypt) is the caller's
        // own, not a store failure: it passes through as it is.
        const rewrite = args[0] as (...a: unknown[]) => unknown;
        args = [(...a: unknown[]) => {
          try {
            return rewrite(...a);
          } catch (error) {
            if (typeof error === 'object' && error !== null) callerErrors.add(error);
            throw error;
          }
        }, ...args.slice(1)];
      }
      let promise: Promise<unknown>;
      try {
        promise = Promise.resolve((method as (...a: unknown[]) => Promise<unknown>).apply(store, args));
      } catch (error) {
        return Promise.reject(toStoreError(store.kind, name, error));
      }
      return withDeadline(store.kind, name, ms, promise);
    };
  }
  // A method that answers at once cannot miss a deadline; its failures are typed all the same.
  const now = (store as Partial<SiteModelStore>).readSiteTotalsNow;
  if (typeof now === 'function') {
    (guarded as Partial<SiteModelStore>).readSiteTotalsNow = (apiKey: string) => {
      try {
        return now.call(store, apiKey);
      } catch (error) {
        throw toStoreError(store.kind, 'readSiteCounts', error);
      }
    };
  }
  return markGuarded(guarded);
}
