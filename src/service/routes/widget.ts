/**
 * The browser-widget endpoints (the protocol, its options and codes: ../widget.ts): the challenge,
 * the verification of a proof with the classification of the form, the check of a server
 * signature by the site, and the CORS preflight.
 */
import { createServerSignaturePayload, decodePayload, fieldsHashOf, parseServerSignaturePayload, verifyServerSignature, type VerificationData } from '../../altcha/signature.js';
import { createChallenge, verifySolution } from '../../altcha/challenge.js';
import { constantTimeEqual, hmacHex, isHashAlgorithm } from '../../altcha/crypto.js';
import { isFormspamError } from '../../core/errors.js';
import type { ApiKeyRecord } from '../../stores/types.js';
import { activeKey, checkReferer, corsFor, requireApiKey } from '../auth.js';
import type { ServiceContext } from '../context.js';
import { explainParam, withExplain } from '../explain.js';
import { errorResponse, formspamErrorStatus, header, HttpError, json, type ServiceRequest, type ServiceResponse } from '../http.js';
import { refererAllowed } from '../keys.js';
import { challengeParams, formTypeParam, SIGNATURE_REASONS, SOLUTION_CODES, SOLUTION_MESSAGES, verifyUrlFor, type WidgetErrorCode } from '../widget.js';

const ALLOW_HEADERS = 'content-type, x-altcha-spam-filter, authorization';

