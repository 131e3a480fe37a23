/**
 * `formspam/testing`: a table-driven harness for rules, built-in or your own (rule.ts), and the
 * conformance suites of the provider interfaces and stores. Each rule case runs through the real
 * engine with only the rule under test, with the rule's facts given as literal values, so there
 * is nothing to mock.
 *
 * @example
 * import { testRule } from 'formspam/testing';
 * import { myRule } from '../src/my-rule.js';
 * testRule(myRule, {
 *   hits: [{ request: 'BUY NOW', count: 2 }],
 *   misses: ['Hello there'],
 * });
 */
export {
  allowedSkipReasons,
  ENGINE_SKIP_REASONS,
  expectHit,
  expectMiss,
  expectSkip,
  factFailure,
  runRuleCase,
  testRule,
  type EngineSkipReason,
  type FactFailure,
  type HitCase,
  type RuleCaseResult,
  type RuleCases,
  type SkipCase,
} from './rule.js';
export {
  createStaticDnsProvider,
  DNS_CONFORMANCE_NAMES,
  DNS_CONFORMANCE_ZONE,
  testDnsProvider,
  type DnsConformanceSetup,
  type StaticDnsRecords,
  type StaticDnsZone,
} from './dns.js';
export { testStore, type StoreConformanceSetup } from './stores.js';
export { testHttpAdapter, HTTP_CONFORMANCE_BODY_LIMIT, type FetchLike, type HttpAdapterSetup } from './http.js';
export { testGeoProvider, type GeoConformanceAddress, type GeoConformanceSetup } from './geo.js';
export { testIpReputationProvider, type IpListedAddress, type IpReputationConformanceSetup } from './ip-reputation.js';
export { testEmailReputationProvider, type EmailReputationConformanceSetup } from './email-reputation.js';
export {
  LANGUAGE_CONFORMANCE_SAMPLES,
  testLanguageDetector,
  type LanguageDetectorConformanceSetup,
  type LanguageSample,
} from './language.js';
