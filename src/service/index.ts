/**
 * `formspam/server`: the framework-free service, its stores, the M2M challenge and the key client.
 * Adapters: `formspam/node`, `formspam/express`.
 */
export { createService, type Service } from './service.js';
export { DEFAULT_BODY_LIMIT } from './context.js';
export { errorResponse, HttpError, type Logger, type ServiceRequest, type ServiceResponse } from './http.js';
export type { ServiceOptions } from './options.js';
export type { DecisionLog, DecisionLogOptions } from './decision-log.js';
export {
  createChallenge,
  verifySolution,
  solveChallenge,
  saltParams,
  type Challenge,
  type ChallengePayload,
  type CreateChallengeOptions,
  type VerifyOptions,
  type VerifyResult,
  type World,
} from '../altcha/challenge.js';
export {
  M2MGate,
  formatWwwAuthenticate,
  parseWwwAuthenticate,
  parseAltchaAuthorization,
  formatAltchaAuthorization,
  type M2MCheck,
  type M2MOptions,
} from './m2m.js';
export { SecretBox, constantTimeEqual, hashHex, hmacHex, type HashAlgorithm, type RandomBytes } from '../altcha/crypto.js';
export { MASTER_KEY_CHECK_SETTING, MasterKeyError, masterKeyCheck, masterKeyProblem, rotateMasterKey, verifyMasterKey, type MasterKeyErrorCode, type RotateResult } from './master-key.js';
export { newApiKey, parseHostname, refererAllowed, API_KEY_PATTERN, type Hostname } from './keys.js';
export { clientIpOf, trustedProxySet } from './client-ip.js';
export { DEFAULT_RATE_LIMITS, parseRateLimits, type RateLimit, type RateLimits } from './rate-limit.js';
export { createMetrics, type ServiceMetrics } from './metrics.js';
export { openApiDocument } from './openapi.js';
export { COMPLEXITY, DEFAULT_WIDGET_OPTIONS, type WidgetOptions, type WidgetErrorCode } from './widget.js';
export { requestApiKey, ApiKeyRequestError, type ApiKeyResult, type RequestApiKeyOptions } from './client.js';
export * from '../stores/index.js';
export { createSiteLearner, DEFAULT_MIN_REPORTS, type SiteLearner, type SiteLearnerOptions } from '../learn/learner.js';
export type { FeedbackOutcome } from '../learn/feedback.js';
