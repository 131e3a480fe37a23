// formspam classify with the email rules: --offline, --dns-server and FORMSPAM_DNS_SERVER,
// against the DNS server on loopback (never the system resolver).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { EMAIL_ZONE } from '../rules/email/fixture-zone.js';
import { runCli } from './run-cli.js';

let server: TestDnsServer;
beforeAll(async () => {
  server = await startDnsServer(EMAIL_ZONE);
});
afterAll(async () => {
  await server.close();
});

describe('formspam classify: email and DNS', () => {
  it('--dns-server sends the look-ups to the given server', async () => {
    server.reset();
    const r = await runCli(['classify', '--dns-server', server.address], '{"email":"@no-such-domain-x7q.com"}');
    expect(r.code).toBe(0);
    const response = JSON.parse(r.stdout);
    expect(response).toMatchObject({ classification: 'BAD', email: { domain: 'no-such-domain-x7q.com', rules: { MX: { score: 5 } } } });
    expect(server.queries.length).toBeGreaterThan(0);
  });

  it('FORMSPAM_DNS_SERVER does the same', async () => {
    server.reset();
    process.env.FORMSPAM_DNS_SERVER = `${server.address}`;
    try {
      const r = await runCli(['classify'], '{"email":"anna@gmail.com"}');
      expect(JSON.parse(r.stdout)).toMatchObject({ classification: 'GOOD', score: 0.5, email: { domain: 'gmail.com' } });
      expect(r.stdout).not.toContain('anna');
      expect(server.queries.length).toBeGreaterThan(0);
    } finally {
      delete process.env.FORMSPAM_DNS_SERVER;
    }
  });

  it('--offline makes no query and reports the DNS rules skipped "offline"', async () => {
    server.reset();
    process.env.FORMSPAM_DNS_SERVER = server.address;
    process.env.FORMSPAM_DATA_DIR = mkdtempSync(join(tmpdir(), 'formspam-empty-'));
    try {
      const r = await runCli(['classify', '--offline'], '{"email":"@gmail.com"}');
      const response = JSON.parse(r.stdout);
      expect(response.email.rules.MX.skipped).toBe('offline');
      expect(response.email.rules.DMARC.skipped).toBe('offline');
      expect(response.email.rules.REPORTED.skipped).toBe('no-data');
      expect(response.errors).toBeUndefined();
      expect(server.queries).toEqual([]);
    } finally {
      delete process.env.FORMSPAM_DNS_SERVER;
      delete process.env.FORMSPAM_DATA_DIR;
    }
  });

  it('a malformed --dns-server exits 2 with INVALID_OPTIONS', async () => {
    const r = await runCli(['classify', '--dns-server', 'not a server'], '{"email":"@gmail.com"}');
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr).error.code).toBe('INVALID_OPTIONS');
  });

  it('--help documents the options', async () => {
    const r = await runCli(['classify', '--help']);
    for (const word of ['--offline', '--dns-server', 'FORMSPAM_DNS_SERVER']) expect(r.stdout).toContain(word);
  });
});
