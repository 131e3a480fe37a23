import rule from '../../../src/rules/ip-address/hosting.js';
import { factFailure, testRule } from '../../../src/testing/rule.js';

const listed = { asn: 64500, organization: 'Example', lists: { hosting: { sources: ['x4bnet-datacenter'], matches: [{ list: 'x4bnet-datacenter', entry: '151.101.0.0/16' }] } } };
const clean = { asn: 64500, organization: 'Example', lists: { hosting: { sources: ['x4bnet-datacenter'], matches: [] } } };
const noList = { asn: 64500, organization: 'Example', lists: {} };

testRule(rule, {
  hits: [
    { name: 'listed', request: { ipAddress: '151.101.1.1' }, facts: { reputation: listed }, values: ['151.101.0.0/16'], score: 2 },
    {
      name: 'in two lists of the kind: still the fixed score',
      request: { ipAddress: '151.101.1.1' },
      facts: { reputation: { ...listed, lists: { hosting: { sources: ['x4bnet-datacenter', 'other'], matches: [{ list: 'x4bnet-datacenter', entry: '151.101.0.0/16' }, { list: 'other', entry: '151.101.1.1' }] } } } },
      count: 2,
      score: 2,
    },
  ],
  misses: [
    { name: 'not listed', request: { ipAddress: '151.101.1.1' }, facts: { reputation: clean } },
    { name: 'another kind listed', request: { ipAddress: '151.101.1.1' }, facts: { reputation: { ...clean, lists: { ...clean.lists, other: { sources: ['x'], matches: [{ list: 'x', entry: '151.101.1.1' }] } } } } },
  ],
  skips: [
    { name: 'no list of the kind loaded: never a silent 0', request: { ipAddress: '151.101.1.1' }, facts: { reputation: noList }, reason: 'no-data' },
    { name: 'malformed provider answer', request: { ipAddress: '151.101.1.1' }, facts: { reputation: { lists: { hosting: 'yes' } } }, reason: 'no-data' },
    { name: 'private address, even if a list holds it', request: { ipAddress: '10.1.2.3' }, facts: { reputation: listed }, reason: 'non-public' },
    { name: 'link-local IPv6 with a zone id', request: { ipAddress: 'fe80::1%eth0' }, facts: { reputation: listed }, reason: 'non-public' },
    { name: 'provider timeout', request: { ipAddress: '151.101.1.1' }, facts: { reputation: factFailure('timeout') }, reason: 'timeout' },
    { name: 'no provider', request: { ipAddress: '151.101.1.1' }, facts: { reputation: factFailure('no-provider') }, reason: 'no-provider' },
  ],
});

testRule(rule, {
  hits: [
    {
      name: 'a curated hosting ASN, no range list downloaded',
      request: { ipAddress: '3.120.0.1' },
      facts: { reputation: { asn: 16509, organization: 'Amazon.com, Inc.', lists: { hosting: { sources: ['hosting-asns'], matches: [{ list: 'hosting-asns', entry: 'AS16509 Amazon.com, Inc.' }] } } } },
      values: ['AS16509 Amazon.com, Inc.'],
      score: 2,
    },
  ],
  misses: [
    {
      name: 'an ISP, only the curated ASNs loaded',
      request: { ipAddress: '77.75.75.172' },
      facts: { reputation: { asn: 43037, organization: 'Seznam.cz, a.s.', lists: { hosting: { sources: ['hosting-asns'], matches: [] } } } },
    },
  ],
});
