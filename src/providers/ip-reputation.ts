/**
 * The offline IP reputation provider: AS number and organisation from the bundled ASN data
 * (data/asn.bin), hosting from the curated hosting ASNs plus downloaded data-centre ranges,
 * and membership in the downloaded Tor, proxy and malicious lists (`formspam update-lists`).
 * Data loads lazily, once per process, and is shared by every provider and call.
 */
import { AsnDatabase } from './lists/asn.js';
import { ipv4ToInt, ipv6ToWords } from '../ip/cidr-set.js';
import { HOSTING_ASNS } from '../data/hosting-asns.js';
import { loadLists, loadListsAsync, type LoadedList } from './lists/lists.js';
import { bundledDataFile, defaultListsDataDir } from './lists/paths.js';
import type { IpListKind, IpListMatch, IpReputation, IpReputationProvider, ProviderCallOptions } from './types.js';

export interface IpReputationProviderOptions {
  /**
   * formspam's data directory, whose `lists/` folder holds the downloaded lists (default:
   * `$FORMSPAM_DATA_DIR`, else `$XDG_DATA_HOME/formspam`, else `~/.local/share/formspam`; see
   * `defaultDataDir`). A directory that directly holds the `*.list` files is accepted too.
   */
  dataDir?: string;
  /** The ASN database (default: the bundled data/asn.bin); `false`: no ASN look-ups. */
  asnDatabase?: string | false;
  /** Lists to use instead of reading `dataDir` (e.g. loaded with `loadListFile`). */
  lists?: readonly LoadedList[];
}

const IP_KINDS: readonly IpListKind[] = ['hosting', 'malicious', 'proxy', 'tor'];

const asnCache = new Map<string, { db: AsnDatabase; loadMs: number }>();
const listCache = new Map<string, { lists: LoadedList[]; problems: string[] }>();

/** Loads an ASN database once per process. */
export function loadAsnDatabase(path: string = bundledDataFile('asn.bin')): { db: AsnDatabase; loadMs: number } {
  const cached = asnCache.get(path);
  if (cached) return cached;
  const t0 = performance.now();
  const db = AsnDatabase.fromFile(path);
  const entry = { db, loadMs: performance.now() - t0 };
  asnCache.set(path, entry);
  return entry;
}

/** Loads the lists of a data directory once per process (`reload` reads them again). */
export function loadListsCached(dataDir: string, reload = false): { lists: LoadedList[]; problems: string[] } {
  const cached = listCache.get(dataDir);
  if (cached && !reload) return cached;
  const loaded = loadLists(dataDir);
  listCache.set(dataDir, loaded);
  return loaded;
}

/** {@link loadListsCached} with `reload`, without blocking the event loop (a running server's refresh). */
export async function reloadListsCachedAsync(dataDir: string): Promise<{ lists: LoadedList[]; problems: string[] }> {
  const loaded = await loadListsAsync(dataDir);
  listCache.set(dataDir, loaded);
  return loaded;
}

export interface OfflineIpReputationProvider extends IpReputationProvider {
  /** The synchronous look-up behind `lookup`, for a canonical public address. */
  lookupSync(address: string): IpReputation;
  /** Loads the data now instead of on the first look-up. */
  load(): { asn: AsnDatabase | null; lists: readonly LoadedList[] };
  /** Reads the lists of `dataDir` again, e.g. after `formspam update-lists`. */
  reload(): void;
  /**
   * `reload()` for a running server: the files are read and parsed in slices between requests,
   * and the new lists replace the old ones at once when all are read.
   */
  reloadAsync(): Promise<void>;
}

/**
 * Creates the offline IP reputation provider.
 *
 * @example
 * const ipReputation = createIpReputationProvider({ dataDir: '/var/lib/formspam' });
 * await classify({ ipAddress: '185.220.101.1' }, { ipReputation });
 */
export function createIpReputationProvider(options: IpReputationProviderOptions = {}): OfflineIpReputationProvider {
  // Resolved on first use: creating the provider reads nothing.
  let dataDirOnce: string | undefined;
  const dataDir = () => (dataDirOnce ??= options.dataDir ?? defaultListsDataDir());
  let asn: AsnDatabase | null | undefined;
  let ipLists: LoadedList[] | undefined;
  // The lists grouped by kind, with the ids to report as `sources` (the curated ASNs first).
  let byKind: { kind: IpListKind; sources: string[]; lists: LoadedList[] }[] = [];
  const group = (lists: readonly LoadedList[]) => {
    ipLists = lists.filter((l) => l.set !== null && IP_KINDS.includes(l.meta.kind as IpListKind));
    byKind = IP_KINDS.map((kind) => {
      const of = ipLists!.filter((l) => l.meta.kind === kind);
      const sources = [...(kind === 'hosting' && asn ? ['hosting-asns'] : []), ...of.map((l) => l.meta.id)];
      return { kind, sources, lists: of };
    }).filter((k) => k.sources.length > 0);
  };
  const load = () => {
    if (asn === undefined) asn = options.asnDatabase === false ? null : loadAsnDatabase(options.asnDatabase).db;
    if (ipLists === undefined) group(options.lists ?? loadListsCached(dataDir()).lists);
    return { asn, lists: ipLists! };
  };
  const lookupSync = (address: string): IpReputation => {
    if (ipLists === undefined) load();
    const v4 = ipv4ToInt(address);
    const words = v4 === -1 ? ipv6ToWords(address) : null;
    const info = asn ? (v4 !== -1 ? asn.lookupV4(v4) : words ? asn.lookupV6(words) : null) : null;
    const lists: IpReputation['lists'] = {};
    for (const k of byKind) {
      const matches: IpListMatch[] = [];
      if (k.kind === 'hosting' && info && HOSTING_ASNS.has(info.asn)) {
        matches.push({ list: 'hosting-asns', entry: `AS${info.asn} ${info.organization}` });
      }
      for (const list of k.lists) {
        const entry = v4 !== -1 ? list.set!.matchV4(v4) : words ? list.set!.matchV6(words) : null;
        if (entry !== null) matches.push({ list: list.meta.id, entry });
      }
      lists[k.kind] = { sources: k.sources, matches };
    }
    return { asn: info?.asn ?? null, organization: info?.organization ?? null, lists };
  };
  return {
    name: 'offline-ip-reputation',
    lookupSync,
    load,
    reload() {
      load();
      group(options.lists ?? loadListsCached(dataDir(), true).lists);
    },
    async reloadAsync() {
      load();
      group(options.lists ?? (await reloadListsCachedAsync(dataDir())).lists);
    },
    async lookup(ipAddress: string, callOptions: ProviderCallOptions): Promise<IpReputation> {
      void callOptions;
      return lookupSync(ipAddress);
    },
  };
}
