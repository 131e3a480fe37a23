import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify, FactUnavailable } from '../../src/index.js';
import { createDnsProvider, offlineDnsProvider, RESOLVER_HEALTH_NAMES } from '../../src/providers/dns.js';
import { createStaticDnsProvider, DNS_CONFORMANCE_NAMES as N, DNS_CONFORMANCE_ZONE, testDnsProvider } from '../../src/testing/index.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';

const o = () => ({ signal: new AbortController().signal });

testDnsProvider('live provider (node:dns Resolver) against a DNS server on loopback', async () => {
  const server = await startDnsServer(DNS_CONFORMANCE_ZONE);
  const silent = await startDnsServer({}, { silent: true });
  return {
    // The health check asks a name the zone has (the default names are not in it).
    provider: createDnsProvider({ servers: [server.address], healthCheck: { names: [N.mx] } }),
    unresponsive: createDnsProvider({ servers: [silent.address], timeoutMs: 200 }),
    close: async () => {
      await server.close();
      await silent.close();
    },
  };
});

testDnsProvider('static provider', () => ({ provider: createStaticDnsProvider(DNS_CONFORMANCE_ZONE) }));

describe('live DNS provider', () => {
  let server: TestDnsServer;
  let silent: TestDnsServer;
  beforeAll(async () => {
    server = await startDnsServer(DNS_CONFORMANCE_ZONE, { ttl: 30 });
    silent = await startDnsServer({}, { silent: true });
  });
  afterAll(async () => {
    await server.close();
    await silent.close();
  });
  const count = (name: string, type: string) => server.queries.filter((q) => q.name === name && q.type === type).length;

  it('sends one query for many concurrent look-ups of the same name, then answers from the cache', async () => {
    const dns = createDnsProvider({ servers: [server.address] });
    const answers = await Promise.all(Array.from({ length: 200 }, () => dns.mx(N.mx, o())));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(count(N.mx, 'MX')).toBe(1);
    await dns.mx(N.mx, o());
    expect(count(N.mx, 'MX')).toBe(1);
    expect(dns.stats()).toMatchObject({ lookups: 201, queries: 1, shared: 199, cacheHits: 1, cached: 1 });
  });

  it('caches negative answers, and keeps answers no longer than the TTL bound', async () => {
    let clock = 1_000_000;
    // Every query is counted: the health check (tested below) is off.
    const dns = createDnsProvider({ servers: [server.address], maxTtlSeconds: 60, negativeTtlSeconds: 10, now: () => clock, healthCheck: false });
    server.reset();
    await dns.txt(`_dmarc.${N.mx}`, o());
    await dns.mx(N.missing, o());
    clock += 9_000;
    await dns.txt(`_dmarc.${N.mx}`, o());
    await dns.mx(N.missing, o());
    expect(server.queries).toHaveLength(2);
    clock += 2_000; // 11 s: the NXDOMAIN has expired, the TXT has not
    await dns.mx(N.missing, o());
    await dns.txt(`_dmarc.${N.mx}`, o());
    expect(server.queries).toHaveLength(3);
    clock += 50_000; // 61 s: past maxTtlSeconds
    await dns.txt(`_dmarc.${N.mx}`, o());
    expect(server.queries).toHaveLength(4);
  });

  it('keeps A/AAAA answers for their record TTL when it is shorter than the bound', async () => {
    let clock = 0;
    const dns = createDnsProvider({ servers: [server.address], maxTtlSeconds: 3600, now: () => clock });
    server.reset();
    await dns.addresses(N.addressOnly, o());
    clock += 29_000;
    await dns.addresses(N.addressOnly, o());
    expect(server.queries).toHaveLength(2); // A and AAAA once
    clock += 2_000; // past the records' TTL of 30 s
    await dns.addresses(N.addressOnly, o());
    expect(server.queries).toHaveLength(4);
  });

  it('caps the cache size, evicting the least recently used answer', async () => {
    const dns = createDnsProvider({ servers: [server.address], cacheSize: 2, healthCheck: false }); // every query is counted
    server.reset();
    await dns.mx(N.mx, o());
    await dns.mx(N.nullMx, o());
    await dns.mx(N.mx, o()); // N.mx is now the most recently used
    await dns.mx(N.addressOnly, o()); // evicts N.nullMx
    expect(dns.stats().cached).toBe(2);
    await dns.mx(N.mx, o());
    expect(server.queries).toHaveLength(3);
    await dns.mx(N.nullMx, o());
    expect(server.queries).toHaveLength(4);
  });

  it('does not cache failures', async () => {
    const dns = createDnsProvider({ servers: [server.address] });
    server.reset();
    await expect(dns.mx(N.servfail, o())).rejects.toMatchObject({ code: 'ESERVFAIL' });
    await expect(dns.mx(N.servfail, o())).rejects.toMatchObject({ code: 'ESERVFAIL' });
    expect(server.queries.length).toBeGreaterThanOrEqual(2);
  });

  it('retries a truncated UDP answer over TCP', async () => {
    const dns = createDnsProvider({ servers: [server.address] });
    server.reset();
    const answer = await dns.txt(N.mx, o());
    expect(answer.status === 'ok' && answer.records).toContain(N.longTxt);
    expect(server.queries.map((q) => q.transport)).toEqual(['udp', 'tcp']);
  });

  it('rejects with a TimeoutError when the server never answers, and lets the next look-up try again', async () => {
    const dns = createDnsProvider({ servers: [silent.address], timeoutMs: 150 });
    silent.reset();
    await expect(dns.mx(N.mx, o())).rejects.toMatchObject({ name: 'TimeoutError', code: 'ETIMEOUT' });
    await expect(dns.txt(N.mx, o())).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(silent.queries.length).toBeGreaterThanOrEqual(2);
  });

  it("a caller's abort leaves the shared look-up to the other callers", async () => {
    const dns = createDnsProvider({ servers: [server.address] });
    const controller = new AbortController();
    const first = dns.mx(`${N.nullMx}`, { signal: controller.signal });
    const second = dns.mx(`${N.nullMx}`, o());
    controller.abort(new Error('caller gave up'));
    await expect(first).rejects.toThrow('caller gave up');
    await expect(second).resolves.toEqual({ status: 'ok', records: [{ exchange: '', priority: 0 }] });
  });

  it('rejects bad options with INVALID_OPTIONS', () => {
    expect(() => createDnsProvider({ servers: ['not an address'] })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    expect(() => createDnsProvider({ servers: [] })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    expect(() => createDnsProvider({ timeoutMs: 0 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    expect(() => createDnsProvider({ cacheSize: -1 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });
});

describe('offline DNS provider', () => {
  it('answers nothing, with FactUnavailable("offline")', async () => {
    for (const call of [offlineDnsProvider.mx('example.com', o()), offlineDnsProvider.txt('x.com', o()), offlineDnsProvider.addresses('x.com', o())]) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FactUnavailable);
      expect((error as FactUnavailable).reason).toBe('offline');
    }
  });
});

describe('resolver health check', () => {
  // A resolver that answers "no such domain" for every name (a captive or broken resolver), and
  // one that serves real-looking zones with the names the check asks.
  let broken: TestDnsServer;
  let healthy: TestDnsServer;
  const HEALTHY_ZONE = {
    ...DNS_CONFORMANCE_ZONE,
    'gmail.com': { MX: [[5, 'gmail-smtp-in.l.google.com']] },
    'outlook.com': { MX: [[10, 'outlook-com.olc.protection.outlook.com']] },
  } as const;
  beforeAll(async () => {
    broken = await startDnsServer({});
    healthy = await startDnsServer(HEALTHY_ZONE);
  });
  afterAll(async () => {
    await broken.close();
    await healthy.close();
  });
  const probes = (server: TestDnsServer) => server.queries.filter((q) => RESOLVER_HEALTH_NAMES.includes(q.name)).length;

  it('a resolver that answers NXDOMAIN for everything: negative answers become FactUnavailable("resolver-unhealthy"), reported', async () => {
    const dns = createDnsProvider({ servers: [broken.address] });
    expect(dns.health().status).toBe('unknown');
    for (const call of [dns.mx('acme-widgets-x7q.com', o()), dns.txt('_dmarc.acme-widgets-x7q.com', o()), dns.addresses('acme-widgets-x7q.com', o())]) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FactUnavailable);
      expect((error as FactUnavailable).reason).toBe('resolver-unhealthy');
      expect((error as FactUnavailable).report).toBe(true);
      expect((error as FactUnavailable).message).toContain('NXDOMAIN for gmail.com');
    }
    const health = dns.health();
    expect(health).toMatchObject({ status: 'unhealthy', probes: [{ name: 'gmail.com', answer: 'nxdomain' }, { name: 'outlook.com', answer: 'nxdomain' }] });
    expect(health.reason).toMatch(/must have MX records/);
    expect(health.checkedAt).toEqual(expect.any(Number));
  });

  it('classify(): the DNS rules are skipped with "resolver-unhealthy", the failure is in `errors`, and no DNS point is given', async () => {
    const r = await classify({ email: 'jana@acme-widgets-x7q.com' }, { dns: createDnsProvider({ servers: [broken.address] }) });
    expect(r.email?.rules.MX).toMatchObject({ score: 0, skipped: 'resolver-unhealthy' });
    expect(r.email?.rules.DMARC).toMatchObject({ score: 0, skipped: 'resolver-unhealthy' });
    expect(r.errors).toEqual(expect.arrayContaining([expect.objectContaining({ provider: 'dns', reason: 'resolver-unhealthy', message: expect.stringContaining('gmail.com') })]));
    expect(r.email?.score ?? 0).toBe(0);
  });

  it('a healthy resolver: negative answers count as before; one check serves every look-up until its interval has passed', async () => {
    let clock = 5_000_000;
    const dns = createDnsProvider({ servers: [healthy.address], now: () => clock, healthCheck: { intervalSeconds: 60 } });
    healthy.reset();
    expect(await dns.mx(N.missing, o())).toEqual({ status: 'nxdomain' });
    expect(await dns.txt(`_dmarc.${N.nullMx}`, o())).toEqual({ status: 'nxdomain' });
    expect(await dns.mx(N.addressOnly, o())).toEqual({ status: 'nodata' });
    expect(dns.health()).toMatchObject({ status: 'healthy', reason: null, checkedAt: 5_000_000 });
    expect(probes(healthy)).toBe(2); // gmail.com and outlook.com once
    clock += 59_000;
    expect(await dns.mx(N.missing, o())).toEqual({ status: 'nxdomain' });
    expect(dns.health().checkedAt).toBe(5_000_000); // within the interval: not checked again
    clock += 2_000;
    expect(await dns.mx(N.missing, o())).toEqual({ status: 'nxdomain' }); // checked again (the probes' MX answers are still cached)
    expect(dns.health().checkedAt).toBe(5_061_000);
  });

  it('a probe shares the cache and the query in flight with look-ups of the same name', async () => {
    const dns = createDnsProvider({ servers: [healthy.address] });
    healthy.reset();
    await Promise.all([dns.mx('gmail.com', o()), dns.mx(N.missing, o())]);
    expect(healthy.queries.filter((q) => q.name === 'gmail.com')).toHaveLength(1);
    expect(dns.stats()).toMatchObject({ lookups: 2 });
  });

  it('positive answers never wait for the check', async () => {
    const dns = createDnsProvider({ servers: [broken.address] });
    broken.setZone({ [N.mx]: DNS_CONFORMANCE_ZONE[N.mx] });
    try {
      broken.reset();
      expect((await dns.mx(N.mx, o())).status).toBe('ok');
      expect(broken.queries.map((q) => q.name)).toEqual([N.mx]);
      expect(dns.health().status).toBe('unknown');
    } finally {
      broken.setZone({});
    }
  });

  it('recovers without a restart: a failed check is asked again after retrySeconds', async () => {
    let clock = 0;
    const server = await startDnsServer({});
    try {
      const dns = createDnsProvider({ servers: [server.address], now: () => clock, healthCheck: { retrySeconds: 30 } });
      await expect(dns.mx(N.missing, o())).rejects.toMatchObject({ reason: 'resolver-unhealthy' });
      server.setZone(HEALTHY_ZONE);
      clock += 10_000; // within retrySeconds: the failed check stands
      await expect(dns.mx(N.missing, o())).rejects.toMatchObject({ reason: 'resolver-unhealthy' });
      clock += 21_000;
      expect(await dns.mx(N.missing, o())).toEqual({ status: 'nxdomain' });
      expect(dns.health().status).toBe('healthy');
    } finally {
      await server.close();
    }
  });

  it('checkHealth() asks once for concurrent callers and never rejects; a timeout is unhealthy', async () => {
    const silent = await startDnsServer({}, { silent: true });
    try {
      const dns = createDnsProvider({ servers: [silent.address], timeoutMs: 100 });
      const [a, b] = await Promise.all([dns.checkHealth(), dns.checkHealth()]);
      expect(a).toBe(b);
      expect(a).toMatchObject({ status: 'unhealthy', probes: [{ name: 'gmail.com', answer: 'ETIMEOUT' }, { name: 'outlook.com', answer: 'ETIMEOUT' }] });
      expect(silent.queries.filter((q) => q.name === 'gmail.com').length).toBe(1);
    } finally {
      await silent.close();
    }
  });

  it('healthCheck: false takes answers as they come', async () => {
    const dns = createDnsProvider({ servers: [broken.address], healthCheck: false });
    expect(await dns.mx('acme-widgets-x7q.com', o())).toEqual({ status: 'nxdomain' });
    expect(dns.health().status).toBe('off');
    expect((await dns.checkHealth()).status).toBe('off');
  });

  it('rejects bad health options with INVALID_OPTIONS', () => {
    for (const healthCheck of [{ names: [] }, { names: [''] }, { intervalSeconds: -1 }, { retrySeconds: Number.NaN }, 'yes'] as never[]) {
      expect(() => createDnsProvider({ healthCheck })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    }
  });
});
