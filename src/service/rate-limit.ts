/** Fixed-window rate limits with counters in the configured store. */
import type { CounterStore, KeyLimits } from '../stores/types.js';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** Per client IP, per API key, and per API key and client IP. */
export interface RateLimits {
  classifyPerIp?: RateLimit | false;
  classifyPerKey?: RateLimit | false;
  /**
   * One client's share of a key: counted per API key and client IP, checked before the key's own
   * budget, so that whoever copies a site's public key from its page can use up only their own
   * share and never the site's whole budget. A caller that proves the key's secret (the
   * `X-Formspam-Secret` header: the site's own server) is not split.
   */
  classifyPerKeyIp?: RateLimit | false;
  generatePerIp?: RateLimit | false;
  /** Feedback reports (`POST /api/v1/feedback`) per API key (`feedback-key`). */
  feedbackPerKey?: RateLimit | false;
}

export const DEFAULT_RATE_LIMITS: Required<RateLimits> = {
  classifyPerIp: { limit: 600, windowSeconds: 60 },
  classifyPerKey: { limit: 6000, windowSeconds: 60 },
  classifyPerKeyIp: { limit: 300, windowSeconds: 60 },
  generatePerIp: { limit: 30, windowSeconds: 3600 },
  feedbackPerKey: { limit: 600, windowSeconds: 60 },
};

const NAMES = { 'classify-ip': 'classifyPerIp', 'classify-key': 'classifyPerKey', 'classify-key-ip': 'classifyPerKeyIp', 'generate-ip': 'generatePerIp', 'feedback-key': 'feedbackPerKey' } as const;

/**
 * Parses the command-line form: `off`, or a comma-separated list of `classify-ip=600/60`,
 * `classify-key=6000/60`, `classify-key-ip=300/60`, `generate-ip=30/3600`, `feedback-key=600/60` (limit/window seconds;
 * `off` disables one).
 */
export function parseRateLimits(text: string): RateLimits | false {
  const t = text.trim();
  if (t === 'off' || t === 'false' || t === '0') return false;
  const out: RateLimits = {};
  for (const item of t.split(',')) {
    const m = /^\s*([a-z-]+)=(?:off|(\d{1,9})\/(\d{1,9}))\s*$/.exec(item);
    const name = m ? NAMES[m[1] as keyof typeof NAMES] : undefined;
    if (!m || !name) throw new TypeError(`rate limits: ${JSON.stringify(item)} is not <classify-ip|classify-key|classify-key-ip|generate-ip|feedback-key>=<limit>/<seconds> or off`);
    out[name] = m[2] === undefined ? false : { limit: Number(m[2]), windowSeconds: Math.max(1, Number(m[3])) };
  }
  return out;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export async function checkRate(store: CounterStore, name: string, id: string, limit: RateLimit, nowMs: number): Promise<RateDecision> {
  const windowMs = limit.windowSeconds * 1000;
  const window = Math.floor(nowMs / windowMs);
  const expiresAt = (window + 1) * windowMs;
  const count = await store.increment(`${name}:${id}:${window}`, expiresAt);
  if (count <= limit.limit) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((expiresAt - nowMs) / 1000)) };
}

/**
 * A key's own limits in the command-line form: `classify-key=1000/60,classify-key-ip=off` (only
 * those two; `off` turns one off for the key). Throws a TypeError naming the bad part.
 */
export function parseKeyLimits(text: string): KeyLimits {
  if (typeof text !== 'string' || text.trim() === '') throw new TypeError('key limits: give classify-key=<limit>/<seconds> and/or classify-key-ip=<limit>/<seconds> (or =off)');
  const parsed = parseRateLimits(text);
  if (parsed === false) throw new TypeError('key limits: "off" is not a key limit; write classify-key=off,classify-key-ip=off');
  const out: KeyLimits = {};
  for (const [name, value] of Object.entries(parsed) as [keyof RateLimits, RateLimit | false][]) {
    if (name !== 'classifyPerKey' && name !== 'classifyPerKeyIp') throw new TypeError('key limits: only classify-key and classify-key-ip can be set per key');
    out[name] = value;
  }
  return out;
}

/** The command-line form of a key's own limits (`classify-key=1000/60,classify-key-ip=off`). */
export function formatKeyLimits(limits: KeyLimits): string {
  const part = (name: string, l: RateLimit | false | undefined) => (l === undefined ? [] : [`${name}=${l === false ? 'off' : `${l.limit}/${l.windowSeconds}`}`]);
  return [...part('classify-key', limits.classifyPerKey), ...part('classify-key-ip', limits.classifyPerKeyIp)].join(',');
}
