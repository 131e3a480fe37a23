/**
 * The machine-to-machine ALTCHA scheme of PROTOCOL.md §3.3, byte for byte:
 *
 * - emit: `401`, `WWW-Authenticate: Altcha challenge=<compact JSON>, expire=<seconds>`,
 *   body `{"error":"Unauthorized","statusCode":401}`;
 * - accept `Authorization: Altcha payload=<JSON>`, `Altcha payload=<Base64 JSON>` or the
 *   `Altcha algorithm=…, number=…, challenge=…, salt=…, signature=…` list;
 * - verify with v1 rules against the server's M2M HMAC key and refuse replays (keyed on
 *   `challenge`, until the salt's `expires`): 403 `{"error":"Forbidden","statusCode":403}`.
 */
import { invalidOption } from '../core/errors.js';
import { createChallenge, verifySolution, type Challenge, type ChallengePayload, type VerifyResult, type World } from '../altcha/challenge.js';
import type { ProofStore } from '../stores/types.js';

/** The `WWW-Authenticate` value for a challenge that lives `expireSeconds`. */
export function formatWwwAuthenticate(challenge: Challenge, expireSeconds: number): string {
  return `Altcha challenge=${JSON.stringify(challenge)}, expire=${Math.floor(expireSeconds)}`;
}

/** Reads the challenge JSON out of a `WWW-Authenticate: Altcha challenge=…` value (the client side). */
export function parseWwwAuthenticate(header: string): Challenge | null {
  const m = /^\s*altcha\s+challenge=/i.exec(header);
  if (!m) return null;
  const rest = header.slice(m[0].length);
  // The JSON ends at the last `}` (the value may be followed by `, expire=…`).
  const end = rest.lastIndexOf('}');
  if (end === -1) return null;
  try {
    const value: unknown = JSON.parse(rest.slice(0, end + 1));
    return typeof value === 'object' && value !== null ? (value as Challenge) : null;
  } catch {
    return null;
  }
}

const MAX_HEADER = 4096;

function decodeBase64Json(text: string): unknown {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return undefined;
  return JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
}

/**
 * Parses an `Authorization: Altcha …` value in any of the three accepted forms. Returns the
 * payload object (not yet verified), or null when the header is absent, of another scheme or
 * unparsable.
 */
export function parseAltchaAuthorization(header: string | undefined): Record<string, unknown> | null {
  if (typeof header !== 'string' || header.length > MAX_HEADER) return null;
  const m = /^\s*altcha\s+/i.exec(header);
  if (!m) return null;
  const value = header.slice(m[0].length).trim();
  try {
    const at = value.indexOf('payload=');
    if (at !== -1) {
      const rest = value.slice(at + 'payload='.length).trim();
      const parsed = rest.startsWith('{') ? JSON.parse(rest) : decodeBase64Json(rest);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    }
    const out: Record<string, unknown> = {};
    for (const item of value.split(',')) {
      const eq = item.indexOf('=');
      if (eq === -1) continue;
      const key = item.slice(0, eq).trim();
      let v = item.slice(eq + 1).trim();
      if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
      const decoded = decodeURIComponent(v);
      if (key === 'number' || key === 'maxnumber') out[key] = /^\d{1,16}$/.test(decoded) ? Number(decoded) : decoded;
      else out[key] = decoded;
    }
    return Object.keys(out).length > 0 ? out : null;
  } catch {
    return null;
  }
}

/** Formats the retry header (the client side): `Altcha payload=<JSON>`. */
export function formatAltchaAuthorization(challenge: Challenge | ChallengePayload, number: number, form: 'json' | 'base64' = 'json'): string {
  const json = JSON.stringify({ ...challenge, number });
  return `Altcha payload=${form === 'json' ? json : Buffer.from(json, 'utf8').toString('base64')}`;
}

export interface M2MOptions {
  /** The server's own HMAC key for M2M challenges (shared by every instance). */
  hmacKey: string;
  /** Upper bound of the number (default 1e7, "tens of millions" for machines per the docs). */
  maxNumber?: number;
  /** Lifetime of a challenge in seconds (default 3600). */
  expireSeconds?: number;
}

export type M2MCheck =
  | { ok: true }
  | { ok: false; status: 401; challenge: Challenge; wwwAuthenticate: string }
  | { ok: false; status: 403; reason: VerifyResult['reason'] | 'replayed' };

/** The M2M gate: creates challenges and checks proofs (with replay protection in `store`). */
export class M2MGate {
  readonly #options: Required<M2MOptions>;
  readonly #store: ProofStore;
  readonly #world: Required<World>;

  constructor(options: M2MOptions, store: ProofStore, world: Required<World>) {
    if (typeof options.hmacKey !== 'string' || options.hmacKey.length === 0) throw invalidOption('M2MGate', 'hmacKey', 'must be a non-empty string');
    this.#options = { maxNumber: 1e7, expireSeconds: 3600, ...options };
    this.#store = store;
    this.#world = world;
  }

  challenge(): { challenge: Challenge; wwwAuthenticate: string } {
    const expires = Math.floor(this.#world.now() / 1000) + this.#options.expireSeconds;
    const challenge = createChallenge({ hmacKey: this.#options.hmacKey, maxNumber: this.#options.maxNumber, expires }, this.#world);
    return { challenge, wwwAuthenticate: formatWwwAuthenticate(challenge, this.#options.expireSeconds) };
  }

  /** Checks the `Authorization` header: 401 with a fresh challenge when absent or unparsable, 403 when wrong, expired or replayed. */
  async check(authorization: string | undefined): Promise<M2MCheck> {
    const payload = parseAltchaAuthorization(authorization);
    if (payload === null) return { ok: false, status: 401, ...this.challenge() };
    const result = verifySolution(payload, { hmacKey: this.#options.hmacKey }, this.#world);
    if (!result.verified) return { ok: false, status: 403, reason: result.reason };
    const first = await this.#store.markUsed(`m2m:${payload.challenge as string}`, result.expires! * 1000);
    if (!first) return { ok: false, status: 403, reason: 'replayed' };
    return { ok: true };
  }
}
