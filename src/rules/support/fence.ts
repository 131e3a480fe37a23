/**
 * The geo-fencing logic shared by `ipAddress.*_COUNTRY` and `timeZone.*_COUNTRY`: one
 * function per rule, given the detected country (upper case) and region (ISO 3166-2, upper
 * case, only from a city database that gives one), or the reason there is none.
 */
import { hit, miss, skip, type RuleOutcome } from '../../core/rule.js';
import { fenceMatch, undecidedRegion } from '../../geo/countries.js';

/** The detected country and region, or why there is none (`no-country`, `invalid-time-zone`). */
export type Detected<R extends string = 'no-country' | 'invalid-time-zone'> = { country: string; region?: string | null } | { none: R };

/** The evidence every outcome with a country carries: the country, and the region when known (lower case). */
function place(country: string, region: string | null): { country: string; region?: string } {
  return region === null ? { country } : { country, region: region.toLowerCase() };
}

/**
 * Hit when the country (or, for a region entry such as `DE-BY`, the region) is in `blocked`;
 * miss when `blocked` is empty or does not hold it. A region entry never blocks an address
 * whose region is not known (no city database, a time zone).
 */
export function blockedOutcome<R extends string>(field: string, blocked: readonly string[], detected: Detected<R>): RuleOutcome<R> {
  if (blocked.length === 0) return miss('country' in detected ? place(detected.country.toLowerCase(), detected.region ?? null) : undefined);
  if (!('country' in detected)) return skip(detected.none);
  const region = detected.region ?? null;
  const where = place(detected.country.toLowerCase(), region);
  const entry = fenceMatch(blocked, detected.country, region);
  if (entry === null) return miss(where);
  const value = entry === region ? where.region! : where.country;
  return hit([{ field, value, reason: entry }], { ...where, blockedBy: entry });
}

/**
 * Hit when `expected` is given and holds neither the country nor, for a region entry, the
 * region. A region entry of the address's country whose region is not known can be ruled
 * neither in nor out: it is not held against the address (miss, `regionUnknown: true`).
 */
export function unexpectedOutcome<R extends string>(field: string, expected: readonly string[], detected: Detected<R>): RuleOutcome<R> {
  if (expected.length === 0) return miss('country' in detected ? place(detected.country.toLowerCase(), detected.region ?? null) : undefined);
  if (!('country' in detected)) return skip(detected.none);
  const region = detected.region ?? null;
  const where = place(detected.country.toLowerCase(), region);
  const entry = fenceMatch(expected, detected.country, region);
  if (entry !== null) return miss({ ...where, expectedBy: entry });
  const undecided = region === null ? undecidedRegion(expected, detected.country) : null;
  if (undecided !== null) return miss({ ...where, expectedBy: undecided, regionUnknown: true });
  return hit([{ field, value: region === null ? where.country : where.region! }], { ...where, expected: [...expected] });
}
