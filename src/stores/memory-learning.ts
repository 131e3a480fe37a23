/** The decision log and the site-model counts of the in-memory store. */
import type { DecisionRecord, DecisionStore, FeedbackLabel, SiteModelCounts, SiteModelStore, SiteModelTotals } from './types.js';

const DEFAULT_LIST_LIMIT = 100;

/**
 * A kept decision: its tokens packed in a one-byte string, four characters per token (its bytes
 * as this process's `Uint32Array` lays them out). One flat object the garbage collector never
 * looks inside, where a typed array would hold an off-heap buffer tracked by every scavenge, made
 * by one copy of the bytes.
 */
type Stored = Omit<DecisionRecord, 'tokens'> & {
  tokens: string;
  /** When it was first written: its place in the order of eviction (not a field of the record). */
  seq: number;
};

/** Scratch of {@link packTokens} and {@link unpackTokens}: the tokens, and the same bytes. */
let packWords = new Uint32Array(1024);
let packBytes = new Uint8Array(packWords.buffer);
/** Node's Buffer over the same bytes, when there is one (Bun and Deno have it; a worker may not). */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;
let packBuffer = NodeBuffer?.from(packWords.buffer);

function scratchFor(n: number): void {
  if (packWords.length >= n) return;
  packWords = new Uint32Array(Math.max(n, 2 * packWords.length));
  packBytes = new Uint8Array(packWords.buffer);
  packBuffer = NodeBuffer?.from(packWords.buffer);
}

/** Code units made at most per String.fromCharCode call (its arguments go on the stack). */
const CHUNK = 4096;

function packTokens(tokens: readonly number[]): string {
  const n = tokens.length;
  scratchFor(n);
  const words = packWords;
  for (let i = 0; i < n; i++) words[i] = tokens[i]!;
  if (packBuffer !== undefined) return packBuffer.toString('latin1', 0, 4 * n);
  let out = '';
  for (let from = 0; from < 4 * n; from += CHUNK) {
    out += String.fromCharCode.apply(null, packBytes.subarray(from, Math.min(4 * n, from + CHUNK)) as unknown as number[]);
  }
  return out;
}

function unpackTokens(packed: string): number[] {
  const n = packed.length >> 2;
  scratchFor(n);
  const bytes = packBytes;
  for (let i = 0; i < 4 * n; i++) bytes[i] = packed.charCodeAt(i);
  const words = packWords;
  const tokens = new Array<number>(n);
  for (let i = 0; i < n; i++) tokens[i] = words[i]!;
  return tokens;
}

/**
 * A decision's fields copied, with `tokens` as given (packed to store, unpacked to answer):
 * written out field by field, the optional ones only when present.
 */
function copyFields<T>(r: Omit<DecisionRecord, 'tokens'>, tokens: T): Omit<DecisionRecord, 'tokens'> & { tokens: T } {
  const copy: Omit<DecisionRecord, 'tokens'> & { tokens: T } = {
    id: r.id,
    at: r.at,
    apiKey: r.apiKey,
    classification: r.classification,
    score: r.score,
    reasons: r.reasons.slice(),
    country: r.country,
    tokens,
  };
  if (r.label !== undefined) copy.label = r.label;
  if (r.labelledAt !== undefined) copy.labelledAt = r.labelledAt;
  if (r.request !== undefined) copy.request = structuredClone(r.request);
  return copy;
}

function toStored(r: DecisionRecord, seq: number): Stored {
  // One literal with every field (the optional ones undefined when absent): the object holds its
  // fields itself, with no property added later (`seq` added after the literal gave each kept
  // decision a separate properties array).
  return {
    id: r.id,
    at: r.at,
    apiKey: r.apiKey,
    classification: r.classification,
    score: r.score,
    reasons: r.reasons.slice(),
    country: r.country,
    tokens: packTokens(r.tokens),
    seq,
    label: r.label,
    labelledAt: r.labelledAt,
    request: r.request === undefined ? undefined : structuredClone(r.request),
  };
}

function copyDecision(r: Stored): DecisionRecord {
  return copyFields(r, unpackTokens(r.tokens));
}

