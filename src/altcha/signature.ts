/**
 * ALTCHA server signatures (PROTOCOL.md §2.6), byte-compatible with altcha-lib's v1 and v2
 * `verifyServerSignature` / `verifyFieldsHash`:
 *
 * - `verificationData` is a URL-encoded query string (`URLSearchParams(...).toString()`);
 * - `signature = hex(HMAC_alg(key = UTF-8 secret, msg = RAW digest bytes of alg(verificationData)))`;
 * - the payload is Base64 of `{algorithm, apiKey?, id?, signature, verificationData, verified}`;
 * - `fieldsHash = hex(alg(values of the listed fields joined with "\n"))`.
 *
 * Only node:crypto is used (through the service's small crypto helpers), so `formspam/verify`
 * stays tiny. Every comparison of secret-derived values is constant-time.
 */
import { verifySolution as verifyChallengeSolution, type VerifyResult as SolutionResult } from './challenge.js';
import { constantTimeEqual, hashHex, hmacHex, isHashAlgorithm, type HashAlgorithm } from './crypto.js';

export type Classification = 'GOOD' | 'NEUTRAL' | 'BAD';

/** The signed facts of a verification, as the site's server reads them back. */
export interface VerificationData {
  classification?: Classification | string;
  score?: number;
  /** Rules that scored, e.g. `text.URL`; absent (not `[]`) in the signed string when none. */
  reasons?: string[];
  /** The email value the widget sent (`@domain`). */
  email?: string;
  /** Names of the classified fields, in the order of {@link VerificationData.fieldsHash}. */
  fields?: string[];
  fieldsHash?: string;
  /** The client IP that was classified (`auto` resolved). */
  ipAddress?: string;
  /** A random id that makes every signed payload unique (the replay key). */
  id?: string;
  /** The decision's id (the classify response's `id`): what the site's server names in feedback. */
  decision?: string;
  /** Unix seconds after which the payload is refused. */
  expire?: number;
  /** Unix seconds of the verification. */
  time?: number;
  verified?: boolean;
  /** Anything else found in a parsed string (as strings). */
  [key: string]: unknown;
}

/** The object inside the Base64 payload (altcha-lib's `ServerSignaturePayload`). */
export interface ServerSignaturePayload {
  algorithm: string;
  apiKey?: string;
  id?: string;
  signature: string;
  verificationData: string;
  verified: boolean;
}

/** The canonical order of PROTOCOL.md §2.6 (plus `id`); other keys follow in their own order. */
const ORDER = ['classification', 'score', 'reasons', 'email', 'fields', 'fieldsHash', 'ipAddress', 'id', 'expire', 'time', 'verified'] as const;

/**
 * Formats verification data as the signed query string: arrays are comma-joined, empty
 * `reasons`/`fields` and undefined values are omitted, `verified` is always last.
 */
export function formatVerificationData(data: VerificationData): string {
  const params = new URLSearchParams();
  const put = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      if (value.length === 0) return;
      params.append(key, value.map(String).join(','));
    } else params.append(key, String(value));
  };
  for (const key of ORDER) if (key !== 'verified') put(key, data[key]);
  for (const key of Object.keys(data)) if (!(ORDER as readonly string[]).includes(key)) put(key, data[key]);
  put('verified', data.verified);
  return params.toString();
}

const INTEGER_KEYS = new Set(['expire', 'time']);

/**
 * Parses a `verificationData` string: `fields`/`reasons` become arrays, `score` a number (negative
 * ones too), `expire`/`time` integers, `true`/`false` booleans; anything else stays a string.
 */
export function parseVerificationData(text: string): VerificationData {
  const out: VerificationData = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    if (key === 'fields' || key === 'reasons') out[key] = value === '' ? [] : value.split(',');
    else if (key === 'score') out.score = /^-?\d{1,15}(?:\.\d{1,15})?$/.test(value) ? Number(value) : NaN;
    else if (INTEGER_KEYS.has(key)) out[key] = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    else if (value === 'true' || value === 'false') out[key] = value === 'true';
    else out[key] = value;
  }
  return out;
}

