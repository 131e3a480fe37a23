import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FactUnavailable } from '../../src/index.js';
import { createDnsProvider, offlineDnsProvider } from '../../src/providers/dns.js';
import { createStaticDnsProvider, DNS_CONFORMANCE_NAMES as N, DNS_CONFORMANCE_ZONE, testDnsProvider } from '../../src/testing/index.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';

const o = () => ({ signal: new AbortController().signal });

testDnsProvider('live provider (node:dns Resolver) against a DNS server on loopback', async () => {
  const server = await startDnsServer(DNS_CONFORMANCE_ZONE);
  const silent = await startDnsServer({}, { silent: true });
  return {
    provider: createDnsProvider({ servers: [server.address] }),
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
    const dns = createDnsProvider({ servers: [server.address], maxTtlSeconds: 60, negativeTtlSeconds: 10, now: () => clock });
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
    const dns = createDnsProvider({ servers: [server.address], cacheSize: 2 });
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
