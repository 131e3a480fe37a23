/**
 * The decision log of the Redis store. One hash per decision (`<prefix>decision:<id>`), and three
 * sorted sets of ids scored by time: every decision (`<prefix>decisions`), one key's
 * (`<prefix>decisions-key:<apiKey>`), and the decisions that still carry their request
 * (`<prefix>decisions-text`, so that `--log-text-retention` finds them without reading the
 * others). Writes and deletions are Lua scripts: a decision is in all its sets or in none.
 */
import type { DecisionFilter, DecisionRecord, DecisionStore, FeedbackLabel } from './types.js';
import { tokensFromBytes, tokensToBytes } from './token-bytes.js';

/** The one command of a Redis client (`RedisClientLike`) the decision log uses: every call is a script. */
interface EvalClient {
  eval(...args: any[]): Promise<any>;
}

const DEFAULT_LIST_LIMIT = 100;
const BATCH = 500;

/** KEYS: hash, all, key's set, text set. ARGV: prefix, id, at, apiKey, hasRequest, then field/value pairs. */
const PUT = `local old = redis.call('HGET', KEYS[1], 'apiKey')
if old and old ~= ARGV[4] then redis.call('ZREM', ARGV[1] .. 'decisions-key:' .. old, ARGV[2]) end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 6))
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[2])
if ARGV[5] == '1' then redis.call('ZADD', KEYS[4], ARGV[3], ARGV[2]) else redis.call('ZREM', KEYS[4], ARGV[2]) end
return 1`;

/** KEYS: hash. ARGV: label, at. 0: no such decision; '': no label before; else the label before. */
const LABEL = `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local old = redis.call('HGET', KEYS[1], 'label')
redis.call('HSET', KEYS[1], 'label', ARGV[1], 'labelledAt', ARGV[2])
if old then return old end
return ''`;

/** ARGV: prefix, ids… Deletes each decision from its hash and every set; returns how many existed. */
const DELETE = `local n = 0
for i = 2, #ARGV do
  local id = ARGV[i]
  local h = ARGV[1] .. 'decision:' .. id
  local key = redis.call('HGET', h, 'apiKey')
  n = n + redis.call('DEL', h)
  redis.call('ZREM', ARGV[1] .. 'decisions', id)
  redis.call('ZREM', ARGV[1] .. 'decisions-text', id)
  if key then
    local ks = ARGV[1] .. 'decisions-key:' .. key
    redis.call('ZREM', ks, id)
    if redis.call('ZCARD', ks) == 0 then redis.call('DEL', ks) end
  end
end
return n`;

/** KEYS: text set. ARGV: prefix, before (exclusive), batch. Removes `request` from up to a batch; returns {removed, scanned}. */
const DROP_REQUESTS = `local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[2], 'LIMIT', 0, tonumber(ARGV[3]))
local n = 0
for _, id in ipairs(ids) do
  n = n + redis.call('HDEL', ARGV[1] .. 'decision:' .. id, 'request')
  redis.call('ZREM', KEYS[1], id)
end
return {n, #ids}`;

/**
 * KEYS: a set. ARGV: prefix, max, min, count. A page of ids newest first with every id that has
 * the score of the page's last one (so that ties are never split across pages), each with its
 * hash: {id, score, field, value, …}.
 */
const PAGE = `local page = redis.call('ZREVRANGEBYSCORE', KEYS[1], ARGV[2], ARGV[3], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[4]))
local out = {}
local last = nil
local seen = {}
for i = 1, #page, 2 do
  seen[page[i]] = true
  out[#out + 1] = {page[i], page[i + 1], redis.call('HGETALL', ARGV[1] .. 'decision:' .. page[i])}
  last = page[i + 1]
end
if last and #page == 2 * tonumber(ARGV[4]) then
  local tied = redis.call('ZRANGEBYSCORE', KEYS[1], last, last)
  for _, id in ipairs(tied) do
    if not seen[id] then out[#out + 1] = {id, last, redis.call('HGETALL', ARGV[1] .. 'decision:' .. id)} end
  end
end
return out`;

function encodeTokens(tokens: readonly number[]): string {
  return tokensToBytes(tokens).toString('base64');
}

function decodeTokens(text: string): number[] {
  return tokensFromBytes(Buffer.from(text, 'base64'));
}

function toRecord(id: string, flat: string[]): DecisionRecord | null {
  const h: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) h[flat[i]!] = flat[i + 1]!;
  if (h.at === undefined) return null;
  const r: DecisionRecord = {
    id,
    at: Number(h.at),
    apiKey: h.apiKey!,
    classification: h.classification as DecisionRecord['classification'],
    score: Number(h.score),
    reasons: JSON.parse(h.reasons ?? '[]') as string[],
    country: h.country === undefined || h.country === '' ? null : h.country,
    tokens: decodeTokens(h.tokens ?? ''),
  };
  if (h.label !== undefined) r.label = h.label as FeedbackLabel;
  if (h.labelledAt !== undefined) r.labelledAt = Number(h.labelledAt);
  if (h.request !== undefined) r.request = JSON.parse(h.request) as unknown;
  return r;
}

function matches(r: DecisionRecord, f: DecisionFilter): boolean {
  return (f.classification === undefined || r.classification === f.classification) &&
    (f.reason === undefined || r.reasons.includes(f.reason)) &&
    (f.label === undefined || r.label === f.label);
}

