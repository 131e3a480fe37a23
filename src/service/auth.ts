/**
 * Who may call: the API key of a request, the page it comes from, and the CORS headers for that
 * page. The classify route and the widget endpoints read keys and pages the same way.
 */
import { constantTimeEqual } from '../altcha/crypto.js';
import type { ApiKeyRecord } from '../stores/types.js';
import { header, HttpError, type ServiceRequest } from './http.js';
import { refererAllowed } from './keys.js';

/** The API key of a request: `?apiKey=` (given as `query`), else `Authorization: Bearer <key>`. */
export function apiKeyOf(req: ServiceRequest, query: string | null): string | undefined {
  if (query) return query;
  const auth = header(req.headers.authorization);
  if (auth && /^bearer /i.test(auth)) return auth.slice(7).trim() || undefined;
  return undefined;
}

/** The API key of a request, or a 401 MISSING_API_KEY. */
export function requireApiKey(req: ServiceRequest, query: string | null): string {
  const apiKey = apiKeyOf(req, query);
  if (!apiKey) throw new HttpError(401, 'MISSING_API_KEY', 'Missing API key: pass ?apiKey= or Authorization: Bearer.');
  return apiKey;
}

/** The record of a key that exists and is not revoked: else 401 INVALID_API_KEY (with `invalid` as the message) or API_KEY_REVOKED. */
export function activeKey(record: ApiKeyRecord | null, invalid: string): ApiKeyRecord {
  if (!record) throw new HttpError(401, 'INVALID_API_KEY', invalid);
  if (record.revokedAt !== undefined) throw new HttpError(401, 'API_KEY_REVOKED', 'This API key has been revoked.');
  return record;
}

/**
 * A 403 WRONG_REFERRER (with `message`) unless the page the request comes from (`Referer`, else
 * `Origin`) is on the key's host; a request with neither passes unless `requireReferer`.
 */
export function checkReferer(req: ServiceRequest, record: ApiKeyRecord, requireReferer: boolean | undefined, message: string): void {
  const page = header(req.headers.referer) ?? header(req.headers.origin);
  if (page === undefined ? requireReferer === true : !refererAllowed(record.hostname, page)) {
    throw new HttpError(403, 'WRONG_REFERRER', message);
  }
}

/** CORS headers for a request whose `Origin` is on the key's host; none otherwise (the browser then refuses to share the response). */
export function corsFor(req: ServiceRequest, record: ApiKeyRecord): Record<string, string> {
  const origin = header(req.headers.origin);
  if (!origin || !refererAllowed(record.hostname, origin)) return { vary: 'Origin' };
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'X-Altcha-Config', vary: 'Origin' };
}

/** True when the request proves the key's secret (`X-Formspam-Secret`, the site's own server). */
export function provesSecret(req: ServiceRequest, secret: () => string): boolean {
  const given = header(req.headers['x-formspam-secret']);
  return given !== undefined && given.length <= 200 && constantTimeEqual(given, secret());
}
