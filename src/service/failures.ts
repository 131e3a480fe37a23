/**
 * Failures as answers: every error a route throws becomes a status and a code (never a stack
 * trace), and a failing store or master key is counted and logged at most every 10 s.
 */
import { isFormspamError } from '../core/errors.js';
import { isStoreUnavailable, type StoreUnavailableError } from '../stores/guard.js';
import { errorResponse, formspamErrorStatus, HttpError, type Logger, type ServiceResponse } from './http.js';
import { isMasterKeyError } from './master-key.js';
import type { ServiceMetrics } from './metrics.js';

/** `Retry-After` (seconds) of a 503 STORE_UNAVAILABLE: ioredis reconnects every 50 ms to 2 s. */
const STORE_RETRY_AFTER = '1';

export interface Failures {
  /** Counts and (at most every 10 s) logs a store failure. */
  storeFailed(error: StoreUnavailableError): void;
  /** The response to an error a route threw. */
  errorToResponse(error: unknown, route: string): ServiceResponse;
}

export function createFailures(now: () => number, log: Logger | undefined, metrics: ServiceMetrics | null): Failures {
  let masterKeyLoggedAt = -Infinity;
  // One warning per 10 s while the store fails (each failed request is counted in the metrics).
  let storeWarnedAt = -Infinity;
  let storeFailures = 0;
  function storeFailed(error: StoreUnavailableError): void {
    metrics?.storeErrors.inc({ operation: error.operation, reason: error.reason });
    storeFailures++;
    const t = now();
    if (t - storeWarnedAt >= 10_000) {
      log?.warn({ event: 'store-unavailable', store: error.store, operation: error.operation, reason: error.reason, failures: storeFailures, err: { message: error.message } }, `store unavailable: ${error.message}; answering 503 STORE_UNAVAILABLE`);
      storeWarnedAt = t;
      storeFailures = 0;
    }
  }

  function errorToResponse(error: unknown, route: string): ServiceResponse {
    if (error instanceof HttpError) {
      const response = errorResponse(error.status, error.code, error.message, error.headers);
      if (error.status === 413) response.close = true;
      return response;
    }
    if (isStoreUnavailable(error)) {
      // The store is down, unreachable or too slow: never a 500, and fast.
      storeFailed(error);
      return errorResponse(503, 'STORE_UNAVAILABLE', 'Service Unavailable: the key store does not answer; try again shortly.', { 'retry-after': STORE_RETRY_AFTER });
    }
    if (isMasterKeyError(error)) {
      // The operator's to fix (the log and /readyz say how); the client learns only that.
      const t = now();
      if (t - masterKeyLoggedAt >= 10_000) {
        log?.error({ event: 'master-key', route, code: error.code }, error.message);
        masterKeyLoggedAt = t;
      }
      return errorResponse(503, error.code, 'Service Unavailable: the server\'s master key does not fit its key store; its operator must fix it.');
    }
    if (isFormspamError(error) && error.code !== 'INVALID_OPTIONS') return errorResponse(formspamErrorStatus(error.code), error.code, error.message);
    log?.error({ event: 'internal-error', route, err: { name: (error as Error)?.name, message: (error as Error)?.message } }, 'internal error');
    return errorResponse(500, 'INTERNAL', 'Internal Server Error');
  }

  return { storeFailed, errorToResponse };
}
