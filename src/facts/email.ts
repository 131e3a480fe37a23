/**
 * The facts of the email rules. Each is fetched once per request by the engine; none is
 * fetched for an invalid address (the rules needing it are skipped with `invalid-email`), and
 * none ever sees the local part (REPORTED's provider gets a hash).
 */
import { hashEmailAddress } from '../providers/reported-email.js';
import type { DnsAnswer, DnsProvider, EmailReputation } from '../providers/types.js';
import type { NormalizedRequest } from '../core/request.js';
import { defineFact, FactUnavailable } from '../core/rule.js';
import { emailOf } from '../email/address.js';

/** The domain of a valid address; throws FactUnavailable otherwise so that no look-up is made. */
export function validDomainOf(request: NormalizedRequest): string {
  const parsed = emailOf(request);
  if (!parsed || parsed.invalid !== null || parsed.domain === null) {
    throw new FactUnavailable('invalid-email', 'the email address is invalid: nothing to look up');
  }
  return parsed.domain;
}

/** Where mail for a domain goes (RFC 5321 5.1, RFC 7505). */
export type MailRouting =
  | { kind: 'mx'; exchanges: string[] }
  | { kind: 'address' }
  | { kind: 'null-mx' }
  | { kind: 'nxdomain' }
  | { kind: 'no-mail-host' };

/** MX records, with the implicit MX (A/AAAA) fallback when there are none. */
export const mailRoutingFact = defineFact({
  key: 'dns.mail',
  provider: 'dns',
  async fetch(dns: DnsProvider, request, options): Promise<MailRouting> {
    const domain = validDomainOf(request);
    const mx = await dns.mx(domain, options);
    if (mx.status === 'nxdomain') return { kind: 'nxdomain' };
    if (mx.status === 'ok' && mx.records.length > 0) {
      const exchanges = mx.records.filter((r) => r.exchange !== '' && r.exchange !== '.').map((r) => r.exchange);
      return exchanges.length === 0 ? { kind: 'null-mx' } : { kind: 'mx', exchanges };
    }
    const addresses = await dns.addresses(domain, options);
    if (addresses.status === 'ok' && addresses.records.length > 0) return { kind: 'address' };
    return addresses.status === 'nxdomain' ? { kind: 'nxdomain' } : { kind: 'no-mail-host' };
  },
});

/** The DMARC record that applies to a domain, if any. */
export type DmarcLookup =
  | { found: true; name: string; policy: string | null }
  | { found: false; checked: string[] };

const DMARC = /^v\s*=\s*DMARC1\s*(;|$)/i;
const POLICY = /(?:^|;)\s*p\s*=\s*([a-z]{1,20})/i;

/**
 * The names whose `_dmarc` record applies to `domain`: the domain itself, then its parents up
 * to the organisational domain, never the TLD (the tree walk of DMARCbis, so no public
 * suffix list is needed): at most 8, the domain and its 7 shortest parents.
 */
export function dmarcCandidates(domain: string): string[] {
  const labels = domain.split('.');
  const names: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) names.push(labels.slice(i).join('.'));
  return names.length <= 8 ? names : [names[0]!, ...names.slice(-7)];
}

function dmarcRecord(answer: DnsAnswer<string>): string | null {
  if (answer.status !== 'ok') return null;
  return answer.records.find((r) => DMARC.test(r)) ?? null;
}

/** `v=DMARC1` TXT at `_dmarc.<domain>`, else at each parent up to the organisational domain. */
export const dmarcFact = defineFact({
  key: 'dns.dmarc',
  provider: 'dns',
  async fetch(dns: DnsProvider, request, options): Promise<DmarcLookup> {
    const domain = validDomainOf(request);
    const checked: string[] = [];
    for (const name of dmarcCandidates(domain)) {
      checked.push(`_dmarc.${name}`);
      const record = dmarcRecord(await dns.txt(`_dmarc.${name}`, options));
      if (record !== null) return { found: true, name: `_dmarc.${name}`, policy: POLICY.exec(record)?.[1]?.toLowerCase() ?? null };
    }
    return { found: false, checked };
  },
});

/** Membership of the domain (and, for a full address, of its hash) in the reported lists. */
export const reportedFact = defineFact({
  key: 'lists.reportedEmail',
  provider: 'emailReputation',
  async fetch(lists, request, options): Promise<EmailReputation> {
    const domain = validDomainOf(request);
    const address = emailOf(request)?.address ?? null;
    const addressHash = address === null ? null : hashEmailAddress(address);
    // Awaited here, not returned: the look-up's rejection (no list loaded) has its handler
    // before it happens, so Node never tracks it as unhandled.
    return await lists.lookup({ domain, addressHash }, options);
  },
});
