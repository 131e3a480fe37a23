import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FREE_EMAIL_DOMAINS } from '../../../src/data/free-email-domains.js';
import { IANA_TLDS } from '../../../src/data/tlds.js';
import { FREE_PROVIDER_ADDITIONS, TRUSTED_EMAIL_PROVIDERS } from '../../../src/data/trusted-email-providers.js';
import { disposableDomainSet, freeProviderTier, isKnownTld, matchDomainOrParent } from '../../../src/email/lists.js';

const require = createRequire(import.meta.url);
const freemailFree = new Set(readFileSync(require.resolve('freemail/data/free.txt'), 'utf8').split('\n').map((l) => l.trim()));
const freemailDisposable = new Set(readFileSync(require.resolve('freemail/data/disposable.txt'), 'utf8').split('\n').map((l) => l.trim()));

describe('the trusted providers list', () => {
  it('has 60 to 100 distinct domains', () => {
    expect(new Set(TRUSTED_EMAIL_PROVIDERS).size).toBe(TRUSTED_EMAIL_PROVIDERS.length);
    expect(TRUSTED_EMAIL_PROVIDERS.length).toBeGreaterThanOrEqual(60);
    expect(TRUSTED_EMAIL_PROVIDERS.length).toBeLessThanOrEqual(100);
  });

  it.each(TRUSTED_EMAIL_PROVIDERS)('%s is a real free provider and in no disposable list', (domain) => {
    expect(freemailFree.has(domain) || FREE_PROVIDER_ADDITIONS.includes(domain)).toBe(true);
    expect(disposableDomainSet().has(domain)).toBe(false);
    expect(freemailDisposable.has(domain)).toBe(false);
    expect(freeProviderTier(domain)).toBe('trusted');
  });

  it('the hand-checked additions are few, not in freemail already, and not disposable', () => {
    expect(FREE_PROVIDER_ADDITIONS.length).toBeLessThanOrEqual(20);
    for (const d of FREE_PROVIDER_ADDITIONS) {
      expect(freemailFree.has(d), d).toBe(false);
      expect(disposableDomainSet().has(d), d).toBe(false);
      expect(freemailDisposable.has(d), d).toBe(false);
    }
  });
});

describe('the generated lists', () => {
  it('the free list has no disposable domain', () => {
    const free = FREE_EMAIL_DOMAINS.split(' ');
    expect(free.length).toBeGreaterThan(4000);
    expect(free.filter((d) => disposableDomainSet().has(d))).toEqual([]);
  });

  it('the TLD list is the IANA root zone', () => {
    expect(IANA_TLDS.split(' ').length).toBeGreaterThan(1400);
    for (const tld of ['com', 'de', 'cz', 'photography', 'xn--p1ai']) expect(isKnownTld(tld)).toBe(true);
    for (const tld of ['test', 'example', 'invalid', 'localhost', 'local', 'con']) expect(isKnownTld(tld)).toBe(false);
  });

  it('matches a domain or its parents, never the bare TLD', () => {
    const set = new Set(['mailinator.com', 'com']);
    expect(matchDomainOrParent(set, 'a.b.mailinator.com')).toBe('mailinator.com');
    expect(matchDomainOrParent(set, 'other.com')).toBe(null);
  });
});
