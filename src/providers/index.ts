/**
 * `formspam/providers`: the bundled providers (DNS, geo-location, IP and e-mail reputation,
 * language detection, the text model) and the interfaces a provider of your own implements.
 * `createDefaultProviders` (all of them, configured) is in the root, `formspam`.
 */
export type {
  CityMissingReason,
  DnsAnswer,
  DnsProvider,
  EmailReputation,
  EmailReputationProvider,
  GeoLocation,
  GeoProvider,
  IpListKind,
  IpListMatch,
  IpReputation,
  IpReputationProvider,
  LanguageDetector,
  LanguageGuess,
  MxRecord,
  ProviderCallOptions,
  Providers,
  SiteModelProvider,
  TextModelProvider,
} from './types.js';
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
} from './dns.js';
export { createGeoProvider, installedCityDatabases, type GeoProviderOptions, type OfflineGeoProvider } from './geo.js';
export {
  createIpReputationProvider,
  type IpReputationProviderOptions,
  type OfflineIpReputationProvider,
} from './ip-reputation.js';
export {
  createReportedEmailProvider,
  hashEmailAddress,
  type ReportedEmailListInfo,
  type ReportedEmailListOptions,
  type ReportedEmailProvider,
} from './reported-email.js';
export { createLanguageDetector, detectLanguage, loadLanguageModel } from '../language/detector.js';
export { createTextModelProvider, staticTextModelProvider, type TextModelProviderOptions } from '../model/provider.js';
export { parseModel, TextModel, type ModelHeader, type Prediction } from '../model/model.js';
