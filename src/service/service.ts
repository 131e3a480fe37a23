/**
 * The framework-free HTTP service: every endpoint's logic, once, for every adapter. An adapter
 * turns its request into a {@link ServiceRequest}, calls `service.handle()`, and writes the
 * {@link ServiceResponse}. Clock, randomness and store are injected.
 */
import { createRequire } from 'node:module';
import { classify, type ClassifyOptions } from '../classify.js';
import { datasetStatus, type DatasetStatus } from '../datasets.js';
import { isFormspamError } from '../errors.js';
import { createDefaultProviders } from '../providers/default.js';
import type { LiveDnsProvider, ResolverHealth } from '../providers/dns.js';
import type { Providers } from '../providers/types.js';
import { isStoreUnavailable, type StoreUnavailableError } from '../stores/guard.js';
import { createMemoryStore } from '../stores/memory.js';
import type { ApiKeyRecord, KeyLimits, Store } from '../stores/types.js';
import { clientIpOf, trustedProxySet, type HeaderValue } from './client-ip.js';
import { constantTimeEqual, defaultRandomBytes, SecretBox, toHex, type RandomBytes } from './crypto.js';
import { newApiKey, parseHostname, refererAllowed } from './keys.js';
import { M2MGate } from './m2m.js';
import { withExplain } from './explain.js';
import { isMasterKeyError, MasterKeyError, masterKeyProblem, verifyMasterKey } from './master-key.js';
import { createMetrics, type ServiceMetrics } from './metrics.js';
import { openApiDocument } from './openapi.js';
import { checkRate, DEFAULT_RATE_LIMITS, formatKeyLimits, parseKeyLimits, type RateLimit, type RateLimits } from './rate-limit.js';
import { createWidgetEndpoints, type WidgetOptions } from './widget.js';

/** A pino-compatible logger (only these methods are used). */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ServiceOptions {
  /**
   * How long a key read from the store stays good for classify while the store is unreachable
   * (ms, default 300,000; 0: classify answers 503 STORE_UNAVAILABLE at once, as the other
   * endpoints do). Meanwhile the rate limits count in this instance's memory and responses carry
   * `X-Formspam-Degraded: store-unavailable`. A key revoked on another instance during that time
   * is refused here only when the store answers again.
   */
  storeOutageGraceMs?: number;
  /** Keys, used proofs, rate-limit counters (default: a new memory store). */
  store?: Store;
  /** Providers for classify (default: `createDefaultProviders({ offline, dnsServers, dataDir })`). */
  providers?: Providers;
  /** No network for the default providers. */
  offline?: boolean;
  /** DNS servers of the default providers (`ip` or `ip:port`). */
  dnsServers?: readonly string[];
  /**
   * formspam's data directory: the default providers and /readyz read the downloaded lists in
   * its `lists/` folder (default: `defaultDataDir()`; docs/decisions/data-dir.md).
   */
  dataDir?: string;
  /** @deprecated The old name of {@link ServiceOptions.dataDir} (the same meaning); `dataDir` wins. */
  listsDir?: string;
  /** City databases of the default geo provider (mmdb paths, `'auto'`, the default, or `false`). */
  geoCityDatabase?: string | readonly string[] | 'auto' | false;
  /**
   * Age in days past which a downloaded list counts as stale in `/readyz` (default 3: three
   * missed daily refreshes).
   */
  maxListAgeDays?: number;
  /** Options passed to every classify() call (clientIp and signal are set per request). */
  classifyOptions?: Omit<ClassifyOptions, 'clientIp' | 'signal'>;
  /** Largest accepted body in bytes (default 65,536). */
  bodyLimit?: number;
  /** Proxies whose `X-Forwarded-For`/`Forwarded` are believed: CIDRs, addresses, `loopback`, `private`. */
  trustedProxies?: readonly string[];
  /** `false` turns every limit off; otherwise overrides of {@link DEFAULT_RATE_LIMITS}. */
  rateLimits?: RateLimits | false;
  /** Encrypts key secrets at rest (AES-256-GCM) and derives the M2M HMAC key; at least 32 characters. */
  masterKey?: string;
  /** The machine-to-machine challenge of `/api_key/generate`. */
  m2m?: { hmacKey?: string; maxNumber?: number; expireSeconds?: number };
  /** The browser-widget endpoints: challenge difficulty and lifetimes (see widget.ts). */
  widget?: WidgetOptions;
  /** The `license` of generated keys (default `free`). */
  license?: string;
  /**
   * `open` (default, as the contract says): anyone who solves the proof of work at
   * `/api_key/generate` gets a key. `closed`: that endpoint answers 403 `KEY_ISSUANCE_CLOSED`;
   * keys come from the admin endpoints or `formspam keys create`.
   */
  keyIssuance?: 'open' | 'closed';
  /**
   * Turns on the admin endpoints (`GET`/`POST`/`DELETE /admin/keys`), authorised by
   * `Authorization: Bearer <adminToken>`; at least 32 characters. Without it they answer 404.
   */
  adminToken?: string;
  /** Refuse classify requests that carry neither `Referer` nor `Origin` (default false: server-to-server callers may omit them). */
  requireReferer?: boolean;
  logger?: Logger;
  /**
   * The logger of the one line each request gets (`event: "request"`; default: `logger`). Its
   * keys are fixed and its values plain (method, route, status, ms, ip), so a redacting logger
   * could never change it: `formspam serve` gives it a pino child without redaction, which
   * costs a busy server about 4 µs less per request (docs/performance.md, 2026-11-27).
   */
  requestLogger?: Logger;
  /** Metrics: a ServiceMetrics to share, `true` for a new registry (default), `false` for none. */
  metrics?: ServiceMetrics | boolean;
  /** Injected world. */
  now?: () => number;
  randomBytes?: RandomBytes;
}

