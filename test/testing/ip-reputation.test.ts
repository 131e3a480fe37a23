// The IpReputationProvider conformance suite (formspam/testing testIpReputationProvider)
// against the bundled offline provider with lists in a data directory (tor, proxy, malicious;
// IPv4 and IPv6 entries) and the bundled ASN data, with the ASN data only, and with no data at
// all; then against a correct in-memory provider and one deliberately broken copy of it per
// fault, each failing exactly the cases that check what it breaks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIpReputationProvider } from '../../src/providers/ip-reputation.js';
import { formatListFile, loadListFile, type ListKind } from '../../src/providers/lists/lists.js';
import { testIpReputationProvider, type IpReputationConformanceSetup } from '../../src/testing/index.js';
import type { IpReputation, IpReputationProvider } from '../../src/providers/types.js';
import { casesWith, expectSuiteFails, inFlight, runSuite } from '../helpers/conformance-runner.js';

const dataDir = mkdtempSync(join(tmpdir(), 'formspam-ip-conformance-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
mkdirSync(join(dataDir, 'lists'));
const writeList = (id: string, kind: ListKind, entries: string[]) => {
  const path = join(dataDir, 'lists', `${id}.list`);
  writeFileSync(path, formatListFile({ id, kind, source: 'conformance test', licence: 'test', fetched: '2026-11-27T00:00:00.000Z', entries: entries.length }, entries));
  return path;
};
writeList('tor-exits', 'tor', ['185.220.101.0/24', '2001:67c:e60::/48']);
writeList('conformance-proxies', 'proxy', ['2a0a:ffff:1::/48']);
const malicious = writeList('conformance-malicious', 'malicious', ['45.155.205.233']);

// The bundled ASN data: 5.9/16 and 2a01:4f8::/32 are AS24940 (Hetzner, a hosting ASN); it has
// no AS for 155.255.0.1.
const ASN = [{ address: '5.9.1.1', asn: 24940 }, { address: '2a01:4f8::1', asn: 24940 }];

testIpReputationProvider('offline provider: lists in a data directory, bundled ASN data', () => ({
  provider: createIpReputationProvider({ dataDir }),
  kinds: ['hosting', 'malicious', 'proxy', 'tor'],
  asn: ASN,
  listed: [
    { address: '185.220.101.1', kind: 'tor', list: 'tor-exits', entry: '185.220.101.0/24' },
    { address: '45.155.205.233', kind: 'malicious', list: 'conformance-malicious' },
    { address: '5.9.1.1', kind: 'hosting', list: 'hosting-asns', entry: 'AS24940 Hetzner Online GmbH' },
    { address: '2001:67c:e60::1', kind: 'tor', list: 'tor-exits', entry: '2001:67c:e60::/48' },
    { address: '2a0a:ffff:1::2', kind: 'proxy', list: 'conformance-proxies' },
  ],
  unlisted: '155.255.0.1',
}));

testIpReputationProvider('offline provider: a list given directly, no ASN data', () => ({
  provider: createIpReputationProvider({ lists: [loadListFile(malicious)], asnDatabase: false }),
  kinds: ['malicious'],
  listed: [{ address: '45.155.205.233', kind: 'malicious', list: 'conformance-malicious', entry: '45.155.205.233/32' }],
  unlisted: '5.9.1.1',
}));

const bundledAsnOnly = (): IpReputationConformanceSetup => ({
  provider: createIpReputationProvider({ dataDir: join(dataDir, 'empty') }),
  kinds: ['hosting'],
  asn: ASN,
  listed: [{ address: '2a01:4f8::1', kind: 'hosting', list: 'hosting-asns' }],
  unlisted: '155.255.0.1',
});
testIpReputationProvider('offline provider: bundled ASN data, no lists downloaded', bundledAsnOnly);

const noData = (): IpReputationConformanceSetup => ({
  provider: createIpReputationProvider({ lists: [], asnDatabase: false }),
  kinds: [],
  unlisted: '5.9.1.1',
});
testIpReputationProvider('offline provider: no data at all', noData);

describe('testIpReputationProvider skips, saying why', () => {
  it('skips the AS and listed cases of a provider with no data, naming the missing setup field', async () => {
    const outcomes = await runSuite((runner) => testIpReputationProvider('no data', noData, runner));
    expect(casesWith(outcomes, 'failed')).toEqual([]);
    expect([...outcomes.values()].flatMap((o) => (o.status === 'skipped' ? [o.reason] : []))).toEqual([
      'setup.asn has no IPv4 address: the provider has no AS data to check',
      'setup.asn has no IPv6 address: the provider has no AS data for IPv6 to check',
      'setup.listed has no IPv4 address: no list of the provider holds one to check',
      'setup.listed has no IPv6 address: no list of the provider holds one to check',
    ]);
  });
  it('skips only the IPv4 listed case of the provider with ASN data and no lists', async () => {
    const outcomes = await runSuite((runner) => testIpReputationProvider('asn only', bundledAsnOnly, runner));
    expect(casesWith(outcomes, 'failed')).toEqual([]);
    expect(casesWith(outcomes, 'skipped')).toEqual(['matches IPv4 addresses its lists hold, naming the list and the entry']);
  });
});

// A correct in-memory provider, and the hook each broken copy uses to break it.
const hetzner = (): IpReputation => ({
  asn: 24940,
  organization: 'Hetzner Online GmbH',
  lists: { hosting: { sources: ['hosting-asns'], matches: [{ list: 'hosting-asns', entry: 'AS24940 Hetzner Online GmbH' }] }, tor: { sources: ['tor-exits'], matches: [] } },
});
const tor = (entry: string): IpReputation => ({
  asn: null,
  organization: null,
  lists: { hosting: { sources: ['hosting-asns'], matches: [] }, tor: { sources: ['tor-exits'], matches: [{ list: 'tor-exits', entry }] } },
});
const nothing = (): IpReputation => ({ asn: null, organization: null, lists: { hosting: { sources: ['hosting-asns'], matches: [] }, tor: { sources: ['tor-exits'], matches: [] } } });
const TABLE: Record<string, () => IpReputation> = {
  '5.9.1.1': hetzner,
  '2a01:4f8::1': hetzner,
  '185.220.101.1': () => tor('185.220.101.0/24'),
  '2001:67c:e60::1': () => tor('2001:67c:e60::/48'),
};
type Fault = (address: string, answer: IpReputation, signal: AbortSignal, busy: number) => IpReputation;

function fakeIp(fault?: Fault, throwOn?: (address: string) => boolean): IpReputationProvider {
  const track = inFlight();
  return {
    name: 'fake-ip-reputation',
    lookup(address, options) {
      if (throwOn?.(address)) throw new Error(`cannot parse ${address}`);
      return track((busy) => {
        const answer = (TABLE[address] ?? nothing)();
        return fault ? fault(address, answer, options.signal, busy) : answer;
      });
    },
  };
}

const fakeSetup = (provider: IpReputationProvider): IpReputationConformanceSetup => ({
  provider,
  kinds: ['hosting', 'tor'],
  asn: ASN,
  listed: [
    { address: '185.220.101.1', kind: 'tor', list: 'tor-exits', entry: '185.220.101.0/24' },
    { address: '2001:67c:e60::1', kind: 'tor', list: 'tor-exits' },
  ],
  unlisted: '155.255.0.1',
});

testIpReputationProvider('in-memory provider (the base of the broken ones below)', () => fakeSetup(fakeIp()));

const CASE = {
  shape: "answers the IpReputation shape: asn and organization present (null when unknown), every match from a list among its kind's sources",
  kinds: 'reports exactly the kinds of list it has loaded, for every address: a kind with no list is absent, not empty',
  asn4: 'gives the AS number and organisation of a public IPv4 address',
  asn6: 'gives the AS number and organisation of a public IPv6 address',
  listed4: 'matches IPv4 addresses its lists hold, naming the list and the entry',
  listed6: 'matches IPv6 addresses its lists hold, naming the list and the entry',
  unlisted: 'matches nothing and gives no AS number for an address in none of its lists',
  same: 'answers the same for the same address, also to concurrent callers',
  badInput: 'answers without AS number or matches, or rejects, for input that is not an IP address; never throws synchronously',
  aborted: 'with an aborted signal rejects or answers as it would have',
} as const;

const BROKEN: { fault: string; provider: IpReputationProvider; fails: (keyof typeof CASE)[] }[] = [
  { fault: 'a match from a list that is not among the sources', provider: fakeIp((a, r) => (a === '185.220.101.1' ? { ...r, lists: { ...r.lists, tor: { sources: ['tor-exits'], matches: [{ list: 'other-list', entry: '185.220.101.0/24' }] } } } : r)), fails: ['shape', 'listed4'] },
  { fault: 'the AS number as a string', provider: fakeIp((a, r) => (a === '5.9.1.1' ? { ...r, asn: '24940' as unknown as number } : r)), fails: ['shape', 'asn4'] },
  { fault: 'a kind left out when nothing matches', provider: fakeIp((a, r) => (a === '155.255.0.1' ? { ...r, lists: { hosting: r.lists.hosting! } } : r)), fails: ['kinds'] },
  { fault: 'a kind it has no list of, present with no matches', provider: fakeIp((_a, r) => ({ ...r, lists: { ...r.lists, proxy: { sources: ['none'], matches: [] } } })), fails: ['kinds'] },
  { fault: 'the wrong AS number for IPv4', provider: fakeIp((a, r) => (a === '5.9.1.1' ? { ...r, asn: 24941 } : r)), fails: ['asn4'] },
  { fault: 'no AS number for IPv6', provider: fakeIp((a, r) => (a.includes(':') ? { ...r, asn: null, organization: null } : r)), fails: ['asn6'] },
  { fault: 'no match for a listed IPv4 address', provider: fakeIp((a, r) => (a === '185.220.101.1' ? nothing() : r)), fails: ['listed4'] },
  { fault: 'the wrong entry for a listed IPv4 address', provider: fakeIp((a, r) => (a === '185.220.101.1' ? tor('185.220.0.0/16') : r)), fails: ['listed4'] },
  { fault: 'no match for a listed IPv6 address', provider: fakeIp((a, r) => (a === '2001:67c:e60::1' ? nothing() : r)), fails: ['listed6'] },
  { fault: 'a match for an address in no list', provider: fakeIp((a, r) => (a === '155.255.0.1' ? tor('155.255.0.0/16') : r)), fails: ['unlisted'] },
  { fault: 'other answers to concurrent callers', provider: fakeIp((_a, r, _s, busy) => (busy > 1 ? nothing() : r)), fails: ['same'] },
  { fault: 'a synchronous throw on input that is not an IP address', provider: fakeIp(undefined, (a) => a === ''), fails: ['badInput'] },
  { fault: 'an AS number for input that is not an IP address', provider: fakeIp((a, r) => (a === 'not-an-ip' ? hetzner() : r)), fails: ['badInput'] },
  { fault: 'no lists when the signal has fired', provider: fakeIp((_a, r, signal) => (signal.aborted ? { ...r, lists: {} } : r)), fails: ['aborted'] },
];

describe('testIpReputationProvider fails a broken provider', () => {
  expectSuiteFails(CASE, BROKEN, (b, runner) => testIpReputationProvider(b.fault, () => fakeSetup(b.provider), runner));
});
