/** The geo parts of a response: the `ipAddress` object's location, the `timeZone` object's country, the `country` object. */
import { countryResult, type CountryResult } from './countries.js';
import { timeZoneCountry } from './time-zone.js';

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value.slice(0, 200) : null;
}

/** City, country (lower case) and zip from the result of the `ip.geo` fact, if it was fetched. */
export function ipLocationOf(result: unknown): { city: string | null; country: string | null; zip: string | null } {
  const r = result as { ok?: unknown; value?: { country?: unknown; city?: unknown; zip?: unknown } | null } | undefined;
  const v = r?.ok === true ? r.value : null;
  if (!v || typeof v !== 'object') return { city: null, country: null, zip: null };
  const country = typeof v.country === 'string' && /^[A-Za-z]{2}$/.test(v.country) ? v.country.toLowerCase() : null;
  return { city: text(v.city), country, zip: text(v.zip) };
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
