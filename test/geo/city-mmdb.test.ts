// City-level geo (issue 17 item 4): city, zip and region from a city database built here with
// the test's own mmdb writer (MaxMind-format and ip-location-db-format records), region fences
// (ISO 3166-2) in blockedCountries / expectedCountries, the response's reason when the city is
// null, and --geo-city-db on the CLI and the server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Reader } from 'mmdb-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify, isFormspamError, type ClassifyResponse } from '../../src/index.js';
import { createGeoProvider, installedCityDatabases } from '../../src/providers/index.js';
import { datasetStatus } from '../../src/providers/lists/index.js';
import { runCli } from '../cli/run-cli.js';
import { buildMmdb, type MmdbValue } from '../helpers/mmdb-writer.js';
import { expectValidResponse } from '../helpers/response-shape.js';
import { startServer } from '../helpers/serve.js';

/** A GeoLite2-City record (MaxMind format), trimmed to what a city record has. */
function maxmind(city: string, country: string, postal: string, subdivision: string, lat: number, lon: number): MmdbValue {
  return {
    city: { geoname_id: 1, names: { en: city, de: city } },
    continent: { code: 'EU', names: { en: 'Europe' } },
    country: { geoname_id: 2921044, iso_code: country, names: { en: 'Germany' } },
    location: { accuracy_radius: 20, latitude: { double: lat }, longitude: { double: lon }, time_zone: 'Europe/Berlin' },
    postal: { code: postal },
    subdivisions: [{ geoname_id: 2, iso_code: subdivision, names: { en: subdivision } }],
  };
}

/** An ip-location-db city record (flat; `state1` is a name, not a code). */
function flat(city: string, country: string, postcode: string, state1: string): MmdbValue {
  return { city, country_code: country, latitude: { double: 51.2 }, longitude: { double: 6.8 }, postcode, state1, state2: '', timezone: 'Europe/Berlin' };
}

let dir: string;
let maxmindDb: string;
let flatDb: string;
let notMmdb: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'formspam-city-'));
  maxmindDb = join(dir, 'GeoLite2-City-test.mmdb');
  flatDb = join(dir, 'city-ipv4.mmdb');
  notMmdb = join(dir, 'not-a-database.mmdb');
  // The bundled country database places these networks in DE (5.9/16 Hetzner, 84.128/16 and
  // 91.0/16 Deutsche Telekom, 2a01:4f8::/32 Hetzner) and 8.8.8.0/24 in the US.
  writeFileSync(maxmindDb, buildMmdb([
    { network: '84.128.0.0/16', data: maxmind('Munich', 'DE', '80331', 'BY', 48.137, 11.575) },
    { network: '5.9.0.0/16', data: maxmind('Falkenstein', 'DE', '08223', 'SN', 50.477, 12.364) },
    { network: '2a01:4f8::/32', data: maxmind('Nuremberg', 'DE', '90402', 'BY', 49.452, 11.077) },
  ], { ipVersion: 6, databaseType: 'GeoLite2-City', languages: ['en', 'de'] }));
  writeFileSync(flatDb, buildMmdb([
    { network: '91.0.0.0/16', data: flat('Dusseldorf', 'DE', '40227', 'North Rhine-Westphalia') },
    { network: '8.8.8.0/24', data: flat('', 'US', '', '') },
    // 2a01:04f8:… read as IPv4 is 42.1.4.248: an IPv4-only file must never be asked about IPv6.
    { network: '42.1.0.0/16', data: flat('Wrongtown', 'DE', '00000', 'Nowhere') },
  ], { ipVersion: 4, databaseType: 'city ipv4' }));
  writeFileSync(notMmdb, 'this is not a MaxMind DB file\n'.repeat(10));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the test mmdb writer', () => {
  it('writes files mmdb-lib reads: metadata and both record formats', async () => {
    const { readFileSync } = await import('node:fs');
    const reader = new Reader<Record<string, unknown>>(readFileSync(maxmindDb));
    expect(reader.metadata).toMatchObject({ binaryFormatMajorVersion: 2, binaryFormatMinorVersion: 0, ipVersion: 6, recordSize: 24, databaseType: 'GeoLite2-City', languages: ['en', 'de'] });
    expect(reader.metadata.buildEpoch.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(reader.get('84.128.1.1')).toMatchObject({ city: { names: { en: 'Munich' } }, postal: { code: '80331' }, subdivisions: [{ iso_code: 'BY' }] });
    expect((reader.get('84.128.1.1') as { location: { latitude: number } }).location.latitude).toBeCloseTo(48.137);
    expect(reader.get('2a01:4f8::1')).toMatchObject({ city: { names: { en: 'Nuremberg' } } });
    expect(reader.get('1.1.1.1')).toBeNull();
    const v4 = new Reader<Record<string, unknown>>(readFileSync(flatDb));
    expect(v4.metadata.ipVersion).toBe(4);
    expect(v4.get('91.0.200.7')).toEqual({ city: 'Dusseldorf', country_code: 'DE', latitude: 51.2, longitude: 6.8, postcode: '40227', state1: 'North Rhine-Westphalia', state2: '', timezone: 'Europe/Berlin' });
  });
});

