/**
 * The framework-free HTTP service: every endpoint's logic, once, for every adapter. An adapter
 * turns its request into a {@link ServiceRequest}, calls `service.handle()`, and writes the
 * {@link ServiceResponse}. Clock, randomness and store are injected (options.ts). This file is
 * the wiring and the route table; the endpoints are in routes/, their toolkit in http.ts and auth.ts.
 */
import type { ResolverHealth } from '../providers/dns.js';
import type { Store } from '../stores/types.js';
import { clientIpOf } from './client-ip.js';
import { createContext, type ServiceContext } from './context.js';
import type { DecisionLog } from './decision-log.js';
import { HttpError, targetOf, type RequestLogger, type ServiceRequest, type ServiceResponse, type Target } from './http.js';
import { verifyMasterKey } from './master-key.js';
import type { ServiceMetrics } from './metrics.js';
import type { ServiceOptions } from './options.js';
import { ADMIN_PAGE_ROUTES, adminDecisionRoute, adminDecisionsRoute, adminFeedbackRoute, adminPageRoute, adminRouteOf, adminStatsRoute, DECISION_ROUTE, FEEDBACK_ROUTE } from './routes/admin.js';
import { adminKeysRoute, generateRoute } from './routes/api-key.js';
import { classifyRoute } from './routes/classify.js';
import { feedbackRoute } from './routes/feedback.js';
import { healthRoute, metricsRoute, openApiRoute, readyRoute } from './routes/health.js';
import { challengeRoute, preflightRoute, verifyRoute, verifySignatureRoute } from './routes/widget.js';

export { DEFAULT_BODY_LIMIT } from './context.js';
export { errorResponse, HttpError, type Logger, type ServiceRequest, type ServiceResponse } from './http.js';
export type { ServiceOptions } from './options.js';

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
  /** The decision log: `flush()` waits for the writes begun, `sweep()` applies the retention now. */
  readonly decisions: DecisionLog;
  /** Paths this service answers (adapters that pass on other paths use it). */
  handles(path: string): boolean;
}

type Route = (ctx: ServiceContext, req: ServiceRequest, target: Target, ip: string | undefined) => Promise<ServiceResponse> | ServiceResponse;

const widget = (route: typeof challengeRoute): Route => (ctx, req, target, ip) => (req.method === 'OPTIONS' ? preflightRoute(ctx, req, target.url, ip) : route(ctx, req, target.url, ip));

/** Every endpoint: its methods and its route. */
const ROUTES: Record<string, { methods: readonly string[]; route: Route }> = {
  '/api/v1/classify': { methods: ['POST'], route: classifyRoute },
  '/api/v1/feedback': { methods: ['POST'], route: feedbackRoute },
  '/api_key/generate': { methods: ['POST'], route: (ctx, req, _target, ip) => generateRoute(ctx, req, ip) },
  '/healthz': { methods: ['GET', 'HEAD'], route: healthRoute },
  '/readyz': { methods: ['GET', 'HEAD'], route: readyRoute },
  '/admin/keys': { methods: ['GET', 'POST', 'PATCH', 'DELETE'], route: adminKeysRoute },
  // The admin page and the decision log (routes/admin.ts); `{id}` entries match through routeOf().
  '/admin': { methods: ['GET', 'HEAD'], route: adminPageRoute },
  '/admin/admin.js': { methods: ['GET', 'HEAD'], route: adminPageRoute },
  '/admin/admin.css': { methods: ['GET', 'HEAD'], route: adminPageRoute },
  '/admin/decisions': { methods: ['GET'], route: adminDecisionsRoute },
  '/admin/decisions/stats': { methods: ['GET'], route: adminStatsRoute },
  [DECISION_ROUTE]: { methods: ['GET'], route: adminDecisionRoute },
  [FEEDBACK_ROUTE]: { methods: ['POST'], route: adminFeedbackRoute },
  '/openapi.json': { methods: ['GET', 'HEAD'], route: openApiRoute },
  '/metrics': { methods: ['GET', 'HEAD'], route: metricsRoute },
  // The browser widget (routes/widget.ts).
  '/api/v1/challenge': { methods: ['GET', 'OPTIONS'], route: widget(challengeRoute) },
  '/v1/challenge': { methods: ['GET', 'OPTIONS'], route: widget(challengeRoute) },
  '/api/v1/verify': { methods: ['POST', 'OPTIONS'], route: widget(verifyRoute) },
  '/v1/verify': { methods: ['POST', 'OPTIONS'], route: widget(verifyRoute) },
  '/v1/verify/signature': { methods: ['POST'], route: (ctx, req, _target, ip) => verifySignatureRoute(ctx, req, ip) },
};

