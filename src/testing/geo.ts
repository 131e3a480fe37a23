/**
 * The GeoProvider conformance suite: every geo provider (the bundled offline one, yours) must
 * pass it. The engine asks a geo provider only about public addresses, in canonical form
 * (dotted decimal; RFC 5952 IPv6; an IPv4-mapped IPv6 address as IPv4), so the suite does too.
 *
 * @example
 * testGeoProvider('my geo provider', () => ({
 *   provider: createMyGeoProvider(),
 *   ipv4: { address: '5.9.1.1', country: 'DE' },
 *   ipv6: { address: '2a01:4f8::1', country: 'DE' },
 * }));
 */
import assert from 'node:assert/strict';
import { resolveRunner, type Runner } from './runner.js';
import { checkAbortedCall, checkSameAnswers, liveSignal, settle, skipCase } from './conformance.js';
import type { CityMissingReason, GeoLocation, GeoProvider } from '../providers/types.js';

/** A public address the provider places, with the country it must give (ISO 3166-1 alpha-2, any case). */
export interface GeoConformanceAddress {
  address: string;
  country: string;
}

export interface GeoConformanceSetup {
  provider: GeoProvider;
  /** A public IPv4 address and its country. */
  ipv4: GeoConformanceAddress;
  /** A public IPv6 address and its country; without it the IPv6 case is skipped, saying so. */
  ipv6?: GeoConformanceAddress;
  /** A public address the provider has no data for: it must answer `null` or nulls. */
  unknown?: string;
  /**
   * An address the provider's city data places, with its city and, when given, zip and region
   * (ISO 3166-2). Without it the city case is skipped, with the provider's own reason when its
   * answer says `cityMissing: 'no-city-database'`.
   */
  city?: GeoConformanceAddress & { city: string; zip?: string | null; region?: string | null };
  /** An address the provider places in a country but not in a city, and the `cityMissing` its answer must carry. */
  noCity?: { address: string; cityMissing?: CityMissingReason };
  /** Called after the suite. */
  close?: () => Promise<void> | void;
}

const CITY_MISSING: readonly string[] = ['no-city-database', 'not-in-city-database'] satisfies CityMissingReason[];

function nullableText(value: unknown, field: string, address: string): void {
  assert.ok(value === null || (typeof value === 'string' && value !== ''), `${field} of ${address} is ${JSON.stringify(value)}: a non-empty string or null (unknown)`);
}

/** Checks one answer against the GeoLocation shape. */
function checkShape(answer: GeoLocation | null, address: string): void {
  if (answer === null) return;
  assert.equal(typeof answer, 'object', `the answer for ${address} is neither null nor an object`);
  for (const field of ['country', 'city', 'zip'] as const) {
    assert.ok(Object.hasOwn(answer, field), `the answer for ${address} has no ${field}: unknown is null, not missing`);
    nullableText(answer[field], field, address);
  }
  if (answer.country !== null) assert.match(answer.country, /^[A-Za-z]{2}$/, `country of ${address}: ISO 3166-1 alpha-2`);
  if (answer.region !== undefined && answer.region !== null) {
    assert.match(answer.region, /^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/, `region of ${address}: ISO 3166-2`);
    assert.ok(answer.country !== null && answer.region.slice(0, 2).toUpperCase() === answer.country.toUpperCase(), `region ${answer.region} of ${address} is not in its country ${answer.country}`);
  }
  if (answer.cityMissing !== undefined) {
    assert.ok(CITY_MISSING.includes(answer.cityMissing), `cityMissing of ${address} is ${JSON.stringify(answer.cityMissing)}`);
    assert.equal(answer.city, null, `cityMissing of ${address} is set although its city is ${JSON.stringify(answer.city)}`);
  }
}

function upper(value: string | null | undefined): string | null | undefined {
  return typeof value === 'string' ? value.toUpperCase() : value;
}

/**
 * Declares the conformance tests of a GeoProvider (uses the runner's global
 * `describe`/`it`/`beforeAll`/`afterAll`, or the ones passed). Cases the setup gives nothing
 * for are skipped with the reason.
 */
