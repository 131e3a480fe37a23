// The address table of issue 5: public IPv4 and IPv6 addresses of several countries,
// IPv4-mapped addresses, private and reserved ranges, malformed input, hosting ASNs and
// members of fixture lists, each through the real engine with the real offline providers
// (bundled geo and ASN data, fixture lists) and its expected rules and `country`.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classify, isFormspamError } from '../../src/index.js';
import { createGeoProvider, createIpReputationProvider } from '../../src/providers/index.js';
import { expectValidResponse } from '../helpers/response-shape.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/ip-lists', import.meta.url));
const providers = { geo: createGeoProvider({ cityDatabase: false }), ipReputation: createIpReputationProvider({ dataDir: FIXTURES }) };

interface Row {
  ip: string;
  /** Expected `ipAddress.ipAddress` (canonical); defaults to `ip`. */
  canonical?: string;
  /** Expected `ipAddress.country` and `country.code`. */
  country: string | null;
  /** Rules expected to score (besides none). */
  hits?: string[];
  /** Expected skip reason of every IP rule (non-public addresses). */
  skipped?: string;
}

const LISTS_CLEAN: Row[] = [
  { ip: '77.75.75.172', country: 'cz' },
  { ip: '195.113.144.201', country: 'cz' },
  { ip: '2a02:598::1', country: 'cz' },
  { ip: '81.2.69.142', country: 'gb' },
  { ip: '193.0.6.139', country: 'nl' },
  { ip: '91.198.174.192', country: 'nl' },
  { ip: '2001:67c:2e8:22::c100:68b', country: 'nl' },
  { ip: '202.12.29.1', country: 'au' },
  { ip: '1.1.1.1', country: 'au' },
  { ip: '133.11.0.1', country: 'jp' },
  { ip: '210.130.1.1', country: 'jp' },
  { ip: '200.160.2.3', country: 'br' },
  { ip: '41.203.18.1', country: 'za' },
  { ip: '196.216.2.1', country: 'za' },
  { ip: '213.180.204.1', country: 'ru' },
  { ip: '80.67.169.12', country: 'fr' },
  { ip: '190.93.240.1', country: 'cr' },
  { ip: '93.184.216.34', country: 'us' },
  { ip: '::ffff:77.75.75.172', canonical: '77.75.75.172', country: 'cz' },
  { ip: '::FFFF:4d4b:4bac', canonical: '77.75.75.172', country: 'cz' },
];

const HOSTING: Row[] = [
  { ip: '8.8.8.8', country: 'us', hits: ['ipAddress.HOSTING'] },
  { ip: '2001:4860:4860::8888', country: 'us', hits: ['ipAddress.HOSTING'] },
  { ip: '5.9.1.1', country: 'de', hits: ['ipAddress.HOSTING'] },
  { ip: '::ffff:5.9.1.1', canonical: '5.9.1.1', country: 'de', hits: ['ipAddress.HOSTING'] },
  { ip: '2a01:4f8::1', country: 'de', hits: ['ipAddress.HOSTING'] },
  { ip: '95.216.1.1', country: 'fi', hits: ['ipAddress.HOSTING'] },
  { ip: '3.120.0.1', country: 'de', hits: ['ipAddress.HOSTING'] },
  { ip: '52.94.0.1', country: 'us', hits: ['ipAddress.HOSTING'] },
  { ip: '20.0.0.1', country: 'gb', hits: ['ipAddress.HOSTING'] },
  { ip: '62.210.16.1', country: 'fr', hits: ['ipAddress.HOSTING'] },
  { ip: '2406:da00::1', country: 'us', hits: ['ipAddress.HOSTING'] },
  { ip: '2C0F:FB50::1', canonical: '2c0f:fb50::1', country: null, hits: ['ipAddress.HOSTING'] },
  { name: 'a fixture data-centre range (Fastly, not a curated ASN)', ip: '151.101.1.1', country: 'us', hits: ['ipAddress.HOSTING'] } as Row,
];

const LISTED: Row[] = [
  { ip: '185.220.101.1', country: 'de', hits: ['ipAddress.TOR'] },
  { ip: '204.8.96.1', country: 'us', hits: ['ipAddress.TOR'] },
  { ip: '2a0b:f4c2::1', country: 'de', hits: ['ipAddress.TOR'] },
  { ip: '2a0b:f4c2:2::1', country: 'de', hits: ['ipAddress.MALICIOUS', 'ipAddress.TOR'] },
  { ip: '146.70.1.1', country: 'ro', hits: ['ipAddress.PROXY'] },
  { ip: '45.155.205.1', country: 'ru', hits: ['ipAddress.MALICIOUS'] },
  { ip: '::ffff:45.155.205.200', canonical: '45.155.205.200', country: 'ru', hits: ['ipAddress.MALICIOUS'] },
];

