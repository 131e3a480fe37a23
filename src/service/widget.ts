/**
 * The browser-widget endpoints (PROTOCOL.md §1, §2, §4; SERVICE.md §1 "Use from a browser widget"):
 *
 * - `GET /api/v1/challenge?apiKey=…` (also `/v1/challenge`): a v1 proof-of-work challenge signed
 *   with the key's secret; `X-Altcha-Config: {"verifyurl":"verify?apiKey=…"}` when the widget
 *   asks with `x-altcha-spam-filter: 1` (with `&formType=…` and `&explain=…` when the
 *   challenge URL has them);
 * - `POST /api/v1/verify?apiKey=…` (also `/v1/verify`): checks the proof (signature, expiry, used
 *   once), classifies the submitted form with the same core and answers
 *   `{classification, score, reasons, verified: true, payload}` with the signed server payload
 *   (and `explanations`, not signed, when `explain` asks for them: service/explain.ts);
 * - `POST /v1/verify/signature`: `{payload, secret?}` → `{verified, apiKey, verificationData, reason?}`,
 *   each payload verifies once;
 * - CORS for cross-origin pages on the key's host (or a subdomain), preflight included.
 *
 * The service (service.ts) routes to these handlers and lends them its body reader, rate
 * limiter, classifier and key-secret decryption.
 */
import type { ClassifyResponse } from '../core/response.js';
import { isFormspamError } from '../core/errors.js';
import type { ApiKeyRecord, Store } from '../stores/types.js';
import { createServerSignaturePayload, decodePayload, fieldsHashOf, parseServerSignaturePayload, verifyServerSignature, type VerificationData } from '../altcha/signature.js';
import { createChallenge, verifySolution } from '../altcha/challenge.js';
import type { HeaderValue } from './client-ip.js';
import { constantTimeEqual, hmacHex, isHashAlgorithm, type RandomBytes } from '../altcha/crypto.js';
import { refererAllowed } from './keys.js';
import type { FormType } from '../core/request.js';
import { FORM_TYPES } from '../core/schema.js';
import type { ExplainLanguage } from '../explain/index.js';
import { explainParam, withExplain } from './explain.js';
import type { RateLimit, RateLimits } from './rate-limit.js';
import type { Logger, ServiceRequest, ServiceResponse } from './service.js';

/** Proof-of-work difficulty presets of the `complexity` query parameter (the `maxnumber` of the challenge). */
export const COMPLEXITY = { low: 10_000, medium: 100_000, high: 1_000_000 } as const;

export interface WidgetOptions {
  /** `maxnumber` of a challenge when the request names neither `maxnumber` nor `complexity` (default 100,000). */
  maxNumber?: number;
  /** Smallest and largest `maxnumber` a request may ask for (default 1,000 and 10,000,000). */
  minMaxNumber?: number;
  maxMaxNumber?: number;
  /** Lifetime of a challenge in seconds when the request has no `expire` (default 1,200). */
  expireSeconds?: number;
  /** Largest `expire` a request may ask for, in seconds (default 86,400). */
  maxExpireSeconds?: number;
  /** Lifetime of a signed verification payload in seconds (default 3,600). */
  payloadExpireSeconds?: number;
}

export const DEFAULT_WIDGET_OPTIONS: Required<WidgetOptions> = {
  maxNumber: COMPLEXITY.medium,
  minMaxNumber: 1_000,
  maxMaxNumber: 10_000_000,
  expireSeconds: 1_200,
  maxExpireSeconds: 86_400,
  payloadExpireSeconds: 3_600,
};

/** What the service lends the widget endpoints. */
export interface WidgetDeps {
  store: Store;
  now: () => number;
  randomBytes: RandomBytes;
  /** The key's secret in clear (the service decrypts it when a master key is set). */
  secretOf(record: ApiKeyRecord): string;
  readJson(req: ServiceRequest): Promise<unknown>;
  rate(name: string, limit: RateLimit | false | undefined, id: string | undefined): Promise<void>;
  /** The client's share of the key's budget, then the key's own (rate limits `classify-key-ip`, `classify-key`). */
  spendKeyBudget(req: ServiceRequest, record: ApiKeyRecord, ip: string | undefined): Promise<void>;
  limits: Required<RateLimits> | null;
  /** classify() with the client IP (`ipAddress: "auto"`) and the service's providers and metrics. */
  classify(request: unknown, ip: string | undefined): Promise<ClassifyResponse>;
  requireReferer?: boolean;
  log?: Logger;
  options?: WidgetOptions;
}

