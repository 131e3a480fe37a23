/**
 * The live DNS provider: `node:dns/promises` `Resolver` with configurable servers, a timeout per
 * look-up, one in-flight query per (name, type) shared by concurrent callers, and a
 * TTL-bounded, size-capped cache. Also the offline provider that `offline: true` uses.
 */
import { Resolver } from 'node:dns/promises';
import { FormspamError } from '../errors.js';
import { FactUnavailable } from '../rule.js';
import type { DnsAnswer, DnsProvider, MxRecord, ProviderCallOptions } from './types.js';

export interface DnsProviderOptions {
  /**
   * DNS servers, `ip` or `ip:port` (`[ipv6]:port`), e.g. `['127.0.0.1:5353']`. Default: the
   * system's resolvers (from /etc/resolv.conf).
   */
  servers?: readonly string[];
  /** Time one look-up may take, in milliseconds (default 1500). */
  timeoutMs?: number;
  /** Most answers kept in the cache (default 10,000; 0 turns the cache off). */
  cacheSize?: number;
  /**
   * Longest time an answer is kept, in seconds (default 300). A and AAAA answers are kept for
   * their record TTL when that is shorter; Node's resolver does not expose the TTL of MX and
   * TXT records, so those are kept for this time.
   */
  maxTtlSeconds?: number;
  /** Time NXDOMAIN and "no records" answers are kept, in seconds (default 60). */
  negativeTtlSeconds?: number;
  /** Clock in milliseconds, for tests (default `Date.now`). */
  now?: () => number;
}

/** Counters of a live DNS provider. */
export interface DnsProviderStats {
  /** Calls of `mx`, `txt` and one per record type of `addresses`. */
  lookups: number;
  /** Queries sent to the resolver. */
  queries: number;
  /** Look-ups answered from the cache. */
  cacheHits: number;
  /** Look-ups that joined a query already in flight. */
  shared: number;
  /** Answers in the cache now. */
  cached: number;
}

export interface LiveDnsProvider extends DnsProvider {
  stats(): DnsProviderStats;
  clearCache(): void;
}

type RecordType = 'MX' | 'TXT' | 'A' | 'AAAA';
interface Answer {
  answer: DnsAnswer<unknown>;
  ttlSeconds: number | null;
}

/** A look-up that got no usable answer. `name` is `TimeoutError` for a timeout. */
export class DnsLookupError extends Error {
  readonly code: string;
  constructor(code: string, message: string, name = 'DnsLookupError') {
    super(message);
    this.code = code;
    this.name = name;
  }
}

export const DEFAULT_DNS_TIMEOUT_MS = 1500;

function checkNumber(name: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new FormspamError('INVALID_OPTIONS', `createDnsProvider: \`${name}\` must be a number >= ${min}`);
  }
  return value;
}

function normalizeName(name: string): string {
  const n = name.toLowerCase();
  return n.endsWith('.') ? n.slice(0, -1) : n;
}

function failure(error: unknown, name: string, type: RecordType): DnsLookupError {
  const code = String((error as { code?: unknown } | null)?.code ?? 'EUNKNOWN');
  if (code === 'ETIMEOUT') return new DnsLookupError(code, `DNS ${type} ${name}: timed out`, 'TimeoutError');
  return new DnsLookupError(code, `DNS ${type} ${name}: ${code}`);
}