const NON_PUBLIC: Row[] = [
  '10.0.0.1', '10.255.255.255', '172.16.0.1', '192.168.1.1', '127.0.0.1', '169.254.1.1', '100.64.0.1', '0.0.0.0',
  '255.255.255.255', '224.0.0.1', '192.0.2.1', '198.51.100.7', '203.0.113.9', '240.0.0.1', '::1', '::', 'fc00::1',
  'fd12:3456::1', 'fe80::1', '2001:db8::1', 'ff02::1',
].map((ip) => ({ ip, country: null, skipped: 'non-public' }));
NON_PUBLIC.push(
  { ip: '::ffff:192.168.0.1', canonical: '192.168.0.1', country: null, skipped: 'non-public' },
  { ip: 'fe80::1%eth0', canonical: 'fe80::1', country: null, skipped: 'non-public' },
  { ip: 'FE80::ABCD%25', canonical: 'fe80::abcd', country: null, skipped: 'non-public' },
);

const MALFORMED = [
  '', '1.2.3', '256.1.1.1', '01.2.3.4', '1.2.3.4.5', 'abc', ' 1.2.3.4', '1.2.3.4 ', 'fe80::1%', '::ffff:999.1.1.1',
  '1::2::3', '[::1]', '1.2.3.4/24', 'localhost', '0x7f.0.0.1', '2001:db8::g', '1.2.3.4%eth0', '12345', '::ffff:1.2.3', 'auto ',
];

const IP_RULES = ['BLOCKED_COUNTRY', 'HOSTING', 'MALICIOUS', 'PROXY', 'TOR', 'UNEXPECTED_COUNTRY'];