export function testGeoProvider(name: string, setup: () => Promise<GeoConformanceSetup> | GeoConformanceSetup, runner: Runner = {}): void {
  const { describe, it, beforeAll, afterAll } = resolveRunner('testGeoProvider', runner, ['describe', 'it', 'beforeAll', 'afterAll']);
  describe(`GeoProvider conformance: ${name}`, () => {
    let s: GeoConformanceSetup;
    beforeAll(async () => {
      s = await setup();
    });
    afterAll(async () => {
      await s?.close?.();
    });
    const lookup = (address: string) => s.provider.lookup(address, liveSignal());
    const expectCountry = async (a: GeoConformanceAddress) => {
      const answer = await lookup(a.address);
      assert.ok(answer !== null, `no answer for ${a.address}`);
      checkShape(answer, a.address);
      assert.equal(upper(answer.country), a.country.toUpperCase(), `country of ${a.address}`);
    };

    it('places a public IPv4 address in its country (ISO 3166-1 alpha-2, any case)', async () => {
      await expectCountry(s.ipv4);
    });
    it('places a public IPv6 address in its country', async (...args: unknown[]) => {
      if (!s.ipv6) return skipCase(args[0], 'setup.ipv6 is not given: the provider is not checked with IPv6');
      await expectCountry(s.ipv6);
    });
    it("answers the GeoLocation shape: country, city and zip a non-empty string or null, never missing; region ISO 3166-2 in the country; cityMissing only with city null", async () => {
      const addresses = [s.ipv4.address, s.ipv6?.address, s.unknown, s.city?.address, s.noCity?.address].filter((a): a is string => a !== undefined);
      for (const address of addresses) checkShape(await lookup(address), address);
    });
    it('answers null, or null fields, for a public address it has no data for', async (...args: unknown[]) => {
      if (s.unknown === undefined) return skipCase(args[0], 'setup.unknown is not given: no address the provider has no data for');
      const answer = await lookup(s.unknown);
      checkShape(answer, s.unknown);
      if (answer !== null) {
        assert.deepEqual({ country: answer.country, city: answer.city, zip: answer.zip, region: answer.region ?? null }, { country: null, city: null, zip: null, region: null }, `the provider knows something of ${s.unknown}, which the setup says it has no data for`);
      }
    });
    it('gives the city, zip and region of an address its city data places', async (...args: unknown[]) => {
      if (!s.city) {
        const answer = await lookup(s.ipv4.address);
        const reason = answer?.cityMissing === 'no-city-database'
          ? "the provider has no city database (its answer says cityMissing: 'no-city-database')"
          : 'setup.city is not given: no address with a city to check';
        return skipCase(args[0], reason);
      }
      const c = s.city;
      const answer = await lookup(c.address);
      assert.ok(answer !== null, `no answer for ${c.address}`);
      checkShape(answer, c.address);
      assert.equal(upper(answer.country), c.country.toUpperCase(), `country of ${c.address}`);
      assert.equal(answer.city, c.city, `city of ${c.address}`);
      if (c.zip !== undefined) assert.equal(answer.zip, c.zip, `zip of ${c.address}`);
      if (c.region !== undefined) assert.equal(upper(answer.region ?? null), upper(c.region), `region of ${c.address}`);
      assert.equal(answer.cityMissing, undefined, `cityMissing is set for ${c.address}, which has a city`);
    });
    it('answers city null, saying why, for an address placed in a country but not in a city', async (...args: unknown[]) => {
      if (!s.noCity) return skipCase(args[0], 'setup.noCity is not given: no address without a city to check');
      const answer = await lookup(s.noCity.address);
      assert.ok(answer !== null, `no answer for ${s.noCity.address}`);
      checkShape(answer, s.noCity.address);
      assert.notEqual(answer.country, null, `no country for ${s.noCity.address}`);
      assert.equal(answer.city, null, `city of ${s.noCity.address}`);
      if (s.noCity.cityMissing !== undefined) assert.equal(answer.cityMissing, s.noCity.cityMissing, `cityMissing of ${s.noCity.address}`);
    });
    it('answers the same for the same address, also to concurrent callers', async () => {
      await checkSameAnswers(`lookup(${s.ipv4.address})`, () => lookup(s.ipv4.address));
      if (s.ipv6) await checkSameAnswers(`lookup(${s.ipv6.address})`, () => lookup(s.ipv6!.address));
    });
    it('answers null or null fields, or rejects, for input that is not an IP address; never throws synchronously', async () => {
      for (const input of ['not-an-ip', '', '999.1.2.3', '::g']) {
        const result = await settle(`lookup(${JSON.stringify(input)})`, () => s.provider.lookup(input, liveSignal()));
        if (!result.ok || result.value === null) continue;
        checkShape(result.value, input);
        assert.equal(result.value.country, null, `the provider placed ${JSON.stringify(input)}, which is not an IP address, in ${result.value.country}`);
      }
    });
    it('with an aborted signal rejects or answers as it would have', async () => {
      await checkAbortedCall(`lookup(${s.ipv4.address})`, (options) => s.provider.lookup(s.ipv4.address, options));
    });
  });
}
