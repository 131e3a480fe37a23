import rule from '../../../src/rules/email/dmarc.js';
import { factFailure, testRule } from '../../../src/testing/rule.js';

const email = { email: '@shop.example.com' };

testRule(rule, {
  hits: [
    {
      name: 'no DMARC record anywhere',
      request: email,
      facts: { dmarc: { found: false, checked: ['_dmarc.shop.example.com', '_dmarc.example.com'] } },
      score: 0.5,
      values: ['_dmarc.shop.example.com'],
    },
  ],
  misses: [
    { name: 'record at the domain', request: email, facts: { dmarc: { found: true, name: '_dmarc.shop.example.com', policy: 'reject' } } },
    { name: 'record at the organisational domain', request: email, facts: { dmarc: { found: true, name: '_dmarc.example.com', policy: null } } },
  ],
  skips: [
    { name: 'DNS timeout', request: email, facts: { dmarc: factFailure('timeout') }, reason: 'timeout' },
    { name: 'DNS failure', request: email, facts: { dmarc: factFailure('provider-error') }, reason: 'provider-error' },
    { name: 'no DNS provider', request: email, facts: { dmarc: factFailure('no-provider') }, reason: 'no-provider' },
    { name: 'invalid address: the fact looks nothing up', request: { email: '@example' }, facts: { dmarc: factFailure('invalid-email') }, reason: 'invalid-email' },
  ],
});
