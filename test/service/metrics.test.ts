// The per-request metrics: counted in plain numbers and added to prom-client's metrics when they
// are read (createMetrics), or straight into metrics made elsewhere; a reader sees every request
// either way.
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createMetrics, type ServiceMetrics } from '../../src/service/metrics.js';
import { createService } from '../../src/service/service.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { callService } from '../helpers/service-call.js';

const KEY = { apiKey: 'ckey_metrics', hostname: 'example.com', secret: 'sec_metrics', license: 'free', createdAt: 1 };

async function setup(metrics: ServiceMetrics) {
  const store = createMemoryStore();
  await store.putKey(KEY);
  const service = createService({ store, offline: true, rateLimits: false, metrics, decisionLog: false });
  return { service, call: (method: string, url: string, body?: unknown) => callService(service, method, url, body === undefined ? {} : { body }) };
}

/** A metric's samples as `name{labels} value` lines of the exposition format. */
async function samples(registry: Registry, name: string, sample = name): Promise<string[]> {
  return (await registry.getSingleMetricAsString(name)).split('\n').filter((l) => l.startsWith(`${sample} `) || l.startsWith(`${sample}{`));
}

async function traffic(call: Awaited<ReturnType<typeof setup>>['call']) {
  // 300 classifications (more than the 256 durations that wait at most), in three labels' worth
  // of texts, between other routes and statuses.
  const texts = ['Hello, I would like a quote for twenty chairs.', 'BUY CHEAP FOLLOWERS NOW!!! https://spam.example.com https://spam.example.com'];
  for (let i = 0; i < 300; i++) {
    expect((await call('POST', `/api/v1/classify?apiKey=${KEY.apiKey}`, { text: texts[i % 2] })).status).toBe(200);
    if (i % 50 === 0) {
      expect((await call('GET', '/healthz')).status).toBe(200);
      expect((await call('POST', '/api/v1/classify?apiKey=ckey_nope', { text: 'x' })).status).toBe(401);
      expect((await call('GET', '/nowhere')).status).toBe(404);
    }
  }
}

describe('request metrics', () => {
  for (const kind of ['createMetrics', 'made elsewhere'] as const) {
    it(`${kind}: every request and classification is in what a reader gets`, async () => {
      let metrics = createMetrics();
      if (kind === 'made elsewhere') {
        // The same metrics in an object createMetrics did not return: counted straight in.
        const registry = new Registry();
        metrics = {
          registry,
          requests: new Counter({ name: 'formspam_http_requests_total', help: 'h', labelNames: ['route', 'method', 'status'] as const, registers: [registry] }),
          classifyDuration: new Histogram({ name: 'formspam_classify_duration_seconds', help: 'h', buckets: [0.001, 1], registers: [registry] }),
          classifications: new Counter({ name: 'formspam_classifications_total', help: 'h', labelNames: ['classification'] as const, registers: [registry] }),
          storeErrors: new Counter({ name: 'formspam_store_errors_total', help: 'h', labelNames: ['operation', 'reason'] as const, registers: [registry] }),
        };
      }
      const { call } = await setup(metrics);
      await traffic(call);
      // Each metric read alone first: its own read adds what waits.
      expect(await samples(metrics.registry, 'formspam_classify_duration_seconds', 'formspam_classify_duration_seconds_count')).toEqual(['formspam_classify_duration_seconds_count 300']);
      const classes = await samples(metrics.registry, 'formspam_classifications_total');
      expect(classes.reduce((n, l) => n + Number(l.split(' ')[1]), 0)).toBe(300);
      expect(classes.length).toBeGreaterThanOrEqual(2);
      expect(await samples(metrics.registry, 'formspam_http_requests_total')).toEqual([
        'formspam_http_requests_total{route="/api/v1/classify",method="POST",status="200"} 300',
        'formspam_http_requests_total{route="/healthz",method="GET",status="200"} 6',
        'formspam_http_requests_total{route="/api/v1/classify",method="POST",status="401"} 6',
        'formspam_http_requests_total{route="unknown",method="other",status="404"} 6',
      ]);
      // Read again: nothing is added twice.
      expect((await samples(metrics.registry, 'formspam_http_requests_total'))[0]).toMatch(/ 300$/);
      expect(await samples(metrics.registry, 'formspam_classify_duration_seconds', 'formspam_classify_duration_seconds_count')).toEqual(['formspam_classify_duration_seconds_count 300']);
    });
  }

  it('counts a request read by get() and by /metrics alike', async () => {
    const metrics = createMetrics();
    const { call, service } = await setup(metrics);
    await call('POST', `/api/v1/classify?apiKey=${KEY.apiKey}`, { text: 'Hello there, a quote please.' });
    const got = await metrics.requests.get();
    expect(got.values).toEqual([{ labels: { route: '/api/v1/classify', method: 'POST', status: '200' }, value: 1 }]);
    expect((await metrics.classifyDuration.get()).values.find((v) => v.metricName === 'formspam_classify_duration_seconds_count')?.value).toBe(1);
    const scrape = await service.handle({ method: 'GET', url: '/metrics', headers: {}, remoteAddress: '127.0.0.1' });
    expect(scrape.body).toContain('formspam_classifications_total{classification=');
    expect(scrape.body).toContain('formspam_http_requests_total{route="/api/v1/classify",method="POST",status="200"} 1');
  });
});
