/** Prometheus metrics of one service instance (its own registry, so several can coexist). */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface ServiceMetrics {
  registry: Registry;
  requests: Counter<'route' | 'method' | 'status'>;
  classifyDuration: Histogram<never>;
  classifications: Counter<'classification'>;
  /** Store calls that failed (`reason`: `timeout` or `error`), by the store method that failed. */
  storeErrors: Counter<'operation' | 'reason'>;
  /** Decisions written to the decision log. */
  decisionsLogged?: Counter<never>;
  /** Decision-log writes and sweeps that failed (the answers were not affected), by operation. */
  decisionLogFailures?: Counter<'operation'>;
}

export function createMetrics(options: { registry?: Registry; defaultMetrics?: boolean } = {}): ServiceMetrics {
  const registry = options.registry ?? new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry, prefix: 'formspam_' });
  return {
    registry,
    requests: new Counter({
      name: 'formspam_http_requests_total',
      help: 'HTTP requests by route, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    }),
    classifyDuration: new Histogram({
      name: 'formspam_classify_duration_seconds',
      help: 'Time classify() took per request',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    classifications: new Counter({
      name: 'formspam_classifications_total',
      help: 'Classifications by label',
      labelNames: ['classification'] as const,
      registers: [registry],
    }),
    storeErrors: new Counter({
      name: 'formspam_store_errors_total',
      help: 'Store calls that failed or missed their deadline (answered 503 STORE_UNAVAILABLE), by operation and reason',
      labelNames: ['operation', 'reason'] as const,
      registers: [registry],
    }),
    decisionsLogged: new Counter({
      name: 'formspam_decisions_logged_total',
      help: 'Classifications written to the decision log',
      registers: [registry],
    }),
    decisionLogFailures: new Counter({
      name: 'formspam_decision_log_failures_total',
      help: 'Decision-log writes (putDecision) and retention sweeps (sweep) that failed; the answers were not affected',
      labelNames: ['operation'] as const,
      registers: [registry],
    }),
  };
}
