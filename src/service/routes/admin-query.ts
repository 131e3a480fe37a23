/** Reading the admin endpoints' queries (verdict, reason, key, label, since, until, limit) and writing decisions as JSON. */
import type { DecisionFilter, DecisionRecord, DecisionStore, FeedbackLabel, Store } from '../../stores/types.js';
import { HttpError, type Target } from '../http.js';

const VERDICTS = ['GOOD', 'NEUTRAL', 'BAD'] as const;
export type Verdict = (typeof VERDICTS)[number];
const LABELS: readonly FeedbackLabel[] = ['spam', 'ham'];
const REASON = /^[A-Za-z][\w.-]{0,99}$/;
const API_KEY = /^[\w-]{1,100}$/;
const MS = /^\d{1,15}$/;
const AGO = /^(\d{1,5})([mhd])$/;
const ISO = /^\d{4}-\d{2}-\d{2}(?:(T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:\d{2})?)?$/;
export const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The list's default and largest `limit`. */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
/** The most decisions one stats call reads (the newest of the window). */
export const STATS_MAX_DECISIONS = 10_000;
export const MAX_BUCKETS = 1000;
export const TOP_REASONS = 20;

/** The query's parameters, each given at most once, none unknown; an empty value counts as absent. */
export function queryOf(target: Target, allowed: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const seen = new Set<string>();
  for (const [name, value] of target.url.searchParams) {
    if (!allowed.includes(name)) throw new HttpError(400, 'UNKNOWN_PARAMETER', `Unknown query parameter \`${name.slice(0, 40)}\`: this endpoint takes ${allowed.map((a) => `\`${a}\``).join(', ')}.`);
    if (seen.has(name)) throw new HttpError(400, 'DUPLICATE_PARAMETER', `\`${name}\` is given twice.`);
    seen.add(name);
    if (value !== '') out.set(name, value);
  }
  return out;
}

/**
 * A time: milliseconds since the epoch, an ISO 8601 date or date-time (UTC unless it has an
 * offset), or a time ago (`30m`, `24h`, `7d`).
 */
function timeOf(name: string, value: string, now: number): number {
  const bad = () => new HttpError(400, `INVALID_${name.toUpperCase()}`, `Invalid \`${name}\`: give milliseconds since the epoch, an ISO 8601 time such as 2026-11-27T09:00Z, or a time ago such as 24h or 7d.`);
  if (MS.test(value)) return Number(value);
  const ago = AGO.exec(value);
  if (ago) return now - Number(ago[1]) * UNIT_MS[ago[2] as keyof typeof UNIT_MS];
  const m = ISO.exec(value);
  if (!m) throw bad();
  // A date alone is UTC midnight; a date-time without an offset is read as UTC too (not local time).
  const t = Date.parse(m[1] !== undefined && m[2] === undefined ? `${value}Z` : value);
  if (Number.isNaN(t)) throw bad();
  return t;
}

/** The filter fields shared by the list and the stats. */
function filterOf(q: Map<string, string>): DecisionFilter {
  const filter: DecisionFilter = {};
  const verdict = q.get('verdict');
  if (verdict !== undefined) {
    const v = verdict.toUpperCase();
    if (!(VERDICTS as readonly string[]).includes(v)) throw new HttpError(400, 'INVALID_VERDICT', '`verdict` must be GOOD, NEUTRAL or BAD.');
    filter.classification = v as Verdict;
  }
  const reason = q.get('reason');
  if (reason !== undefined) {
    if (!REASON.test(reason)) throw new HttpError(400, 'INVALID_REASON', '`reason` must be a rule id such as text.URL.');
    filter.reason = reason;
  }
  const key = q.get('key');
  if (key !== undefined) {
    if (!API_KEY.test(key)) throw new HttpError(400, 'INVALID_KEY', '`key` must be an API key such as ckey_….');
    filter.apiKey = key;
  }
  const label = q.get('label');
  if (label !== undefined) {
    if (!(LABELS as readonly string[]).includes(label)) throw new HttpError(400, 'INVALID_LABEL', '`label` must be spam or ham.');
    filter.label = label as FeedbackLabel;
  }
  return filter;
}

export function decisionStore(store: Store): DecisionStore {
  if (!store.putDecision || !store.getDecision || !store.listDecisions || !store.labelDecision || !store.deleteDecisions) {
    throw new HttpError(501, 'NOT_SUPPORTED', `This server's store (${store.kind}) keeps no decision log.`);
  }
  return store as Store & DecisionStore;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** A decision as the admin sees it: no token hashes; the request only when the server logs text. */
export function decisionJson(r: DecisionRecord, detail: boolean): Record<string, unknown> {
  return {
    id: r.id,
    at: iso(r.at),
    apiKey: r.apiKey,
    classification: r.classification,
    score: r.score,
    reasons: r.reasons,
    country: r.country,
    label: r.label ?? null,
    labelledAt: r.labelledAt === undefined ? null : iso(r.labelledAt),
    ...(detail && { tokens: r.tokens.length, ...(r.request !== undefined && { request: r.request }) }),
  };
}

/** The filter of a query and its `since`/`until` times, when given (400 for a bad one). */
export function windowOf(q: Map<string, string>, now: number): { filter: DecisionFilter; since?: number; until?: number } {
  const since = q.get('since');
  const until = q.get('until');
  return {
    filter: filterOf(q),
    ...(since !== undefined && { since: timeOf('since', since, now) }),
    ...(until !== undefined && { until: timeOf('until', until, now) }),
  };
}

