/**
 * The facts of the IP rules. A non-public address (private, loopback, link-local, CGNAT,
 * reserved, …) is never looked up: the fact is unavailable with reason `non-public`, so its
 * rules are skipped quietly with that reason.
 */
import type { NormalizedRequest } from '../core/request.js';
import { defineFact, FactUnavailable, skip, type RuleOutcome } from '../core/rule.js';

function publicAddress(request: NormalizedRequest): string {
  const ip = request.ip;
  if (!ip) throw new FactUnavailable('no-input');
  if (!ip.public) throw new FactUnavailable('non-public', `${ip.address} is a ${ip.range} address`);
  return ip.address;
}

/** Country, city, zip and region of the request's address (`geo` provider). */
export const geoFact = defineFact({
  key: 'ip.geo',
  provider: 'geo',
  fetch: (geo, request, options) => geo.lookup(publicAddress(request), options),
});

/** ASN, organisation and list membership of the request's address (`ipReputation` provider). */
export const ipReputationFact = defineFact({
  key: 'ip.reputation',
  provider: 'ipReputation',
  fetch: (provider, request, options) => provider.lookup(publicAddress(request), options),
});

/** The skip of an IP rule for a non-public address, with its range as evidence; null for a public one. */
export function nonPublic(request: NormalizedRequest): RuleOutcome<'no-input' | 'non-public'> | null {
  const ip = request.ip;
  if (!ip) return skip('no-input');
  return ip.public ? null : skip('non-public', { range: ip.range });
}

/** The upper-case country code of a geo fact value, or null (also for malformed values). */
export function countryOf(geo: unknown): string | null {
  const c = (geo as { country?: unknown } | null)?.country;
  return typeof c === 'string' && /^[A-Za-z]{2}$/.test(c) ? c.toUpperCase() : null;
}

/** The upper-case ISO 3166-2 region of a geo fact value when it belongs to `country`, or null. */
export function regionOf(geo: unknown, country: string): string | null {
  const r = (geo as { region?: unknown } | null)?.region;
  if (typeof r !== 'string' || !/^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/.test(r)) return null;
  const region = r.toUpperCase();
  return region.startsWith(`${country}-`) ? region : null;
}
