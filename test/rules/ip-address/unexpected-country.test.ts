import rule from '../../../src/rules/ip-address/unexpected-country.js';
import { factFailure, testRule } from '../../../src/testing/rule.js';

const DE = { country: 'DE', city: null, zip: null };
const RU = { country: 'RU', city: null, zip: null };

testRule(rule, {
  hits: [
    { name: 'not an expected code', request: { ipAddress: '5.9.1.1', expectedCountries: ['us'] }, facts: { geo: DE }, values: ['de'], score: 1 },
    { name: 'not on the expected continent', request: { ipAddress: '5.9.1.1', expectedCountries: ['continent:NA', 'continent:SA'] }, facts: { geo: DE } },
    { name: 'EEA but not EU', request: { ipAddress: '5.9.1.1', expectedCountries: ['list:eu'] }, facts: { geo: { country: 'NO' } } },
  ],
  misses: [
    { name: 'no expectedCountries', request: { ipAddress: '5.9.1.1' }, facts: { geo: DE } },
    { name: 'expected code', request: { ipAddress: '5.9.1.1', expectedCountries: ['DE'] }, facts: { geo: DE } },
    { name: 'expected continent', request: { ipAddress: '5.9.1.1', expectedCountries: ['continent:EU'] }, facts: { geo: DE } },
    { name: 'a country on two continents', request: { ipAddress: '213.180.204.1', expectedCountries: ['continent:EU'] }, facts: { geo: RU } },
    { name: 'expected list', request: { ipAddress: '5.9.1.1', expectedCountries: ['list:eea'] }, facts: { geo: { country: 'NO' } } },
  ],
  skips: [
    { name: 'no country known', request: { ipAddress: '5.9.1.1', expectedCountries: ['de'] }, facts: { geo: null }, reason: 'no-country' },
    { name: 'CGNAT address', request: { ipAddress: '100.64.0.1', expectedCountries: ['de'] }, facts: { geo: DE }, reason: 'non-public' },
    { name: 'documentation range', request: { ipAddress: '2001:db8::1', expectedCountries: ['de'] }, facts: { geo: DE }, reason: 'non-public' },
    { name: 'provider error', request: { ipAddress: '5.9.1.1', expectedCountries: ['de'] }, facts: { geo: factFailure('provider-error') }, reason: 'provider-error' },
  ],
});