/** Newest first, ties by id. */
function byNewest(a: Stored, b: Stored): number {
  return b.at - a.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * `maxDecisions`: the most decisions kept; a new one beyond it drops the oldest written, so the
 * process's memory stays bounded between the decision log's retention sweeps.
 */
export function memoryDecisionStore(open: () => void, maxDecisions = 100_000): DecisionStore {
  const decisions = new Map<string, Stored>();
  // The order of eviction: the ids and `seq`s of the decisions as first written, the oldest at
  // `head`. An entry whose decision was deleted (or deleted and written again, with a new `seq`)
  // is passed over. (The Map's first key names the same decision, but a Map's iterator passes
  // over every entry deleted before it: tens of µs per decision once 100,000 are kept.)
  let ids: string[] = [];
  let seqs: number[] = [];
  let head = 0;
  let lastSeq = 0;
  /** Starts the order over from the Map's (insertion order), without the entries passed over. */
  const reorder = () => {
    ids = [];
    seqs = [];
    head = 0;
    for (const r of decisions.values()) {
      ids.push(r.id);
      seqs.push(r.seq);
    }
  };
  const evictOldest = () => {
    while (head < ids.length) {
      const id = ids[head]!;
      const seq = seqs[head++]!;
      const r = decisions.get(id);
      if (r !== undefined && r.seq === seq) {
        decisions.delete(id);
        return;
      }
    }
  };
  return {
    async putDecision(record) {
      open();
      const old = decisions.get(record.id);
      if (old !== undefined) {
        // Written again: it keeps its place.
        decisions.set(record.id, toStored(record, old.seq));
        return;
      }
      if (decisions.size >= maxDecisions) evictOldest();
      const seq = ++lastSeq;
      decisions.set(record.id, toStored(record, seq));
      ids.push(record.id);
      seqs.push(seq);
      // Entries passed over (deleted decisions) kept at most as many as the decisions.
      if (ids.length - head > 2 * decisions.size + 1024) reorder();
      else if (head > 4096 && 2 * head > ids.length) {
        ids = ids.slice(head);
        seqs = seqs.slice(head);
        head = 0;
      }
    },
    async getDecision(id) {
      open();
      const r = decisions.get(id);
      return r ? copyDecision(r) : null;
    },
    async listDecisions(filter = {}) {
      open();
      const limit = filter.limit ?? DEFAULT_LIST_LIMIT;
      const out: Stored[] = [];
      for (const r of decisions.values()) {
        if (filter.apiKey !== undefined && r.apiKey !== filter.apiKey) continue;
        if (filter.classification !== undefined && r.classification !== filter.classification) continue;
        if (filter.reason !== undefined && !r.reasons.includes(filter.reason)) continue;
        if (filter.label !== undefined && r.label !== filter.label) continue;
        if (filter.since !== undefined && r.at < filter.since) continue;
        if (filter.until !== undefined && r.at >= filter.until) continue;
        out.push(r);
      }
      return out.sort(byNewest).slice(0, limit).map(copyDecision);
    },
    async labelDecision(id, label, at) {
      open();
      const r = decisions.get(id);
      if (!r) return undefined;
      const previous = r.label ?? null;
      r.label = label;
      r.labelledAt = at;
      return previous;
    },
    async deleteDecisions(selector) {
      open();
      let matching = [...decisions.values()].filter(
        (r) =>
          (selector.id === undefined || r.id === selector.id) &&
          (selector.apiKey === undefined || r.apiKey === selector.apiKey) &&
          (selector.before === undefined || r.at < selector.before),
      );
      if (selector.keepNewest !== undefined) matching = matching.sort(byNewest).slice(selector.keepNewest);
      for (const r of matching) decisions.delete(r.id);
      return matching.length;
    },
    async dropDecisionRequests(before) {
      open();
      let n = 0;
      for (const r of decisions.values()) {
        if (r.at < before && r.request !== undefined) {
          r.request = undefined;
          n++;
        }
      }
      return n;
    },
  };
}

/** The totals of a key without a model. */
const NO_MODEL: SiteModelTotals = Object.freeze({ spam: 0, ham: 0 });

/** The last revision given to a memory store's model: each change takes the next, over all stores of the process. */
let lastRevision = 0;

export function memorySiteModelStore(open: () => void): SiteModelStore {
  // Token counts keyed by the token's bits as int32 (`t | 0`): small integers hash faster than
  // the heap numbers that unsigned 32-bit values above 2^31 are.
  const models = new Map<string, { spam: number; ham: number; revision: number; tokens: Map<number, { spam: number; ham: number }> }>();
  return {
    async addSiteCounts(apiKey, label: FeedbackLabel, tokens, delta) {
      open();
      let m = models.get(apiKey);
      if (!m) models.set(apiKey, (m = { spam: 0, ham: 0, revision: 0, tokens: new Map() }));
      m.revision = ++lastRevision;
      m[label] = Math.max(0, m[label] + delta);
      for (const t of tokens) {
        const key = t | 0;
        let c = m.tokens.get(key);
        if (!c) m.tokens.set(key, (c = { spam: 0, ham: 0 }));
        c[label] = Math.max(0, c[label] + delta);
        if (c.spam === 0 && c.ham === 0) m.tokens.delete(key);
      }
    },
    async readSiteCounts(apiKey, tokens): Promise<SiteModelCounts> {
      open();
      const m = models.get(apiKey);
      const found = new Map<number, { spam: number; ham: number }>();
      if (!m) return { spam: 0, ham: 0, tokens: found };
      for (const t of tokens) {
        const c = m.tokens.get(t | 0);
        if (c) found.set(t, { spam: c.spam, ham: c.ham });
      }
      return { spam: m.spam, ham: m.ham, revision: m.revision, tokens: found };
    },
    readSiteTotalsNow(apiKey): SiteModelTotals {
      open();
      const m = models.get(apiKey);
      return m ? { spam: m.spam, ham: m.ham, revision: m.revision } : NO_MODEL;
    },
    async deleteSiteModel(apiKey) {
      open();
      models.delete(apiKey);
    },
  };
}
