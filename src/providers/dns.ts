/**
 * The live DNS provider: `node:dns/promises` `Resolver` with configurable servers, a timeout per
 * look-up, one in-flight query per (name, type) shared by concurrent callers, and a
 * TTL-bounded, size-capped cache. Also the offline provider that `offline: true` uses.
 */
import { Resolver } from 'node:dns/promises';
import { FormspamError } from '../core/errors.js';
import { FactUnavailable } from '../core/rule.js';
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
  /**
   * The resolver's health check (default on, with {@link RESOLVER_HEALTH_NAMES}): before an
   * NXDOMAIN or "no records" answer counts, the provider checks that its resolver finds MX
   * records for names that must have them. A resolver that fails (a captive portal, a broken
   * or filtering resolver that answers "no such domain" for everything) makes such look-ups
   * reject with `FactUnavailable('resolver-unhealthy')`, so the DNS rules are skipped with the
   * reason instead of counting a domain as non-existent. `false` turns the check off (answers
   * are then taken as they come).
   */
  healthCheck?: false | ResolverHealthOptions;
}

/** Options of the resolver's health check (see {@link DnsProviderOptions.healthCheck}). */
export interface ResolverHealthOptions {
  /** Names that must have MX records (default {@link RESOLVER_HEALTH_NAMES}). */
  names?: readonly string[];
  /** Seconds a passed check is trusted before the next negative answer checks again (default 300). */
  intervalSeconds?: number;
  /** Seconds a failed check is kept before the resolver is asked again (default 30). */
  retrySeconds?: number;
}

/**
 * Names whose MX records every working resolver finds (mail providers that have published MX
 * records for decades); a resolver that says otherwise is not answering honestly.
 */
export const RESOLVER_HEALTH_NAMES: readonly string[] = Object.freeze(['gmail.com', 'outlook.com']);

/** What the last health check of a live DNS provider's resolver found. */
export interface ResolverHealth {
  /** `unknown` until the first check has finished. */
  status: 'healthy' | 'unhealthy' | 'unknown' | 'off';
  /** When the check finished (ms since the epoch), or null. */
  checkedAt: number | null;
  /** Why the resolver is unhealthy, in one sentence; null otherwise. */
  reason: string | null;
  /** Each name asked and what the resolver answered: `ok`, `nxdomain`, `nodata`, or an error code. */
  probes: { name: string; answer: string }[];
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
  /**
   * Checks the resolver now when the last check is older than its interval (or has never run)
   * and resolves with the result; never rejects. `serve` calls it at start-up and `/readyz` on
   * every probe.
   */
  checkHealth(): Promise<ResolverHealth>;
  /** The last health check's result, without asking the resolver. */
  health(): ResolverHealth;
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
  const healthOptions = options.healthCheck === false ? null : (options.healthCheck ?? {});
  if (healthOptions !== null && (typeof healthOptions !== 'object' || Array.isArray(healthOptions))) {
    throw new FormspamError('INVALID_OPTIONS', 'createDnsProvider: `healthCheck` must be false or an object like { names: ["gmail.com"] }');
  }
  const healthNames = healthOptions?.names ?? RESOLVER_HEALTH_NAMES;
  if (healthOptions !== null && (!Array.isArray(healthNames) || healthNames.length === 0 || healthNames.some((n) => typeof n !== 'string' || n.trim() === ''))) {
    throw new FormspamError('INVALID_OPTIONS', 'createDnsProvider: `healthCheck.names` must be a non-empty array of domain names that have MX records');
  }
  const healthInterval = checkNumber('healthCheck.intervalSeconds', healthOptions?.intervalSeconds, 300, 0) * 1000;
  const healthRetry = checkNumber('healthCheck.retrySeconds', healthOptions?.retrySeconds, 30, 0) * 1000;
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

  // The resolver's health: the last check's result and the check in flight (one at a time).
  let health: ResolverHealth = { status: healthOptions === null ? 'off' : 'unknown', checkedAt: null, reason: null, probes: [] };
  let checking: Promise<ResolverHealth> | null = null;

