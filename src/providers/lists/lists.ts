/**
 * Downloaded lists (Tor exits, VPN/proxy, malicious, data-centre ranges, toxic domains):
 * their sources, the file format in the data directory, parsing and validation, and loading
 * into {@link CidrSet}s.
 *
 * A list file is UTF-8 text, `<dataDir>/lists/<id>.list`: a header of `# key: value` lines
 * (format, id, kind, source, licence, fetched, entries), then one normalised entry per line
 * (a CIDR, or a domain for `domains` lists).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CidrSet, parseCidr, rangeText, type IpRange } from '../../ip/cidr-set.js';
import { hasListFiles, LISTS_SUBDIR } from './paths.js';

/** What a list says about an address (or, for `domains`, a domain). */
export type ListKind = 'tor' | 'proxy' | 'malicious' | 'hosting' | 'domains';
export const LIST_KINDS: readonly ListKind[] = ['tor', 'proxy', 'malicious', 'hosting', 'domains'];

/** A list to download. */
export interface ListSource {
  /** File name and key: lower-case letters, digits and dashes. */
  id: string;
  kind: ListKind;
  url: string;
  /** The list's licence or terms, shown by `formspam status` and in docs/data.md. */
  licence: string;
  description?: string;
  /** Fewer valid entries than this is an implausible download (default 10). */
  minEntries?: number;
  /** More entries than this is an implausible download (default 5,000,000). */
  maxEntries?: number;
}

/** The public sources `formspam update-lists` downloads by default (licences in docs/data.md). */
export const DEFAULT_LIST_SOURCES: readonly ListSource[] = [
  {
    id: 'tor-exits',
    kind: 'tor',
    url: 'https://check.torproject.org/torbulkexitlist',
    licence: 'Tor Project, public data (Tor Metrics data are CC0 1.0)',
    description: 'Tor Project bulk exit list',
    minEntries: 100,
  },
  {
    id: 'x4bnet-vpn',
    kind: 'proxy',
    url: 'https://raw.githubusercontent.com/X4BNet/lists_vpn/main/output/vpn/ipv4.txt',
    licence: 'MIT (X4BNet/lists_vpn)',
    description: 'X4BNet VPN provider ranges',
    minEntries: 100,
  },
  {
    id: 'x4bnet-datacenter',
    kind: 'hosting',
    url: 'https://raw.githubusercontent.com/X4BNet/lists_vpn/main/output/datacenter/ipv4.txt',
    licence: 'MIT (X4BNet/lists_vpn)',
    description: 'X4BNet data-centre ranges',
    minEntries: 1000,
  },
  {
    id: 'firehol-level1',
    kind: 'malicious',
    url: 'https://raw.githubusercontent.com/firehol/blocklist-ipsets/master/firehol_level1.netset',
    licence: 'FireHOL aggregation; each upstream list under its own terms (see the file header)',
    description: 'FireHOL level 1: attacks, malware, hijacked ranges',
    minEntries: 100,
  },
  {
    id: 'spamhaus-drop',
    kind: 'malicious',
    url: 'https://www.spamhaus.org/drop/drop.txt',
    licence: 'Spamhaus DROP terms: free to use, not for redistribution or resale',
    description: "Spamhaus Don't Route Or Peer",
    minEntries: 100,
  },
  {
    id: 'sfs-toxic-ip',
    kind: 'malicious',
    url: 'https://www.stopforumspam.com/downloads/toxic_ip_cidr.txt',
    licence: 'StopForumSpam download terms (https://www.stopforumspam.com/legal)',
    description: 'StopForumSpam toxic IP ranges',
    minEntries: 10,
  },
  {
    id: 'sfs-toxic-domains',
    kind: 'domains',
    url: 'https://www.stopforumspam.com/downloads/toxic_domains_whole.txt',
    licence: 'StopForumSpam download terms (https://www.stopforumspam.com/legal)',
    description: 'StopForumSpam toxic domains',
    minEntries: 10,
  },
];

export const LIST_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Metadata of a list file. */
export interface ListMeta {
  id: string;
  kind: ListKind;
  source: string;
  licence: string;
  /** When the list was downloaded (ISO 8601): its generation date as far as formspam knows. */
  fetched: string;
  entries: number;
}

