/**
 * The bundled domain lists of the email rules, each loaded on first use: IANA TLDs, the curated
 * trusted providers, the other free providers (freemail) and the disposable domains
 * (disposable-email-domains-js). Sources and licences: docs/data.md.
 */
import disposableDomains from 'disposable-email-domains-js';
import { FREE_EMAIL_DOMAINS } from '../data/free-email-domains.js';
import { IANA_TLDS } from '../data/tlds.js';
import { FREE_PROVIDER_ADDITIONS, TRUSTED_EMAIL_PROVIDERS } from '../data/trusted-email-providers.js';

let tlds: ReadonlySet<string> | undefined;
let trusted: ReadonlySet<string> | undefined;
let free: ReadonlySet<string> | undefined;
let disposable: ReadonlySet<string> | undefined;

/** True when `tld` (ASCII, lower case) is a top-level domain of the root zone. */
export function isKnownTld(tld: string): boolean {
  tlds ??= new Set(IANA_TLDS.split(' '));
  return tlds.has(tld);
}

export type FreeProviderTier = 'trusted' | 'free';

/** The free-provider tier of a domain (ASCII, lower case): exact matches only. */
export function freeProviderTier(domain: string): FreeProviderTier | null {
  trusted ??= new Set(TRUSTED_EMAIL_PROVIDERS);
  free ??= new Set([...FREE_EMAIL_DOMAINS.split(' '), ...FREE_PROVIDER_ADDITIONS]);
  if (trusted.has(domain)) return 'trusted';
  if (free.has(domain)) return 'free';
  return null;
}

/** The disposable domains (disposable-email-domains-js), as one Set shared by all requests. */
export function disposableDomainSet(): ReadonlySet<string> {
  disposable ??= disposableDomains.disposableEmailBlocklistSet();
  return disposable;
}

/**
 * The entry of `set` that `domain` or one of its parent domains is (never the bare TLD), or
 * `null`: `a.b.mailinator.com` matches `mailinator.com`.
 */
export function matchDomainOrParent(set: ReadonlySet<string>, domain: string): string | null {
  let d = domain;
  for (;;) {
    if (set.has(d)) return d;
    const dot = d.indexOf('.');
    if (dot === -1 || d.indexOf('.', dot + 1) === -1) return null;
    d = d.slice(dot + 1);
  }
}