/** What an adapter hands to the service. Header names in lower case. */
export interface ServiceRequest {
  method: string;
  /** Path and query, e.g. `/api/v1/classify?apiKey=…`. */
  url: string;
  headers: Record<string, HeaderValue>;
  remoteAddress: string | undefined;
  /** Reads the raw body, rejecting with a {@link HttpError} 413 beyond `limit` bytes. */
  readBody?: (limit: number) => Promise<Uint8Array>;
  /** A body a framework already parsed (Express with express.json()). */
  parsedBody?: unknown;
  signal?: AbortSignal;
}

export interface ServiceResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Close the connection after the response (a body that was not read). */
  close?: boolean;
}

/** An HTTP error with the `{ error, statusCode }` body. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  /**
   * @param code a stable, machine-readable code (`INVALID_JSON`, `MISSING_API_KEY`, …) sent as
   *   `code` in the body beside the human message.
   */
  constructor(readonly status: number, readonly code: string, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

export interface Service {
  handle(request: ServiceRequest): Promise<ServiceResponse>;
  /**
   * Resolves when the store is reachable, the master key fits the store (rejects with a
   * `MasterKeyError`, code `MASTER_KEY_MISSING` or `MASTER_KEY_MISMATCH`, otherwise; it stores
   * the key's check value in a store that has none) and the M2M key is set up.
   */
  ready(): Promise<void>;
  /**
   * The DNS resolver's health (checked now when the last check is stale), or null when the
   * providers have no live DNS (offline, or a DNS provider without a health check).
   */
  dnsHealth(): Promise<ResolverHealth | null>;
  /**
   * Reads the downloaded lists again (the IP lists and the reported-email lists of the default
   * providers, or of given providers that have `reload`): called after they were replaced.
   */
  reloadLists(): Promise<void>;
  /** Closes the store (when the service opened it or was given it). */
  close(): Promise<void>;
  readonly store: Store;
  readonly metrics: ServiceMetrics | null;
  /** Paths this service answers (adapters that pass on other paths use it). */
  handles(path: string): boolean;
}

export const DEFAULT_BODY_LIMIT = 65_536;

/** `Retry-After` (seconds) of a 503 STORE_UNAVAILABLE: ioredis reconnects every 50 ms to 2 s. */
const STORE_RETRY_AFTER = '1';

const JSON_TYPE = 'application/json; charset=utf-8';
const ROUTES: Record<string, readonly string[]> = {
  '/api/v1/classify': ['POST'],
  '/api_key/generate': ['POST'],
  '/healthz': ['GET', 'HEAD'],
  '/readyz': ['GET', 'HEAD'],
  '/admin/keys': ['GET', 'POST', 'PATCH', 'DELETE'],
  '/openapi.json': ['GET', 'HEAD'],
  '/metrics': ['GET', 'HEAD'],
  // The browser widget (widget.ts).
  '/api/v1/challenge': ['GET', 'OPTIONS'],
  '/v1/challenge': ['GET', 'OPTIONS'],
  '/api/v1/verify': ['POST', 'OPTIONS'],
  '/v1/verify': ['POST', 'OPTIONS'],
  '/v1/verify/signature': ['POST'],
};

function json(status: number, value: unknown, headers?: Record<string, string>): ServiceResponse {
  // Without extra headers (every 200), no spread of an empty object per response.
  return { status, headers: headers === undefined ? { 'content-type': JSON_TYPE } : { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(value) };
}

/** The `{ error, statusCode, code }` body of every error of the API (the widget endpoints have their own). */
export function errorResponse(status: number, code: string, message: string, headers?: Record<string, string>): ServiceResponse {
  return json(status, { error: message, statusCode: status, code }, headers);
}

function header(h: HeaderValue): string | undefined {
  return Array.isArray(h) ? h[0] : h;
}

function packageVersion(): string {
  // From src/service/, dist/service/ or a dist/ chunk: the first formspam package.json above.
  const require = createRequire(import.meta.url);
  for (const path of ['../package.json', '../../package.json']) {
    try {
      const pkg = require(path) as { name?: string; version: string };
      if (pkg.name === 'formspam') return pkg.version;
    } catch {
      // not there
    }
  }
  return '0.0.0';
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function parseJsonBody(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new HttpError(400, 'INVALID_JSON', 'Invalid JSON: the body is not UTF-8.');
  }
  if (text.trim() === '') throw new HttpError(400, 'INVALID_JSON', 'Invalid JSON: the body is empty.');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'INVALID_JSON', 'Invalid JSON.');
  }
}

