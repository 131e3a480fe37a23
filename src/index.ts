/**
 * `formspam`: classify a request, define rules and facts, read the reasons. Providers are in
 * `formspam/providers`, list updating and dataset status in `formspam/data`, the rule test
 * harness in `formspam/testing`, the HTTP service in `formspam/server`.
 */
export {
  classify,
  createClassifier,
  type ClassifierOptions,
  type ClassifyCallOptions,
  type ClassifyOptions,
  type FormspamClassifier,
} from './engine/classifier.js';
export {
  explain,
  explainSkipped,
  EXPLAIN_LANGUAGES,
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
export { defaultRules } from './rules/index.js';
export { warmUp } from './lexicons/warm-up.js';
export { createDefaultProviders, type DefaultProvidersOptions } from './providers/default.js';
export type { ClassifyRequest, Classifier, NormalizedRequest, RequestContext, RequestLimits } from './core/request.js';
export type { TextInput, TextSegment, Token } from './text/input.js';
export type {
  CategoryResult,
  Classification,
  ClassifyResponse,
  EmailResult,
  IpAddressResult,
  MatchResult,
  ProblemReport,
  RuleResult,
  TextResult,
  TimeZoneResult,
} from './core/response.js';
export type { Providers, SiteModelProvider } from './providers/types.js';
