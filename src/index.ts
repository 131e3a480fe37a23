export { classify, type ClassifyOptions } from './engine/classify.js';
export {
  explain,
  explainSkipped,
  EXPLAIN_LANGUAGES,
  MESSAGES,
  negotiateExplainLanguage,
  type ExplainLanguage,
  type ExplainOptions,
  type Explanation,
  type Message,
  type MessageTable,
  type SkippedExplanation,
} from './explain/index.js';
export { FormspamError, isFormspamError, type FormspamErrorCode, type FormspamErrorJSON } from './core/errors.js';
export {
  defineRule,
  defineFact,
  FactUnavailable,
  hit,
  miss,
  skip,
  matchesOutcome,
  CATEGORIES,
  type AnyRule,
  type Category,
  type Evidence,
  type FactDefinition,
  type Formula,
  type Match,
  type Rule,
  type RuleId,
  type RuleOutcome,
  type Significance,
} from './core/rule.js';
export { defaultRules, EXTENSION_RULE_IDS, SPEC_RULE_IDS } from './rules/index.js';
export { normalizeRequest, type ClassifyRequest, type Classifier, type NormalizedRequest, type RequestLimits } from './core/request.js';
export { classifyRequestSchema, CLASSIFIERS } from './core/schema.js';
export type { TextInput, TextSegment, Token } from './text/input.js';
export type {
  CategoryResult,
  Classification,
  ClassifyResponse,
  IpAddressResult,
  MatchResult,
  ProblemReport,
  RuleResult,
  TextResult,
  TimeZoneResult,
} from './core/response.js';
export { createDefaultProviders, type DefaultProvidersOptions } from './providers/default.js';
export { createTextModelProvider, staticTextModelProvider, type TextModelProviderOptions } from './model/provider.js';
export { parseModel, TextModel, type ModelHeader, type Prediction } from './model/model.js';
export type {
  TextModelProvider,
  DnsAnswer,
  DnsProvider,
  CityMissingReason,
  GeoLocation,
  GeoProvider,
  IpReputation,
  IpReputationProvider,
  LanguageDetector,
  LanguageGuess,
  MxRecord,
  ProviderCallOptions,
  Providers,
} from './providers/types.js';

// Language detection (issue 3).
export { createLanguageDetector, detectLanguage, loadLanguageModel } from './language/detector.js';
export { warmUp } from './lexicons/warm-up.js';

// IP address, geo-location, time zone and data freshness (issue 5).
export { createGeoProvider, installedCityDatabases, type GeoProviderOptions, type OfflineGeoProvider } from './providers/geo.js';
export {
  createIpReputationProvider,
  type IpReputationProviderOptions,
  type OfflineIpReputationProvider,
} from './providers/ip-reputation.js';
export type { IpListKind, IpListMatch } from './providers/types.js';
export { parseIp, type ParsedIp } from './ip/parse.js';
export { CidrSet, parseCidr } from './ip/cidr-set.js';
export { DEFAULT_LIST_SOURCES, loadListFile, type ListKind, type ListMeta, type ListSource, type LoadedList } from './providers/lists/lists.js';
export { updateLists, type UpdateListResult, type UpdateListsOptions } from './providers/lists/update.js';
export { defaultDataDir } from './providers/lists/paths.js';
export { HOSTING_ASNS } from './data/hosting-asns.js';
export { datasetStatus, type DatasetStatus, type DatasetStatusOptions } from './providers/lists/datasets.js';
export { countryResult, CONTINENT_CODES, NAMED_COUNTRY_LISTS, type CountryResult } from './geo/countries.js';
export { timeZoneCountry, type TimeZoneCountry } from './geo/time-zone.js';
export type { RequestContext } from './core/request.js';
export type { EmailReputation, EmailReputationProvider } from './providers/types.js';
export type { EmailResult } from './core/response.js';
export {
  createDnsProvider,
  offlineDnsProvider,
  DnsLookupError,
  DEFAULT_DNS_TIMEOUT_MS,
  type DnsProviderOptions,
  type DnsProviderStats,
  type LiveDnsProvider,
  type ResolverHealth,
  type ResolverHealthOptions,
} from './providers/dns.js';
export {
  createReportedEmailProvider,
  hashEmailAddress,
  type ReportedEmailListInfo,
  type ReportedEmailListOptions,
  type ReportedEmailProvider,
} from './providers/reported-email.js';
export { parseEmail, type InvalidEmailReason, type ParsedEmail } from './email/address.js';
