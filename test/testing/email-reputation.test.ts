// The EmailReputationProvider conformance suite (formspam/testing testEmailReputationProvider)
// against the bundled list provider: lists given directly, list files as createDefaultProviders
// reads them from a data directory, and a domain list alone; then against a correct in-memory
// provider and one deliberately broken copy of it per fault, each failing exactly the cases
// that check what it breaks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDefaultProviders } from '../../src/providers/default.js';
import { createReportedEmailProvider, hashEmailAddress } from '../../src/providers/reported-email.js';
import { FactUnavailable } from '../../src/core/rule.js';
import { testEmailReputationProvider, type EmailReputationConformanceSetup } from '../../src/testing/index.js';
import type { EmailReputation, EmailReputationProvider } from '../../src/providers/types.js';
import { casesWith, expectSuiteFails, inFlight, runSuite } from '../helpers/conformance-runner.js';

const DOMAIN = 'reported-spam-x7q.com';
const ADDRESS = 'Spammer@Mail-x7q.com';

testEmailReputationProvider('list provider, lists given directly', () => ({
  provider: createReportedEmailProvider({ domains: [DOMAIN, 'other-spam-x7q.net'], addressHashes: [hashEmailAddress(ADDRESS)] }),
  listedDomain: DOMAIN,
  listedAddress: ADDRESS,
  unloaded: createReportedEmailProvider({}),
}));

