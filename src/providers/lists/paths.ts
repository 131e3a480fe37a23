import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The package's root directory (where `data/` is): found by walking up from this module, so
 * it works from `src/providers/lists/` (tests) and from the bundled `dist/` alike.
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

/** The sub-folder of the data directory with the downloaded IP and domain lists. */
export const LISTS_SUBDIR = 'lists';
/** The sub-folder of the data directory with the SQLite key store (`formspam.db`). */
export const STORE_SUBDIR = 'store';
/** The SQLite store's file name. */
export const STORE_FILE = 'formspam.db';

/**
 * formspam's data directory, for everything it writes (docs/decisions/data-dir.md): the
 * downloaded lists in `<dir>/lists/`, the SQLite key store in `<dir>/store/formspam.db`.
 * `$FORMSPAM_DATA_DIR`, else `$XDG_DATA_HOME/formspam`, else `~/.local/share/formspam`: a data
 * folder, not a cache, because the key store must not be wiped with caches.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FORMSPAM_DATA_DIR) return env.FORMSPAM_DATA_DIR;
  const data = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(data, 'formspam');
}

/**
 * Where the lists were by default before the single data directory (docs/decisions/data-dir.md): the cache,
 * `$XDG_CACHE_HOME/formspam` else `~/.cache/formspam`, with the lists in its `lists/` folder.
 */
export function legacyListsDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'formspam');
}

/** True when `dir` holds at least one `*.list` file. */
export function hasListFiles(dir: string): boolean {
  try {
    return readdirSync(dir).some((f) => f.endsWith('.list'));
  } catch {
    return false;
  }
}

/**
 * The data directory the library reads lists from when none is given: {@link defaultDataDir},
 * or, while that has no lists and `$FORMSPAM_DATA_DIR` is not set, the old default
 * ({@link legacyListsDataDir}) when lists are there (so an upgrade loses nothing; the next
 * `formspam update-lists` or `formspam serve` moves them).
 */
export function defaultListsDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = defaultDataDir(env);
  if (env.FORMSPAM_DATA_DIR) return dir;
  if (hasListFiles(join(dir, LISTS_SUBDIR))) return dir;
  const legacy = legacyListsDataDir(env);
  return hasListFiles(join(legacy, LISTS_SUBDIR)) ? legacy : dir;
}
