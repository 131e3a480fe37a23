#!/usr/bin/env node
// Compiles the ASN CSVs of @ip-location-db/asn (CC BY 4.0: RouteViews, DB-IP, NRO) into
// data/asn.bin, the compact binary formspam reads at run time (src/providers/lists/asn.ts).
//
//   node scripts/build-asn.mjs [--force] [--out data/asn.bin] [--check]
//
// --check writes nothing: it compiles the installed CSVs in memory and exits 1 when data/asn.bin
// differs from the result (the header's `compiled` time excepted). data/asn.bin is built, not
// committed: its header is the JSON header inside the file (source, version, generated, licence),
// and docs/data.md names this generator.
// Runs as part of `npm run build` (and of `npm test` through vitest's global setup); it does
// nothing when data/asn.bin already holds the installed version of the CSVs.
//
// Format (little-endian, every section 4-byte aligned):
//   "FSASN001"  magic
//   u32         length of the JSON header, then the header padded with spaces to 4 bytes
//   u32[n4]     IPv4 range starts, sorted; a range runs to the next start − 1
//   u32[n4]     ASN table index + 1 of each IPv4 range (0: no ASN, a gap)
//   u32[4·n6]   IPv6 range starts as four words each, sorted
//   u32[n6]     ASN table index + 1 of each IPv6 range (0: a gap)
//   u32[na]     AS numbers, sorted
//   u32[na+1]   offsets of the organisation names in the blob
//   u8[...]     organisation names, UTF-8
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { force: { type: 'boolean' }, out: { type: 'string' }, check: { type: 'boolean' } } });
const OUT = resolve(ROOT, values.out ?? 'data/asn.bin');
const MAGIC = 'FSASN001';

const require = createRequire(import.meta.url);
let pkgDir;
try {
  pkgDir = dirname(require.resolve('@ip-location-db/asn/package.json'));
} catch {
  if (existsSync(OUT)) {
    console.log(`build-asn: @ip-location-db/asn is not installed; keeping ${OUT}`);
    process.exit(0);
  }
  console.error('build-asn: @ip-location-db/asn (a devDependency) is not installed and data/asn.bin is missing');
  process.exit(1);
}
const version = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;

function readHeader(file) {
  const buf = readFileSync(file);
  if (buf.toString('latin1', 0, 8) !== MAGIC) return null;
  const len = buf.readUInt32LE(8);
  return JSON.parse(buf.toString('utf8', 12, 12 + len));
}

if (values.check && !existsSync(OUT)) {
  console.error(`--check: ${OUT} is missing\n--check: run \`npm run build:data\``);
  process.exit(1);
}
if (!values.force && !values.check && existsSync(OUT)) {
  const header = readHeader(OUT);
  if (header && header.version === version) {
    console.log(`build-asn: ${OUT} is up to date (@ip-location-db/asn ${version})`);
    process.exit(0);
  }
}