export interface WidgetEndpoints {
  challenge(req: ServiceRequest, url: URL, ip: string | undefined): Promise<ServiceResponse>;
  verify(req: ServiceRequest, url: URL, ip: string | undefined): Promise<ServiceResponse>;
  verifySignature(req: ServiceRequest, ip: string | undefined): Promise<ServiceResponse>;
  /** `OPTIONS` on the challenge and verify paths (CORS preflight). */
  preflight(req: ServiceRequest, url: URL, ip: string | undefined): Promise<ServiceResponse>;
}

/** Stable codes of the widget endpoints' errors (the `code` of the error body). */
export type WidgetErrorCode =
  | 'MISSING_API_KEY'
  | 'INVALID_API_KEY'
  | 'WRONG_REFERRER'
  | 'INVALID_PARAMETER'
  | 'INVALID_PAYLOAD'
  | 'EXPIRED'
  | 'INVALID_SIGNATURE'
  | 'INVALID_SOLUTION'
  | 'PAYLOAD_ALREADY_USED'
  | 'INVALID_JSON'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'REQUEST_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INVALID_REQUEST';

const JSON_TYPE = 'application/json; charset=utf-8';
const ALLOW_HEADERS = 'content-type, x-altcha-spam-filter, authorization';

function json(status: number, value: unknown, headers: Record<string, string> = {}): ServiceResponse {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(value) };
}