describe('city, zip and region from a city database', () => {
  const providers = () => ({ geo: createGeoProvider({ cityDatabase: [maxmindDb, flatDb] }) });

  it('fills city, zip and region from a MaxMind-format record', async () => {
    const r = await classify({ ipAddress: '84.128.1.1' }, providers());
    expectValidResponse(r);
    expect(r.ipAddress).toMatchObject({ city: 'Munich', country: 'de', region: 'de-by', zip: '80331' });
    expect(r.ipAddress).not.toHaveProperty('cityMissing');
    expect(Object.keys(r.ipAddress!)).toEqual(['city', 'country', 'ipAddress', 'region', 'rules', 'score', 'zip']);
  });

  it('fills city and zip from an ip-location-db record, whose state1 is a name and gives no region', async () => {
    const r = await classify({ ipAddress: '91.0.200.7' }, providers());
    expect(r.ipAddress).toMatchObject({ city: 'Dusseldorf', country: 'de', region: null, zip: '40227' });
  });

  it('reads an IPv6 address from an IPv6 database only, never from the first 32 bits in an IPv4 one', async () => {
    expect((await classify({ ipAddress: '2a01:4f8::1' }, providers())).ipAddress).toMatchObject({ city: 'Nuremberg', region: 'de-by', zip: '90402' });
    const onlyV4 = await classify({ ipAddress: '2a01:4f8::1' }, { geo: createGeoProvider({ cityDatabase: flatDb }) });
    expect(onlyV4.ipAddress).toMatchObject({ city: null, cityMissing: 'not-in-city-database', country: 'de', region: null });
  });

  it('says why the city is null', async () => {
    const none = await classify({ ipAddress: '84.128.1.1' }, { geo: createGeoProvider({ cityDatabase: false }) });
    expect(none.ipAddress).toMatchObject({ city: null, cityMissing: 'no-city-database', country: 'de', region: null, zip: null });
    expect(Object.keys(none.ipAddress!)).toEqual(['city', 'cityMissing', 'country', 'ipAddress', 'region', 'rules', 'score', 'zip']);
    expect((await classify({ ipAddress: '8.8.8.8' }, providers())).ipAddress).toMatchObject({ city: null, cityMissing: 'not-in-city-database', country: 'us' });
    expect((await classify({ ipAddress: '192.168.1.1' }, providers())).ipAddress).toMatchObject({ city: null, cityMissing: 'non-public', country: null });
    expect((await classify({ ipAddress: '84.128.1.1' }, {})).ipAddress).toMatchObject({ city: null, cityMissing: 'no-provider' });
    // A custom provider that gives no city and no reason.
    const custom = { geo: { name: 'custom', lookup: async () => ({ country: 'DE', city: null, zip: null }) } };
    expect((await classify({ ipAddress: '84.128.1.1' }, custom)).ipAddress).toMatchObject({ city: null, cityMissing: 'unknown', region: null });
    // Without a city package installed (none is a dependency), the default providers say so too.
    if (installedCityDatabases().length === 0) {
      expect((await classify({ ipAddress: '84.128.1.1' })).ipAddress).toMatchObject({ city: null, cityMissing: 'no-city-database' });
    }
  });
});

