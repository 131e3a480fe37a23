// npm run bench: IP look-ups (parse + geo + ASN + every list) per second, and the load time
// and resident memory of each dataset. Lists are synthetic (a 30,000-range data-centre list,
// a 2,000-entry Tor list, a 20,000-range proxy list, a 5,000-range malicious list, each with
// IPv6 entries too), since no real list can be downloaded here; `formspam update-lists`
// output has the same format. Budget: >= 200,000 IPv4 look-ups per second.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseIp } from '../dist/internal/bench.js';
import { createGeoProvider, createIpReputationProvider } from '../dist/providers/index.js';

const MB = 1024 * 1024;
const rss = () => process.memoryUsage().rss;

let seed = 2463534242;
const rand = () => {
  // xorshift32: deterministic, so every run measures the same addresses and lists.
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
const randomV4 = () => {
  for (;;) {
    const n = Math.floor(rand() * 2 ** 32);
    const a = `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
    if (parseIp(a).public) return a;
  }
};
const hex = () => Math.floor(rand() * 65536).toString(16);
const randomV6 = () => `2${['a0', '00', '40', '60', '80', 'c0'][Math.floor(rand() * 6)]}${hex().slice(0, 1)}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}`;

// Synthetic lists in the updater's format.
const dataDir = mkdtempSync(join(tmpdir(), 'formspam-bench-'));
mkdirSync(join(dataDir, 'lists'));
function writeList(id, kind, n, bits) {
  const entries = [];
  for (let i = 0; i < n; i++) entries.push(`${randomV4().replace(/\.\d+$/, '.0')}/${bits}`);
  for (let i = 0; i < n / 10; i++) entries.push(`${randomV6().split(':').slice(0, 3).join(':')}::/48`);
  const header = ['# formspam list v1', `# id: ${id}`, `# kind: ${kind}`, '# source: synthetic', '# licence: CC0', `# fetched: ${new Date().toISOString()}`, `# entries: ${entries.length}`];
  writeFileSync(join(dataDir, 'lists', `${id}.list`), `${header.join('\n')}\n${entries.join('\n')}\n`);
}
writeList('x4bnet-datacenter', 'hosting', 30000, 24);
writeList('tor-exits', 'tor', 2000, 32);
writeList('x4bnet-vpn', 'proxy', 20000, 24);
writeList('firehol-level1', 'malicious', 5000, 22);

const v4 = Array.from({ length: 100_000 }, randomV4);
const v6 = Array.from({ length: 100_000 }, randomV6);

global.gc?.();
const base = rss();
let t = performance.now();
const geo = createGeoProvider({ cityDatabase: false });
geo.load();
const geoMs = performance.now() - t;
const afterGeo = rss();
t = performance.now();
const asnOnly = createIpReputationProvider({ dataDir, lists: [] });
asnOnly.load();
const asnMs = performance.now() - t;
const afterAsn = rss();
t = performance.now();
const rep = createIpReputationProvider({ dataDir });
const loaded = rep.load();
const repMs = performance.now() - t;
const afterRep = rss();

function run(addresses) {
  let hits = 0;
  const t0 = performance.now();
  for (const a of addresses) {
    const ip = parseIp(a);
    if (!ip || !ip.public) continue;
    const g = geo.lookupSync(ip.address);
    const r = rep.lookupSync(ip.address);
    if (g.country) hits++;
    if (r.lists.hosting?.matches.length) hits++;
  }
  return { opsPerSec: Math.round(addresses.length / ((performance.now() - t0) / 1000)), hits };
}
run(v4.slice(0, 20000));
run(v6.slice(0, 20000));
const r4 = run(v4);
const r6 = run(v6);

const fmt = (n) => n.toLocaleString('en-US');
console.log('\nIP look-ups (parse + geo country + ASN + 4 lists), 100k random public addresses, after warm-up:');
console.log(`  IPv4: ${fmt(r4.opsPerSec)} /s   (budget >= 200,000 /s: ${r4.opsPerSec >= 200_000 ? 'OK' : 'OVER BUDGET'})`);
console.log(`  IPv6: ${fmt(r6.opsPerSec)} /s`);
console.log('Datasets (load time, RSS increase):');
console.log(`  geo-country mmdb: ${geoMs.toFixed(0)} ms, +${((afterGeo - base) / MB).toFixed(1)} MB`);
console.log(`  ASN (data/asn.bin, ${(loaded.asn.byteLength / MB).toFixed(1)} MB): ${asnMs.toFixed(0)} ms, +${((afterAsn - afterGeo) / MB).toFixed(1)} MB`);
console.log(`  ${loaded.lists.length} lists (${loaded.lists.map((l) => `${l.meta.id} ${l.meta.entries}`).join(', ')}): ${repMs.toFixed(0)} ms, +${((afterRep - afterAsn) / MB).toFixed(1)} MB`);
for (const l of loaded.lists) console.log(`    ${l.meta.id}: ${l.loadMs.toFixed(0)} ms, ${(l.set.byteLength / 1024).toFixed(0)} KB of ranges`);
console.log(`  process RSS before loading: ${(base / MB).toFixed(0)} MB (Node, the library, 200k test addresses); with all IP data loaded: ${(rss() / MB).toFixed(0)} MB`);
