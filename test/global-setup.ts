// Makes sure data/asn.bin (generated from the @ip-location-db/asn devDependency by
// scripts/build-asn.mjs, not committed) exists before the tests run. The script's first check
// (the file's header names the installed version) is made here first, so that a run with the
// file up to date starts no process.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ASN = fileURLToPath(new URL('../data/asn.bin', import.meta.url));

/** The version data/asn.bin was compiled from (its JSON header), or null. */
function compiledVersion(): string | null {
  let fd: number | undefined;
  try {
    fd = openSync(ASN, 'r');
    const head = Buffer.alloc(64 * 1024);
    const n = readSync(fd, head, 0, head.length, 0);
    if (n < 12 || head.toString('latin1', 0, 8) !== 'FSASN001') return null;
    const len = head.readUInt32LE(8);
    if (12 + len > n) return null;
    const version: unknown = (JSON.parse(head.toString('utf8', 12, 12 + len)) as { version?: unknown }).version;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function installedVersion(): string | null {
  try {
    const file = createRequire(import.meta.url).resolve('@ip-location-db/asn/package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

export default function setup(): void {
  const compiled = compiledVersion();
  if (compiled !== null && compiled === installedVersion()) return;
  const script = fileURLToPath(new URL('../scripts/build-asn.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
}
