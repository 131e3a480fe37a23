/**
 * ALTCHA v1 ("classic") proof-of-work challenges, byte-compatible with altcha-lib's v1
 * `createChallenge` / `verifySolution` (PROTOCOL.md §1.1, §1.4), with the clock and the
 * randomness injected.
 *
 * - `salt = hex(12 random bytes) + "?" + URLSearchParams({expires, ...params}) + "&"`
 * - `challenge = hex(SHA(salt + String(number)))`, `number` uniform in `1..maxnumber`
 * - `signature = hex(HMAC_SHA(hmacKey, challenge_hex))`
 */
import { constantTimeEqual, defaultRandomBytes, hashHex, hmacHex, isHashAlgorithm, randomIntFrom, toHex, type HashAlgorithm, type RandomBytes } from './crypto.js';

/** A v1 challenge; the keys are in altcha-lib's order. */
export interface Challenge {
  algorithm: HashAlgorithm;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** A solved challenge, as the client sends it back. */
export interface ChallengePayload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
  [extra: string]: unknown;
}

export interface CreateChallengeOptions {
  /** The HMAC key that signs the challenge. */
  hmacKey: string;
  /** Upper bound of the secret number (default 1e6). */
  maxNumber?: number;
  /** Expiry, unix seconds (written into the salt as `expires=`). */
  expires?: number;
  /** Extra params in the salt's query. */
  params?: Record<string, string>;
  algorithm?: HashAlgorithm;
  /** Fixed salt (tests); default 12 random bytes as hex. */
  salt?: string;
  /** Fixed number (tests); default random in `1..maxNumber`. */
  number?: number;
}

export interface World {
  /** Milliseconds since the epoch. */
  now?: () => number;
  randomBytes?: RandomBytes;
}

export function createChallenge(options: CreateChallengeOptions, world: World = {}): Challenge {
  const randomBytes = world.randomBytes ?? defaultRandomBytes;
  const algorithm = options.algorithm ?? 'SHA-256';
  const maxnumber = options.maxNumber ?? 1e6;
  const params = new URLSearchParams(options.params);
  if (options.expires !== undefined) params.set('expires', String(Math.floor(options.expires)));
  let salt = options.salt ?? toHex(randomBytes(12));
  const query = params.toString();
  if (query) salt = `${salt}?${query}`;
  if (!salt.endsWith('&')) salt += '&';
  const number = options.number ?? randomIntFrom(randomBytes, maxnumber);
  const challenge = hashHex(algorithm, salt + String(number));
  return { algorithm, challenge, maxnumber, salt, signature: hmacHex(algorithm, options.hmacKey, challenge) };
}

/** The query params of a salt (`…?expires=…&`). */
export function saltParams(salt: string): Record<string, string> {
  const q = salt.indexOf('?');
  return q === -1 ? {} : Object.fromEntries(new URLSearchParams(salt.slice(q + 1)));
}

/** The outcome of a verification; `null` means "not checked" (an earlier step failed). */
export interface VerifyResult {
  verified: boolean;
  /** The payload is not a well-formed v1 payload. */
  malformed: boolean;
  expired: boolean | null;
  invalidSignature: boolean | null;
  invalidSolution: boolean | null;
  /** Expiry of the challenge in unix seconds (when it has one). */
  expires: number | null;
  reason?: 'malformed' | 'expired' | 'no-expiry' | 'invalid-signature' | 'invalid-solution';
}

const HEX = /^[0-9a-f]+$/;

function failed(reason: NonNullable<VerifyResult['reason']>, partial: Partial<VerifyResult> = {}): VerifyResult {
  return { verified: false, malformed: reason === 'malformed', expired: null, invalidSignature: null, invalidSolution: null, expires: null, reason, ...partial };
}

/** True when `value` has the shape of a v1 payload (types only). */
export function isChallengePayload(value: unknown): value is ChallengePayload {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const p = value as Record<string, unknown>;
  return typeof p.algorithm === 'string' && typeof p.challenge === 'string' && typeof p.salt === 'string' &&
    typeof p.signature === 'string' && typeof p.number === 'number' && Number.isSafeInteger(p.number) && p.number >= 0;
}

export interface VerifyOptions {
  hmacKey: string;
  /** Require an `expires` param (default true: every challenge this service issues has one). */
  requireExpiry?: boolean;
}

/**
 * Verifies a solved v1 challenge: expiry first, then the signature, then the solution, with
 * constant-time comparisons. Never throws.
 */
export function verifySolution(payload: unknown, options: VerifyOptions, world: World = {}): VerifyResult {
  if (!isChallengePayload(payload) || !isHashAlgorithm(payload.algorithm) || payload.salt.length > 1000 ||
    payload.challenge.length > 128 || !HEX.test(payload.challenge) || payload.signature.length > 128) {
    return failed('malformed');
  }
  const now = (world.now ?? Date.now)();
  const params = saltParams(payload.salt);
  const raw = params.expires ?? params.expire;
  let expires: number | null = null;
  if (raw !== undefined) {
    expires = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
    if (Number.isNaN(expires) || expires * 1000 < now) return failed('expired', { expired: true, expires: Number.isNaN(expires) ? null : expires });
  } else if (options.requireExpiry !== false) {
    return failed('no-expiry', { expired: null });
  }
  const salt = payload.salt.endsWith('&') ? payload.salt : `${payload.salt}&`;
  const signature = hmacHex(payload.algorithm, options.hmacKey, payload.challenge);
  if (!constantTimeEqual(signature, payload.signature)) {
    return failed('invalid-signature', { expired: false, invalidSignature: true, expires });
  }
  const challenge = hashHex(payload.algorithm, salt + String(payload.number));
  if (!constantTimeEqual(challenge, payload.challenge)) {
    return failed('invalid-solution', { expired: false, invalidSignature: false, invalidSolution: true, expires });
  }
  return { verified: true, malformed: false, expired: false, invalidSignature: false, invalidSolution: false, expires };
}

/**
 * Solves a v1 challenge by brute force (the client side: `formspam keygen`, tests). Yields to
 * the event loop every `chunk` numbers; returns null when no number up to `maxnumber` fits.
 */
export async function solveChallenge(
  challenge: Pick<Challenge, 'algorithm' | 'challenge' | 'salt'> & { maxnumber?: number },
  options: { signal?: AbortSignal; start?: number; chunk?: number; onProgress?: (tried: number, max: number) => void } = {},
): Promise<number | null> {
  if (!isHashAlgorithm(challenge.algorithm)) throw new TypeError(`unsupported algorithm ${JSON.stringify(challenge.algorithm)}`);
  const max = challenge.maxnumber ?? 1e6;
  const chunk = options.chunk ?? 50_000;
  const target = challenge.challenge.toLowerCase();
  for (let n = options.start ?? 0; n <= max; n++) {
    if (hashHex(challenge.algorithm, challenge.salt + String(n)) === target) return n;
    if (n % chunk === chunk - 1) {
      options.onProgress?.(n + 1, max);
      await new Promise((r) => setImmediate(r));
      options.signal?.throwIfAborted();
    }
  }
  return null;
}
