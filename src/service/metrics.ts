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

/**
 * What every request adds to the metrics: its line of `formspam_http_requests_total` and, for a
 * classification, its duration and label. {@link meterOf} gives it for a ServiceMetrics.
 */
export interface RequestMeter {
  request(route: string, method: string, status: number): void;
  classified(seconds: number, classification: string): void;
}

/** How many classify durations wait at most before they are added to the histogram. */
const PENDING_DURATIONS = 256;

/** A count that waits, and the labels it is added under. */
interface Pending<L> {
  labels: L;
  n: number;
}
type RequestLabels = { route: string; method: string; status: string };
type ClassLabels = { classification: string };

/**
 * The meter of metrics made by {@link createMetrics}: counts kept in plain numbers and durations
 * in an array, added to prom-client's metrics in one loop when a metric is read (their
 * `collect()`: every `registry.metrics()` and `get()`) or when 256 durations wait. A request then
 * costs a comparison and an increment instead of prom-client's label hashing and checks (about
 * 3 µs of a busy server's time per request, docs/performance.md); what a reader sees is the same.
 */
class BatchedMeter implements RequestMeter {
  #requests = new Map<string, Pending<RequestLabels>>();
  #classes = new Map<string, Pending<ClassLabels>>();
  #durations = new Float64Array(PENDING_DURATIONS);
  #waiting = 0;
  // Most requests are of the route, method and status of the one before.
  #lastRoute = '';
  #lastMethod = '';
  #lastStatus = 0;
  #last: Pending<RequestLabels> | undefined;
  #metrics: ServiceMetrics | undefined;

  attach(metrics: ServiceMetrics): void {
    this.#metrics = metrics;
  }

  request(route: string, method: string, status: number): void {
    let cell = this.#last;
    if (cell === undefined || route !== this.#lastRoute || method !== this.#lastMethod || status !== this.#lastStatus) {
      const key = `${route} ${method} ${status}`;
      cell = this.#requests.get(key);
      if (cell === undefined) this.#requests.set(key, (cell = { labels: { route, method, status: String(status) }, n: 0 }));
      this.#last = cell;
      this.#lastRoute = route;
      this.#lastMethod = method;
      this.#lastStatus = status;
    }
    cell.n++;
  }

  classified(seconds: number, classification: string): void {
    let cell = this.#classes.get(classification);
    if (cell === undefined) this.#classes.set(classification, (cell = { labels: { classification }, n: 0 }));
    cell.n++;
    this.#durations[this.#waiting++] = seconds;
    if (this.#waiting === PENDING_DURATIONS) this.#flushDurations();
  }

  #flushDurations(): void {
    const histogram = this.#metrics!.classifyDuration;
    const n = this.#waiting;
    this.#waiting = 0;
    for (let i = 0; i < n; i++) histogram.observe(this.#durations[i]!);
  }

  /** Adds what waits to the metrics (called by their collect()). */
  flush(): void {
    const m = this.#metrics;
    if (m === undefined) return;
    for (const cell of this.#requests.values()) {
      if (cell.n > 0) {
        m.requests.inc(cell.labels, cell.n);
        cell.n = 0;
      }
    }
    for (const cell of this.#classes.values()) {
      if (cell.n > 0) {
        m.classifications.inc(cell.labels, cell.n);
        cell.n = 0;
      }
    }
    this.#flushDurations();
  }
}

/** The meter of metrics made elsewhere: straight into their counters and histogram. */
class DirectMeter implements RequestMeter {
  constructor(readonly metrics: ServiceMetrics) {}
  request(route: string, method: string, status: number): void {
    this.metrics.requests.inc({ route, method, status: String(status) });
  }
  classified(seconds: number, classification: string): void {
    this.metrics.classifyDuration.observe(seconds);
    this.metrics.classifications.inc({ classification });
  }
}

const meters = new WeakMap<ServiceMetrics, RequestMeter>();

/** The per-request meter of `metrics`: batched for metrics of {@link createMetrics}, direct for others. */
export function meterOf(metrics: ServiceMetrics): RequestMeter {
  let meter = meters.get(metrics);
  if (meter === undefined) meters.set(metrics, (meter = new DirectMeter(metrics)));
  return meter;
}

export function createMetrics(options: { registry?: Registry; defaultMetrics?: boolean } = {}): ServiceMetrics {
  const registry = options.registry ?? new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry, prefix: 'formspam_' });
  const meter = new BatchedMeter();
  const collect = () => meter.flush();
  const metrics: ServiceMetrics = {
    registry,
    requests: new Counter({
      name: 'formspam_http_requests_total',
      help: 'HTTP requests by route, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
      collect,
    }),
    classifyDuration: new Histogram({
      name: 'formspam_classify_duration_seconds',
      help: 'Time classify() took per request',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
      collect,
    }),
    classifications: new Counter({
      name: 'formspam_classifications_total',
      help: 'Classifications by label',
      labelNames: ['classification'] as const,
      registers: [registry],
      collect,
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
  meter.attach(metrics);
  meters.set(metrics, meter);
  return metrics;
}
