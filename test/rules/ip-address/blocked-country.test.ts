import rule from '../../../src/rules/ip-address/blocked-country.js';
import { factFailure, testRule } from '../../../src/testing/rule.js';

const DE = { country: 'DE', city: null, zip: null };
const US = { country: 'us', city: 'Mountain View', zip: '94043' };

testRule(rule, {
  hits: [
    { name: 'a blocked code', request: { ipAddress: '5.9.1.1', blockedCountries: ['de'] }, facts: { geo: DE }, values: ['de'], score: 5 },
    { name: 'upper-case code', request: { ipAddress: '5.9.1.1', blockedCountries: ['RU', 'DE'] }, facts: { geo: DE }, values: ['de'] },
    { name: 'a continent', request: { ipAddress: '5.9.1.1', blockedCountries: ['continent:EU'] }, facts: { geo: DE }, values: ['de'] },
    { name: 'a named list', request: { ipAddress: '5.9.1.1', blockedCountries: ['list:eu'] }, facts: { geo: DE }, values: ['de'] },
    { name: 'lower-case provider answer', request: { ipAddress: '8.8.8.8', blockedCountries: ['continent:NA'] }, facts: { geo: US } },
    { name: 'IPv6', request: { ipAddress: '2a01:4f8::1', blockedCountries: ['de'] }, facts: { geo: DE } },
    { name: 'IPv4-mapped IPv6', request: { ipAddress: '::ffff:5.9.1.1', blockedCountries: ['de'] }, facts: { geo: DE } },
  ],
  misses: [
    { name: 'no blockedCountries', request: { ipAddress: '5.9.1.1' }, facts: { geo: DE } },
    { name: 'another country', request: { ipAddress: '5.9.1.1', blockedCountries: ['us', 'continent:AS', 'list:sanctioned'] }, facts: { geo: DE } },
    { name: 'no country known, nothing blocked', request: { ipAddress: '5.9.1.1' }, facts: { geo: { country: null, city: null, zip: null } } },
  ],
  skips: [
    { name: 'no country known', request: { ipAddress: '5.9.1.1', blockedCountries: ['de'] }, facts: { geo: { country: null, city: null, zip: null } }, reason: 'no-country' },
    { name: 'a provider answer that is not a country', request: { ipAddress: '5.9.1.1', blockedCountries: ['de'] }, facts: { geo: { country: 'Germany' } }, reason: 'no-country' },
    { name: 'private address', request: { ipAddress: '192.168.1.1', blockedCountries: ['de'] }, facts: { geo: DE }, reason: 'non-public' },
    { name: 'loopback IPv6', request: { ipAddress: '::1', blockedCountries: ['de'] }, facts: { geo: DE }, reason: 'non-public' },
    { name: 'provider timeout', request: { ipAddress: '5.9.1.1', blockedCountries: ['de'] }, facts: { geo: factFailure('timeout') }, reason: 'timeout' },
    { name: 'provider error', request: { ipAddress: '5.9.1.1', blockedCountries: ['de'] }, facts: { geo: factFailure('provider-error') }, reason: 'provider-error' },
    { name: 'no provider', request: { ipAddress: '5.9.1.1', blockedCountries: ['de'] }, facts: { geo: factFailure('no-provider') }, reason: 'no-provider' },
  ],
});
