/**
 * What the routes share: the options read and checked once, the store and providers, and the
 * few pieces of state that outlive a request (the M2M key, the dataset status, the keys known
 * through a store outage, the rate of store warnings).
 */
import { keyReadScopeOf } from '../stores/sqlite-version.js';
import { invalidOption } from '../core/errors.js';
import { defaultRandomBytes, SecretBox, toHex, type RandomBytes } from '../altcha/crypto.js';
import type { ClassifyResponse } from '../core/response.js';
import { classifierFor } from '../engine/classifier.js';
import { createDefaultProviders } from '../providers/default.js';
import type { LiveDnsProvider, ResolverHealth } from '../providers/dns.js';
import { datasetStatus, type DatasetStatus } from '../providers/lists/datasets.js';
import type { Providers } from '../providers/types.js';
import type { StoreUnavailableError } from '../stores/guard.js';
import { createMemoryStore } from '../stores/memory.js';
import { siteModelOf } from './feedback.js';
import type { SiteModelProvider } from '../providers/types.js';
import type { ApiKeyRecord, Store } from '../stores/types.js';
import { provesSecret } from './auth.js';
import { trustedProxySet } from './client-ip.js';
import { createDecisionLog, type DecisionLog } from './decision-log.js';
import { createFailures } from './failures.js';
import { HttpError, readJson, type Logger, type ServiceRequest, type ServiceResponse } from './http.js';
import { M2MGate } from './m2m.js';
import { MasterKeyError } from './master-key.js';
import { createMetrics, meterOf, type RequestMeter, type ServiceMetrics } from './metrics.js';
import { checkRate, DEFAULT_RATE_LIMITS, type RateLimit, type RateLimits } from './rate-limit.js';
import type { ServiceOptions } from './options.js';
import { createOutageGrace, type OutageGrace } from './outage.js';
import { resolveWidgetOptions, type WidgetOptions } from './widget.js';

export const DEFAULT_BODY_LIMIT = 65_536;

export interface ServiceContext {
  options: ServiceOptions;
  now: () => number;
  randomBytes: RandomBytes;
  store: Store;
  providers: Providers;
  limits: Required<RateLimits> | null;
  /** The proxies whose forwarding headers are believed. */
  trusted: ReturnType<typeof trustedProxySet>;
  box: SecretBox | null;
  log: Logger | undefined;
  metrics: ServiceMetrics | null;
  /** What each request adds to the metrics (null without metrics). */
  meter: RequestMeter | null;
  license: string;
  keyIssuance: 'open' | 'closed';
  adminToken: string | undefined;
  maxListAgeDays: number;
  /** The M2M gate of `/api_key/generate` (its HMAC key is set up on first use). */
  gate(): Promise<M2MGate>;
  /** The status of the bundled and downloaded data, read at most once a minute. */
  datasets(): DatasetStatus[];
  /** Reads the datasets again on the next call. */
  forgetDatasets(): void;
  /** A key's secret in clear; a MasterKeyError (503) when it is encrypted and does not decrypt. */
  secretOf(record: { apiKey: string; secret: string }): string;
  readJson(req: ServiceRequest): Promise<unknown>;
  /** A 429 RATE_LIMITED when `id` is over `limit` (nothing without a limit or an id). */
  rate(name: string, limit: RateLimit | false | undefined, id: string | undefined): Promise<void>;
  /** The client's share of the key's budget, then the key's own (rate limits `classify-key-ip`, `classify-key`). */
  spendKeyBudget(req: ServiceRequest, record: ApiKeyRecord, ip: string | undefined, count?: (name: string, limit: RateLimit, id: string) => Promise<void>): Promise<void>;
  /**
   * classify() with the service's providers and options, for the client IP and the key, counted
   * in the metrics. `keyRead`: the key was just read from the store for this request (not from
   * the outage memory), so a store that can (SQLite) answers the site model's message counts as
   * of that read instead of checking again.
   */
  classify(request: unknown, ip: string | undefined, apiKey?: string, keyRead?: boolean): Promise<ClassifyResponse>;
  /** The site model's provider over the store, or null when it is off or the store keeps no counts. */
  siteModel: SiteModelProvider | null;
  /** Keys and rate limits through a store outage (`storeOutageGraceMs`). */
  grace: OutageGrace;
  /** The widget options with their defaults. */
  widget: Required<WidgetOptions>;
  /** Counts and (at most every 10 s) logs a store failure. */
  storeFailed(error: StoreUnavailableError): void;
  dnsHealth(): Promise<ResolverHealth | null>;
  /** The response to an error a route threw: its status and code, never a stack trace. */
  errorToResponse(error: unknown, route: string): ServiceResponse;
  /** The decision log (a record per classification of a key, written after the answer). */
  decisions: DecisionLog;
}