describe('region fences (ISO 3166-2)', () => {
  const providers = () => ({ geo: createGeoProvider({ cityDatabase: [maxmindDb, flatDb] }) });
  const rule = (r: ClassifyResponse, category: 'ipAddress' | 'timeZone', name: string) => r[category]!.rules[name]!;

  it('blocks an address in the region, any case, and names the region', async () => {
    for (const entry of ['DE-BY', 'de-by', 'De-bY']) {
      const r = await classify({ ipAddress: '84.128.1.1', blockedCountries: [entry] }, providers());
      expect(r.reasons).toEqual(['ipAddress.BLOCKED_COUNTRY']);
      expect(rule(r, 'ipAddress', 'BLOCKED_COUNTRY')).toMatchObject({
        score: 5,
        matches: [{ field: 'ipAddress', value: 'de-by', reason: 'DE-BY' }],
        evidence: { country: 'de', region: 'de-by', blockedBy: 'DE-BY' },
      });
    }
  });

  it('does not block another region of the same country', async () => {
    const r = await classify({ ipAddress: '5.9.1.1', blockedCountries: ['DE-BY'] }, providers());
    expect(r.ipAddress).toMatchObject({ city: 'Falkenstein', region: 'de-sn' });
    expect(rule(r, 'ipAddress', 'BLOCKED_COUNTRY')).toEqual({ score: 0, significance: 'high', evidence: { country: 'de', region: 'de-sn' } });
    expect(r.reasons).toEqual([]);
  });

  it('never blocks an address whose region is unknown (no region in the database, no city database, a time zone)', async () => {
    const flatOnly = await classify({ ipAddress: '91.0.200.7', blockedCountries: ['DE-NW'] }, providers());
    expect(rule(flatOnly, 'ipAddress', 'BLOCKED_COUNTRY')).toMatchObject({ score: 0, evidence: { country: 'de' } });
    const noCity = await classify({ ipAddress: '84.128.1.1', blockedCountries: ['DE-BY'], timeZone: 'Europe/Berlin' }, { geo: createGeoProvider({ cityDatabase: false }) });
    expect(noCity.score).toBe(0);
    expect(rule(noCity, 'timeZone', 'BLOCKED_COUNTRY')).toEqual({ score: 0, significance: 'high', evidence: { country: 'de' } });
  });

  it('mixes with countries: the country entry still blocks', async () => {
    const r = await classify({ ipAddress: '5.9.1.1', blockedCountries: ['DE-BY', 'de'] }, providers());
    expect(rule(r, 'ipAddress', 'BLOCKED_COUNTRY')).toMatchObject({ score: 5, evidence: { country: 'de', region: 'de-sn', blockedBy: 'DE' } });
  });

  it('expectedCountries: in the region is expected, another region of the country is not, an unknown region is not held against the address', async () => {
    const inside = await classify({ ipAddress: '84.128.1.1', expectedCountries: ['DE-BY'] }, providers());
    expect(rule(inside, 'ipAddress', 'UNEXPECTED_COUNTRY')).toMatchObject({ score: 0, evidence: { country: 'de', region: 'de-by', expectedBy: 'DE-BY' } });
    const outside = await classify({ ipAddress: '5.9.1.1', expectedCountries: ['DE-BY'] }, providers());
    expect(rule(outside, 'ipAddress', 'UNEXPECTED_COUNTRY')).toMatchObject({ score: 1, matches: [{ field: 'ipAddress', value: 'de-sn' }], evidence: { country: 'de', region: 'de-sn', expected: ['DE-BY'] } });
    expect(outside.reasons).toEqual(['ipAddress.UNEXPECTED_COUNTRY']);
    const unknown = await classify({ ipAddress: '91.0.200.7', expectedCountries: ['DE-BY'], timeZone: 'Europe/Berlin' }, providers());
    expect(rule(unknown, 'ipAddress', 'UNEXPECTED_COUNTRY')).toMatchObject({ score: 0, evidence: { country: 'de', expectedBy: 'DE-BY', regionUnknown: true } });
    expect(rule(unknown, 'timeZone', 'UNEXPECTED_COUNTRY')).toMatchObject({ score: 0, evidence: { country: 'de', expectedBy: 'DE-BY', regionUnknown: true } });
    // Another country is unexpected whatever its region.
    const us = await classify({ ipAddress: '8.8.8.8', expectedCountries: ['DE-BY'], timeZone: 'America/New_York' }, providers());
    expect(us.reasons).toEqual(['ipAddress.UNEXPECTED_COUNTRY', 'timeZone.UNEXPECTED_COUNTRY']);
  });

  it('explains a region hit with the region', async () => {
    const r = await classify({ ipAddress: '84.128.1.1', blockedCountries: ['DE-BY'] }, providers(), { explain: 'en' });
    expect(r.explanations![0]!.text).toBe('The IP address 84.128.1.1 is in a blocked country: Germany (DE-BY).');
  });

  it('validates region entries with a readable error', async () => {
    await expect(classify({ ipAddress: '84.128.1.1', blockedCountries: ['XX-BY'] })).rejects.toMatchObject({ code: 'INVALID_REQUEST', path: '$.blockedCountries[0]', message: expect.stringMatching(/"XX-BY" is not an ISO 3166-2 region code: XX is not/) });
    await expect(classify({ ipAddress: '84.128.1.1', expectedCountries: ['DE-BAYE'] })).rejects.toMatchObject({ code: 'INVALID_REQUEST', path: '$.expectedCountries[0]', message: expect.stringMatching(/ISO 3166-2 region code such as `US-CA`/) });
    await expect(classify({ ipAddress: '84.128.1.1', blockedCountries: ['us-ca', 'FR-75C'] })).resolves.toBeDefined();
  });
});