// The version's last part is the build time, YYYYMMDDHH (2.3.2026061719 → 2026-06-17T19:00Z).
function generatedAt() {
  const m = /\.(\d{4})(\d{2})(\d{2})(\d{2})$/.exec(version);
  if (m) return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:00:00.000Z`;
  return statSync(join(pkgDir, 'asn-ipv4-num.csv')).mtime.toISOString();
}

/** Splits one CSV line: start,end,asn,org (org may be quoted, with "" for a quote). */
function parseLine(line) {
  const a = line.indexOf(',');
  const b = line.indexOf(',', a + 1);
  const c = line.indexOf(',', b + 1);
  if (a < 0 || b < 0 || c < 0) throw new Error(`bad CSV line: ${line.slice(0, 100)}`);
  let org = line.slice(c + 1);
  if (org.startsWith('"') && org.endsWith('"')) org = org.slice(1, -1).replace(/""/g, '"');
  return { start: BigInt(line.slice(0, a)), end: BigInt(line.slice(a + 1, b)), asn: Number(line.slice(b + 1, c)), org };
}

const orgs = new Map(); // asn → org

/**
 * Turns inclusive ranges into sorted starts with an ASN each, and a gap entry (ASN 0) where
 * no range covers the addresses. A range that overlaps the previous one wins from its start.
 */
function compile(file, max) {
  const lines = readFileSync(join(pkgDir, file), 'utf8').split('\n');
  const starts = [];
  const asns = [];
  let coveredTo = -1n; // last address covered so far
  let pending = null; // the tail of an earlier range that a nested range interrupted
  for (const line of lines) {
    if (line.trim() === '') continue;
    const r = parseLine(line);
    if (!orgs.has(r.asn)) orgs.set(r.asn, r.org);
    if (pending && pending.start < r.start) {
      starts.push(pending.start);
      asns.push(pending.asn);
      coveredTo = pending.end;
      pending = null;
    }
    if (r.start > coveredTo + 1n) {
      starts.push(coveredTo + 1n);
      asns.push(0);
    }
    if (r.start <= coveredTo && r.end < coveredTo) pending = { start: r.end + 1n, end: coveredTo, asn: asns[asns.length - 1] };
    // Several entries at one start: the later one wins.
    if (starts.length > 0 && starts[starts.length - 1] === r.start) {
      asns[asns.length - 1] = r.asn;
    } else {
      starts.push(r.start);
      asns.push(r.asn);
    }
    if (r.end > coveredTo) coveredTo = r.end;
  }
  if (pending) {
    starts.push(pending.start);
    asns.push(pending.asn);
  }
  if (coveredTo < max) {
    starts.push(coveredTo + 1n);
    asns.push(0);
  }
  return { starts, asns, rows: lines.length };
}

const t0 = Date.now();
const v4 = compile('asn-ipv4-num.csv', 0xffffffffn);
const v6 = compile('asn-ipv6-num.csv', (1n << 128n) - 1n);
const asnNumbers = [...orgs.keys()].sort((a, b) => a - b);
const asnIndex = new Map(asnNumbers.map((asn, i) => [asn, i + 1]));
const orgParts = asnNumbers.map((asn) => Buffer.from(orgs.get(asn), 'utf8'));
const orgBlob = Buffer.concat(orgParts);
const orgOffsets = new Uint32Array(asnNumbers.length + 1);
for (let i = 0, o = 0; i < orgParts.length; i++) {
  orgOffsets[i] = o;
  o += orgParts[i].length;
  orgOffsets[i + 1] = o;
}

const n4 = v4.starts.length;
const n6 = v6.starts.length;
const sections = [
  Uint32Array.from(v4.starts, Number),
  Uint32Array.from(v4.asns, (a) => (a === 0 ? 0 : asnIndex.get(a))),
  (() => {
    const w = new Uint32Array(n6 * 4);
    v6.starts.forEach((s, i) => {
      for (let k = 0; k < 4; k++) w[i * 4 + k] = Number((s >> BigInt((3 - k) * 32)) & 0xffffffffn);
    });
    return w;
  })(),
  Uint32Array.from(v6.asns, (a) => (a === 0 ? 0 : asnIndex.get(a))),
  Uint32Array.from(asnNumbers),
  orgOffsets,
];
const header = {
  format: 1,
  dataset: 'asn',
  source: `@ip-location-db/asn ${version} (asn-ipv4-num.csv, asn-ipv6-num.csv)`,
  version,
  generated: generatedAt(),
  compiled: values.check ? readHeader(OUT)?.compiled : new Date().toISOString(),
  licence: 'CC BY 4.0',
  attribution: 'RouteViews (https://www.routeviews.org/), DB-IP (https://db-ip.com/), NRO (https://www.nro.net/), via ip-location-db',
  sourceRows: { v4: v4.rows, v6: v6.rows },
  v4: n4,
  v6: n6,
  asns: asnNumbers.length,
  orgBytes: orgBlob.length,
};
let json = JSON.stringify(header);
while ((12 + Buffer.byteLength(json)) % 4 !== 0) json += ' ';
const head = Buffer.alloc(12);
head.write(MAGIC, 0, 'latin1');
head.writeUInt32LE(Buffer.byteLength(json), 8);
// Typed arrays are written in the platform's byte order; formspam supports little-endian hosts only (x64, arm64).
const out = Buffer.concat([
  head,
  Buffer.from(json, 'utf8'),
  ...sections.map((s) => Buffer.from(s.buffer, s.byteOffset, s.byteLength)),
  orgBlob,
]);
if (values.check) {
  if (Buffer.compare(out, readFileSync(OUT)) === 0) {
    console.log(`--check: ${OUT}: up to date (@ip-location-db/asn ${version}, compiled again in ${Date.now() - t0} ms)`);
    process.exit(0);
  }
  console.error(`--check: ${OUT} differs from what scripts/build-asn.mjs compiles from @ip-location-db/asn ${version}`);
  console.error('--check: run `node scripts/build-asn.mjs --force`');
  process.exit(1);
}
mkdirSync(dirname(OUT), { recursive: true });
const tmp = `${OUT}.tmp-${process.pid}`;
writeFileSync(tmp, out);
renameSync(tmp, OUT);
console.log(
  `build-asn: wrote ${OUT}: ${(out.length / 1048576).toFixed(1)} MiB, ${n4} IPv4 and ${n6} IPv6 ranges, ` +
    `${asnNumbers.length} ASNs, in ${Date.now() - t0} ms`,
);
