// The GeoProvider conformance suite (formspam/testing testGeoProvider) against the bundled
// offline provider, without a city database and with one written here by the test mmdb writer;
// then against a correct in-memory provider and one deliberately broken copy of it per fault,
// each failing exactly the cases that check what it breaks.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGeoProvider } from '../../src/providers/geo.js';
import { testGeoProvider, type GeoConformanceSetup } from '../../src/testing/index.js';
import type { GeoLocation, GeoProvider } from '../../src/providers/types.js';
import { buildMmdb } from '../helpers/mmdb-writer.js';
import { casesWith, expectSuiteFails, inFlight, runSuite } from '../helpers/conformance-runner.js';

// The bundled country database places 5.9/16 and 2a01:4f8::/32 (Hetzner) in DE and 8.8.8.8 in
// the US; it has no country for 155.255.0.1.
const bundledNoCity = (): GeoConformanceSetup => ({
  provider: createGeoProvider({ cityDatabase: false }),
  ipv4: { address: '5.9.1.1', country: 'DE' },
  ipv6: { address: '2a01:4f8::1', country: 'DE' },
  unknown: '155.255.0.1',
  noCity: { address: '8.8.8.8', cityMissing: 'no-city-database' },
});

const dir = mkdtempSync(join(tmpdir(), 'formspam-geo-conformance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cityDb = join(dir, 'GeoLite2-City-conformance.mmdb');
writeFileSync(cityDb, buildMmdb([
  {
    network: '5.9.0.0/16',
    data: {
      city: { names: { en: 'Falkenstein' } },
      country: { iso_code: 'DE' },
      postal: { code: '08223' },
      subdivisions: [{ iso_code: 'SN' }],
    },
  },
  { network: '2a01:4f8::/32', data: { city: { names: { en: 'Nuremberg' } }, country: { iso_code: 'DE' }, postal: { code: '90402' }, subdivisions: [{ iso_code: 'BY' }] } },
], { ipVersion: 6, databaseType: 'GeoLite2-City' }));

testGeoProvider('offline provider, country database only (cityDatabase: false)', bundledNoCity);

testGeoProvider('offline provider with a city database', () => ({
  provider: createGeoProvider({ cityDatabase: cityDb }),
  ipv4: { address: '5.9.1.1', country: 'DE' },
  ipv6: { address: '2a01:4f8::1', country: 'DE' },
  unknown: '155.255.0.1',
  city: { address: '5.9.1.1', country: 'DE', city: 'Falkenstein', zip: '08223', region: 'DE-SN' },
  noCity: { address: '8.8.8.8', cityMissing: 'not-in-city-database' },
}));

describe('testGeoProvider skips, saying why', () => {
  it('skips only the city case of a provider without a city database, with the reason its answers give', async () => {
    const outcomes = await runSuite((runner) => testGeoProvider('no city', bundledNoCity, runner));
    expect(casesWith(outcomes, 'failed')).toEqual([]);
    expect([...outcomes].filter(([, o]) => o.status === 'skipped')).toEqual([
      ['gives the city, zip and region of an address its city data places', { status: 'skipped', reason: "the provider has no city database (its answer says cityMissing: 'no-city-database')" }],
    ]);
  });

  it('skips each case the setup gives nothing for, naming the missing setup field', async () => {
    const outcomes = await runSuite((runner) => testGeoProvider('IPv4 only', () => ({ provider: fakeGeo(), ipv4: { address: '5.9.1.1', country: 'de' } }), runner));
    expect(casesWith(outcomes, 'failed')).toEqual([]);
    const reasons = [...outcomes.values()].flatMap((o) => (o.status === 'skipped' ? [o.reason] : []));
    expect(reasons).toEqual([
      'setup.ipv6 is not given: the provider is not checked with IPv6',
      'setup.unknown is not given: no address the provider has no data for',
      'setup.city is not given: no address with a city to check',
      'setup.noCity is not given: no address without a city to check',
    ]);
  });
});

// A correct in-memory provider, and the hook each broken copy uses to break it.
const TABLE: Record<string, GeoLocation> = {
  '5.9.1.1': { country: 'DE', city: 'Falkenstein', zip: '08223', region: 'DE-SN' },
  '2a01:4f8::1': { country: 'DE', city: 'Nuremberg', zip: '90402', region: 'DE-BY' },
  '8.8.8.8': { country: 'US', city: null, zip: null, region: null, cityMissing: 'not-in-city-database' },
};
type Fault = (address: string, answer: GeoLocation | null, signal: AbortSignal, busy: number) => GeoLocation | null;

function fakeGeo(fault?: Fault, throwOn?: (address: string) => boolean): GeoProvider {
  const track = inFlight();
  return {
    name: 'fake-geo',
    lookup(address, options) {
      if (throwOn?.(address)) throw new Error(`cannot parse ${address}`);
      return track((busy) => {
        const known = TABLE[address];
        const answer = known ? { ...known } : /^[\d.]+$|:/.test(address) ? { country: null, city: null, zip: null, region: null } : null;
        return fault ? fault(address, answer, options.signal, busy) : answer;
      });
    },
  };
}

const fakeSetup = (provider: GeoProvider): GeoConformanceSetup => ({
  provider,
  ipv4: { address: '5.9.1.1', country: 'DE' },
  ipv6: { address: '2a01:4f8::1', country: 'DE' },
  unknown: '155.255.0.1',
  city: { address: '5.9.1.1', country: 'DE', city: 'Falkenstein', zip: '08223', region: 'DE-SN' },
  noCity: { address: '8.8.8.8', cityMissing: 'not-in-city-database' },
});

testGeoProvider('in-memory provider (the base of the broken ones below)', () => fakeSetup(fakeGeo()));

const CASE = {
  ipv4: 'places a public IPv4 address in its country (ISO 3166-1 alpha-2, any case)',
  ipv6: 'places a public IPv6 address in its country',
  shape: "answers the GeoLocation shape: country, city and zip a non-empty string or null, never missing; region ISO 3166-2 in the country; cityMissing only with city null",
  unknown: 'answers null, or null fields, for a public address it has no data for',
  city: 'gives the city, zip and region of an address its city data places',
  noCity: 'answers city null, saying why, for an address placed in a country but not in a city',
  same: 'answers the same for the same address, also to concurrent callers',
  badInput: 'answers null or null fields, or rejects, for input that is not an IP address; never throws synchronously',
  aborted: 'with an aborted signal rejects or answers as it would have',
} as const;

const BROKEN: { fault: string; provider: GeoProvider; fails: (keyof typeof CASE)[] }[] = [
  { fault: 'a wrong country for an IPv4 address', provider: fakeGeo((a, g) => (a === '5.9.1.1' ? { ...g!, country: 'AT', region: null } : g)), fails: ['ipv4', 'city'] },
  { fault: 'null for every IPv6 address', provider: fakeGeo((a, g) => (a.includes(':') ? null : g)), fails: ['ipv6'] },
  { fault: "city '' instead of null", provider: fakeGeo((a, g) => (a === '8.8.8.8' ? { ...g!, city: '' } : g)), fails: ['shape', 'noCity'] },
  { fault: 'no zip field (undefined instead of null)', provider: fakeGeo((a, g) => { if (a !== '8.8.8.8') return g; const { zip: _, ...rest } = g!; return rest as GeoLocation; }), fails: ['shape', 'noCity'] },
  { fault: 'a region outside the country', provider: fakeGeo((a, g) => (a === '2a01:4f8::1' ? { ...g!, region: 'AT-9' } : g)), fails: ['ipv6', 'shape'] },
  { fault: 'a country for an address it has no data for', provider: fakeGeo((a, g) => (a === '155.255.0.1' ? { ...g!, country: 'ZZ' } : g)), fails: ['unknown'] },
  { fault: 'the wrong city', provider: fakeGeo((a, g) => (a === '5.9.1.1' ? { ...g!, city: 'Munich' } : g)), fails: ['city'] },
  { fault: 'the wrong cityMissing reason', provider: fakeGeo((a, g) => (a === '8.8.8.8' ? { ...g!, cityMissing: 'no-city-database' } : g)), fails: ['noCity'] },
  { fault: 'other answers to concurrent callers', provider: fakeGeo((_a, g, _s, busy) => (busy > 1 && g ? { ...g, country: null, city: null, zip: null, region: null } : g)), fails: ['same'] },
  { fault: 'a synchronous throw on input that is not an IP address', provider: fakeGeo(undefined, (a) => a === 'not-an-ip'), fails: ['badInput'] },
  { fault: 'a country for input that is not an IP address', provider: fakeGeo((a, g) => (a === '999.1.2.3' ? { country: 'DE', city: null, zip: null, region: null } : g)), fails: ['badInput'] },
  { fault: 'null when the signal has fired', provider: fakeGeo((_a, g, signal) => (signal.aborted ? null : g)), fails: ['aborted'] },
];

describe('testGeoProvider fails a broken provider', () => {
  expectSuiteFails(CASE, BROKEN, (b, runner) => testGeoProvider(b.fault, () => fakeSetup(b.provider), runner));
});