describe('bad city databases', () => {
  it('throws INVALID_GEO_DATABASE for a missing file, a directory and a file that is not an mmdb', () => {
    for (const [path, message] of [[join(dir, 'missing.mmdb'), /missing\.mmdb: no such file/], [dir, /is a directory/], [notMmdb, /not-a-database\.mmdb: not a MaxMind DB \(mmdb\) file/]] as const) {
      let error: unknown;
      try {
        createGeoProvider({ cityDatabase: path }).load();
      } catch (e) {
        error = e;
      }
      expect(isFormspamError(error), String(path)).toBe(true);
      expect(error).toMatchObject({ code: 'INVALID_GEO_DATABASE', message: expect.stringMatching(message) });
    }
  });

  it('formspam status reports a given database with its licence', () => {
    const status = datasetStatus({ cityDatabase: [maxmindDb, join(dir, 'missing.mmdb')] }).filter((d) => d.id === 'geo-city');
    expect(status).toHaveLength(2);
    expect(status[0]).toMatchObject({ source: maxmindDb, generated: '2026-01-01T00:00:00.000Z', licence: expect.stringMatching(/GeoLite2 EULA/) });
    expect(status[1]).toMatchObject({ generated: null, problem: expect.stringMatching(/no such file/) });
    expect(datasetStatus({ cityDatabase: false }).some((d) => d.id === 'geo-city')).toBe(false);
  });
});

describe('--geo-city-db', () => {
  it('formspam classify fills city, zip and region from it, and fences the region', async () => {
    const r = await runCli(['classify', '--offline', '--geo-city-db', maxmindDb], JSON.stringify({ ipAddress: '84.128.1.1', blockedCountries: ['de-by'] }));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const response = JSON.parse(r.stdout) as ClassifyResponse;
    expect(response.ipAddress).toMatchObject({ city: 'Munich', region: 'de-by', zip: '80331' });
    expect(response.reasons).toEqual(['ipAddress.BLOCKED_COUNTRY']);
    // A comma-separated list and the environment variable.
    const env = await runCli(['classify', '--offline'], JSON.stringify({ ipAddress: '91.0.200.7' }), { env: { FORMSPAM_GEO_CITY_DB: `${maxmindDb},${flatDb}` } });
    expect((JSON.parse(env.stdout) as ClassifyResponse).ipAddress).toMatchObject({ city: 'Dusseldorf', zip: '40227' });
  });

  it('a missing or non-mmdb file is INVALID_GEO_DATABASE, exit 2, no stack trace', async () => {
    for (const [args, message] of [
      [['classify', '--offline', '--geo-city-db', join(dir, 'missing.mmdb')], /missing\.mmdb: no such file/],
      [['classify', '--offline', '--geo-city-db', notMmdb], /not a MaxMind DB/],
      [['status', '--geo-city-db', join(dir, 'missing.mmdb')], /no such file/],
      [['serve', '--store', 'memory', '--offline', '--no-warm-up', '--port', '0', '--geo-city-db', notMmdb], /not a MaxMind DB/],
    ] as const) {
      const r = await runCli([...args], '{"ipAddress":"84.128.1.1"}');
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).not.toMatch(/\n\s+at .*:\d+:\d+/);
      const error = (JSON.parse(r.stderr.trim().split('\n').at(-1)!) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe('INVALID_GEO_DATABASE');
      expect(error.message).toMatch(message);
    }
  });

  it('formspam status lists it', async () => {
    const r = await runCli(['status', '--json', '--geo-city-db', maxmindDb]);
    expect(r.code).toBe(0);
    const city = (JSON.parse(r.stdout) as { datasets: { id: string; source: string }[] }).datasets.filter((d) => d.id === 'geo-city');
    expect(city).toEqual([expect.objectContaining({ source: maxmindDb })]);
  });

  it('formspam serve honours it', async () => {
    const token = 'admin-token-0123456789abcdef0123456789';
    const server = await startServer(['--store', 'memory', '--offline', '--no-warm-up', '--no-rate-limits', '--geo-city-db', maxmindDb], { FORMSPAM_ADMIN_TOKEN: token });
    try {
      expect(server.logs()).toContain('"event":"geo-city"');
      const created = await fetch(`${server.url}/admin/keys`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ hostname: 'example.com' }) });
      expect(created.status).toBe(201);
      const { apiKey } = (await created.json()) as { apiKey: string };
      const res = await fetch(`${server.url}/api/v1/classify?apiKey=${apiKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ipAddress: '84.128.1.1', blockedCountries: ['DE-BY'] }),
      });
      const body = (await res.json()) as ClassifyResponse;
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.ipAddress).toMatchObject({ city: 'Munich', region: 'de-by', zip: '80331' });
      expect(body.reasons).toEqual(['ipAddress.BLOCKED_COUNTRY']);
    } finally {
      await server.stop();
    }
  }, 30_000);
});
