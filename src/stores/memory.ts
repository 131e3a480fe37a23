/** The in-memory store: one process, nothing survives a restart. For tests and embedding. */
import { invalidOption } from '../core/errors.js';
import { keyExistsError } from './guard.js';
import { byCreation } from './keys.js';
import { memoryDecisionStore, memorySiteModelStore } from './memory-learning.js';
import type { ApiKeyRecord, Store } from './types.js';

export interface MemoryStoreOptions {
  /** The clock used to forget expired entries (default `Date.now`). */
  now?: () => number;
  /** Expired proofs and counters are swept when there are more than this many entries (default 100,000). */
  sweepAbove?: number;
  /** The most decisions the decision log keeps here; a new one beyond it drops the oldest written (default 100,000). */
  maxDecisions?: number;
}

/** A copy a caller may change without changing the store (the limit objects are never changed in place). */
function copyRecord(r: ApiKeyRecord): ApiKeyRecord {
  return r.limits === undefined ? { ...r } : { ...r, limits: { ...r.limits } };
}

export function createMemoryStore(options: MemoryStoreOptions = {}): Store {
  const now = options.now ?? Date.now;
  const sweepAbove = options.sweepAbove ?? 100_000;
  const maxDecisions = options.maxDecisions ?? 100_000;
  if (!Number.isInteger(maxDecisions) || maxDecisions < 1) throw invalidOption('createMemoryStore', 'maxDecisions', 'must be an integer >= 1');
  const keys = new Map<string, ApiKeyRecord>();
  const expiring = new Map<string, { value: number; expiresAt: number }>();
  const settings = new Map<string, string>();
  let closed = false;

  const live = (k: string) => {
    const e = expiring.get(k);
    if (e && e.expiresAt <= now()) {
      expiring.delete(k);
      return undefined;
    }
    return e;
  };
  const sweep = () => {
    if (expiring.size <= sweepAbove) return;
    const t = now();
    for (const [k, e] of expiring) if (e.expiresAt <= t) expiring.delete(k);
  };
  const open = () => {
    if (closed) throw new Error('memory store: closed');
  };

  return {
    kind: 'memory',
    ...memoryDecisionStore(open, maxDecisions),
    ...memorySiteModelStore(open),
    async putKey(record) {
      open();
      if (keys.has(record.apiKey)) throw keyExistsError('memory');
      keys.set(record.apiKey, copyRecord(record));
    },
    async getKey(apiKey) {
      open();
      const r = keys.get(apiKey);
      return r ? copyRecord(r) : null;
    },
    async listKeys() {
      open();
      return [...keys.values()].map(copyRecord).sort(byCreation);
    },
    async setKeyLimits(apiKey, limits) {
      open();
      const r = keys.get(apiKey);
      if (!r) return false;
      if (limits === null) delete r.limits;
      else r.limits = { ...limits };
      return true;
    },
    async revokeKey(apiKey, at) {
      open();
      const r = keys.get(apiKey);
      if (!r || r.revokedAt !== undefined) return false;
      r.revokedAt = at;
      return true;
    },
    async markUsed(id, expiresAt) {
      open();
      const k = `p:${id}`;
      if (live(k)) return false;
      if (expiresAt <= now()) return true;
      sweep();
      expiring.set(k, { value: 1, expiresAt });
      return true;
    },
    async increment(key, expiresAt) {
      open();
      const k = `c:${key}`;
      const e = live(k);
      if (e) return ++e.value;
      sweep();
      expiring.set(k, { value: 1, expiresAt });
      return 1;
    },
    async initSetting(name, value) {
      open();
      if (!settings.has(name)) settings.set(name, value);
      return settings.get(name)!;
    },
    async getSetting(name) {
      open();
      return settings.get(name) ?? null;
    },
    async rewriteSecrets(rewrite, values) {
      open();
      // Every new secret first (rewrite may throw: then nothing changed), then all at once.
      const next = [...keys.values()].map((r) => [r, rewrite({ ...r })] as const);
      for (const [r, secret] of next) r.secret = secret;
      for (const [name, value] of Object.entries(values)) settings.set(name, value);
      return next.length;
    },
    async ping() {
      open();
    },
    async close() {
      closed = true;
    },
  };
}
