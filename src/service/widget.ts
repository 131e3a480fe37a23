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
 * This file is the widget protocol's side of them: the options, the query parameters of a
 * challenge and the error codes. The handlers are routes/widget.ts.
 */
import { invalidOption } from '../core/errors.js';
import type { FormType } from '../core/request.js';
import { FORM_TYPES } from '../core/schema.js';
import type { ExplainLanguage } from '../explain/index.js';
import { HttpError } from './http.js';

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

const EXPIRE = /^(\d{1,7})([smhd]?)$/;
const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };

/** `maxnumber` and lifetime of a challenge from the query (`maxnumber` wins over `complexity`; `expire` like `1h`, `30m`, `600`). */
export function challengeParams(url: URL, options: Required<WidgetOptions>): { maxNumber: number; expireSeconds: number } {
  let maxNumber = options.maxNumber;
  const complexity = url.searchParams.get('complexity');
  if (complexity !== null) {
    if (!Object.hasOwn(COMPLEXITY, complexity)) throw new HttpError(400, 'INVALID_PARAMETER', '`complexity` must be low, medium or high.');
    maxNumber = COMPLEXITY[complexity as keyof typeof COMPLEXITY];
  }
  const max = url.searchParams.get('maxnumber') ?? url.searchParams.get('maxNumber');
  if (max !== null) {
    const n = /^\d{1,9}$/.test(max) ? Number(max) : NaN;
    if (!(n >= options.minMaxNumber && n <= options.maxMaxNumber)) {
      throw new HttpError(400, 'INVALID_PARAMETER', `\`maxnumber\` must be an integer from ${options.minMaxNumber} to ${options.maxMaxNumber}.`);
    }
    maxNumber = n;
  }
  let expireSeconds = options.expireSeconds;
  const expire = url.searchParams.get('expire');
  if (expire !== null) {
    const m = EXPIRE.exec(expire.trim().toLowerCase());
    const seconds = m ? Number(m[1]) * UNIT_SECONDS[m[2]!]! : NaN;
    if (!(seconds >= 10 && seconds <= options.maxExpireSeconds)) {
      throw new HttpError(400, 'INVALID_PARAMETER', `\`expire\` must be a duration such as 600, 20m or 1h, from 10 seconds to ${options.maxExpireSeconds} seconds.`);
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
    throw new HttpError(400, 'INVALID_PARAMETER', `\`formType\` must be ${FORM_TYPES.join(' or ')}.`);
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

/** The error code of each reason a proof of work is refused. */
export const SOLUTION_CODES: Record<string, WidgetErrorCode> = {
  malformed: 'INVALID_PAYLOAD',
  expired: 'EXPIRED',
  'no-expiry': 'INVALID_PAYLOAD',
  'invalid-signature': 'INVALID_SIGNATURE',
  'invalid-solution': 'INVALID_SOLUTION',
};
export const SOLUTION_MESSAGES: Record<string, string> = {
  INVALID_PAYLOAD: 'The proof of work in `payload` is not a Base64 JSON payload of a challenge from this service.',
  EXPIRED: 'The challenge has expired: fetch a new one.',
  INVALID_SIGNATURE: 'The challenge was not issued for this API key.',
  INVALID_SOLUTION: 'The proof of work is wrong.',
};

/** The `reason` of each way a server signature is refused. */
export const SIGNATURE_REASONS: Record<string, string> = {
  'invalid-signature': 'INVALID_SIGNATURE',
  expired: 'EXPIRED',
  'no-expiry': 'INVALID_PAYLOAD',
  'not-verified': 'NOT_VERIFIED',
};

/** The widget options with their defaults, checked (an INVALID_OPTIONS error names the one that is wrong). */
export function resolveWidgetOptions(given: WidgetOptions | undefined): Required<WidgetOptions> {
  const options: Required<WidgetOptions> = { ...DEFAULT_WIDGET_OPTIONS, ...given };
  for (const [name, value] of Object.entries(options)) {
    if (!Number.isSafeInteger(value) || value < 1) throw invalidOption('createService', `widget.${name}`, 'must be a positive integer');
  }
  if (options.minMaxNumber > options.maxMaxNumber) throw invalidOption('createService', 'widget.minMaxNumber', 'must not exceed `widget.maxMaxNumber`');
  return options;
}
