import rule from '../../../src/rules/ip-address/proxy.js';
import { factFailure, testRule } from '../../../src/testing/rule.js';

const listed = { asn: 64500, organization: 'Example', lists: { proxy: { sources: ['x4bnet-vpn'], matches: [{ list: 'x4bnet-vpn', entry: '146.70.0.0/16' }] } } };
const clean = { asn: 64500, organization: 'Example', lists: { proxy: { sources: ['x4bnet-vpn'], matches: [] } } };
const noList = { asn: 64500, organization: 'Example', lists: {} };

testRule(rule, {
  hits: [
    { name: 'listed', request: { ipAddress: '146.70.1.1' }, facts: { reputation: listed }, values: ['146.70.0.0/16'], score: 0.5 },
    {
      name: 'in two lists of the kind: still the fixed score',
      request: { ipAddress: '146.70.1.1' },
      facts: { reputation: { ...listed, lists: { proxy: { sources: ['x4bnet-vpn', 'other'], matches: [{ list: 'x4bnet-vpn', entry: '146.70.0.0/16' }, { list: 'other', entry: '146.70.1.1' }] } } } },
      count: 2,
      score: 0.5,
    },
  ],
  misses: [
    { name: 'not listed', request: { ipAddress: '146.70.1.1' }, facts: { reputation: clean } },
    { name: 'another kind listed', request: { ipAddress: '146.70.1.1' }, facts: { reputation: { ...clean, lists: { ...clean.lists, other: { sources: ['x'], matches: [{ list: 'x', entry: '146.70.1.1' }] } } } } },
  ],
  skips: [
    { name: 'no list of the kind loaded: never a silent 0', request: { ipAddress: '146.70.1.1' }, facts: { reputation: noList }, reason: 'no-data' },
    { name: 'malformed provider answer', request: { ipAddress: '146.70.1.1' }, facts: { reputation: { lists: { proxy: 'yes' } } }, reason: 'no-data' },
    { name: 'private address, even if a list holds it', request: { ipAddress: '10.1.2.3' }, facts: { reputation: listed }, reason: 'non-public' },
    { name: 'link-local IPv6 with a zone id', request: { ipAddress: 'fe80::1%eth0' }, facts: { reputation: listed }, reason: 'non-public' },
    { name: 'provider timeout', request: { ipAddress: '146.70.1.1' }, facts: { reputation: factFailure('timeout') }, reason: 'timeout' },
    { name: 'no provider', request: { ipAddress: '146.70.1.1' }, facts: { reputation: factFailure('no-provider') }, reason: 'no-provider' },
  ],
});
