/**
 * Countries, continents and named country lists (countries-list, MIT), and the geo-fence
 * entries of `blockedCountries` / `expectedCountries`: `DE`, `continent:EU`, `list:eu`, and
 * ISO 3166-2 regions (`DE-BY`), which need a city database that gives region codes.
 */
import { continents, countries } from 'countries-list';

type CountryData = (typeof countries)[keyof typeof countries];
const COUNTRIES = countries as unknown as Readonly<Record<string, CountryData & { continents?: readonly string[] }>>;

/** The seven continent codes of countries-list. */
export const CONTINENT_CODES: readonly string[] = Object.keys(continents).sort();

const EU = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');

/**
 * Named country lists for geo-fencing (documented in docs/data.md):
 * - `eu`: the 27 member states of the European Union (2026);
 * - `eea`: the European Economic Area, the EU plus Iceland, Liechtenstein and Norway;
 * - `sanctioned`: countries under broad EU/US embargoes in 2026 (BY, CU, IR, KP, RU). A convenience
 *   snapshot for geo-fencing, not legal advice.
 */
export const NAMED_COUNTRY_LISTS: Readonly<Record<string, ReadonlySet<string>>> = {
  eu: new Set(EU),
  eea: new Set([...EU, 'IS', 'LI', 'NO']),
  sanctioned: new Set(['BY', 'CU', 'IR', 'KP', 'RU']),
};

/** True for an ISO 3166-1 alpha-2 code known to countries-list (upper case; includes XK, Kosovo). */
export function isCountryCode(code: string): boolean {
  return code.length === 2 && Object.hasOwn(COUNTRIES, code);
}

/** The continents of a country (upper case): usually one; RU, TR, EG, … have two. */
export function continentsOf(code: string): readonly string[] {
  const c = Object.hasOwn(COUNTRIES, code) ? COUNTRIES[code] : undefined;
  if (!c) return [];
  return c.continents && c.continents.length > 0 ? c.continents : [c.continent];
}

/** An ISO 3166-2 subdivision code: country, hyphen, one to three letters or digits (`DE-BY`, `US-CA`, `FR-75C`). */
export const REGION = /^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/;

/**
 * Normalises one geo-fence entry: `de-by` → `DE-BY`, `de` → `DE`, `Continent:eu`… → `continent:EU`, `list:EU` → `list:eu`.
 * Returns an error message instead when the code is not known.
 */
export function normalizeFenceEntry(entry: string): { value: string } | { error: string } {
  const colon = entry.indexOf(':');
  if (colon === -1 && REGION.test(entry)) {
    // ISO 3166-2: the country part must be a country; the subdivision part is not checked
    // against a list (formspam ships none), only its form.
    const code = entry.toUpperCase();
    const country = code.slice(0, 2);
    if (isCountryCode(country)) return { value: code };
    return { error: `${JSON.stringify(entry)} is not an ISO 3166-2 region code: ${country} is not an ISO 3166-1 alpha-2 country code` };
  }
  if (colon === -1) {
    const code = entry.toUpperCase();
    if (isCountryCode(code)) return { value: code };
    const hint = code === 'UK' ? ' (the United Kingdom is GB)' : code === 'EL' ? ' (Greece is GR)' : '';
    return { error: `${JSON.stringify(entry)} is not an ISO 3166-1 alpha-2 country code${hint}` };
  }
  const kind = entry.slice(0, colon).toLowerCase();
  const name = entry.slice(colon + 1);
  if (kind === 'continent') {
    const code = name.toUpperCase();
    if (CONTINENT_CODES.includes(code)) return { value: `continent:${code}` };
    return { error: `${JSON.stringify(entry)} names no continent; use one of ${CONTINENT_CODES.map((c) => `continent:${c}`).join(', ')}` };
  }
  if (kind === 'list') {
    const code = name.toLowerCase();
    if (Object.hasOwn(NAMED_COUNTRY_LISTS, code)) return { value: `list:${code}` };
    return { error: `${JSON.stringify(entry)} names no country list; use one of ${Object.keys(NAMED_COUNTRY_LISTS).map((l) => `list:${l}`).join(', ')}` };
  }
  return { error: `${JSON.stringify(entry)} is not a country code, an ISO 3166-2 region (DE-BY), continent:<code> or list:<name>` };
}

/**
 * The first entry of a normalised geo-fence (`DE`, `DE-BY`, `continent:EU`, `list:eu`) that
 * contains the country `code` (upper case) and, for a region entry, the `region` (ISO 3166-2,
 * upper case), or null. A region entry never matches when the region is not known.
 */
export function fenceMatch(entries: readonly string[], code: string, region: string | null = null): string | null {
  for (const entry of entries) {
    if (entry === code) return entry;
    if (entry.startsWith('continent:')) {
      if (continentsOf(code).includes(entry.slice(10))) return entry;
    } else if (entry.startsWith('list:')) {
      if (NAMED_COUNTRY_LISTS[entry.slice(5)]?.has(code)) return entry;
    } else if (region !== null && entry === region) {
      return entry;
    }
  }
  return null;
}

/**
 * The first region entry (`DE-BY`) of the country `code` (upper case), for an address whose
 * region is not known: it can neither be ruled in nor out.
 */
export function undecidedRegion(entries: readonly string[], code: string): string | null {
  for (const entry of entries) if (entry.length > 3 && entry[2] === '-' && entry.startsWith(code)) return entry;
  return null;
}

/** The top-level `country` object of a response. */
export interface CountryResult {
  /** ISO 3166-1 alpha-2, lower case. */
  code: string;
  name: string;
  native: string;
  /** Calling codes. */
  phone: number[];
  /** Continent code, lower case. */
  continent: string;
  capital: string;
  /** Currency codes. */
  currency: string[];
  /** ISO 639-1 language codes. */
  languages: string[];
}

/** The `country` object for an alpha-2 code (any case), or null when the code is not known. */
export function countryResult(code: string): CountryResult | null {
  const upper = code.toUpperCase();
  if (!isCountryCode(upper)) return null;
  const c = COUNTRIES[upper]!;
  return {
    code: upper.toLowerCase(),
    name: c.name,
    native: c.native,
    phone: [...c.phone],
    continent: c.continent.toLowerCase(),
    capital: c.capital,
    currency: [...c.currency],
    languages: [...c.languages],
  };
}