function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const semi = value.indexOf(';');
  const type = (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * A request target: its path (one trailing slash dropped) and its `URL`, parsed only when a
 * route reads it. The common targets (a known route with a plain query such as
 * `?apiKey=ckey_…`) are split by hand; everything else goes through `new URL` as before.
 */
class Target {
  #url: URL | undefined;
  constructor(readonly raw: string, readonly path: string, readonly plainQuery: string | null, url?: URL) {
    this.#url = url;
  }

  get url(): URL {
    return (this.#url ??= new URL(this.raw, 'http://localhost'));
  }

  /** `url.searchParams.get(name)`. */
  param(name: string): string | null {
    const q = this.plainQuery;
    if (q === null) return this.url.searchParams.get(name);
    // Only [A-Za-z0-9_.~=&-]: nothing to decode, so the first `name=` pair is what URLSearchParams
    // finds. Walked in place (no split and slices per request): a pair runs from `from` to the
    // next `&`, its name to its first `=`.
    for (let from = 0; ; ) {
      const amp = q.indexOf('&', from);
      const end = amp === -1 ? q.length : amp;
      const eq = q.indexOf('=', from);
      const nameEnd = eq === -1 || eq > end ? end : eq;
      if (nameEnd - from === name.length && q.startsWith(name, from)) return nameEnd === end ? '' : q.slice(nameEnd + 1, end);
      if (amp === -1) return null;
      from = amp + 1;
    }
  }
}

const PLAIN_QUERY = /^[\w.~=&-]*$/;

function targetOf(raw: string): Target | null {
  // Fast path: exactly a route's path (or it with one trailing slash), then nothing or a plain
  // query. `new URL(raw, base)` gives the same pathname and search parameters for these.
  const q = raw.indexOf('?');
  const p = q === -1 ? raw : raw.slice(0, q);
  const path = Object.hasOwn(ROUTES, p) ? p : p.length > 1 && p.endsWith('/') && Object.hasOwn(ROUTES, p.slice(0, -1)) ? p.slice(0, -1) : null;
  if (path !== null) {
    const query = q === -1 ? '' : raw.slice(q + 1);
    if (PLAIN_QUERY.test(query)) return new Target(raw, path, query);
  }
  try {
    const u = new URL(raw, 'http://localhost');
    return new Target(raw, u.pathname.length > 1 && u.pathname.endsWith('/') ? u.pathname.slice(0, -1) : u.pathname, null, u);
  } catch {
    return null;
  }
}

function keyFrom(target: Target, headers: Record<string, HeaderValue>): string | undefined {
  const q = target.param('apiKey');
  if (q) return q;
  const auth = header(headers.authorization);
  if (auth && /^bearer /i.test(auth)) return auth.slice(7).trim() || undefined;
  return undefined;
}

export function createService(options: ServiceOptions = {}): Service {
  const now = options.now ?? Date.now;
  const randomBytes = options.randomBytes ?? defaultRandomBytes;
  const store = options.store ?? createMemoryStore({ now });
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  if (!Number.isInteger(bodyLimit) || bodyLimit < 1) throw new TypeError('bodyLimit must be a positive integer (bytes)');
  const trusted = trustedProxySet(options.trustedProxies);
  const limits: Required<RateLimits> | null = options.rateLimits === false ? null : { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const box = options.masterKey !== undefined ? new SecretBox(options.masterKey, randomBytes) : null;
  const listsDataDir = options.dataDir ?? options.listsDir;
  const providers = options.providers ?? createDefaultProviders({
    ...(options.offline !== undefined && { offline: options.offline }),
    ...(options.dnsServers !== undefined && { dnsServers: options.dnsServers }),
    ...(listsDataDir !== undefined && { dataDir: listsDataDir }),
    ...(options.geoCityDatabase !== undefined && { geoCityDatabase: options.geoCityDatabase }),
  });
  const classifyOptions: ClassifyOptions = { ...options.classifyOptions };
  const license = options.license ?? 'free';
  const maxListAgeDays = options.maxListAgeDays ?? 3;
  if (typeof maxListAgeDays !== 'number' || !(maxListAgeDays > 0)) throw new TypeError('maxListAgeDays must be a positive number of days');
  const keyIssuance = options.keyIssuance ?? 'open';
  if (keyIssuance !== 'open' && keyIssuance !== 'closed') throw new TypeError('keyIssuance must be "open" or "closed"');
  const adminToken = options.adminToken;
  if (adminToken !== undefined && (typeof adminToken !== 'string' || adminToken.length < 32)) {
    throw new TypeError('adminToken must be at least 32 characters (e.g. openssl rand -hex 32)');
  }
  const log = options.logger;
  const requestLog = options.requestLogger ?? log;
  const metrics = options.metrics === false ? null : options.metrics === true || options.metrics === undefined ? createMetrics() : options.metrics;
  const version = packageVersion();
  const world = { now, randomBytes };

  // The M2M HMAC key: given, else derived from the master key, else one random key shared by
  // every instance through the store.
  let gatePromise: Promise<M2MGate> | null = null;
  const gate = (): Promise<M2MGate> => {
    if (!gatePromise) {
      const key: Promise<string> = options.m2m?.hmacKey !== undefined
        ? Promise.resolve(options.m2m.hmacKey)
        : box
          ? Promise.resolve(box.derive('m2m-hmac-key'))
          : store.initSetting('m2m-hmac-key', toHex(randomBytes(32)));
      gatePromise = key.then((hmacKey) => new M2MGate({ ...options.m2m, hmacKey }, store, world));
      gatePromise.catch(() => {
        gatePromise = null; // try again on the next request
      });
    }
    return gatePromise;
  };

  let datasets: { at: number; list: DatasetStatus[] } | null = null;
  const datasetList = () => {
    if (!datasets || now() - datasets.at > 60_000) {
      datasets = { at: now(), list: datasetStatus({ ...(listsDataDir !== undefined && { dataDir: listsDataDir }), ...(options.geoCityDatabase !== undefined && { cityDatabase: options.geoCityDatabase }), now: new Date(now()) }) };
    }
    return datasets.list;
  };

  // classify() prepares each options object once (a WeakMap): reuse one object per client IP
  // instead of a new one per request. No per-request signal: provider timeouts bound the work.
  const perIp = new Map<string, ClassifyOptions>();
  function optionsFor(ip: string | undefined): ClassifyOptions {
    if (ip === undefined) return classifyOptions;
    let o = perIp.get(ip);
    if (!o) {
      if (perIp.size >= 10_000) perIp.clear();
      o = { ...classifyOptions, clientIp: ip };
      perIp.set(ip, o);
    }
    return o;
  }

  /**
   * A key's secret in clear. An encrypted secret without a master key, or one that does not
   * decrypt with it, is a MasterKeyError (503): never the ciphertext used as the secret.
   */
  function secretOf(record: { apiKey: string; secret: string }): string {
    if (!SecretBox.isEncrypted(record.secret)) return record.secret;
    if (!box) throw new MasterKeyError('MASTER_KEY_MISSING', 'This key\'s secret is encrypted and the server has no master key (FORMSPAM_MASTER_KEY).');
    try {
      return box.decrypt(record.secret, record.apiKey);
    } catch {
      throw new MasterKeyError('MASTER_KEY_MISMATCH', 'This key\'s secret does not decrypt with the server\'s master key (FORMSPAM_MASTER_KEY).');
    }
  }

  let masterKeyLoggedAt = -Infinity;
  // One warning per 10 s while the store fails (each failed request is counted in the metrics).
  let storeWarnedAt = -Infinity;
  let storeFailures = 0;
  function storeFailed(error: StoreUnavailableError): void {
    metrics?.storeErrors.inc({ operation: error.operation, reason: error.reason });
    storeFailures++;
    const t = now();
    if (t - storeWarnedAt >= 10_000) {
      log?.warn({ event: 'store-unavailable', store: error.store, operation: error.operation, reason: error.reason, failures: storeFailures, err: { message: error.message } }, `store unavailable: ${error.message}; answering 503 STORE_UNAVAILABLE`);
      storeWarnedAt = t;
      storeFailures = 0;
    }
  }

  async function rate(name: string, limit: RateLimit | false | undefined, id: string | undefined): Promise<void> {
    if (!limit || id === undefined) return;
    const d = await checkRate(store, name, id, limit, now());
    if (!d.ok) throw new HttpError(429, 'RATE_LIMITED', 'Too Many Requests', { 'retry-after': String(d.retryAfterSeconds) });
  }

  /**
   * Counts a request against the key's budget: first the client's share of it (per key and client
   * IP), then the key's own, so a request refused by the split costs the key nothing. The site's
   * own server proves the key's secret with `X-Formspam-Secret` and is not split.
   */
  async function spendKeyBudget(
    req: ServiceRequest,
    record: ApiKeyRecord,
    ip: string | undefined,
    count: (name: string, limit: RateLimit, id: string) => Promise<void> = rate,
  ): Promise<void> {
    if (!limits) return;
    // The key's own limits (set by the admin) replace the server's of the same name.
    const own = record.limits;
    const perKeyIp = own?.classifyPerKeyIp !== undefined ? own.classifyPerKeyIp : limits.classifyPerKeyIp;
    const perKey = own?.classifyPerKey !== undefined ? own.classifyPerKey : limits.classifyPerKey;
    if (perKeyIp && ip !== undefined && !provesSecret(req, record)) {
      await count('classify-key-ip', perKeyIp, `${record.apiKey}:${ip}`);
    }
    if (perKey) await count('classify-key', perKey, record.apiKey);
  }

  function provesSecret(req: ServiceRequest, record: ApiKeyRecord): boolean {
    const given = header(req.headers['x-formspam-secret']);
    return given !== undefined && given.length <= 200 && constantTimeEqual(given, secretOf(record));
  }

  async function readJson(req: ServiceRequest): Promise<unknown> {
    if (!isJsonContentType(header(req.headers['content-type']))) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json.');
    if ('parsedBody' in req && req.parsedBody !== undefined) return req.parsedBody;
    const length = header(req.headers['content-length']);
    if (length !== undefined && /^\d+$/.test(length) && Number(length) > bodyLimit) {
      throw new HttpError(413, 'REQUEST_TOO_LARGE', `Request body is larger than ${bodyLimit} bytes.`);
    }
    if (!req.readBody) throw new HttpError(400, 'INVALID_JSON', 'Invalid JSON: no body.');
    return parseJsonBody(await req.readBody(bodyLimit));
  }

  // Classify through a store outage (issue 19): a key read from the store within the last
  // `storeOutageGraceMs` is trusted as it was, and the rate limits count in this instance's
  // memory, until the store answers again. Nothing else the store guards (proofs, new keys,
  // admin) is served from memory: those endpoints answer 503 STORE_UNAVAILABLE.
  const outageGraceMs = options.storeOutageGraceMs ?? 300_000;
  if (!Number.isInteger(outageGraceMs) || outageGraceMs < 0) throw new TypeError('storeOutageGraceMs must be an integer number of milliseconds >= 0');
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

  async function classifyKey(apiKey: string): Promise<{ value: ApiKeyRecord | null; degraded: boolean }> {
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
  }

  /** rate() for classify: in an outage, counted in this instance's memory; true then. */
  async function classifyRate(name: string, limit: RateLimit, id: string): Promise<boolean> {
    const { value: d, degraded } = await withGrace(
      () => checkRate(store, name, id, limit, now()),
      () => checkRate(localCounters, name, id, limit, now()),
    );
    if (!d.ok) throw new HttpError(429, 'RATE_LIMITED', 'Too Many Requests', { 'retry-after': String(d.retryAfterSeconds) });
    return degraded;
  }

  async function classifyRoute(req: ServiceRequest, target: Target, ip: string | undefined): Promise<ServiceResponse> {
    // classifyRate() is not called without a limit: skip the await (and its promise) then.
    let inOutage = limits?.classifyPerIp && ip !== undefined ? await classifyRate('classify-ip', limits.classifyPerIp, ip) : false;
    if (!isJsonContentType(header(req.headers['content-type']))) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json.');
    const apiKey = keyFrom(target, req.headers);
    if (!apiKey) throw new HttpError(401, 'MISSING_API_KEY', 'Missing API key: pass ?apiKey= or Authorization: Bearer.');
    const found = apiKey.length <= 100 ? await classifyKey(apiKey) : { value: null, degraded: false };
    const record = found.value;
    inOutage ||= found.degraded;
    if (!record) throw new HttpError(401, 'INVALID_API_KEY', 'Invalid API key: no such key on this server (get one with formspam keygen).');
    if (record.revokedAt !== undefined) throw new HttpError(401, 'API_KEY_REVOKED', 'This API key has been revoked.');
    const page = header(req.headers.referer) ?? header(req.headers.origin);
    if (page === undefined ? options.requireReferer === true : !refererAllowed(record.hostname, page)) {
      throw new HttpError(403, 'WRONG_REFERRER', `Wrong referrer: this key is for ${record.hostname}; the page's Referer/Origin must be on that host.`);
    }
    // Without limits spendKeyBudget() returns at once: skip its call, closure and await then.
    if (limits) {
      await spendKeyBudget(req, record, ip, async (name, limit, id) => {
        if (await classifyRate(name, limit, id)) inOutage = true;
      });
    }
    // `explain` in the body or the query (`true`: the Accept-Language header's language).
    const body = withExplain(await readJson(req), target.param('explain'), header(req.headers['accept-language']));
    const t0 = performance.now();
    const result = await classify(body, providers, optionsFor(ip));
    if (metrics) {
      metrics.classifyDuration.observe((performance.now() - t0) / 1000);
      metrics.classifications.inc({ classification: result.classification });
    }
    // Answered through a store outage: say so to the caller (the verdict itself is the same).
    return inOutage ? json(200, result, { 'x-formspam-degraded': 'store-unavailable' }) : json(200, result);
  }

  const widget = createWidgetEndpoints({
    store,
    now,
    randomBytes,
    secretOf,
    readJson,
    rate,
    spendKeyBudget,
    limits,
    classify: async (request, ip) => {
      const t0 = performance.now();
      const result = await classify(request, providers, optionsFor(ip));
      if (metrics) {
        metrics.classifyDuration.observe((performance.now() - t0) / 1000);
        metrics.classifications.inc({ classification: result.classification });
      }
      return result;
    },
    ...(options.requireReferer !== undefined && { requireReferer: options.requireReferer }),
    ...(log && { log }),
    ...(options.widget && { options: options.widget }),
  });

  async function generateRoute(req: ServiceRequest, ip: string | undefined): Promise<ServiceResponse> {
    if (keyIssuance === 'closed') {
      throw new HttpError(403, 'KEY_ISSUANCE_CLOSED', 'Key issuance is closed on this server: ask its operator for a key (formspam keys create).');
    }
    await rate('generate-ip', limits?.generatePerIp, ip);
    const g = await gate();
    const authorization = header(req.headers.authorization);
    if (!authorization || !/^\s*altcha\s/i.test(authorization)) {
      const c = g.challenge();
      return errorResponse(401, 'PROOF_REQUIRED', 'Unauthorized', { 'www-authenticate': c.wwwAuthenticate });
    }
    const body = await readJson(req);
    const hostname = parseHostname((body as { hostname?: unknown } | null)?.hostname);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'INVALID_BODY', 'The body must be a JSON object with `hostname`.');
    if (typeof hostname === 'string') throw new HttpError(400, 'INVALID_HOSTNAME', `Invalid hostname: ${hostname}.`);
    const check = await g.check(authorization);
    if (!check.ok) {
      if (check.status === 401) return errorResponse(401, 'PROOF_REQUIRED', 'Unauthorized', { 'www-authenticate': check.wwwAuthenticate });
      log?.warn({ event: 'm2m-refused', reason: check.reason }, 'M2M proof refused');
      return errorResponse(403, 'PROOF_REFUSED', 'Forbidden');
    }
    const issued = await issueKey(hostname.text, license);
    log?.info({ event: 'key-generated', hostname: hostname.text }, 'API key generated');
    return json(200, issued);
  }

  async function issueKey(hostname: string, keyLicense: string): Promise<{ apiKey: string; hostname: string; secret: string; license: string }> {
    // Not a key the other instances could not read (a store encrypted with another master key).
    const problem = await masterKeyProblem(store, box);
    if (problem) throw problem;
    const { apiKey, secret } = newApiKey(randomBytes);
    await store.putKey({ apiKey, hostname, secret: box ? box.encrypt(secret, apiKey) : secret, license: keyLicense, createdAt: now() });
    return { apiKey, hostname, secret, license: keyLicense };
  }

  /** A key's own limits from a body's `limits` (the command-line form), or undefined when none. */
  function keyLimitsOf(body: { limits?: unknown }): KeyLimits | undefined {
    if (body.limits === undefined || body.limits === null) return undefined;
    if (typeof body.limits !== 'string') throw new HttpError(400, 'INVALID_LIMITS', '`limits` must be a string such as "classify-key=1000/60,classify-key-ip=50/60" (or null).');
    try {
      return parseKeyLimits(body.limits);
    } catch (error) {
      throw new HttpError(400, 'INVALID_LIMITS', `Invalid \`limits\`: ${(error as Error).message}.`);
    }
  }

  async function setLimits(apiKey: string, ownLimits: KeyLimits | null): Promise<boolean> {
    if (!store.setKeyLimits) throw new HttpError(501, 'NOT_SUPPORTED', `This server's store (${store.kind}) cannot keep per-key limits.`);
    return store.setKeyLimits(apiKey, ownLimits);
  }

  /**
   * `GET` lists keys (never their secrets), `POST { hostname, license?, limits? }` creates one,
   * `PATCH ?apiKey= { limits }` sets its own rate limits, `DELETE ?apiKey=` revokes one.
   */
  async function adminKeysRoute(req: ServiceRequest, target: Target, ip: string | undefined): Promise<ServiceResponse> {
    if (adminToken === undefined) throw new HttpError(404, 'ADMIN_DISABLED', 'Not Found: the admin endpoints are off on this server (start it with FORMSPAM_ADMIN_TOKEN).');
    const auth = header(req.headers.authorization);
    const given = auth && /^bearer /i.test(auth) ? auth.slice(7).trim() : '';
    if (!constantTimeEqual(given, adminToken)) {
      await rate('admin-ip', limits?.generatePerIp, ip);
      throw new HttpError(401, 'ADMIN_TOKEN_INVALID', 'Admin endpoints need Authorization: Bearer <the FORMSPAM_ADMIN_TOKEN the server was started with>.', { 'www-authenticate': 'Bearer' });
    }
    if (req.method === 'GET') {
      const keys = await store.listKeys();
      return json(200, { keys: keys.map((k) => ({ apiKey: k.apiKey, hostname: k.hostname, license: k.license, createdAt: new Date(k.createdAt).toISOString(), revokedAt: k.revokedAt === undefined ? null : new Date(k.revokedAt).toISOString(), limits: k.limits === undefined ? null : formatKeyLimits(k.limits) })) });
    }
    if (req.method === 'POST') {
      const body = await readJson(req);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'INVALID_BODY', 'The body must be a JSON object with `hostname` (and optionally `license`).');
      const hostname = parseHostname((body as { hostname?: unknown }).hostname);
      if (typeof hostname === 'string') throw new HttpError(400, 'INVALID_HOSTNAME', `Invalid hostname: ${hostname}.`);
      const given = (body as { license?: unknown }).license;
      if (given !== undefined && (typeof given !== 'string' || !/^[a-z0-9][a-z0-9_-]{0,31}$/i.test(given))) {
        throw new HttpError(400, 'INVALID_LICENSE', '`license` must be a short name of letters, digits, `-` or `_`, e.g. "free".');
      }
      const ownLimits = keyLimitsOf(body as { limits?: unknown });
      const issued = await issueKey(hostname.text, (given as string | undefined) ?? license);
      if (ownLimits) await setLimits(issued.apiKey, ownLimits);
      log?.info({ event: 'key-created', hostname: hostname.text, by: 'admin' }, 'API key created by the admin');
      return json(201, ownLimits ? { ...issued, limits: formatKeyLimits(ownLimits) } : issued);
    }
    if (req.method === 'PATCH') {
      const apiKey = target.param('apiKey');
      if (!apiKey) throw new HttpError(400, 'MISSING_API_KEY', 'Name the key: PATCH /admin/keys?apiKey=… with { "limits": "classify-key=1000/60" } (or null for the server\'s).');
      const body = await readJson(req);
      if (typeof body !== 'object' || body === null || Array.isArray(body) || !('limits' in body)) {
        throw new HttpError(400, 'INVALID_BODY', 'The body must be a JSON object with `limits`: "classify-key=<limit>/<seconds>,classify-key-ip=<limit>/<seconds>" (either may be off), or null for the server\'s limits.');
      }
      const ownLimits = keyLimitsOf(body as { limits?: unknown }) ?? null;
      const record = apiKey.length <= 100 ? await store.getKey(apiKey) : null;
      if (!record || !(await setLimits(apiKey, ownLimits))) throw new HttpError(404, 'API_KEY_NOT_FOUND', `No such API key: ${apiKey.slice(0, 100)}.`);
      log?.info({ event: 'key-limits', hostname: record.hostname, limits: ownLimits && formatKeyLimits(ownLimits) }, 'API key limits set by the admin');
      return json(200, { apiKey, hostname: record.hostname, limits: ownLimits === null ? null : formatKeyLimits(ownLimits) });
    }
    // DELETE
    const apiKey = target.param('apiKey');
    if (!apiKey) throw new HttpError(400, 'MISSING_API_KEY', 'Name the key to revoke: DELETE /admin/keys?apiKey=…');
    const record = apiKey.length <= 100 ? await store.getKey(apiKey) : null;
    if (!record) throw new HttpError(404, 'API_KEY_NOT_FOUND', `No such API key: ${apiKey.slice(0, 100)}.`);
    const revoked = await store.revokeKey(apiKey, now());
    const after = (await store.getKey(apiKey))!;
    if (revoked) log?.info({ event: 'key-revoked', hostname: record.hostname }, 'API key revoked');
    return json(200, { apiKey, hostname: record.hostname, revokedAt: new Date(after.revokedAt!).toISOString(), alreadyRevoked: !revoked });
  }

  function dnsHealth(): Promise<ResolverHealth | null> {
    const dns = providers.dns as Partial<LiveDnsProvider> | undefined;
    return typeof dns?.checkHealth === 'function' ? dns.checkHealth() : Promise.resolve(null);
  }

  async function readyRoute(): Promise<ServiceResponse> {
    let storeOk = true;
    let keyProblem: MasterKeyError | null = null;
    try {
      await store.ping();
      keyProblem = await masterKeyProblem(store, box);
      await gate();
    } catch (error) {
      storeOk = false;
      if (isStoreUnavailable(error)) storeFailed(error);
    }
    const list = datasetList();
    const dataOk = list.filter((d) => d.id === 'geo-country' || d.id === 'asn').every((d) => !d.problem);
    // Every condition under which a request would fail: the store (every endpoint with an API
    // key), the master key (the widget endpoints, key issuance), the bundled data (classify).
    const ok = storeOk && keyProblem === null && dataOk;
    // An unhealthy resolver does not make the service unready: classify answers, with the DNS
    // rules skipped ("resolver-unhealthy"). It is reported here for the operator.
    const dns = await dnsHealth();
    // Downloaded lists that are missing or stale leave the service ready (classify answers,
    // the rules that need them are skipped with "no-data" or use old data): "degraded", 200.
    const downloaded = list.filter((d) => d.id.startsWith('list:'));
    const missing = downloaded.filter((d) => d.generated === null).map((d) => d.id.slice(5));
    const stale = downloaded.filter((d) => d.generated !== null && d.ageDays !== null && d.ageDays > maxListAgeDays).map((d) => d.id.slice(5));
    const degraded = missing.length > 0 || stale.length > 0;
    return json(ok ? 200 : 503, {
      status: ok ? (degraded ? 'degraded' : 'ok') : 'unavailable',
      lists: { status: degraded ? 'degraded' : 'ok', missing, stale, maxAgeDays: maxListAgeDays },
      store: { kind: store.kind, ok: storeOk, ...(!storeOk && { code: 'STORE_UNAVAILABLE' }) },
      masterKey: { set: box !== null, ok: keyProblem === null, ...(keyProblem && { code: keyProblem.code }) },
      ...(dns && dns.status !== 'off' && { dns: { status: dns.status, reason: dns.reason, checkedAt: dns.checkedAt === null ? null : new Date(dns.checkedAt).toISOString() } }),
      datasets: list.map((d) => ({ id: d.id, generated: d.generated, ageDays: d.ageDays === null ? null : Math.round(d.ageDays * 100) / 100, ...(d.problem && { problem: d.problem }) })),
    });
  }

  // Not async: the classify route's promise is returned as is (an async wrapper would add ticks);
  // the 404/405 throws are caught by handle() like a rejection.
  function route(req: ServiceRequest, path: string, target: Target, ip: string | undefined): Promise<ServiceResponse> | ServiceResponse {
    const allowed = ROUTES[path];
    if (!allowed || (path === '/metrics' && !metrics)) throw new HttpError(404, 'NOT_FOUND', `Not Found: ${path} is not an endpoint of this server (see /openapi.json).`);
    if (!allowed.includes(req.method)) throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Method Not Allowed: ${path} accepts ${allowed.join(', ')}.`, { allow: allowed.join(', ') });
    switch (path) {
      case '/api/v1/classify':
        return classifyRoute(req, target, ip);
      case '/api_key/generate':
        return generateRoute(req, ip);
      case '/api/v1/challenge':
      case '/v1/challenge':
        return req.method === 'OPTIONS' ? widget.preflight(req, target.url, ip) : widget.challenge(req, target.url, ip);
      case '/api/v1/verify':
      case '/v1/verify':
        return req.method === 'OPTIONS' ? widget.preflight(req, target.url, ip) : widget.verify(req, target.url, ip);
      case '/v1/verify/signature':
        return widget.verifySignature(req, ip);
      case '/healthz':
        return json(200, { status: 'ok' });
      case '/readyz':
        return readyRoute();
      case '/admin/keys':
        return adminKeysRoute(req, target, ip);
      case '/openapi.json':
        return json(200, openApiDocument(version));
      default: // /metrics
        return metricsRoute();
    }
  }

  async function metricsRoute(): Promise<ServiceResponse> {
    return { status: 200, headers: { 'content-type': metrics!.registry.contentType }, body: await metrics!.registry.metrics() };
  }

  return {
    store,
    metrics,
    handles(path) {
      const p = targetOf(path);
      return p !== null && Object.hasOwn(ROUTES, p.path);
    },
    async ready() {
      await store.ping();
      await verifyMasterKey(store, box);
      await gate();
    },
    dnsHealth,
    async reloadLists() {
      datasets = null; // /readyz reads the new files
      const ipReputation = providers.ipReputation as { reload?: () => void; reloadAsync?: () => Promise<void> } | undefined;
      if (ipReputation?.reloadAsync) await ipReputation.reloadAsync();
      else ipReputation?.reload?.();
      await (providers.emailReputation as { reload?: () => Promise<void> } | undefined)?.reload?.();
    },
    async close() {
      await store.close();
    },
    async handle(req) {
      const t0 = performance.now();
      const parsed = targetOf(req.url);
      const path = parsed && Object.hasOwn(ROUTES, parsed.path) ? parsed.path : 'unknown';
      let ip: string | undefined;
      let response: ServiceResponse;
      try {
        ip = clientIpOf(req.remoteAddress, req.headers, trusted);
        if (!parsed) throw new HttpError(400, 'INVALID_URL', 'Invalid URL.');
        response = await route(req, parsed.path, parsed, ip);
      } catch (error) {
        if (error instanceof HttpError) {
          response = errorResponse(error.status, error.code, error.message, error.headers);
          if (error.status === 413) response.close = true;
        } else if (isStoreUnavailable(error)) {
          // The store is down, unreachable or too slow (issue 19): never a 500, and fast.
          storeFailed(error);
          response = errorResponse(503, 'STORE_UNAVAILABLE', 'Service Unavailable: the key store does not answer; try again shortly.', { 'retry-after': STORE_RETRY_AFTER });
        } else if (isMasterKeyError(error)) {
          // The operator's to fix (the log and /readyz say how); the client learns only that.
          const t = now();
          if (t - masterKeyLoggedAt >= 10_000) {
            log?.error({ event: 'master-key', route: path, code: error.code }, error.message);
            masterKeyLoggedAt = t;
          }
          response = errorResponse(503, error.code, 'Service Unavailable: the server\'s master key does not fit its key store; its operator must fix it.');
        } else if (isFormspamError(error) && error.code !== 'INVALID_OPTIONS') {
          const status = error.code === 'REQUEST_TOO_LARGE' ? 413 : error.code === 'ABORTED' ? 499 : 400;
          response = errorResponse(status, error.code, error.message);
        } else {
          log?.error({ event: 'internal-error', route: path, err: { name: (error as Error)?.name, message: (error as Error)?.message } }, 'internal error');
          response = errorResponse(500, 'INTERNAL', 'Internal Server Error');
        }
      }
      if (req.method === 'HEAD') response = { ...response, body: '' };
      metrics?.requests.inc({ route: path, method: ROUTES[path] ? req.method : 'other', status: String(response.status) });
      requestLog?.info({ event: 'request', method: req.method.slice(0, 10), route: path, status: response.status, ms: Math.round((performance.now() - t0) * 100) / 100, ip }, 'request');
      return response;
    },
  };
}