describe('IP address table', () => {
  it('has at least 40 addresses', () => {
    expect(LISTS_CLEAN.length + HOSTING.length + LISTED.length + NON_PUBLIC.length + MALFORMED.length).toBeGreaterThanOrEqual(40);
  });

  it.each([...LISTS_CLEAN, ...HOSTING, ...LISTED, ...NON_PUBLIC])('$ip → $country $hits $skipped', async (row) => {
    const r = await classify({ ipAddress: row.ip }, providers);
    expectValidResponse(r);
    expect(r.ipAddress!.ipAddress).toBe(row.canonical ?? row.ip);
    expect(r.ipAddress!.country).toBe(row.country);
    expect(r.ipAddress!.city).toBeNull();
    expect(r.ipAddress!.zip).toBeNull();
    expect(r.country?.code ?? null).toBe(row.country);
    expect(Object.keys(r.ipAddress!.rules)).toEqual(IP_RULES);
    expect([...r.reasons].sort()).toEqual(row.hits ?? []);
    if (row.skipped) {
      for (const name of IP_RULES) expect(r.ipAddress!.rules[name]).toMatchObject({ score: 0, skipped: row.skipped });
      expect(r.errors).toBeUndefined();
    } else {
      for (const name of IP_RULES) expect(r.ipAddress!.rules[name]!.skipped).toBeUndefined();
    }
  });

  it.each(MALFORMED)('rejects %j as INVALID_REQUEST', async (ip) => {
    const error = await classify({ ipAddress: ip }, providers).catch((e: unknown) => e);
    expect(isFormspamError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', path: '$.ipAddress' });
  });
});


describe('location in the response', () => {
  it('reports the country with both country rules disabled (the geo look-up serves the response too)', async () => {
    const r = await classify({ ipAddress: '77.75.75.172', disableRules: ['ipAddress.BLOCKED_COUNTRY', 'ipAddress.UNEXPECTED_COUNTRY'] }, providers);
    expect(Object.keys(r.ipAddress!.rules)).toEqual(['HOSTING', 'MALICIOUS', 'PROXY', 'TOR']);
    expect(r.ipAddress!.country).toBe('cz');
    expect(r.country?.code).toBe('cz');
  });

  it('reports no country, and no error, without a geo provider', async () => {
    const r = await classify({ ipAddress: '77.75.75.172' }, { ipReputation: providers.ipReputation });
    expect(r.ipAddress!.country).toBeNull();
    expect(r.ipAddress!.rules.UNEXPECTED_COUNTRY).toMatchObject({ score: 0, skipped: 'no-provider' });
  });
});

describe('without downloaded lists', () => {
  const bare = { geo: providers.geo, ipReputation: createIpReputationProvider({ lists: [] }) };

  it('reports PROXY, TOR and MALICIOUS as skipped "no-data", never a silent 0, and HOSTING from the curated ASNs', async () => {
    const r = await classify({ ipAddress: '3.120.0.1' }, bare);
    const rules = r.ipAddress!.rules;
    for (const name of ['PROXY', 'TOR', 'MALICIOUS']) expect(rules[name]).toMatchObject({ score: 0, skipped: 'no-data' });
    expect(rules.HOSTING).toMatchObject({ score: 2, evidence: { asn: 16509, ranges: 'no-data', lists: ['hosting-asns'] } });
    expect(r.errors).toBeUndefined();
  });

  it('misses HOSTING for an ISP address, with the ASN as evidence', async () => {
    const r = await classify({ ipAddress: '77.75.75.172' }, bare);
    expect(r.ipAddress!.rules.HOSTING).toMatchObject({ score: 0, evidence: { asn: 43037 } });
  });
});

describe('geo-fencing (Done when)', () => {
  it('a German address with blockedCountries ["de"] is BAD with ipAddress.BLOCKED_COUNTRY', async () => {
    const r = await classify({ ipAddress: '77.75.75.172', blockedCountries: ['de'] }, providers);
    expect(r.ipAddress!.country).toBe('cz');
    const de = await classify({ ipAddress: '185.220.101.1', blockedCountries: ['de'] }, { geo: providers.geo });
    expect(de.classification).toBe('BAD');
    expect(de.reasons).toEqual(['ipAddress.BLOCKED_COUNTRY']);
    expect(de.ipAddress!.rules.BLOCKED_COUNTRY).toMatchObject({ score: 5, matches: [{ field: 'ipAddress', value: 'de', reason: 'DE' }] });
    expect(de.country).toMatchObject({ code: 'de', name: 'Germany' });
  });

  it('the same with expectedCountries ["continent:EU"] is GOOD', async () => {
    const r = await classify({ ipAddress: '185.220.101.1', expectedCountries: ['continent:EU'] }, { geo: providers.geo });
    expect(r.classification).toBe('GOOD');
    expect(r.reasons).toEqual([]);
    expect(r.ipAddress!.rules.UNEXPECTED_COUNTRY).toMatchObject({ score: 0, evidence: { country: 'de', expectedBy: 'continent:EU' } });
  });

  it('{"timeZone":"Europe/Prague","expectedCountries":["us"]} gives timeZone.UNEXPECTED_COUNTRY and country.code cz', async () => {
    const r = await classify({ timeZone: 'Europe/Prague', expectedCountries: ['us'] });
    expect(r.reasons).toEqual(['timeZone.UNEXPECTED_COUNTRY']);
    expect(r.timeZone).toMatchObject({ country: 'cz', timeZone: 'Europe/Prague', score: 1 });
    expect(r.country).toEqual({
      code: 'cz',
      name: 'Czechia',
      native: 'Česko',
      phone: [420],
      continent: 'eu',
      capital: 'Prague',
      currency: ['CZK'],
      languages: ['cs'],
    });
  });

  it('takes the country from the time zone over the IP address', async () => {
    const r = await classify({ ipAddress: '8.8.8.8', timeZone: 'Europe/Prague' }, providers);
    expect(r.ipAddress!.country).toBe('us');
    expect(r.country!.code).toBe('cz');
    const utc = await classify({ ipAddress: '8.8.8.8', timeZone: 'UTC' }, providers);
    expect(utc.country!.code).toBe('us');
    const none = await classify({ ipAddress: '10.0.0.1', timeZone: 'Etc/UTC' }, providers);
    expect(none.country).toBeNull();
  });

  it('reports an unknown time zone as timeZone.INVALID', async () => {
    const r = await classify({ timeZone: 'Nowhere/Else', blockedCountries: ['de'] });
    expect(r.reasons).toEqual(['timeZone.INVALID']);
    expect(r.timeZone).toMatchObject({ country: null, timeZone: 'Nowhere/Else' });
    expect(r.timeZone!.rules.BLOCKED_COUNTRY).toMatchObject({ skipped: 'invalid-time-zone' });
    expect(r.country).toBeNull();
  });
});

describe('ipAddress "auto"', () => {
  it('evaluates options.clientIp', async () => {
    const r = await classify({ ipAddress: 'auto', blockedCountries: ['de'] }, providers, { clientIp: '::ffff:185.220.101.1' });
    expect(r.ipAddress!.ipAddress).toBe('185.220.101.1');
    expect(r.reasons).toEqual(['ipAddress.BLOCKED_COUNTRY', 'ipAddress.TOR']);
  });

  it('is a validation error without a client address', async () => {
    const error = await classify({ ipAddress: 'auto' }, providers).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', path: '$.ipAddress' });
    expect((error as Error).message).toMatch(/options\.clientIp/);
  });

  it('rejects a malformed client address as INVALID_OPTIONS', async () => {
    const error = await classify({ ipAddress: 'auto' }, providers, { clientIp: 'unknown' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_OPTIONS' });
  });
});
