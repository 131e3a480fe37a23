/** The options of `createService()`: every one is read and checked once, when the service is made. */
import type { ClassifyOptions } from '../engine/classify.js';
import type { Providers } from '../providers/types.js';
import type { Store } from '../stores/types.js';
import type { RandomBytes } from '../altcha/crypto.js';
import type { DecisionLogOptions } from './decision-log.js';
import type { Logger, RequestLogger } from './http.js';
import type { ServiceMetrics } from './metrics.js';
import type { RateLimits } from './rate-limit.js';
import type { WidgetOptions } from './widget.js';

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
  /** The options of the one classifier every request uses, checked by createService (clientIp, signal and the decision id are set per request). */
  classifyOptions?: Omit<ClassifyOptions, 'clientIp' | 'signal' | 'id'>;
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
   * costs a busy server about 4 µs less per request (docs/performance.md, 2026-11-27). When it
   * has `request()`, the service calls that instead of `info()` with the line's fields.
   */
  requestLogger?: RequestLogger;
  /**
   * The decision log (default: on when the store has one; `false`: off): a record per
   * classification of a key, without text, email or IP unless `logText`; see DecisionLogOptions.
   */
  decisionLog?: DecisionLogOptions | false;
  /** Metrics: a ServiceMetrics to share, `true` for a new registry (default), `false` for none. */
  metrics?: ServiceMetrics | boolean;
  /**
   * The per-site model (`text.SITE_MODEL`), learned from `POST /api/v1/feedback`: on whenever the
   * store keeps site-model counts (the memory, SQLite and Redis stores do). `minReports`: the
   * reports of each label a key needs before its model scores (default 10). `false` turns it off
   * (the rule is then absent from responses and feedback answers 501).
   */
  siteModel?: { minReports?: number } | false;
  /** Injected world. */
  now?: () => number;
  randomBytes?: RandomBytes;
}