/** The result of validating a download. */
export type ParsedList =
  | { ok: true; entries: string[]; invalid: number }
  | { ok: false; error: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function normalizeDomain(token: string): string | null {
  const d = token.toLowerCase().replace(/\.$/, '');
  if (d.length < 3 || d.length > 253) return null;
  const labels = d.split('.');
  if (labels.length < 2) return null;
  for (const l of labels) if (!LABEL.test(l)) return null;
  return /^[a-z]{2,63}$|^xn--[a-z0-9-]{1,59}$/.test(labels[labels.length - 1]!) ? d : null;
}

/**
 * Validates and normalises a downloaded list: comments (`#`, `;`) and blank lines are
 * skipped, the first token of a line is the entry. Rejects binary data, HTML, too many bad
 * lines, and implausible sizes.
 */
export function parseListText(text: string, source: Pick<ListSource, 'kind' | 'minEntries' | 'maxEntries'>): ParsedList {
  if (text.includes('\u0000')) return { ok: false, error: 'binary data, not a list' };
  const head = text.slice(0, 512).trimStart().toLowerCase();
  if (head.startsWith('<!doctype') || head.startsWith('<html') || head.startsWith('<?xml')) {
    return { ok: false, error: 'an HTML or XML page, not a list' };
  }
  const entries: string[] = [];
  let invalid = 0;
  let firstBad: string | undefined;
  const lines = text.split('\n');
  for (let line of lines) {
    const hash = line.search(/[#;]/);
    if (hash !== -1) line = line.slice(0, hash);
    line = line.trim().replace(/^\uFEFF/, '');
    if (line === '') continue;
    const token = line.split(/[\s,]/, 1)[0]!;
    if (source.kind === 'domains') {
      const d = normalizeDomain(token);
      if (d) entries.push(d);
      else {
        invalid++;
        firstBad ??= line;
      }
    } else {
      const r = parseCidr(token);
      if (r) entries.push(rangeText(r));
      else {
        invalid++;
        firstBad ??= line;
      }
    }
  }
  const total = entries.length + invalid;
  if (invalid > Math.max(5, total * 0.01)) {
    return { ok: false, error: `${invalid} of ${total} lines are not ${source.kind === 'domains' ? 'domains' : 'IP addresses or CIDR ranges'} (first: ${JSON.stringify(firstBad!.slice(0, 60))})` };
  }
  const min = source.minEntries ?? 10;
  const max = source.maxEntries ?? 5_000_000;
  if (entries.length < min) return { ok: false, error: `${entries.length} entries, fewer than the plausible minimum of ${min}` };
  if (entries.length > max) return { ok: false, error: `${entries.length} entries, more than the plausible maximum of ${max}` };
  return { ok: true, entries, invalid };
}

/** The text of a list file. */
export function formatListFile(meta: ListMeta, entries: readonly string[]): string {
  const header = [
    '# formspam list v1',
    `# id: ${meta.id}`,
    `# kind: ${meta.kind}`,
    `# source: ${meta.source}`,
    `# licence: ${meta.licence.replace(/[\r\n]/g, ' ')}`,
    `# fetched: ${meta.fetched}`,
    `# entries: ${meta.entries}`,
  ];
  return `${header.join('\n')}\n${entries.join('\n')}\n`;
}

/** Reads a list file's header, or null when it is not a formspam list. */
export function parseListHeader(text: string): ListMeta | null {
  if (!text.startsWith('# formspam list v1\n')) return null;
  const fields: Record<string, string> = {};
  let at = 0;
  while (text.startsWith('# ', at)) {
    const end = text.indexOf('\n', at);
    if (end === -1) break;
    const line = text.slice(at + 2, end);
    const colon = line.indexOf(': ');
    if (colon !== -1) fields[line.slice(0, colon)] = line.slice(colon + 2);
    at = end + 1;
  }
  const entries = Number(fields.entries);
  if (!fields.id || !LIST_KINDS.includes(fields.kind as ListKind) || !fields.fetched || !Number.isInteger(entries)) return null;
  return {
    id: fields.id,
    kind: fields.kind as ListKind,
    source: fields.source ?? '',
    licence: fields.licence ?? '',
    fetched: fields.fetched,
    entries,
  };
}

/** A list loaded into memory. */
export interface LoadedList {
  meta: ListMeta;
  /** For IP lists. */
  set: CidrSet | null;
  /** For `domains` lists. */
  domains: ReadonlySet<string> | null;
  /** Milliseconds it took to read and index. */
  loadMs: number;
}

/** Where lists are written: `<dataDir>/lists`. */
export function listsDir(dataDir: string): string {
  return join(dataDir, LISTS_SUBDIR);
}

/**
 * Where lists are read: `<dataDir>/lists`, or `dataDir` itself when it holds list files and
 * `<dataDir>/lists` holds none (a directory of list files given as the data directory).
 */
export function readListsDir(dataDir: string): string {
  const dir = listsDir(dataDir);
  return !hasListFiles(dir) && hasListFiles(dataDir) ? dataDir : dir;
}

/** Loads one list file; throws when it is not a valid list. */
export function loadListFile(path: string): LoadedList {
  const t0 = performance.now();
  const parse = parseListFile(path, readFileSync(path, 'utf8'));
  let step = parse.next();
  while (!step.done) step = parse.next();
  return { ...step.value, loadMs: performance.now() - t0 };
}

/** Lines parsed between two yields of {@link parseListFile}: about 2 ms of work. */
const LINES_PER_SLICE = 2000;

/**
 * Parses a list file's text: yields after every slice of {@link LINES_PER_SLICE} lines (so a
 * caller may give the event loop a turn), returns the list. One parser for both loaders.
 */
function* parseListFile(path: string, text: string): Generator<void, Omit<LoadedList, 'loadMs'>> {
  const meta = parseListHeader(text);
  if (!meta) throw new Error(`${path} is not a formspam list file`);
  const domains = meta.kind === 'domains' ? new Set<string>() : null;
  const ranges: IpRange[] = [];
  let at = 0;
  let inSlice = 0;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end === -1) end = text.length;
    const line = text.slice(at, end);
    at = end + 1;
    if (line === '' || line.startsWith('#')) continue;
    if (domains) domains.add(line);
    else {
      const r = parseCidr(line);
      if (r) ranges.push(r);
    }
    if (++inSlice === LINES_PER_SLICE) {
      inSlice = 0;
      yield;
    }
  }
  return { meta, set: domains ? null : new CidrSet(ranges), domains };
}

/**
 * {@link loadListFile} for a running server: the same result, read asynchronously and parsed in
 * slices of a few thousand lines with a turn of the event loop between them, so that reloading
 * a list of 60,000 ranges never holds up a request for more than a few milliseconds.
 */
export async function loadListFileAsync(path: string): Promise<LoadedList> {
  const t0 = performance.now();
  const parse = parseListFile(path, await readFile(path, 'utf8'));
  let step = parse.next();
  while (!step.done) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    step = parse.next();
  }
  return { ...step.value, loadMs: performance.now() - t0 };
}

