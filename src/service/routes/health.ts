/** `GET /healthz`, `GET /readyz`, `GET /openapi.json` and `GET /metrics`: for operators and their tools. */
import { createRequire } from 'node:module';
import { isStoreUnavailable } from '../../stores/guard.js';
import type { ServiceContext } from '../context.js';
import { json, type ServiceResponse } from '../http.js';
import { masterKeyProblem, type MasterKeyError } from '../master-key.js';
import { openApiDocument } from '../openapi.js';

export function healthRoute(): ServiceResponse {
  return json(200, { status: 'ok' });
}

export async function readyRoute(ctx: ServiceContext): Promise<ServiceResponse> {
  const { store, box, maxListAgeDays } = ctx;
  let storeOk = true;
  let keyProblem: MasterKeyError | null = null;
  try {
    await store.ping();
    keyProblem = await masterKeyProblem(store, box);
    await ctx.gate();
  } catch (error) {
    storeOk = false;
    if (isStoreUnavailable(error)) ctx.storeFailed(error);
  }
  const list = ctx.datasets();
  const dataOk = list.filter((d) => d.id === 'geo-country' || d.id === 'asn').every((d) => !d.problem);
  // Every condition under which a request would fail: the store (every endpoint with an API
  // key), the master key (the widget endpoints, key issuance), the bundled data (classify).
  const ok = storeOk && keyProblem === null && dataOk;
  // An unhealthy resolver does not make the service unready: classify answers, with the DNS
  // rules skipped ("resolver-unhealthy"). It is reported here for the operator.
  const dns = await ctx.dnsHealth();
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

let version: string | undefined;

function packageVersion(): string {
  // From src/service/routes/, dist/service/ or a dist/ chunk: the first formspam package.json above.
  const require = createRequire(import.meta.url);
  for (const path of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const pkg = require(path) as { name?: string; version: string };
      if (pkg.name === 'formspam') return pkg.version;
    } catch {
      // not there
    }
  }
  return '0.0.0';
}

export function openApiRoute(): ServiceResponse {
  return json(200, openApiDocument((version ??= packageVersion())));
}

export async function metricsRoute(ctx: ServiceContext): Promise<ServiceResponse> {
  const registry = ctx.metrics!.registry;
  return { status: 200, headers: { 'content-type': registry.contentType }, body: await registry.metrics() };
}