  async function probe(name: string): Promise<{ name: string; answer: string }> {
    try {
      const answer = await cachedOrQuery('MX', name, undefined, true);
      return { name, answer: answer.status === 'ok' && (answer.records as MxRecord[]).length > 0 ? 'ok' : answer.status === 'ok' ? 'nodata' : answer.status };
    } catch (error) {
      return { name, answer: (error as { code?: string }).code ?? 'error' };
    }
  }

  function checkHealth(): Promise<ResolverHealth> {
    if (healthOptions === null) return Promise.resolve(health);
    const age = health.checkedAt === null ? Infinity : now() - health.checkedAt;
    if (age < (health.status === 'healthy' ? healthInterval : healthRetry)) return Promise.resolve(health);
    checking ??= Promise.all(healthNames.map(probe)).then((probes) => {
      const bad = probes.filter((p) => p.answer !== 'ok');
      health = {
        status: bad.length === 0 ? 'healthy' : 'unhealthy',
        checkedAt: now(),
        reason: bad.length === 0
          ? null
          : `the DNS resolver answered ${bad.map((p) => `${p.answer === 'nxdomain' ? 'NXDOMAIN' : p.answer === 'nodata' ? 'no MX records' : p.answer} for ${p.name}`).join(', ')}, which must have MX records: "no such domain" and "no MX" answers are not trusted until it answers correctly`,
        probes,
      };
      checking = null;
      return health;
    });
    return checking;
  }

  /** A negative answer counts only when the resolver passed its health check. */
  async function trusted(answer: DnsAnswer<unknown>): Promise<DnsAnswer<unknown>> {
    if (answer.status === 'ok' || healthOptions === null) return answer;
    const h = await checkHealth();
    if (h.status !== 'healthy') throw new FactUnavailable('resolver-unhealthy', h.reason ?? 'the DNS resolver failed its health check', { report: true });
    return answer;
  }

  /**
   * The answer from the cache, from the query in flight, or from a new query. A health probe
   * (`probe`) is not counted as a look-up and does not take a negative answer from the cache:
   * a resolver that has recovered is asked again.
   */
  function cachedOrQuery(type: RecordType, rawName: string, signal: AbortSignal | undefined, probe = false): Promise<DnsAnswer<unknown>> {
    if (!probe) counters.lookups++;
    const name = normalizeName(rawName);
    const key = `${type} ${name}`;
    const hit = cache.get(key);
    if (hit && !(probe && hit.answer.status !== 'ok')) {
      if (hit.expires > now()) {
        if (!probe) counters.cacheHits++;
        cache.delete(key); // keep the Map in least-recently-used order
        cache.set(key, hit);
        return signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve(hit.answer);
      }
      cache.delete(key);
    }
    let pending = inFlight.get(key);
    if (pending) {
      if (!probe) counters.shared++;
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

  function lookup(type: RecordType, rawName: string, signal: AbortSignal | undefined): Promise<DnsAnswer<unknown>> {
    const answer = cachedOrQuery(type, rawName, signal);
    return healthOptions === null ? answer : answer.then(trusted);
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
    checkHealth,
    health: () => health,
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

let offlineAnswer: Promise<never> | undefined;

/**
 * The answer of every offline look-up: one rejected promise, made on first use and marked
 * handled. A new error and rejection per look-up cost a stack trace each, and Node's tracking
 * of a rejection not yet handled (the fact awaits it a moment later) for each.
 */
function offline(): Promise<never> {
  if (offlineAnswer === undefined) {
    offlineAnswer = Promise.reject(new FactUnavailable('offline', 'DNS is switched off (offline)'));
    offlineAnswer.catch(() => undefined);
  }
  return offlineAnswer;
}

/** The DNS provider of `offline: true`: every look-up is skipped with `"offline"`. */
export const offlineDnsProvider: DnsProvider = Object.freeze({
  name: 'offline',
  mx: offline,
  txt: offline,
  addresses: offline,
});
