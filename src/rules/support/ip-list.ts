import type { IpListKind, IpReputation } from '../../providers/types.js';
import type { NormalizedRequest } from '../../core/request.js';
import { matchesOutcome, skip, type Match, type RuleOutcome } from '../../core/rule.js';
import { nonPublic } from '../../facts/ip.js';

/**
 * The outcome of a list rule (HOSTING, MALICIOUS, PROXY, TOR): a hit per list entry holding
 * the address, a miss when the lists of the kind are loaded and none holds it, and a skip
 * with `no-data` when no list of the kind is loaded.
 */
export function listOutcome(request: NormalizedRequest, reputation: IpReputation, kind: IpListKind): RuleOutcome<'no-input' | 'non-public' | 'no-data'> {
  const np = nonPublic(request);
  if (np) return np;
  const slot = (reputation as Partial<IpReputation> | null)?.lists?.[kind];
  if (!slot || !Array.isArray(slot.sources) || !Array.isArray(slot.matches)) return skip('no-data');
  const matches: Match[] = slot.matches
    .filter((m) => typeof m?.entry === 'string')
    .map((m) => ({ field: 'ipAddress', value: m.entry, reason: String(m.list) }));
  const evidence: Record<string, string | number | null | readonly string[]> = { lists: slot.sources.map(String) };
  if (kind === 'hosting') {
    evidence.asn = typeof reputation.asn === 'number' ? reputation.asn : null;
    evidence.organization = typeof reputation.organization === 'string' ? reputation.organization : null;
    // The curated ASNs are always there; data-centre ranges only after `formspam update-lists`.
    if (!slot.sources.some((s) => s !== 'hosting-asns')) evidence.ranges = 'no-data';
  }
  return matchesOutcome(matches, evidence);
}