/** Follows a shared promise for one caller: rejects early when that caller's signal fires. */
function follow<T>(shared: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return shared;
  if (signal.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    shared.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/**
 * Creates the live DNS provider.
 *
 * @example
 * const dns = createDnsProvider({ servers: ['127.0.0.1:5353'], timeoutMs: 1000 });
 * await classify({ email: '@example.com' }, { dns });
 * @throws FormspamError `INVALID_OPTIONS` for a malformed server address or option.
 */
export function createDnsProvider(options: DnsProviderOptions = {}): LiveDnsProvider {
  const timeoutMs = checkNumber('timeoutMs', options.timeoutMs, DEFAULT_DNS_TIMEOUT_MS, 1);
  const cacheSize = Math.floor(checkNumber('cacheSize', options.cacheSize, 10_000, 0));
  const maxTtl = checkNumber('maxTtlSeconds', options.maxTtlSeconds, 300, 0);
  const negativeTtl = checkNumber('negativeTtlSeconds', options.negativeTtlSeconds, 60, 0);
  const now = options.now ?? Date.now;
  const resolver = new Resolver({ timeout: Math.ceil(timeoutMs), tries: 1 });
  if (options.servers !== undefined) {
    if (!Array.isArray(options.servers) || options.servers.length === 0 || options.servers.some((s) => typeof s !== 'string')) {
      throw new FormspamError('INVALID_OPTIONS', 'createDnsProvider: `servers` must be a non-empty array of addresses like "127.0.0.1:5353"');
    }
    try {
      resolver.setServers([...options.servers]);
    } catch (error) {
      throw new FormspamError('INVALID_OPTIONS', `createDnsProvider: bad DNS server in ${JSON.stringify(options.servers)}: ${(error as Error).message}`);
    }
  }

  const cache = new Map<string, { expires: number; answer: DnsAnswer<unknown> }>();
  const inFlight = new Map<string, Promise<DnsAnswer<unknown>>>();
  const counters = { lookups: 0, queries: 0, cacheHits: 0, shared: 0 };

  async function query(type: RecordType, name: string): Promise<Answer> {
    try {
      switch (type) {
        case 'MX': {
          const records = await resolver.resolveMx(name);
          const mx: MxRecord[] = records.map((r) => ({ exchange: normalizeName(r.exchange), priority: r.priority }));
          mx.sort((a, b) => a.priority - b.priority || (a.exchange < b.exchange ? -1 : a.exchange > b.exchange ? 1 : 0));
          return { answer: { status: 'ok', records: mx }, ttlSeconds: null };
        }
        case 'TXT': {
          const records = await resolver.resolveTxt(name);
          return { answer: { status: 'ok', records: records.map((chunks) => chunks.join('')) }, ttlSeconds: null };
        }
        case 'A':
        case 'AAAA': {
          const records = type === 'A' ? await resolver.resolve4(name, { ttl: true }) : await resolver.resolve6(name, { ttl: true });
          const ttl = records.reduce((min, r) => Math.min(min, r.ttl), Infinity);
          return { answer: { status: 'ok', records: records.map((r) => r.address) }, ttlSeconds: Number.isFinite(ttl) ? ttl : null };
        }
      }
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'ENOTFOUND') return { answer: { status: 'nxdomain' }, ttlSeconds: negativeTtl };
      if (code === 'ENODATA') return { answer: { status: 'nodata' }, ttlSeconds: negativeTtl };
      throw failure(error, name, type);
    }
  }

  function withTimeout(work: Promise<Answer>, type: RecordType, name: string): Promise<Answer> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DnsLookupError('ETIMEOUT', `DNS ${type} ${name}: no answer within ${timeoutMs} ms`, 'TimeoutError')),
        timeoutMs,
      );
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  function lookup(type: RecordType, rawName: string, signal: AbortSignal | undefined): Promise<DnsAnswer<unknown>> {
    counters.lookups++;
    const name = normalizeName(rawName);
    const key = `${type} ${name}`;
    const hit = cache.get(key);
    if (hit) {
      if (hit.expires > now()) {
        counters.cacheHits++;
        cache.delete(key); // keep the Map in least-recently-used order
        cache.set(key, hit);
        return signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve(hit.answer);
      }
      cache.delete(key);
    }
    let pending = inFlight.get(key);
    if (pending) {
      counters.shared++;
    } else {
      counters.queries++;
      pending = withTimeout(query(type, name), type, name).then(
        ({ answer, ttlSeconds }) => {
          inFlight.delete(key);
          const ttl = Math.min(ttlSeconds ?? maxTtl, maxTtl);
          if (cacheSize > 0 && ttl > 0) {
            cache.set(key, { expires: now() + ttl * 1000, answer });
            while (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
          }
          return answer;
        },
        (error: unknown) => {
          inFlight.delete(key); // failures are not cached: the next request asks again
          throw error;
        },
      );
      inFlight.set(key, pending);
    }
    return follow(pending, signal);
  }

  return {
    name: 'dns',
    mx: (domain: string, o?: ProviderCallOptions) => lookup('MX', domain, o?.signal) as Promise<DnsAnswer<MxRecord>>,
    txt: (name: string, o?: ProviderCallOptions) => lookup('TXT', name, o?.signal) as Promise<DnsAnswer<string>>,
    async addresses(domain: string, o?: ProviderCallOptions): Promise<DnsAnswer<string>> {
      const [a, aaaa] = await Promise.allSettled([lookup('A', domain, o?.signal), lookup('AAAA', domain, o?.signal)]);
      return combineAddresses(a, aaaa);
    },
    stats: () => ({ ...counters, cached: cache.size }),
    clearCache: () => cache.clear(),
  };
}

/**
 * Combines the A and AAAA answers: any address is an answer; NXDOMAIN on either means the name
 * does not exist; both empty is `nodata`; otherwise the failure is passed on.
 */
function combineAddresses(
  a: PromiseSettledResult<DnsAnswer<unknown>>,
  aaaa: PromiseSettledResult<DnsAnswer<unknown>>,
): DnsAnswer<string> {
  const records: string[] = [];
  for (const r of [a, aaaa]) if (r.status === 'fulfilled' && r.value.status === 'ok') records.push(...(r.value.records as string[]));
  if (records.length > 0) return { status: 'ok', records };
  for (const r of [a, aaaa]) if (r.status === 'fulfilled' && r.value.status === 'nxdomain') return { status: 'nxdomain' };
  for (const r of [a, aaaa]) if (r.status === 'rejected') throw r.reason;
  return { status: 'nodata' };
}

function offline(): Promise<never> {
  return Promise.reject(new FactUnavailable('offline', 'DNS is switched off (offline)'));
}

/** The DNS provider of `offline: true`: every look-up is skipped with `"offline"`. */
export const offlineDnsProvider: DnsProvider = Object.freeze({
  name: 'offline',
  mx: offline,
  txt: offline,
  addresses: offline,
});
