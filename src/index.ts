export { classify, type ClassifyOptions } from './classify.js';
export { FormspamError, isFormspamError, type FormspamErrorCode, type FormspamErrorJSON } from './errors.js';
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
} from './rule.js';
export { defaultRules, EXTENSION_RULE_IDS, SPEC_RULE_IDS } from './rules/index.js';
export { normalizeRequest, type ClassifyRequest, type Classifier, type NormalizedRequest, type RequestLimits } from './request.js';
export { classifyRequestSchema, CLASSIFIERS } from './schema.js';
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
} from './response.js';
export { createDefaultProviders, type DefaultProvidersOptions } from './providers/default.js';
export type {
  DnsAnswer,
  DnsProvider,
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
