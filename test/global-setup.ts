// Makes sure data/asn.bin (generated from the @ip-location-db/asn devDependency by
// scripts/build-asn.mjs, not committed) exists before the tests run; a no-op when up to date.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const script = fileURLToPath(new URL('../scripts/build-asn.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
}