/** The route-table key of a path: the path itself, or the pattern of a path with an id; null for none. */
function routeOf(path: string): string | null {
  return Object.hasOwn(ROUTES, path) ? path : adminRouteOf(path);
}

// Not async: the classify route's promise is returned as is (an async wrapper would add ticks);
// the 404/405 throws are caught by handle() like a rejection.
function route(ctx: ServiceContext, req: ServiceRequest, target: Target, ip: string | undefined): Promise<ServiceResponse> | ServiceResponse {
  const path = target.path;
  const key = routeOf(path);
  const endpoint = key === null ? undefined : ROUTES[key];
  if (!endpoint || (path === '/metrics' && !ctx.metrics)) throw new HttpError(404, 'NOT_FOUND', `Not Found: ${path} is not an endpoint of this server (see /openapi.json).`);
  const allowed = endpoint.methods;
  if (!allowed.includes(req.method)) throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Method Not Allowed: ${path} accepts ${allowed.join(', ')}.`, { allow: allowed.join(', ') });
  return endpoint.route(ctx, req, target, ip);
}

export function createService(options: ServiceOptions = {}): Service {
  const ctx = createContext(options);
  const { store, metrics, meter, providers, trusted } = ctx;
  const requestLog: RequestLogger | undefined = ctx.options.requestLogger ?? ctx.log;
  const requestLine = requestLog?.request?.bind(requestLog);
  return {
    store,
    metrics,
    decisions: ctx.decisions,
    handles(path) {
      const p = targetOf(path, ROUTES);
      const key = p && routeOf(p.path);
      return key !== null && (ctx.adminToken !== undefined || !ADMIN_PAGE_ROUTES.has(key));
    },
    async ready() {
      await store.ping();
      await verifyMasterKey(store, ctx.box);
      await ctx.gate();
    },
    dnsHealth: ctx.dnsHealth,
    async reloadLists() {
      ctx.forgetDatasets(); // /readyz reads the new files
      const ipReputation = providers.ipReputation as { reload?: () => void; reloadAsync?: () => Promise<void> } | undefined;
      if (ipReputation?.reloadAsync) await ipReputation.reloadAsync();
      else ipReputation?.reload?.();
      await (providers.emailReputation as { reload?: () => Promise<void> } | undefined)?.reload?.();
    },
    async close() {
      await ctx.decisions.flush();
      await store.close();
    },
    async handle(req) {
      const t0 = performance.now();
      const parsed = targetOf(req.url, ROUTES);
      const path = (parsed && routeOf(parsed.path)) ?? 'unknown';
      let ip: string | undefined;
      let response: ServiceResponse;
      try {
        ip = clientIpOf(req.remoteAddress, req.headers, trusted);
        if (!parsed) throw new HttpError(400, 'INVALID_URL', 'Invalid URL.');
        response = await route(ctx, req, parsed, ip);
      } catch (error) {
        response = ctx.errorToResponse(error, path);
      }
      if (req.method === 'HEAD') response = { ...response, body: '' };
      meter?.request(path, Object.hasOwn(ROUTES, path) ? req.method : 'other', response.status);
      const method = req.method.slice(0, 10);
      const ms = Math.round((performance.now() - t0) * 100) / 100;
      if (requestLine !== undefined) requestLine(method, path, response.status, ms, ip);
      else requestLog?.info({ event: 'request', method, route: path, status: response.status, ms, ip }, 'request');
      return response;
    },
  };
}