/** The `.list` files of a data directory's lists folder, sorted; [] when there is none. */
function listFiles(dataDir: string): { dir: string; files: string[] } {
  const dir = readListsDir(dataDir);
  try {
    return { dir, files: readdirSync(dir).filter((f) => f.endsWith('.list')).sort() };
  } catch {
    return { dir, files: [] };
  }
}

/** {@link loadLists} for a running server, each file read with {@link loadListFileAsync}. */
export async function loadListsAsync(dataDir: string): Promise<{ lists: LoadedList[]; problems: string[] }> {
  const { dir, files } = listFiles(dataDir);
  const lists: LoadedList[] = [];
  const problems: string[] = [];
  for (const f of files) {
    try {
      lists.push(await loadListFileAsync(join(dir, f)));
    } catch (error) {
      problems.push(`${f}: ${(error as Error).message}`);
    }
  }
  return { lists, problems };
}

/**
 * Every valid list in `<dataDir>/lists` (or in `dataDir` itself, see {@link readListsDir}), by
 * id; unreadable files are left out and reported.
 */
export function loadLists(dataDir: string): { lists: LoadedList[]; problems: string[] } {
  const { dir, files } = listFiles(dataDir);
  const lists: LoadedList[] = [];
  const problems: string[] = [];
  for (const f of files) {
    try {
      lists.push(loadListFile(join(dir, f)));
    } catch (error) {
      problems.push(`${f}: ${(error as Error).message}`);
    }
  }
  return { lists, problems };
}

/** Reads only the headers of the list files (for `formspam status`). */
export function readListHeaders(dataDir: string): ListMeta[] {
  const { dir, files } = listFiles(dataDir);
  const out: ListMeta[] = [];
  for (const f of files) {
    try {
      const text = readFileSync(join(dir, f), 'utf8').slice(0, 4096);
      const meta = parseListHeader(text);
      if (meta) out.push(meta);
    } catch {
      // unreadable: not listed
    }
  }
  return out;
}
