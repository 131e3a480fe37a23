// issue 17: a broken or captive resolver is a provider failure, not evidence of spam. The real
// server (the built CLI's `formspam serve`) runs against DNS servers on loopback: one that
// answers "no such domain" for every name, and one that serves real-looking zones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify, createDefaultProviders } from '../../src/index.js';
import { DEMO_SAMPLES } from '../../src/cli/demo.js';
import { requestApiKey } from '../../src/service/client.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { startServer, type TestServer } from '../helpers/serve.js';
import { EMAIL_ZONE } from '../rules/email/fixture-zone.js';

async function classifyOver(server: TestServer, body: unknown): Promise<{ status: number; json: any }> {
  const { apiKey } = await requestApiKey({ server: server.url, hostname: 'example.com' });
  const r = await fetch(`${server.url}/api/v1/classify?apiKey=${apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', referer: 'https://example.com/contact' },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: await r.json() };
}

const demoRequest = { fields: { name: DEMO_SAMPLES.good.name, message: DEMO_SAMPLES.good.message }, email: DEMO_SAMPLES.good.email };

describe('a resolver that answers NXDOMAIN for every name', () => {
  let dns: TestDnsServer;
  let server: TestServer;
  beforeAll(async () => {
    dns = await startDnsServer({});
    server = await startServer(['--store', 'memory', '--m2m-max-number', '1000', '--no-rate-limits', '--dns-server', dns.address]);
  });
  afterAll(async () => {
    await server?.stop();
    await dns?.close();
  });

  it('serve warns at start-up, naming the resolver problem', () => {
    expect(server.logs()).toMatch(/"event":"dns-unhealthy"/);
    expect(server.logs()).toMatch(/NXDOMAIN for gmail\.com/);
  });

  it("the demo's real message is not BAD: the DNS rules are skipped and the failure is reported", async () => {
    const { status, json } = await classifyOver(server, demoRequest);
    expect(status).toBe(200);
    expect(json.classification).not.toBe('BAD');
    expect(json.email.rules.MX).toMatchObject({ score: 0, skipped: 'resolver-unhealthy' });
    expect(json.email.rules.DMARC).toMatchObject({ score: 0, skipped: 'resolver-unhealthy' });
    expect(json.errors).toEqual(expect.arrayContaining([expect.objectContaining({ provider: 'dns', reason: 'resolver-unhealthy' })]));
    // The same request in-process, with the same providers the server builds, gets the same verdict.
    const local = await classify(demoRequest, createDefaultProviders({ dnsServers: [dns.address] }));
    expect(local.classification).toBe(json.classification);
    expect(local.score).toBe(json.score);
  });

  it('/readyz stays ready and reports the resolver as unhealthy', async () => {
    const r = await fetch(`${server.url}/readyz`);
    expect(r.status).toBe(200);
    const body = (await r.json()) as any;
    expect(body.dns).toMatchObject({ status: 'unhealthy', reason: expect.stringContaining('gmail.com') });
    expect(Date.parse(body.dns.checkedAt)).not.toBeNaN();
  });
});

describe('a resolver that answers correctly', () => {
  let dns: TestDnsServer;
  let server: TestServer;
  beforeAll(async () => {
    dns = await startDnsServer(EMAIL_ZONE);
    server = await startServer(['--store', 'memory', '--m2m-max-number', '1000', '--no-rate-limits', '--dns-server', dns.address]);
  });
  afterAll(async () => {
    await server?.stop();
    await dns?.close();
  });

  it("reports healthy, the demo's real message is GOOD, and a domain that does not exist still gets email.MX", async () => {
    expect(server.logs()).toMatch(/"event":"dns-healthy"/);
    expect(((await (await fetch(`${server.url}/readyz`)).json()) as any).dns).toMatchObject({ status: 'healthy', reason: null });
    const good = await classifyOver(server, demoRequest);
    expect(good.json.classification).toBe('GOOD');
    expect(good.json.email.rules.MX).toMatchObject({ score: 0, evidence: { mx: ['gmail-smtp-in.l.google.com', 'alt1.gmail-smtp-in.l.google.com'] } });
    const missing = await classifyOver(server, { email: 'someone@no-such-domain-x7q.com' });
    expect(missing.json.email.rules.MX).toMatchObject({ score: 5, matches: [{ reason: 'nxdomain' }] });
    expect(missing.json.errors).toBeUndefined();
  });
});

describe('offline', () => {
  it('/readyz has no dns entry (no live DNS)', async () => {
    const server = await startServer(['--store', 'memory', '--offline']);
    try {
      const body = (await (await fetch(`${server.url}/readyz`)).json()) as any;
      expect(body.dns).toBeUndefined();
      expect(server.logs()).not.toMatch(/dns-(un)?healthy/);
    } finally {
      await server.stop();
    }
  });
});
