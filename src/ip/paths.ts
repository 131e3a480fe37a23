import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The package's root directory (where `data/` is): found by walking up from this module, so
 * it works from `src/ip/` (tests) and from the bundled `dist/` alike.
 */
export function packageRoot(): string {
  if (root !== undefined) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'data'))) return (root = dir);
    dir = dirname(dir);
  }
  return (root = join(dirname(fileURLToPath(import.meta.url)), '..'));
}

/** A file shipped in the package's `data/` directory. */
export function bundledDataFile(name: string): string {
  return join(packageRoot(), 'data', name);
}

/**
 * Where `formspam update-lists` writes and the IP reputation provider reads the downloaded
 * lists: `$FORMSPAM_DATA_DIR`, else `$XDG_CACHE_HOME/formspam`, else `~/.cache/formspam`.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FORMSPAM_DATA_DIR) return env.FORMSPAM_DATA_DIR;
  const cache = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'formspam');
}
