import rule from '../../../src/rules/email/reported.js';
import { factFailure, testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { name: 'listed domain', request: { email: '@spam-domain.com' }, facts: { listed: { domain: 'spam-domain.com', address: false } }, score: 5, values: ['spam-domain.com'] },
    {
      name: 'listed address: the match shows the domain, never the local part',
      request: { email: 'spammer@gmail.com' },
      facts: { listed: { domain: null, address: true } },
      score: 5,
      values: ['gmail.com'],
      fields: ['email'],
    },
    { name: 'both', request: { email: 'x@spam-domain.com' }, facts: { listed: { domain: 'spam-domain.com', address: true } }, score: 5, count: 2 },
  ],
  misses: [{ request: { email: 'anna@example.com' }, facts: { listed: { domain: null, address: false } } }],
  skips: [
    { name: 'list provider failure', request: { email: '@example.com' }, facts: { listed: factFailure('provider-error') }, reason: 'provider-error' },
    { name: 'no list provider', request: { email: '@example.com' }, facts: { listed: factFailure('no-provider') }, reason: 'no-provider' },
    { name: 'no list loaded: never a silent 0', request: { email: '@example.com' }, facts: { listed: factFailure('no-data') }, reason: 'no-data' },
    { name: 'invalid address: the fact looks nothing up', request: { email: '@example' }, facts: { listed: factFailure('invalid-email') }, reason: 'invalid-email' },
  ],
});