/** `hex(HMAC(secret, raw digest of verificationData))`, the server signature. */
export function signVerificationData(verificationData: string, secret: string, algorithm: HashAlgorithm = 'SHA-256'): string {
  return hmacHex(algorithm, secret, Buffer.from(hashHex(algorithm, verificationData), 'hex'));
}

export interface CreateServerSignatureOptions {
  /** The API key's secret: the HMAC key. */
  secret: string;
  /** The data to sign: an object (formatted by {@link formatVerificationData}) or the exact string. */
  verificationData: VerificationData | string;
  apiKey?: string;
  id?: string;
  algorithm?: HashAlgorithm;
}

/** Signs verification data and returns the payload object and its Base64 form (what the widget submits). */
export function createServerSignaturePayload(options: CreateServerSignatureOptions): { payload: string; object: ServerSignaturePayload } {
  const algorithm = options.algorithm ?? 'SHA-256';
  const verificationData = typeof options.verificationData === 'string' ? options.verificationData : formatVerificationData(options.verificationData);
  const object: ServerSignaturePayload = {
    algorithm,
    ...(options.apiKey !== undefined && { apiKey: options.apiKey }),
    ...(options.id !== undefined && { id: options.id }),
    signature: signVerificationData(verificationData, options.secret, algorithm),
    verificationData,
    verified: true,
  };
  return { payload: Buffer.from(JSON.stringify(object), 'utf8').toString('base64'), object };
}

