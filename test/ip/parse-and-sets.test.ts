import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AsnDatabase } from '../../src/providers/lists/asn.js';
import { CidrSet, ipv4ToInt, parseCidr } from '../../src/ip/cidr-set.js';
import { HOSTING_ASNS } from '../../src/data/hosting-asns.js';
import { parseListText } from '../../src/providers/lists/lists.js';
import { bundledDataFile } from '../../src/providers/lists/paths.js';
import { parseIp } from '../../src/ip/parse.js';

describe('parseIp', () => {
  it.each([
    ['8.8.8.8', '8.8.8.8', 4, 'unicast'],
    ['::ffff:8.8.8.8', '8.8.8.8', 4, 'unicast'],
    ['2001:0DB8:0000:0000::1', '2001:db8::1', 6, 'reserved'],
    ['fe80::1%en0', 'fe80::1', 6, 'linkLocal'],
    ['100.64.1.1', '100.64.1.1', 4, 'carrierGradeNat'],
    ['fd00::1', 'fd00::1', 6, 'uniqueLocal'],
  ])('%s → %s', (input, address, family, range) => {
    expect(parseIp(input)).toEqual({ address, family, range, public: range === 'unicast' });
  });

  it('never throws, and every address it accepts parses again to itself', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.ipV4(), fc.ipV6(), fc.ipV4Extended(), fc.ipV6().map((s) => `${s}%eth0`)), (input) => {
        const ip = parseIp(input);
        if (ip) expect(parseIp(ip.address)?.address).toBe(ip.address);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts every IPv4 and IPv6 address fast-check makes', () => {
    fc.assert(fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (input) => {
      expect(parseIp(input)).not.toBeNull();
    }), { numRuns: 2000 });
  });

  it('classifies IPv4 ranges exactly as ipaddr.js does (the fast path)', async () => {
    const { default: ipaddr } = await import('ipaddr.js');
    const special = ['0.0.0.0', '10.1.1.1', '100.64.0.0', '100.127.255.255', '127.0.0.1', '169.254.0.1', '172.31.255.255', '192.0.0.1', '192.0.2.1', '192.31.196.1', '192.52.193.1', '192.88.99.1', '192.168.0.1', '192.175.48.1', '198.18.0.1', '198.51.100.1', '203.0.113.1', '224.0.0.1', '240.0.0.1', '255.255.255.255'];
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.constantFrom(...special)), (a) => {
        expect(parseIp(a)!.range).toBe(ipaddr.parse(a).range());
      }),
      { numRuns: 5000 },
    );
  });

  it('rejects the octal and hex forms of IPv4 (ambiguous, never sent by a browser or proxy)', () => {
    for (const s of ['010.1.1.1', '0x7f.0.0.1', '127.1', '2130706433']) expect(parseIp(s)).toBeNull();
  });
});

describe('CidrSet', () => {
  it('agrees with a linear scan on random ranges and addresses (IPv4)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(0xffffffff), fc.integer({ min: 8, max: 32 })), { maxLength: 40 }),
        fc.array(fc.nat(0xffffffff), { maxLength: 40 }),
        (cidrs, probes) => {
          const ranges = cidrs.map(([n, bits]) => parseCidr(`${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}/${bits}`)!);
          const set = new CidrSet(ranges);
          for (const ip of [...probes, ...ranges.map((r) => r.start as number)]) {
            const expected = ranges.some((r) => (r.start as number) <= ip && ip <= (r.end as number));
            expect(set.indexOfV4(ip) !== -1).toBe(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('matches IPv6 ranges and names the entry', () => {
    const set = new CidrSet(['2a0b:f4c2::/40', '2001:db8:1::/48', '1.2.3.0/24', '1.2.4.0/24'].map((c) => parseCidr(c)!));
    expect(set.match('2a0b:f4c2:00ff:ffff::1')).toBe('2a0b:f4c2::/40');
    expect(set.match('2a0b:f4c3::1')).toBeNull();
    expect(set.match('2001:db8:1:ffff:ffff:ffff:ffff:ffff')).toBe('2001:db8:1::/48');
    expect(set.match('1.2.4.255')).toBe('1.2.4.0/24');
    expect(set.match('1.2.5.0')).toBeNull();
    expect(set.entries).toBe(4);
  });

  it('clears host bits and rejects malformed CIDRs', () => {
    expect(parseCidr('1.2.3.4/24')).toEqual({ family: 4, start: ipv4ToInt('1.2.3.0'), end: ipv4ToInt('1.2.3.255') });
    for (const s of ['1.2.3.4/33', '1.2.3/24', '::/129', '1.2.3.4/', 'x/8', '1.2.3.4/-1']) expect(parseCidr(s)).toBeNull();
  });
});

describe('list validation', () => {
  it('is linear on adversarial input', () => {
    const long = `${'#'.repeat(100_000)}\n${';'.repeat(100_000)}\n${'1.'.repeat(50_000)}\n${'a-'.repeat(50_000)}.com`;
    expect(parseListText(long, { kind: 'tor' }).ok).toBe(false);
    expect(parseListText(long, { kind: 'domains' }).ok).toBe(false);
  });

  it('accepts domains lists', () => {
    const r = parseListText('spam.example\nJunk.Example.\n# comment\nxn--80ak6aa92e.com\n', { kind: 'domains', minEntries: 3 });
    expect(r).toEqual({ ok: true, entries: ['spam.example', 'junk.example', 'xn--80ak6aa92e.com'], invalid: 0 });
  });
});

describe('ASN data (data/asn.bin) and the curated hosting ASNs', () => {
  const db = AsnDatabase.fromFile(bundledDataFile('asn.bin'));

  it('answers known addresses', () => {
    expect(db.lookupV4(ipv4ToInt('8.8.8.8'))).toEqual({ asn: 15169, organization: 'Google LLC' });
    expect(db.lookupV4(ipv4ToInt('5.9.1.1'))).toMatchObject({ asn: 24940 });
    expect(db.lookupV4(ipv4ToInt('0.0.0.1'))).toBeNull();
    expect(db.header).toMatchObject({ licence: 'CC BY 4.0', attribution: expect.stringMatching(/RouteViews.*DB-IP.*NRO/) });
  });

  it.each([...HOSTING_ASNS].map(([asn, h]) => [asn, h.provider, h.org] as const))('AS%d (%s) is in the ASN data with a matching organisation', (asn, _provider, org) => {
    // Found through any range of the AS: scan the v4 table by ASN through a look-up of each start is too slow, so use the org table.
    const names = (db as unknown as { asnNumber: Uint32Array }).asnNumber;
    const i = names.indexOf(asn);
    expect(i, `AS${asn} is not in the ASN data`).toBeGreaterThan(-1);
    const offsets = (db as unknown as { orgOffset: Uint32Array }).orgOffset;
    const blob = (db as unknown as { orgBlob: Uint8Array }).orgBlob;
    const name = new TextDecoder().decode(blob.subarray(offsets[i]!, offsets[i + 1]!));
    expect(name).toMatch(org);
  });
});
