/**
 * Provider interfaces: all I/O of a classification goes through these. The engine owns
 * timeouts, de-duplication and error capture; a provider only answers one question.
 * Every method takes an `AbortSignal`, which fires when the engine's timeout is reached
 * or the caller aborts.
 */

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

/** What is known about where an IP address is. `null` means unknown. */
export interface GeoLocation {
  country: string | null;
  city: string | null;
  zip: string | null;
}

export interface GeoProvider {
  readonly name: string;
  lookup(ipAddress: string, options: ProviderCallOptions): Promise<GeoLocation | null>;
}

/** Membership of an IP address in reputation lists (list name → matched entry). */
export interface IpReputation {
  asn: number | null;
  organization: string | null;
  /** e.g. `{ tor: '185.220.101.1/32', hosting: 'AS16509' }`: list id → the entry that matched. */
  lists: Record<string, string>;
}

export interface IpReputationProvider {
  readonly name: string;
  lookup(ipAddress: string, options: ProviderCallOptions): Promise<IpReputation>;
}

/** One language guess: ISO 639-1 code where one exists, otherwise ISO 639-3. */
export interface LanguageGuess {
  language: string;
  confidence: number;
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
export interface Providers {
  dns?: DnsProvider;
  geo?: GeoProvider;
  ipReputation?: IpReputationProvider;
  language?: LanguageDetector;
  [custom: string]: unknown;
}
