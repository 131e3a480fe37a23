import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FactUnavailable } from '../../src/index.js';
import { createReportedEmailProvider, hashEmailAddress } from '../../src/providers/reported-email.js';

const o = () => ({ signal: new AbortController().signal });

describe('reported email lists', () => {
  const dir = mkdtempSync(join(tmpdir(), 'formspam-reported-'));
  const domainsFile = join(dir, 'reported-email-domains.txt');
  const hashesFile = join(dir, 'reported-email-hashes.txt');
  writeFileSync(domainsFile, '# source: fixture\n# generated: 2026-11-20T10:00:00Z\n\nspam-domain.com\nBÜCHER-SPAM.de.\nnot a domain\n');
  writeFileSync(hashesFile, `# generated: 2026-11-21\n${hashEmailAddress('spammer@gmail.com')}\nnot-a-hash\n`);

  it('hashes an address as SHA-256 of local@ascii-domain in lower case', () => {
    expect(hashEmailAddress('Spammer@GMAIL.com')).toBe(hashEmailAddress('spammer@gmail.com'));
    expect(hashEmailAddress('a@bücher.de')).toBe(hashEmailAddress('a@xn--bcher-kva.de'));
    expect(hashEmailAddress('spammer@gmail.com')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads both files: domains (and their subdomains) and address hashes', async () => {
    const lists = createReportedEmailProvider({ domainsFile, addressHashesFile: hashesFile });
    expect(await lists.lookup({ domain: 'spam-domain.com', addressHash: null }, o())).toEqual({ domain: 'spam-domain.com', address: false });
    expect(await lists.lookup({ domain: 'mx.spam-domain.com', addressHash: null }, o())).toEqual({ domain: 'spam-domain.com', address: false });
    expect(await lists.lookup({ domain: 'xn--bcher-spam-9db.de', addressHash: null }, o())).toMatchObject({ domain: 'xn--bcher-spam-9db.de' });
    expect(await lists.lookup({ domain: 'gmail.com', addressHash: hashEmailAddress('spammer@gmail.com') }, o())).toEqual({ domain: null, address: true });
    expect(await lists.lookup({ domain: 'gmail.com', addressHash: hashEmailAddress('anna@gmail.com') }, o())).toEqual({ domain: null, address: false });
    expect(await lists.info()).toEqual({ domains: 2, addresses: 1, generated: { domains: '2026-11-20T10:00:00Z', addresses: '2026-11-21' } });
  });

  it('matches a domain asked in upper case, with a final dot, or in Unicode, as the lists keep it', async () => {
    const lists = createReportedEmailProvider({ domainsFile });
    expect(await lists.lookup({ domain: 'MX.Spam-Domain.COM', addressHash: null }, o())).toEqual({ domain: 'spam-domain.com', address: false });
    expect(await lists.lookup({ domain: 'spam-domain.com.', addressHash: null }, o())).toEqual({ domain: 'spam-domain.com', address: false });
    expect(await lists.lookup({ domain: 'Bücher-Spam.de', addressHash: null }, o())).toEqual({ domain: 'xn--bcher-spam-9db.de', address: false });
    expect(await lists.lookup({ domain: 'other.com', addressHash: null }, o())).toEqual({ domain: null, address: false });
  });

  it('with no list loaded, rejects with FactUnavailable("no-data")', async () => {
    for (const lists of [createReportedEmailProvider(), createReportedEmailProvider({ domainsFile: join(dir, 'missing.txt') })]) {
      const error = await lists.lookup({ domain: 'x.com', addressHash: null }, o()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FactUnavailable);
      expect((error as FactUnavailable).reason).toBe('no-data');
    }
  });

  it('one list is enough', async () => {
    const lists = createReportedEmailProvider({ addressHashesFile: hashesFile, domainsFile: join(dir, 'missing.txt') });
    expect(await lists.lookup({ domain: 'spam-domain.com', addressHash: null }, o())).toEqual({ domain: null, address: false });
  });
});