const dataDir = mkdtempSync(join(tmpdir(), 'formspam-email-conformance-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
mkdirSync(join(dataDir, 'lists'));
writeFileSync(join(dataDir, 'lists', 'sfs-toxic-domains.list'), `# formspam list v1\n# id: sfs-toxic-domains\n# kind: domains\n# source: conformance test\n# licence: test\n# fetched: 2026-11-27T00:00:00Z\n# entries: 2\n${DOMAIN}\nother-spam-x7q.net\n`);
writeFileSync(join(dataDir, 'lists', 'reported-email-hashes.list'), `# generated: 2026-11-27T00:00:00Z\n${hashEmailAddress(ADDRESS)}\n`);

testEmailReputationProvider("createDefaultProviders' provider, list files in the data directory", () => ({
  provider: createDefaultProviders({ dataDir, offline: true }).emailReputation!,
  listedDomain: DOMAIN,
  listedAddress: ADDRESS,
  unloaded: createDefaultProviders({ dataDir: join(dataDir, 'empty'), offline: true }).emailReputation!,
}));

const domainsOnly = (): EmailReputationConformanceSetup => ({
  provider: createReportedEmailProvider({ domainsFile: join(dataDir, 'lists', 'sfs-toxic-domains.list'), addressHashesFile: join(dataDir, 'missing.list') }),
  listedDomain: DOMAIN,
});
testEmailReputationProvider('list provider, a domain list file alone', domainsOnly);

describe('testEmailReputationProvider skips, saying why', () => {
  it('skips the address and no-list cases of a provider with a domain list alone', async () => {
    const outcomes = await runSuite((runner) => testEmailReputationProvider('domains only', domainsOnly, runner));
    expect(casesWith(outcomes, 'failed')).toEqual([]);
    expect([...outcomes.values()].flatMap((o) => (o.status === 'skipped' ? [o.reason] : []))).toEqual([
      'setup.listedAddress is not given: the provider has no address list to check',
      'setup.unloaded is not given: no provider without lists to check',
    ]);
  });
});

// A correct in-memory provider, and the hooks each broken copy uses to break it.
interface Faults {
  answer?: (query: { domain: string; addressHash: string | null }, answer: EmailReputation, signal: AbortSignal, busy: number) => EmailReputation;
  throwOn?: (query: { domain: string; addressHash: string | null }) => boolean;
  unloaded?: () => Promise<EmailReputation>;
}
function fakeEmail(domains: readonly string[] | null, hashes: readonly string[] | null, faults: Faults = {}): EmailReputationProvider {
  const track = inFlight();
  return {
    name: 'fake-email-reputation',
    lookup(query, options) {
      if (faults.throwOn?.(query)) throw new Error('bad query');
      return track(async (busy) => {
        if (domains === null && hashes === null) {
          if (faults.unloaded) return faults.unloaded();
          throw new FactUnavailable('no-data', 'no list loaded');
        }
        const labels = query.domain.split('.');
        const domain = labels.map((_, i) => labels.slice(i).join('.')).find((d) => domains?.includes(d)) ?? null;
        const answer = { domain, address: query.addressHash !== null && (hashes?.includes(query.addressHash) ?? false) };
        return faults.answer ? faults.answer(query, answer, options.signal, busy) : answer;
      });
    },
  };
}
const fakeSetup = (faults: Faults = {}): EmailReputationConformanceSetup => ({
  provider: fakeEmail([DOMAIN], [hashEmailAddress(ADDRESS)], faults),
  listedDomain: DOMAIN,
  listedAddress: ADDRESS,
  unloaded: fakeEmail(null, null, faults),
});

testEmailReputationProvider('in-memory provider (the base of the broken ones below)', () => fakeSetup());

const CASE = {
  shape: 'answers the EmailReputation shape: domain the listed domain or null, address a boolean',
  domain: 'names a listed domain; address is false when only the domain is asked about',
  parent: 'names the listed parent of a subdomain',
  labels: 'matches whole labels only: not a name that merely ends with a listed domain, not its parent',
  hash: 'says whether the hash of a full address is listed; false for another address and for no hash',
  unloaded: "rejects with FactUnavailable('no-data') when no list is loaded",
  same: 'answers the same for the same question, also to concurrent callers',
  badInput: 'answers (nothing listed) or rejects for an empty domain or a hash that is not SHA-256 hex; never throws synchronously',
  aborted: 'with an aborted signal rejects or answers as it would have',
} as const;

const BROKEN: { fault: string; faults: Faults; fails: (keyof typeof CASE)[] }[] = [
  { fault: 'address null instead of false', faults: { answer: (q, a) => (q.domain === 'conformance-unlisted-x7q.com' && q.addressHash !== null && q.addressHash.length === 64 ? { ...a, address: null as unknown as boolean } : a) }, fails: ['shape'] },
  { fault: 'address true for a listed domain asked about without a hash', faults: { answer: (q, a) => (a.domain !== null && q.addressHash === null ? { ...a, address: true } : a) }, fails: ['domain'] },
  { fault: 'the subdomain asked about instead of its listed parent', faults: { answer: (q, a) => (a.domain !== null ? { ...a, domain: q.domain } : a) }, fails: ['parent'] },
  { fault: 'a match of any name that ends with a listed domain', faults: { answer: (q, a) => (q.domain.endsWith(DOMAIN) ? { ...a, domain: DOMAIN } : a) }, fails: ['labels'] },
  { fault: 'a match of the parent of a listed domain', faults: { answer: (q, a) => (DOMAIN.endsWith(`.${q.domain}`) ? { ...a, domain: q.domain } : a) }, fails: ['labels'] },
  { fault: 'address false for a listed hash', faults: { answer: (_q, a) => ({ ...a, address: false }) }, fails: ['hash'] },
  { fault: 'an answer when no list is loaded', faults: { unloaded: async () => ({ domain: null, address: false }) }, fails: ['unloaded'] },
  { fault: 'a plain Error when no list is loaded', faults: { unloaded: async () => { throw new Error('no lists'); } }, fails: ['unloaded'] },
  { fault: 'other answers to concurrent callers', faults: { answer: (_q, a, _s, busy) => (busy > 1 ? { domain: null, address: false } : a) }, fails: ['same'] },
  { fault: 'a synchronous throw on an empty domain', faults: { throwOn: (q) => q.domain === '' }, fails: ['badInput'] },
  { fault: 'address true for a hash that is not SHA-256 hex', faults: { answer: (q, a) => (q.addressHash === 'not-a-hash' ? { ...a, address: true } : a) }, fails: ['badInput'] },
  { fault: 'nothing listed when the signal has fired', faults: { answer: (_q, a, signal) => (signal.aborted ? { domain: null, address: false } : a) }, fails: ['aborted'] },
];

describe('testEmailReputationProvider fails a broken provider', () => {
  expectSuiteFails(CASE, BROKEN, (b, runner) => testEmailReputationProvider(b.fault, () => fakeSetup(b.faults), runner));
});
