/**
 * The settings every command spells the same way (docs/decisions/data-dir.md): the
 * data directory (`-d, --data-dir`, FORMSPAM_DATA_DIR) with its fixed sub-folders, and the DNS
 * servers (`--dns-server`, FORMSPAM_DNS_SERVER). Old spellings still work and print one
 * deprecation warning on standard error; data left at an old default location is used (lists
 * are moved by the commands that write them; the key store is never moved automatically).
 */
import { existsSync, mkdirSync, renameSync, rmdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultDataDir, hasListFiles, legacyListsDataDir, LISTS_SUBDIR, STORE_FILE, STORE_SUBDIR } from '../providers/lists/paths.js';

export type Stderr = Pick<NodeJS.WritableStream, 'write'> | undefined;

const warned = new Set<string>();

/** Writes `formspam: warning: <message>` on standard error, once per process and key. */
export function warnOnce(stderr: Stderr, key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  stderr?.write(`formspam: warning: ${message}\n`);
}

/** The one warning for an old spelling that still works. */
export function deprecated(stderr: Stderr, old: string, replacement: string, note = ''): void {
  warnOnce(stderr, `deprecated:${old}`, `${old} is deprecated and will be removed: use ${replacement}${note}`);
}

/** A path quoted for a POSIX shell (the commands the warnings print are copied and run). */
export function shellQuote(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

export interface DataDir {
  /** The data directory. */
  dir: string;
  /** Where it came from: the option, FORMSPAM_DATA_DIR, or the default. */
  from: 'option' | 'env' | 'default';
}

/** `-d, --data-dir`, else FORMSPAM_DATA_DIR, else `$XDG_DATA_HOME/formspam` or `~/.local/share/formspam`. */
export function resolveDataDir(option: string | undefined, env: NodeJS.ProcessEnv = process.env): DataDir {
  if (option !== undefined && option !== '') return { dir: option, from: 'option' };
  if (env.FORMSPAM_DATA_DIR) return { dir: env.FORMSPAM_DATA_DIR, from: 'env' };
  return { dir: defaultDataDir(env), from: 'default' };
}

/**
 * The directory whose `lists/` folder holds the downloaded lists: the data directory. When it
 * is the default one and has no lists yet while the old default (`~/.cache/formspam/lists`)
 * has some, those are moved over when `move` (commands that write lists: lists can be
 * downloaded again, so moving them risks nothing), or else used where they are, with a
 * warning that gives the command to move them.
 */
export function listsDataDir(data: DataDir, stderr: Stderr, options: { move: boolean }, env: NodeJS.ProcessEnv = process.env): string {
  if (data.from !== 'default') return data.dir;
  const lists = join(data.dir, LISTS_SUBDIR);
  if (hasListFiles(lists)) return data.dir;
  const legacy = legacyListsDataDir(env);
  const oldLists = join(legacy, LISTS_SUBDIR);
  if (resolve(legacy) === resolve(data.dir) || !hasListFiles(oldLists)) return data.dir;
  if (options.move) {
    try {
      mkdirSync(data.dir, { recursive: true });
      if (existsSync(lists)) rmdirSync(lists); // empty (it has no list file); fails otherwise
      renameSync(oldLists, lists);
      warnOnce(stderr, 'lists-moved', `moved the downloaded lists from ${oldLists} (the old default) to ${lists} (the data directory)`);
      return data.dir;
    } catch {
      // another file system or a folder in the way: read them where they are
    }
  }
  warnOnce(
    stderr,
    'lists-old-location',
    `reading the downloaded lists from the old default ${oldLists}: ${lists} has none. Move them with: mkdir -p ${shellQuote(lists)} && mv ${shellQuote(oldLists)}/*.list ${shellQuote(lists)}/`,
  );
  return legacy;
}

/**
 * The directory of the SQLite store's `formspam.db`: `<data dir>/store`. FORMSPAM_SERVER_DATA_DIR
 * (deprecated; `legacyStoreDir`) keeps its old meaning, the folder of `formspam.db` itself,
 * unless `--data-dir` is given. When `<data dir>/store/formspam.db` does not exist but a store is
 * at an old location (`<data dir>/formspam.db`, where `serve -d DIR` and the Docker image kept
 * it, or `./formspam-data/formspam.db`, the old default), that one is used, with a warning that
 * gives the command to move it. The store is never moved automatically.
 */
export function storeDir(data: DataDir, legacyStoreDir: string | undefined, stderr: Stderr): string {
  if (legacyStoreDir !== undefined && data.from !== 'option') return legacyStoreDir;
  const dir = join(data.dir, STORE_SUBDIR);
  if (existsSync(join(dir, STORE_FILE))) return dir;
  const candidates = [data.dir, ...(data.from === 'option' ? [] : ['./formspam-data'])];
  for (const candidate of candidates) {
    if (!existsSync(join(candidate, STORE_FILE))) continue;
    const old = resolve(candidate);
    warnOnce(
      stderr,
      'store-old-location',
      `using the key store at its old location ${join(old, STORE_FILE)}: ${join(dir, STORE_FILE)} does not exist. ` +
        `It is never moved automatically; stop the server, then move it with: mkdir -p ${shellQuote(dir)} && mv ${shellQuote(old)}/${STORE_FILE}* ${shellQuote(dir)}/`,
    );
    return old;
  }
  return dir;
}

function splitList(text: string | undefined): string[] {
  return (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * The DNS servers: `--dns-server` (repeatable, each may be a comma-separated list), else
 * FORMSPAM_DNS_SERVER (comma-separated). `--dns-servers` and FORMSPAM_DNS_SERVERS are the old
 * spellings. Undefined: the system's resolver.
 */
export function resolveDnsServers(
  values: { 'dns-server'?: string[] | undefined; 'dns-servers'?: string | string[] | undefined },
  stderr: Stderr,
  env: NodeJS.ProcessEnv = process.env,
): string[] | undefined {
  const old = values['dns-servers'];
  if (old !== undefined) deprecated(stderr, '--dns-servers', '--dns-server (repeatable, or a comma-separated list)');
  const given = [...(values['dns-server'] ?? []), ...(old === undefined ? [] : Array.isArray(old) ? old : [old])].flatMap(splitList);
  if (given.length > 0) return given;
  if (env.FORMSPAM_DNS_SERVERS) deprecated(stderr, 'FORMSPAM_DNS_SERVERS', 'FORMSPAM_DNS_SERVER (comma-separated)');
  const fromEnv = splitList(env.FORMSPAM_DNS_SERVER || env.FORMSPAM_DNS_SERVERS);
  return fromEnv.length > 0 ? fromEnv : undefined;
}
