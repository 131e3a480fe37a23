/** The geo parts of a response: the `ipAddress` object's location, the `timeZone` object's country, the `country` object. */
import { countryResult, type CountryResult } from '../geo/countries.js';
import { timeZoneCountry } from '../geo/time-zone.js';

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value.slice(0, 200) : null;
}

/** A reason as the response may carry it: a short kebab-case code, else null. */
function reasonText(value: unknown): string | null {
  return typeof value === 'string' && /^[a-z][a-z0-9-]{0,39}$/.test(value) ? value : null;
}

/** The `ipAddress` object's location fields. */
export interface IpLocation {
  city: string | null;
  /** Why `city` is null; absent when it is not. */
  cityMissing?: string;
  country: string | null;
  region: string | null;
  zip: string | null;
}

/**
 * City, country (lower case), region (ISO 3166-2, lower case) and zip from the result of the
 * `ip.geo` fact, if it was fetched; when the city is null, `cityMissing` says why: the
 * provider's reason (`no-city-database`, `not-in-city-database`), the fact's failure
 * (`non-public`, `no-provider`, `timeout`, `provider-error`), or `unknown` when a provider
 * gave no city without saying why.
 */
export function ipLocationOf(result: unknown): IpLocation {
  const r = result as { ok?: unknown; reason?: unknown; value?: { country?: unknown; city?: unknown; zip?: unknown; region?: unknown; cityMissing?: unknown } | null } | undefined;
  if (r === undefined || r.ok !== true) {
    return { city: null, cityMissing: reasonText(r?.reason) ?? 'no-provider', country: null, region: null, zip: null };
  }
  const v = r.value;
  if (!v || typeof v !== 'object') return { city: null, cityMissing: 'unknown', country: null, region: null, zip: null };
  const country = typeof v.country === 'string' && /^[A-Za-z]{2}$/.test(v.country) ? v.country.toLowerCase() : null;
  const region = typeof v.region === 'string' && /^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/.test(v.region) ? v.region.toLowerCase() : null;
  const city = text(v.city);
  const out: IpLocation = { city, country, region, zip: text(v.zip) };
  if (city === null) out.cityMissing = reasonText(v.cityMissing) ?? 'unknown';
  return out;
}

/** The lower-case country of a time zone, or null. */
export function timeZoneCountryCode(zone: string): string | null {
  const tz = timeZoneCountry(zone);
  return tz.status === 'country' ? tz.country.toLowerCase() : null;
}

/**
 * The response's `country`: from the time zone when it names one (often more accurate than
 * the IP address), else from the IP address; null when neither tells; undefined when neither
 * was given.
 */
export function detectedCountry(
  timeZone: { country: string | null } | undefined,
  ipAddress: { country: string | null } | undefined,
): CountryResult | null | undefined {
  if (timeZone === undefined && ipAddress === undefined) return undefined;
  const code = timeZone?.country ?? ipAddress?.country ?? null;
  return code === null ? null : countryResult(code);
}