/** The codes the widget endpoints give their own refusals. */
const OWN_CODES: ReadonlySet<string> = new Set([
  'MISSING_API_KEY', 'INVALID_API_KEY', 'API_KEY_REVOKED', 'WRONG_REFERRER', 'INVALID_PARAMETER', 'INVALID_PAYLOAD',
  'EXPIRED', 'INVALID_SIGNATURE', 'INVALID_SOLUTION', 'PAYLOAD_ALREADY_USED', 'INVALID_REQUEST',
]);
/** The code of another 4xx (the body reader's, the rate limiter's) by its status. */
const STATUS_CODES: Record<number, WidgetErrorCode> = { 400: 'INVALID_JSON', 413: 'REQUEST_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'RATE_LIMITED' };

/** Turns any 4xx failure into the JSON error body (with CORS headers, so a cross-origin widget can read it); anything else is rethrown. */
function toResponse(error: unknown, cors: Record<string, string>): ServiceResponse {
  if (error instanceof HttpError && error.status < 500) {
    const code = OWN_CODES.has(error.code) ? error.code : STATUS_CODES[error.status] ?? 'INVALID_REQUEST';
    const response = errorResponse(error.status, code, error.message, { ...cors, ...error.headers });
    if (error.status === 413) response.close = true;
    return response;
  }
  if (isFormspamError(error) && error.code !== 'INVALID_OPTIONS') return errorResponse(formspamErrorStatus(error.code), error.code, error.message, cors);
  throw error;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function keyOf(ctx: ServiceContext, req: ServiceRequest, url: URL): Promise<ApiKeyRecord> {
  const apiKey = requireApiKey(req, url.searchParams.get('apiKey'));
  return activeKey(apiKey.length <= 100 ? await ctx.store.getKey(apiKey) : null, 'Invalid API key.');
}

/**
 * The steps every keyed widget request takes: the client's rate limit (`rateName`), the key, the
 * CORS headers for its page and the Referer check; then `handle`. Every 4xx is a JSON error with
 * those CORS headers, so a cross-origin widget can read it.
 */
async function keyed(
  ctx: ServiceContext,
  req: ServiceRequest,
  url: URL,
  ip: string | undefined,
  rateName: string,
  handle: (record: ApiKeyRecord, cors: Record<string, string>) => Promise<ServiceResponse> | ServiceResponse,
): Promise<ServiceResponse> {
  let cors: Record<string, string> = {};
  try {
    await ctx.rate(rateName, ctx.limits?.classifyPerIp, ip);
    const record = await keyOf(ctx, req, url);
    cors = corsFor(req, record);
    checkReferer(req, record, ctx.options.requireReferer, 'Wrong referrer.');
    return await handle(record, cors);
  } catch (error) {
    return toResponse(error, cors);
  }
}

export function challengeRoute(ctx: ServiceContext, req: ServiceRequest, url: URL, ip: string | undefined): Promise<ServiceResponse> {
  return keyed(ctx, req, url, ip, 'challenge-ip', (record, cors) => {
    const { maxNumber, expireSeconds } = challengeParams(url, ctx.widget);
    const formType = formTypeParam(url);
    const explain = explainParam(url.searchParams.get('explain'));
    const expires = Math.floor(ctx.now() / 1000) + expireSeconds;
    const body = createChallenge({ hmacKey: ctx.secretOf(record), maxNumber, expires }, ctx);
    const headers: Record<string, string> = { ...cors, 'cache-control': 'no-store' };
    if (header(req.headers['x-altcha-spam-filter']) === '1') {
      headers['x-altcha-config'] = JSON.stringify({ verifyurl: verifyUrlFor(req.url, record.apiKey, formType, explain) });
    }
    return json(200, body, headers);
  });
}

export function verifyRoute(ctx: ServiceContext, req: ServiceRequest, url: URL, ip: string | undefined): Promise<ServiceResponse> {
  return keyed(ctx, req, url, ip, 'classify-ip', async (record, cors) => {
    await ctx.spendKeyBudget(req, record, ip);
    const formType = formTypeParam(url);
    const body = await ctx.readJson(req);
    if (!isObject(body) || typeof body.payload !== 'string') {
      throw new HttpError(400, 'INVALID_PAYLOAD', 'The body must be a JSON object with the widget\'s proof of work in `payload`.');
    }
    // `payload` is the proof; `code` the answer to a code challenge (not issued here); the rest
    // is the classify request, of the query's `formType` unless the body names one.
    const { payload, code: _code, ...rest } = body;
    if (formType !== undefined && rest.formType === undefined) rest.formType = formType;
    // `explain` from the body or the query (which the challenge's verifyurl carries); checked
    // before the proof is used up.
    const request = withExplain(rest, url.searchParams.get('explain'), header(req.headers['accept-language'])) as Record<string, unknown>;
    const secret = ctx.secretOf(record);
    const proof = decodePayload(payload);
    const solution = verifySolution(proof, { hmacKey: secret }, ctx);
    if (!solution.verified) {
      const code = SOLUTION_CODES[solution.reason ?? 'malformed'] ?? 'INVALID_PAYLOAD';
      throw new HttpError(400, code, SOLUTION_MESSAGES[code]!);
    }
    const first = await ctx.store.markUsed(`pow:${String(proof!.challenge).toLowerCase()}`, solution.expires! * 1000);
    if (!first) throw new HttpError(400, 'PAYLOAD_ALREADY_USED', 'This proof of work was used already: fetch a new challenge.');
    const result = await ctx.classify(request, ip, record.apiKey);
    ctx.decisions.record(record.apiKey, request, result);

    const t = Math.floor(ctx.now() / 1000);
    const fields = isObject(request.fields) && request.text === undefined ? Object.keys(request.fields) : [];
    const data: VerificationData = {
      classification: result.classification,
      score: result.score,
      reasons: result.reasons,
      ...(typeof request.email === 'string' && request.email !== '' && { email: request.email }),
      ...(fields.length > 0 && { fields, fieldsHash: fieldsHashOf(request.fields as Record<string, string>, fields) }),
      ...(result.ipAddress?.ipAddress && { ipAddress: result.ipAddress.ipAddress }),
      id: Buffer.from(ctx.randomBytes(12)).toString('base64url'),
      decision: result.id,
      expire: t + ctx.widget.payloadExpireSeconds,
      time: t,
      verified: true,
    };
    const signed = createServerSignaturePayload({ secret, verificationData: data, apiKey: record.apiKey, id: data.id as string });
    const answer: Record<string, unknown> = { id: result.id, classification: result.classification, score: result.score, reasons: result.reasons, verified: true, payload: signed.payload };
    // Not signed: the sentences are for the page (the widget's `serververification` event), not the site's server.
    if (result.explanations) answer.explanations = result.explanations;
    return json(200, answer, cors);
  });
}

export async function verifySignatureRoute(ctx: ServiceContext, req: ServiceRequest, ip: string | undefined): Promise<ServiceResponse> {
  const refused = (reason: string) => json(200, { verified: false, apiKey: null, verificationData: null, reason });
  const invalid = () => json(400, { error: 'INVALID_PAYLOAD', statusCode: 400 });
  try {
    await ctx.rate('signature-ip', ctx.limits?.classifyPerIp, ip);
    let body: unknown;
    try {
      body = await ctx.readJson(req);
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) return invalid();
      throw error;
    }
    if (!isObject(body) || (body.secret !== undefined && typeof body.secret !== 'string') || (body.proof !== undefined && typeof body.proof !== 'string')) return invalid();
    const p = parseServerSignaturePayload(body.payload);
    if (!p || !isHashAlgorithm(p.algorithm) || typeof p.apiKey !== 'string' || p.apiKey === '') return invalid();
    const record = p.apiKey.length <= 100 ? await ctx.store.getKey(p.apiKey) : null;
    if (!record) return refused('API_KEY_NOT_FOUND');
    if (record.revokedAt !== undefined) return refused('API_KEY_REVOKED');
    const secret = ctx.secretOf(record);
    if (typeof body.secret === 'string' && !constantTimeEqual(body.secret, secret)) return refused('API_KEY_MISMATCH');
    // The other proof of the secret, without sending it: hex HMAC-SHA-256 of the payload's signature.
    if (typeof body.proof === 'string' && !constantTimeEqual(body.proof.toLowerCase(), hmacHex('SHA-256', secret, p.signature.toLowerCase()))) return refused('API_KEY_MISMATCH');
    const result = verifyServerSignature(p, secret, { now: ctx.now });
    if (!result.verified) return refused(SIGNATURE_REASONS[result.reason ?? 'invalid-signature'] ?? 'INVALID_SIGNATURE');
    const key = `sig:${p.signature.toLowerCase()}`;
    // Only a caller that proves the key's secret spends the payload: whoever merely
    // holds a payload (copied from a form post) must not be able to use it up before the site
    // checks it. Without a proof the answer is the same check of the signature, with no replay
    // protection: `spent: false` says this call did not spend the payload.
    if (typeof body.secret !== 'string' && typeof body.proof !== 'string') {
      return json(200, { verified: true, apiKey: record.apiKey, verificationData: result.verificationData, spent: false });
    }
    const first = await ctx.store.markUsed(key, (result.verificationData!.expire as number) * 1000);
    if (!first) return refused('PAYLOAD_ALREADY_USED');
    return json(200, { verified: true, apiKey: record.apiKey, verificationData: result.verificationData });
  } catch (error) {
    return toResponse(error, {});
  }
}

/** `OPTIONS` on the challenge and verify paths (CORS preflight). */
export async function preflightRoute(ctx: ServiceContext, req: ServiceRequest, url: URL, ip: string | undefined): Promise<ServiceResponse> {
  try {
    await ctx.rate('challenge-ip', ctx.limits?.classifyPerIp, ip);
    const origin = header(req.headers.origin);
    if (!origin) throw new HttpError(400, 'INVALID_REQUEST', 'A CORS preflight needs an Origin header.');
    const record = await keyOf(ctx, req, url);
    if (!refererAllowed(record.hostname, origin)) throw new HttpError(403, 'WRONG_REFERRER', 'This origin is not allowed for this API key.', { vary: 'Origin' });
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
