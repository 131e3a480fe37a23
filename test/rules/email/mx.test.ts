import rule from '../../../src/rules/email/mx.js';
import { factFailure, testRule } from '../../../src/testing/rule.js';

const email = { email: '@example.com' };

testRule(rule, {
  hits: [
    { name: 'NXDOMAIN', request: email, facts: { mail: { kind: 'nxdomain' } }, score: 5, values: ['example.com'], fields: ['email'] },
    { name: 'null MX', request: email, facts: { mail: { kind: 'null-mx' } }, score: 5 },
    { name: 'no MX, no A/AAAA', request: email, facts: { mail: { kind: 'no-mail-host' } }, score: 5 },
  ],
  misses: [
    { name: 'MX records', request: email, facts: { mail: { kind: 'mx', exchanges: ['mx1.example.com'] } } },
    { name: 'A/AAAA fallback (implicit MX)', request: email, facts: { mail: { kind: 'address' } } },
  ],
  skips: [
    { name: 'DNS timeout', request: email, facts: { mail: factFailure('timeout') }, reason: 'timeout' },
    { name: 'DNS failure', request: email, facts: { mail: factFailure('provider-error') }, reason: 'provider-error' },
    { name: 'no DNS provider', request: email, facts: { mail: factFailure('no-provider') }, reason: 'no-provider' },
    { name: 'DNS switched off', request: email, facts: { mail: factFailure('offline') }, reason: 'offline' },
    { name: 'resolver failed its health check', request: email, facts: { mail: factFailure('resolver-unhealthy') }, reason: 'resolver-unhealthy' },
    { name: 'invalid address: the fact looks nothing up', request: { email: '@example' }, facts: { mail: factFailure('invalid-email') }, reason: 'invalid-email' },
  ],
});