/** An error of these endpoints: `{ error, statusCode, code }`, with the CORS headers so a cross-origin widget can read it. */
class WidgetError extends Error {
  constructor(readonly status: number, readonly code: WidgetErrorCode | string, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

function header(h: HeaderValue): string | undefined {
  return Array.isArray(h) ? h[0] : h;
}

function isHttpError(e: unknown): e is Error & { status: number; headers: Record<string, string> } {
  return e instanceof Error && e.name === 'HttpError' && typeof (e as { status?: unknown }).status === 'number';
}

const STATUS_CODES: Record<number, WidgetErrorCode> = { 400: 'INVALID_JSON', 413: 'REQUEST_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'RATE_LIMITED' };

/** Turns any 4xx failure into the JSON error body (with CORS headers); anything else is rethrown (a 500). */
function toResponse(error: unknown, cors: Record<string, string>): ServiceResponse {
  if (error instanceof WidgetError) return json(error.status, { error: error.message, statusCode: error.status, code: error.code }, { ...cors, ...error.headers });
  if (isHttpError(error) && error.status < 500) {
    const response = json(error.status, { error: error.message, statusCode: error.status, code: STATUS_CODES[error.status] ?? 'INVALID_REQUEST' }, { ...cors, ...error.headers });
    if (error.status === 413) response.close = true;
    return response;
  }
  if (isFormspamError(error) && error.code !== 'INVALID_OPTIONS') {
    const status = error.code === 'REQUEST_TOO_LARGE' ? 413 : error.code === 'ABORTED' ? 499 : 400;
    return json(status, { error: error.message, statusCode: status, code: error.code }, cors);
  }
  throw error;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const EXPIRE = /^(\d{1,7})([smhd]?)$/;
const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };

/** `maxnumber` and lifetime of a challenge from the query (`maxnumber` wins over `complexity`; `expire` like `1h`, `30m`, `600`). */
export function challengeParams(url: URL, options: Required<WidgetOptions>): { maxNumber: number; expireSeconds: number } {
  let maxNumber = options.maxNumber;
  const complexity = url.searchParams.get('complexity');
  if (complexity !== null) {
    if (!Object.hasOwn(COMPLEXITY, complexity)) throw new WidgetError(400, 'INVALID_PARAMETER', '`complexity` must be low, medium or high.');
    maxNumber = COMPLEXITY[complexity as keyof typeof COMPLEXITY];
  }
  const max = url.searchParams.get('maxnumber') ?? url.searchParams.get('maxNumber');
  if (max !== null) {
    const n = /^\d{1,9}$/.test(max) ? Number(max) : NaN;
    if (!(n >= options.minMaxNumber && n <= options.maxMaxNumber)) {
      throw new WidgetError(400, 'INVALID_PARAMETER', `\`maxnumber\` must be an integer from ${options.minMaxNumber} to ${options.maxMaxNumber}.`);
    }
    maxNumber = n;
  }
  let expireSeconds = options.expireSeconds;
  const expire = url.searchParams.get('expire');
  if (expire !== null) {
    const m = EXPIRE.exec(expire.trim().toLowerCase());
    const seconds = m ? Number(m[1]) * UNIT_SECONDS[m[2]!]! : NaN;
    if (!(seconds >= 10 && seconds <= options.maxExpireSeconds)) {
      throw new WidgetError(400, 'INVALID_PARAMETER', `\`expire\` must be a duration such as 600, 20m or 1h, from 10 seconds to ${options.maxExpireSeconds} seconds.`);
    }
    expireSeconds = seconds;
  }
  return { maxNumber, expireSeconds };
}

/**
 * The `formType` query parameter of the widget endpoints (the widget sends only its own keys in
 * the body, so a comment form names its kind in the `challengeurl`): `contact`, `comment` or
 * absent.
 */
export function formTypeParam(url: URL): FormType | undefined {
  const value = url.searchParams.get('formType');
  if (value === null) return undefined;
  if (!(FORM_TYPES as readonly string[]).includes(value)) {
    throw new WidgetError(400, 'INVALID_PARAMETER', `\`formType\` must be ${FORM_TYPES.join(' or ')}.`);
  }
  return value as FormType;
}

/**
 * The `verifyurl` announced in `X-Altcha-Config`: relative to the challenge URL and carrying the
 * key (and the challenge URL's `formType` and `explain`), so widgets 0.x–1.x (which drop the challenge URL's
 * query) keep them, and a service mounted under a prefix (Express) stays under it.
 */
export function verifyUrlFor(requestUrl: string, apiKey: string, formType?: FormType, explain?: boolean | ExplainLanguage): string {
  const path = new URL(requestUrl, 'http://localhost').pathname;
  const query = `apiKey=${encodeURIComponent(apiKey)}${formType === undefined ? '' : `&formType=${formType}`}${explain === undefined ? '' : `&explain=${String(explain)}`}`;
  return `${path.endsWith('/') ? '../' : ''}verify?${query}`;
}

const SOLUTION_CODES: Record<string, WidgetErrorCode> = {
  malformed: 'INVALID_PAYLOAD',
  expired: 'EXPIRED',
  'no-expiry': 'INVALID_PAYLOAD',
  'invalid-signature': 'INVALID_SIGNATURE',
  'invalid-solution': 'INVALID_SOLUTION',
};
const SOLUTION_MESSAGES: Record<string, string> = {
  INVALID_PAYLOAD: 'The proof of work in `payload` is not a Base64 JSON payload of a challenge from this service.',
  EXPIRED: 'The challenge has expired: fetch a new one.',
  INVALID_SIGNATURE: 'The challenge was not issued for this API key.',
  INVALID_SOLUTION: 'The proof of work is wrong.',
};

const SIGNATURE_REASONS: Record<string, string> = {
  'invalid-signature': 'INVALID_SIGNATURE',
  expired: 'EXPIRED',
  'no-expiry': 'INVALID_PAYLOAD',
  'not-verified': 'NOT_VERIFIED',
};

export function createWidgetEndpoints(deps: WidgetDeps): WidgetEndpoints {
  const options: Required<WidgetOptions> = { ...DEFAULT_WIDGET_OPTIONS, ...deps.options };
  for (const [name, value] of Object.entries(options)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`widget.${name} must be a positive integer`);
  }
  if (options.minMaxNumber > options.maxMaxNumber) throw new TypeError('widget.minMaxNumber must not exceed widget.maxMaxNumber');
  const { store, now, limits } = deps;
  const world = { now, randomBytes: deps.randomBytes };

  async function keyOf(req: ServiceRequest, url: URL): Promise<ApiKeyRecord> {
    let apiKey = url.searchParams.get('apiKey') ?? undefined;
    const auth = header(req.headers.authorization);
    if (!apiKey && auth && /^bearer /i.test(auth)) apiKey = auth.slice(7).trim() || undefined;
    if (!apiKey) throw new WidgetError(401, 'MISSING_API_KEY', 'Missing API key: pass ?apiKey= or Authorization: Bearer.');
    const record = apiKey.length <= 100 ? await store.getKey(apiKey) : null;
    if (!record) throw new WidgetError(401, 'INVALID_API_KEY', 'Invalid API key.');
    if (record.revokedAt !== undefined) throw new WidgetError(401, 'API_KEY_REVOKED', 'This API key has been revoked.');
    return record;
  }

  /** CORS headers for a request whose `Origin` is on the key's host; none otherwise (the browser then refuses to share the response). */
  function corsFor(req: ServiceRequest, record: ApiKeyRecord): Record<string, string> {
    const origin = header(req.headers.origin);
    if (!origin || !refererAllowed(record.hostname, origin)) return { vary: 'Origin' };
    return { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'X-Altcha-Config', vary: 'Origin' };
  }

  function checkReferer(req: ServiceRequest, record: ApiKeyRecord): void {
    const page = header(req.headers.referer) ?? header(req.headers.origin);
    if (page === undefined ? deps.requireReferer === true : !refererAllowed(record.hostname, page)) {
      throw new WidgetError(403, 'WRONG_REFERRER', 'Wrong referrer.');
    }
  }

  async function challenge(req: ServiceRequest, url: URL, ip: string | undefined): Promise<ServiceResponse> {
    let cors: Record<string, string> = {};
    try {
      await deps.rate('challenge-ip', limits?.classifyPerIp, ip);
      const record = await keyOf(req, url);
      cors = corsFor(req, record);
      checkReferer(req, record);
      const { maxNumber, expireSeconds } = challengeParams(url, options);
      const formType = formTypeParam(url);
      const explain = explainParam(url.searchParams.get('explain'));
      const expires = Math.floor(now() / 1000) + expireSeconds;
      const body = createChallenge({ hmacKey: deps.secretOf(record), maxNumber, expires }, world);
      const headers: Record<string, string> = { ...cors, 'cache-control': 'no-store' };
      if (header(req.headers['x-altcha-spam-filter']) === '1') {
        headers['x-altcha-config'] = JSON.stringify({ verifyurl: verifyUrlFor(req.url, record.apiKey, formType, explain) });
      }
      return json(200, body, headers);
    } catch (error) {
      return toResponse(error, cors);
    }
  }

  async function verify(req: ServiceRequest, url: URL, ip: string | undefined): Promise<ServiceResponse> {
    let cors: Record<string, string> = {};
    try {
      await deps.rate('classify-ip', limits?.classifyPerIp, ip);
      const record = await keyOf(req, url);
      cors = corsFor(req, record);
      checkReferer(req, record);
      await deps.spendKeyBudget(req, record, ip);
      const formType = formTypeParam(url);
      const body = await deps.readJson(req);
      if (!isObject(body) || typeof body.payload !== 'string') {
        throw new WidgetError(400, 'INVALID_PAYLOAD', 'The body must be a JSON object with the widget\'s proof of work in `payload`.');
      }
      // `payload` is the proof; `code` the answer to a code challenge (not issued here); the rest
      // is the classify request, of the query's `formType` unless the body names one.
      const { payload, code: _code, ...rest } = body;
      if (formType !== undefined && rest.formType === undefined) rest.formType = formType;
      // `explain` from the body or the query (which the challenge's verifyurl carries); checked
      // before the proof is used up.
      const request = withExplain(rest, url.searchParams.get('explain'), header(req.headers['accept-language'])) as Record<string, unknown>;
      const secret = deps.secretOf(record);
      const proof = decodePayload(payload);
      const solution = verifySolution(proof, { hmacKey: secret }, world);
      if (!solution.verified) {
        const code = SOLUTION_CODES[solution.reason ?? 'malformed'] ?? 'INVALID_PAYLOAD';
        throw new WidgetError(400, code, SOLUTION_MESSAGES[code]!);
      }
      const first = await store.markUsed(`pow:${String(proof!.challenge).toLowerCase()}`, solution.expires! * 1000);
      if (!first) throw new WidgetError(400, 'PAYLOAD_ALREADY_USED', 'This proof of work was used already: fetch a new challenge.');
      const result = await deps.classify(request, ip);

      const t = Math.floor(now() / 1000);
      const fields = isObject(request.fields) && request.text === undefined ? Object.keys(request.fields) : [];
      const data: VerificationData = {
        classification: result.classification,
        score: result.score,
        reasons: result.reasons,
        ...(typeof request.email === 'string' && request.email !== '' && { email: request.email }),
        ...(fields.length > 0 && { fields, fieldsHash: fieldsHashOf(request.fields as Record<string, string>, fields) }),
        ...(result.ipAddress?.ipAddress && { ipAddress: result.ipAddress.ipAddress }),
        id: Buffer.from(deps.randomBytes(12)).toString('base64url'),
        expire: t + options.payloadExpireSeconds,
        time: t,
        verified: true,
      };
      const signed = createServerSignaturePayload({ secret, verificationData: data, apiKey: record.apiKey, id: data.id as string });
      const answer: Record<string, unknown> = { classification: result.classification, score: result.score, reasons: result.reasons, verified: true, payload: signed.payload };
      // Not signed: the sentences are for the page (the widget's `serververification` event), not the site's server.
      if (result.explanations) answer.explanations = result.explanations;
      return json(200, answer, cors);
    } catch (error) {
      return toResponse(error, cors);
    }
  }

  async function verifySignature(req: ServiceRequest, ip: string | undefined): Promise<ServiceResponse> {
    const refused = (reason: string) => json(200, { verified: false, apiKey: null, verificationData: null, reason });
    const invalid = () => json(400, { error: 'INVALID_PAYLOAD', statusCode: 400 });
    try {
      await deps.rate('signature-ip', limits?.classifyPerIp, ip);
      let body: unknown;
      try {
        body = await deps.readJson(req);
      } catch (error) {
        if (isHttpError(error) && error.status === 400) return invalid();
        throw error;
      }
      if (!isObject(body) || (body.secret !== undefined && typeof body.secret !== 'string') || (body.proof !== undefined && typeof body.proof !== 'string')) return invalid();
      const p = parseServerSignaturePayload(body.payload);
      if (!p || !isHashAlgorithm(p.algorithm) || typeof p.apiKey !== 'string' || p.apiKey === '') return invalid();
      const record = p.apiKey.length <= 100 ? await store.getKey(p.apiKey) : null;
      if (!record) return refused('API_KEY_NOT_FOUND');
      if (record.revokedAt !== undefined) return refused('API_KEY_REVOKED');
      const secret = deps.secretOf(record);
      if (typeof body.secret === 'string' && !constantTimeEqual(body.secret, secret)) return refused('API_KEY_MISMATCH');
      // The other proof of the secret, without sending it: hex HMAC-SHA-256 of the payload's signature.
      if (typeof body.proof === 'string' && !constantTimeEqual(body.proof.toLowerCase(), hmacHex('SHA-256', secret, p.signature.toLowerCase()))) return refused('API_KEY_MISMATCH');
      const result = verifyServerSignature(p, secret, { now });
      if (!result.verified) return refused(SIGNATURE_REASONS[result.reason ?? 'invalid-signature'] ?? 'INVALID_SIGNATURE');
      const key = `sig:${p.signature.toLowerCase()}`;
      // Only a caller that proves the key's secret spends the payload (issue 19): whoever merely
      // holds a payload (copied from a form post) must not be able to use it up before the site
      // checks it. Without a proof the answer is the same check of the signature, with no replay
      // protection: `spent: false` says this call did not spend the payload.
      if (typeof body.secret !== 'string' && typeof body.proof !== 'string') {
        return json(200, { verified: true, apiKey: record.apiKey, verificationData: result.verificationData, spent: false });
      }
      const first = await store.markUsed(key, (result.verificationData!.expire as number) * 1000);
      if (!first) return refused('PAYLOAD_ALREADY_USED');
      return json(200, { verified: true, apiKey: record.apiKey, verificationData: result.verificationData });
    } catch (error) {
      return toResponse(error, {});
    }
  }

  async function preflight(req: ServiceRequest, url: URL, ip: string | undefined): Promise<ServiceResponse> {
    try {
      await deps.rate('challenge-ip', limits?.classifyPerIp, ip);
      const origin = header(req.headers.origin);
      if (!origin) throw new WidgetError(400, 'INVALID_REQUEST', 'A CORS preflight needs an Origin header.');
      const record = await keyOf(req, url);
      if (!refererAllowed(record.hostname, origin)) throw new WidgetError(403, 'WRONG_REFERRER', 'This origin is not allowed for this API key.', { vary: 'Origin' });
      return {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': ALLOW_HEADERS,
          'access-control-expose-headers': 'X-Altcha-Config',
          'access-control-max-age': '600',
          vary: 'Origin',
        },
        body: '',
      };
    } catch (error) {
      return toResponse(error, {});
    }
  }

  return { challenge, verify, verifySignature, preflight };
}