/** Newest first, ties by id. */
function byNewest(a: { at: number; id: string }, b: { at: number; id: string }): number {
  return b.at - a.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The decision log on a Redis client (the Redis store mixes it in). */
export function redisDecisionStore(c: EvalClient, prefix: string): DecisionStore {
  const k = (kind: string, id: string) => `${prefix}${kind}:${id}`;
  const all = `${prefix}decisions`;
  const text = `${prefix}decisions-text`;
  const setOf = (apiKey: string | undefined) => (apiKey === undefined ? all : k('decisions-key', apiKey));

  /** Ids (newest first, ties by id) of `set` with `min` ≤ score `max` (Redis range syntax), a page at a time. */
  async function* pages(set: string, max: string, min: string, size: number): AsyncGenerator<DecisionRecord[]> {
    for (;;) {
      const raw = (await c.eval(PAGE, 1, set, prefix, max, min, String(size))) as [string, string, string[]][];
      if (raw.length === 0) return;
      const records = raw.map(([id, , flat]) => toRecord(id, flat)).filter((r): r is DecisionRecord => r !== null).sort(byNewest);
      yield records;
      if (raw.length < size) return;
      max = `(${raw[raw.length - 1]![1]}`;
    }
  }

  async function deleteIds(ids: readonly string[]): Promise<number> {
    let n = 0;
    for (let i = 0; i < ids.length; i += BATCH) n += Number(await c.eval(DELETE, 0, prefix, ...ids.slice(i, i + BATCH)));
    return n;
  }

  /** The first `limit` ids of `set` with score < `before` (or all), oldest first: [id, score]. */
  async function idsBefore(set: string, before: number | undefined, limit = Infinity): Promise<[string, number][]> {
    const out: [string, number][] = [];
    const max = before === undefined ? '+inf' : `(${before}`;
    for (let offset = 0; out.length < limit; offset += 5000) {
      const count = Math.min(5000, limit - out.length);
      const raw = (await c.eval(`return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', ARGV[2], ARGV[3])`, 1, set, max, String(offset), String(count))) as string[];
      for (let i = 0; i < raw.length; i += 2) out.push([raw[i]!, Number(raw[i + 1])]);
      if (raw.length < 2 * count) break;
    }
    return out;
  }

  return {
    async putDecision(r) {
      const fields: string[] = [
        'at', String(r.at), 'apiKey', r.apiKey, 'classification', r.classification, 'score', String(r.score),
        'reasons', JSON.stringify(r.reasons), 'country', r.country ?? '', 'tokens', encodeTokens(r.tokens),
      ];
      if (r.label !== undefined) fields.push('label', r.label);
      if (r.labelledAt !== undefined) fields.push('labelledAt', String(r.labelledAt));
      if (r.request !== undefined) fields.push('request', JSON.stringify(r.request));
      await c.eval(PUT, 4, k('decision', r.id), all, k('decisions-key', r.apiKey), text, prefix, r.id, String(r.at), r.apiKey, r.request === undefined ? '0' : '1', ...fields);
    },
    async getDecision(id) {
      const flat = (await c.eval(`return redis.call('HGETALL', KEYS[1])`, 1, k('decision', id))) as string[];
      return toRecord(id, flat);
    },
    async listDecisions(filter: DecisionFilter = {}) {
      const limit = filter.limit ?? DEFAULT_LIST_LIMIT;
      const out: DecisionRecord[] = [];
      if (limit <= 0) return out;
      const max = filter.until === undefined ? '+inf' : `(${filter.until}`;
      const min = filter.since === undefined ? '-inf' : String(filter.since);
      const narrow = filter.classification !== undefined || filter.reason !== undefined || filter.label !== undefined;
      const size = narrow ? 500 : Math.min(limit, 500);
      for await (const page of pages(setOf(filter.apiKey), max, min, size)) {
        for (const r of page) {
          if (!matches(r, filter)) continue;
          out.push(r);
          if (out.length >= limit) return out;
        }
      }
      return out;
    },
    async labelDecision(id, label, at) {
      const old = (await c.eval(LABEL, 1, k('decision', id), label, String(at))) as string | number;
      if (old === 0) return undefined;
      return old === '' ? null : (old as FeedbackLabel);
    },
    async deleteDecisions(selector) {
      const set = setOf(selector.apiKey);
      if (selector.id !== undefined) {
        const score = (await c.eval(`return redis.call('ZSCORE', KEYS[1], ARGV[1])`, 1, set, selector.id)) as string | null;
        if (score === null || score === undefined) return 0;
        if (selector.before !== undefined && !(Number(score) < selector.before)) return 0;
        if (selector.keepNewest !== undefined && selector.keepNewest > 0) return 0;
        return deleteIds([selector.id]);
      }
      if (selector.keepNewest === undefined) return deleteIds((await idsBefore(set, selector.before)).map(([id]) => id));
      const total = Number(await c.eval(`return redis.call('ZCOUNT', KEYS[1], '-inf', ARGV[1])`, 1, set, selector.before === undefined ? '+inf' : `(${selector.before}`));
      const n = total - selector.keepNewest;
      if (n <= 0) return 0;
      // The oldest n in newest-first order (ties by id): before the boundary time all go; of the
      // ids at the boundary time, the last ones by id.
      const oldest = await idsBefore(set, selector.before, n);
      const boundary = oldest[oldest.length - 1]![1];
      const older = oldest.filter(([, at]) => at < boundary).map(([id]) => id);
      const tied = ((await c.eval(`return redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], ARGV[1])`, 1, set, String(boundary))) as string[]).sort();
      const take = n - older.length;
      return deleteIds([...older, ...tied.slice(tied.length - take)]);
    },
    async dropDecisionRequests(before) {
      let n = 0;
      for (;;) {
        const [removed, scanned] = (await c.eval(DROP_REQUESTS, 1, text, prefix, String(before), String(BATCH))) as [number, number];
        n += Number(removed);
        if (Number(scanned) < BATCH) return n;
      }
    },
  };
}