/** Reads and checks the options (an INVALID_OPTIONS error names the one that is wrong) and makes the shared state. */
export function createContext(options: ServiceOptions): ServiceContext {
  const now = options.now ?? Date.now;
  const randomBytes = options.randomBytes ?? defaultRandomBytes;
  const store = options.store ?? createMemoryStore({ now });
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  if (!Number.isInteger(bodyLimit) || bodyLimit < 1) throw invalidOption('createService', 'bodyLimit', 'must be a positive integer (bytes)');
  const trusted = trustedProxySet(options.trustedProxies, 'createService');
  const limits: Required<RateLimits> | null = options.rateLimits === false ? null : { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  if (options.masterKey !== undefined && (typeof options.masterKey !== 'string' || options.masterKey.length < 32)) {
    throw invalidOption('createService', 'masterKey', 'must be a string of at least 32 characters (FORMSPAM_MASTER_KEY; e.g. openssl rand -hex 32)');
  }
  const box = options.masterKey !== undefined ? new SecretBox(options.masterKey, randomBytes) : null;
  const listsDataDir = options.dataDir ?? options.listsDir;
  const baseProviders = options.providers ?? createDefaultProviders({
    ...(options.offline !== undefined && { offline: options.offline }),
    ...(options.dnsServers !== undefined && { dnsServers: options.dnsServers }),
    ...(listsDataDir !== undefined && { dataDir: listsDataDir }),
    ...(options.geoCityDatabase !== undefined && { geoCityDatabase: options.geoCityDatabase }),
  });
  const siteModel = siteModelOf(store, options.siteModel, randomBytes);
  const providers = siteModel === null ? baseProviders : { ...baseProviders, siteModel };
  // One classifier for every request: the rules, weights and providers prepared (and checked) here.
  const classifier = classifierFor({ ...options.classifyOptions, providers }, { factory: 'createService', prefix: 'classifyOptions.' });
  const maxListAgeDays = options.maxListAgeDays ?? 3;
  if (typeof maxListAgeDays !== 'number' || !(maxListAgeDays > 0)) throw invalidOption('createService', 'maxListAgeDays', 'must be a positive number of days');
  const keyIssuance = options.keyIssuance ?? 'open';
  if (keyIssuance !== 'open' && keyIssuance !== 'closed') throw invalidOption('createService', 'keyIssuance', 'must be "open" or "closed"');
  const adminToken = options.adminToken;
  if (adminToken !== undefined && (typeof adminToken !== 'string' || adminToken.length < 32)) {
    throw invalidOption('createService', 'adminToken', 'must be at least 32 characters (e.g. openssl rand -hex 32)');
  }
  const log = options.logger;
  const metrics = options.metrics === false ? null : options.metrics === true || options.metrics === undefined ? createMetrics() : options.metrics;
  const meter = metrics ? meterOf(metrics) : null;
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

  function secretOf(record: { apiKey: string; secret: string }): string {
    if (!SecretBox.isEncrypted(record.secret)) return record.secret;
    if (!box) throw new MasterKeyError('MASTER_KEY_MISSING', 'This key\'s secret is encrypted and the server has no master key (FORMSPAM_MASTER_KEY).');
    try {
      return box.decrypt(record.secret, record.apiKey);
    } catch {
      throw new MasterKeyError('MASTER_KEY_MISMATCH', 'This key\'s secret does not decrypt with the server\'s master key (FORMSPAM_MASTER_KEY).');
    }
  }

  const { storeFailed, errorToResponse } = createFailures(now, log, metrics);

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
    if (perKeyIp && ip !== undefined && !provesSecret(req, () => secretOf(record))) {
      await count('classify-key-ip', perKeyIp, `${record.apiKey}:${ip}`);
    }
    if (perKey) await count('classify-key', perKey, record.apiKey);
  }

  const keyReadScope = keyReadScopeOf(store);
  async function classifyFor(request: unknown, ip: string | undefined, apiKey?: string, keyRead?: boolean): Promise<ClassifyResponse> {
    const t0 = performance.now();
    // No per-request signal: provider timeouts bound the work.
    const options = ip === undefined && apiKey === undefined ? undefined : { clientIp: ip, apiKey };
    // The synchronous part of classify() (which reads the key's message counts when nothing
    // before it waits) in the store's scope of this request's key read.
    const result = await (keyRead === true && keyReadScope !== undefined ? keyReadScope(() => classifier.classify(request, options)) : classifier.classify(request, options));
    meter?.classified((performance.now() - t0) / 1000, result.classification);
    return result;
  }

  function dnsHealth(): Promise<ResolverHealth | null> {
    const dns = providers.dns as Partial<LiveDnsProvider> | undefined;
    return typeof dns?.checkHealth === 'function' ? dns.checkHealth() : Promise.resolve(null);
  }

  const grace = createOutageGrace(store, now, options.storeOutageGraceMs, storeFailed);
  const widget = resolveWidgetOptions(options.widget);
  const decisions = createDecisionLog(store, world, log, metrics, options.decisionLog);

  return {
    options,
    now,
    randomBytes,
    store,
    providers,
    limits,
    trusted,
    box,
    log,
    metrics,
    meter,
    license: options.license ?? 'free',
    keyIssuance,
    adminToken,
    maxListAgeDays,
    gate,
    datasets: datasetList,
    forgetDatasets: () => {
      datasets = null;
    },
    secretOf,
    readJson: (req) => readJson(req, bodyLimit),
    rate,
    spendKeyBudget,
    classify: classifyFor,
    siteModel,
    grace,
    widget,
    storeFailed,
    dnsHealth,
    errorToResponse,
    decisions,
  };
}
