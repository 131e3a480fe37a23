// issue 17 item 3: a running server reloads its lists without blocking requests. The reload reads
// each list in slices with a turn of the event loop between them (loadListFileAsync) and gives
// exactly what the synchronous loader gives; CidrSet sorts with a typed array.
import fc from 'fast-check';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CidrSet, intToIpv4, parseCidr } from '../../../src/ip/cidr-set.js';
import { formatListFile, loadListFile, loadListFileAsync, loadLists, loadListsAsync, type LoadedList } from '../../../src/providers/lists/lists.js';
import { createIpReputationProvider } from '../../../src/providers/ip-reputation.js';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/ip-lists');

/** Everything observable of a loaded list but its load time. */
function shape(l: LoadedList) {
  return {
    meta: l.meta,
    domains: l.domains ? [...l.domains] : null,
    set: l.set ? { entries: l.set.entries, ranges: l.set.ranges, byteLength: l.set.byteLength } : null,
  };
}

describe('CidrSet with the typed-array sort', () => {
  it('merges exactly as the sort-and-merge of pairs does (random IPv4 ranges, duplicates and overlaps)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(0xffffffff), fc.integer({ min: 4, max: 32 })), { maxLength: 200 }), (cidrs) => {
        const ranges = cidrs.map(([n, bits]) => parseCidr(`${intToIpv4(n >>> 0)}/${bits}`)!);
        const pairs = ranges.map((r) => [r.start as number, r.end as number] as [number, number]).sort((a, b) => a[0] - b[0]);
        const merged: [number, number][] = [];
        for (const r of pairs) {
          const last = merged[merged.length - 1];
          if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
          else merged.push([r[0], r[1]]);
        }
        const set = new CidrSet(ranges);
        expect(set.ranges).toBe(merged.length);
        for (let i = 0; i < merged.length; i++) {
          expect(set.indexOfV4(merged[i]![0])).toBe(i);
          expect(set.indexOfV4(merged[i]![1])).toBe(i);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('loadListFileAsync', () => {
  it('gives what loadListFile gives, for every fixture list (IP ranges and domains)', async () => {
    const sync = loadLists(FIXTURES);
    const async = await loadListsAsync(FIXTURES);
    expect(sync.lists.length).toBeGreaterThanOrEqual(5);
    expect(async.problems).toEqual(sync.problems);
    expect(async.lists.map(shape)).toEqual(sync.lists.map(shape));
  });

  it('gives the event loop a turn every few thousand lines of a big list, and the same set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formspam-reload-'));
    const cidrs: string[] = [];
    for (let i = 0; i < 20_000; i++) cidrs.push(`${10 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}.0/${24 + (i % 9)}`);
    cidrs.push('2a0b:f4c2::/40', '2001:db8::/32', 'not a range');
    const path = join(dir, 'big.list');
    writeFileSync(path, formatListFile({ id: 'big', kind: 'hosting', source: 'test', licence: 'test', fetched: '2026-11-25T00:00:00.000Z', entries: cidrs.length }, cidrs));
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    const loaded = await loadListFileAsync(path);
    counting = false;
    // 20,003 lines in slices of 2,000: at least 10 turns of the event loop while it loaded.
    expect(turns).toBeGreaterThanOrEqual(10);
    expect(shape(loaded)).toEqual(shape(loadListFile(path)));
    expect(loaded.set!.match('10.0.5.7')).toBe('10.0.5.0/29');
    expect(loaded.set!.match('2001:db8:ffff::1')).toBe('2001:db8::/32');
  });

  it('a broken file is reported, not thrown; the provider swaps the lists at once when all are read', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formspam-reload-'));
    mkdirSync(join(dataDir, 'lists'));
    const write = (entries: string[]) =>
      writeFileSync(join(dataDir, 'lists', 'tor-exits.list'), formatListFile({ id: 'tor-exits', kind: 'tor', source: 'test', licence: 'test', fetched: '2026-11-25T00:00:00.000Z', entries: entries.length }, entries));
    write(['185.220.101.1']);
    writeFileSync(join(dataDir, 'lists', 'broken.list'), 'not a list\n');
    const provider = createIpReputationProvider({ dataDir, asnDatabase: false });
    expect(provider.lookupSync('185.220.101.1').lists.tor!.matches).toHaveLength(1);
    write(['185.220.101.2']);
    const reloading = provider.reloadAsync();
    // Until the reload is done, requests see the old lists, whole.
    expect(provider.lookupSync('185.220.101.1').lists.tor!.matches).toHaveLength(1);
    await reloading;
    expect(provider.lookupSync('185.220.101.1').lists.tor!.matches).toHaveLength(0);
    expect(provider.lookupSync('185.220.101.2').lists.tor!.matches).toEqual([{ list: 'tor-exits', entry: '185.220.101.2/32' }]);
    expect((await loadListsAsync(dataDir)).problems).toEqual([expect.stringMatching(/^broken\.list: .*not a formspam list file/)]);
  });
});
