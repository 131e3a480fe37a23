/**
 * IANA time zone → country, with countries-and-timezones (MIT): every zone Node knows,
 * including deprecated links (`US/Eastern`, `Asia/Calcutta`). `Etc/*`, `UTC` and similar zones
 * are valid but have no country.
 */
import ct from 'countries-and-timezones';

/** What a time zone tells about a country. */
export type TimeZoneCountry =
  | { status: 'country'; zone: string; country: string }
  | { status: 'no-country'; zone: string }
  | { status: 'unknown' };

let byLowerName: Map<string, string> | undefined;

function canonicalName(zone: string): string | null {
  if (ct.getTimezone(zone)) return zone;
  // Zone names are case-insensitive (Intl accepts "europe/prague"); browsers send the canonical case.
  byLowerName ??= new Map(Object.keys(ct.getAllTimezones({ deprecated: true })).map((z) => [z.toLowerCase(), z]));
  return byLowerName.get(zone.toLowerCase()) ?? null;
}

const cache = new Map<string, TimeZoneCountry>();

/** Resolves an IANA zone name to its primary country (upper-case alpha-2). */
export function timeZoneCountry(zone: string): TimeZoneCountry {
  const cached = cache.get(zone);
  if (cached) return cached;
  let result: TimeZoneCountry;
  const name = zone.length <= 100 ? canonicalName(zone) : null;
  if (name === null) {
    result = { status: 'unknown' };
  } else {
    const country = ct.getCountryForTimezone(name)?.id;
    result = country ? { status: 'country', zone: name, country } : { status: 'no-country', zone: name };
  }
  if (cache.size < 2000) cache.set(zone, result);
  return result;
}