const MAX_PAYLOAD = 16_384;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Decodes a Base64 JSON payload (or takes an object as is); null when it is not a JSON object. */
export function decodePayload(payload: unknown): Record<string, unknown> | null {
  let value: unknown = payload;
  if (typeof payload === 'string') {
    const text = payload.trim();
    if (text.length === 0 || text.length > MAX_PAYLOAD || !BASE64.test(text)) return null;
    try {
      value = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A decoded server-signature payload with the right types, or null. */
export function parseServerSignaturePayload(payload: unknown): ServerSignaturePayload | null {
  const p = decodePayload(payload);
  if (!p) return null;
  if (typeof p.algorithm !== 'string' || typeof p.signature !== 'string' || typeof p.verificationData !== 'string' || typeof p.verified !== 'boolean') return null;
  if ((p.apiKey !== undefined && typeof p.apiKey !== 'string') || (p.id !== undefined && typeof p.id !== 'string')) return null;
  if (p.signature.length > 256 || p.verificationData.length > MAX_PAYLOAD) return null;
  return p as unknown as ServerSignaturePayload;
}

export type SignatureFailure = 'malformed' | 'invalid-signature' | 'expired' | 'no-expiry' | 'not-verified';

/**
 * The outcome of {@link verifyServerSignature}. Each check is `true` (failed), `false` (passed) or
 * `null` (not reached: an earlier check failed, so the data it would read is not trusted).
 */
export interface ServerSignatureResult {
  verified: boolean;
  /** The payload is not Base64 JSON of a server-signature payload (or uses an unknown algorithm). */
  malformed: boolean;
  invalidSignature: boolean | null;
  expired: boolean | null;
  /** `verified` is not `true` at the top level or inside the signed data. */
  invalidSolution: boolean | null;
  /** The signed data (only when the signature is valid), else null. */
  verificationData: VerificationData | null;
  /** `apiKey` and `id` of the payload (not covered by the signature). */
  apiKey: string | null;
  id: string | null;
  reason?: SignatureFailure;
}

export interface VerifyServerSignatureOptions {
  /** Milliseconds since the epoch (default `Date.now`). */
  now?: () => number;
  /** Refuse payloads without `expire` (default true, as altcha-lib v1 does). */
  requireExpiry?: boolean;
}

/**
 * Verifies the Base64 payload the widget put into the form (field `altcha`) with the API key's
 * secret: the signature first (constant-time), then `expire`, then `verified`. Never throws.
 *
 * @example
 * const result = verifyServerSignature(form.get('altcha'), process.env.FORMSPAM_SECRET);
 * if (result.verified && result.verificationData.classification !== 'BAD') accept();
 */
export function verifyServerSignature(payload: unknown, secret: string, options: VerifyServerSignatureOptions = {}): ServerSignatureResult {
  if (typeof secret !== 'string' || secret.length === 0) throw new TypeError('verifyServerSignature: secret must be a non-empty string');
  const p = parseServerSignaturePayload(payload);
  const base = { apiKey: typeof p?.apiKey === 'string' ? p.apiKey : null, id: typeof p?.id === 'string' ? p.id : null };
  if (!p || !isHashAlgorithm(p.algorithm)) {
    return { verified: false, malformed: true, invalidSignature: null, expired: null, invalidSolution: null, verificationData: null, ...base, reason: 'malformed' };
  }
  const expected = signVerificationData(p.verificationData, secret, p.algorithm);
  if (!constantTimeEqual(expected, p.signature.toLowerCase())) {
    return { verified: false, malformed: false, invalidSignature: true, expired: null, invalidSolution: null, verificationData: null, ...base, reason: 'invalid-signature' };
  }
  const data = parseVerificationData(p.verificationData);
  const now = (options.now ?? Date.now)();
  const hasExpiry = typeof data.expire === 'number' && !Number.isNaN(data.expire);
  const expired = hasExpiry ? data.expire! * 1000 <= now : null;
  const invalidSolution = !(p.verified === true && data.verified === true);
  const result = { malformed: false, invalidSignature: false, expired: expired ?? false, invalidSolution, verificationData: data, ...base };
  if (expired === null && options.requireExpiry !== false) return { ...result, verified: false, expired: null, reason: 'no-expiry' };
  if (expired) return { ...result, verified: false, reason: 'expired' };
  if (invalidSolution) return { ...result, verified: false, reason: 'not-verified' };
  return { ...result, verified: true };
}

/** Form data as a site's server has it: FormData, URLSearchParams, a Map or a plain object. */
export type FormDataLike = { get(name: string): unknown } | Record<string, unknown>;

function fieldValue(form: FormDataLike, name: string): string {
  const value = typeof (form as { get?: unknown }).get === 'function' ? (form as { get(name: string): unknown }).get(name) : Object.hasOwn(form, name) ? (form as Record<string, unknown>)[name] : undefined;
  // altcha-lib: String(value || '')
  return String(value || '');
}

/** `hex(alg(values of fields joined with "\n"))`; a missing field counts as an empty string. */
export function fieldsHashOf(form: FormDataLike, fields: readonly string[], algorithm: HashAlgorithm = 'SHA-256'): string {
  return hashHex(algorithm, fields.map((f) => fieldValue(form, f)).join('\n'));
}

/**
 * True when the submitted form's fields hash to `fieldsHash` (both from the verified
 * `verificationData`), i.e. the text that was classified is the text that was submitted.
 * `fields` may be the array or the comma-separated string. Constant-time comparison.
 */
export function verifyFieldsHash(form: FormDataLike, fields: readonly string[] | string | undefined, fieldsHash: string | undefined, algorithm: string = 'SHA-256'): boolean {
  if (!isHashAlgorithm(algorithm) || typeof fieldsHash !== 'string' || fieldsHash.length === 0) return false;
  const names = typeof fields === 'string' ? (fields === '' ? [] : fields.split(',')) : fields;
  if (!Array.isArray(names)) return false;
  return constantTimeEqual(fieldsHashOf(form, names, algorithm), fieldsHash.toLowerCase());
}

/** The outcome of {@link verifySolution}: see {@link SolutionResult}. */
export type SolutionVerification = SolutionResult;

/**
 * Verifies a plain proof-of-work payload (widget without spam filter, e.g. widget 3.x) with the
 * API key's secret: the challenge was signed with it. Accepts the Base64 string or the object.
 * Replays are the caller's to refuse (key them on `challenge`, until the salt's `expires`).
 */
export function verifySolution(payload: unknown, secret: string, options: { now?: () => number } = {}): SolutionVerification {
  if (typeof secret !== 'string' || secret.length === 0) throw new TypeError('verifySolution: secret must be a non-empty string');
  return verifyChallengeSolution(decodePayload(payload), { hmacKey: secret }, options.now ? { now: options.now } : {});
}
