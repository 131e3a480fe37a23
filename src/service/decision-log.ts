/**
 * The service's decision log: one {@link DecisionRecord} per classification of a key, written to
 * the store after the answer (never delaying or failing it: a failed write is counted in
 * `formspam_decision_log_failures_total` and logged at most every 10 s). The record keeps the
 * verdict, score, reasons, country and the learner's salted token hashes (`siteTokens`), never
 * the text, email or IP, unless `logText` is on (then `request` is kept for `logTextRetentionDays`).
 * Old decisions (`retentionDays`) and those past the newest `max` are deleted, and old requests
 * removed, at most every `sweepIntervalMs`, on a write.
 */
import { invalidOption } from '../core/errors.js';
import type { RandomBytes } from '../altcha/crypto.js';
import type { ClassifyResponse } from '../core/response.js';
import { textOfResponse } from '../engine/classify.js';
import { LEARNER_SALT_SETTING, learnerSalt } from '../learn/salt.js';
import { siteTokens } from '../learn/tokens.js';
import type { DecisionRecord, Store } from '../stores/types.js';
import { TextInput, type TextSegment } from '../text/input.js';
import type { Logger } from './http.js';
import type { ServiceMetrics } from './metrics.js';

export { LEARNER_SALT_SETTING };

export interface DecisionLogOptions {
  /** Keep a record per classification (default true; nothing is logged with a store that has no decision log). */
  enabled?: boolean;
  /** Also keep the request as classified (text, email, IP): off by default. */
  logText?: boolean;
  /** Days a decision is kept (default 30). */
  retentionDays?: number;
  /** Days a kept request is kept, after which only the decision stays (default 7). */
  logTextRetentionDays?: number;
  /** Decisions kept at most per store, the newest (default 100,000). */
  max?: number;
  /** The least time between two sweeps, in ms (default 10 minutes). */
  sweepIntervalMs?: number;
}

export interface DecisionLog {
  /** Logs a classification of `apiKey` after the current request (never throws, never waits). */
  record(apiKey: string, request: unknown, response: ClassifyResponse): void;
  /** Applies the retention now; resolves what it deleted and how many requests it removed. */
  sweep(): Promise<{ deleted: number; requestsDropped: number }>;
  /** Resolves when every write begun so far has ended. */
  flush(): Promise<void>;
  readonly enabled: boolean;
  readonly logText: boolean;
}

const DAY = 86_400_000;

function positive(name: string, value: number | undefined, fallback: number, integer = false): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw invalidOption('createService', `decisionLog.${name}`, integer ? 'must be a positive integer' : 'must be a positive number');
  }
  return value;
}

/** The text of a (valid) classify request, as the engine reads it. */
export function requestText(request: unknown): TextInput | null {
  if (typeof request !== 'object' || request === null) return null;
  const r = request as { text?: unknown; fields?: unknown };
  let segments: TextSegment[] = [];
  if (typeof r.text === 'string') segments = [{ field: 'text', text: r.text }];
  else if (Array.isArray(r.text)) segments = r.text.filter((t): t is string => typeof t === 'string').map((text, i) => ({ field: `text[${i}]`, text }));
  else if (typeof r.fields === 'object' && r.fields !== null) {
    segments = Object.entries(r.fields as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string').map(([field, text]) => ({ field, text }));
  }
  return segments.length === 0 ? null : new TextInput(segments);
}

export function createDecisionLog(
  store: Store,
  world: { now: () => number; randomBytes: RandomBytes },
  log: Logger | undefined,
  metrics: ServiceMetrics | null,
  options: DecisionLogOptions | false = {},
): DecisionLog {
  const o = options === false ? { enabled: false } : options;
  const retentionMs = positive('retentionDays', o.retentionDays, 30) * DAY;
  const textRetentionMs = positive('logTextRetentionDays', o.logTextRetentionDays, 7) * DAY;
  const max = positive('max', o.max, 100_000, true);
  const sweepIntervalMs = positive('sweepIntervalMs', o.sweepIntervalMs, 600_000);
  const logText = o.logText === true;
  const enabled = o.enabled !== false && typeof store.putDecision === 'function' && typeof store.deleteDecisions === 'function';
  if (logText && enabled && typeof store.dropDecisionRequests !== 'function') {
    throw invalidOption('createService', 'decisionLog.logText', 'needs a store that can remove kept requests (dropDecisionRequests)');
  }
  const { now } = world;

  let salt: Promise<number> | null = null;
  let saltValue: number | undefined;
  const saltOf = (): Promise<number> | number => {
    if (saltValue !== undefined) return saltValue;
    if (!salt) {
      salt = learnerSalt(store, world.randomBytes);
      salt.then(
        (s) => (saltValue = s),
        () => {
          salt = null; // read it again on the next write
        },
      );
    }
    return salt;
  };

  let warnedAt = -Infinity;
  let failures = 0;
  const failed = (operation: string, error: unknown) => {
    metrics?.decisionLogFailures?.inc({ operation });
    failures++;
    const t = now();
    if (t - warnedAt >= 10_000) {
      log?.warn({ event: 'decision-log-failed', operation, failures, err: { message: (error as Error)?.message } }, `decision log: ${operation} failed (${(error as Error)?.message}); the answers are not affected`);
      warnedAt = t;
      failures = 0;
    }
  };

  let lastSweep = -Infinity;
  let sweeping: Promise<unknown> | null = null;
  async function sweep(): Promise<{ deleted: number; requestsDropped: number }> {
    const t = now();
    lastSweep = t;
    let deleted = await store.deleteDecisions!({ before: t - retentionMs });
    deleted += await store.deleteDecisions!({ keepNewest: max });
    const requestsDropped = store.dropDecisionRequests ? await store.dropDecisionRequests(t - textRetentionMs) : 0;
    if (deleted > 0 || requestsDropped > 0) log?.info({ event: 'decision-log-sweep', deleted, requestsDropped }, 'decision log: retention applied');
    return { deleted, requestsDropped };
  }

  /** One decision to write: what `record` was given, and when. */
  interface Queued {
    apiKey: string;
    request: unknown;
    response: ClassifyResponse;
    at: number;
  }
  // The decisions recorded since the last batch began, written together after the current turn.
  let queued: Queued[] = [];
  let scheduled = false;
  const pending = new Set<Promise<void>>();

  /** The stored form of a decision (its tokens made from the text's words now). */
  function recordOf(q: Queued, salt: number) {
    const { response } = q;
    const text = textOfResponse(response) ?? requestText(q.request);
    const record: DecisionRecord = {
      id: response.id,
      at: q.at,
      apiKey: q.apiKey,
      classification: response.classification,
      score: response.score,
      reasons: response.reasons,
      country: response.country?.code ?? null,
      tokens: text ? siteTokens(text, salt) : [],
    };
    if (logText) record.request = asClassified(q.request, response);
    return record;
  }

  const logged = () => {
    metrics?.decisionsLogged?.inc();
  };
  const putFailed = (error: unknown) => failed('putDecision', error);

  async function writeBatch(): Promise<void> {
    const batch = queued;
    queued = [];
    scheduled = false;
    let salt: number;
    try {
      const known = saltOf();
      salt = typeof known === 'number' ? known : await known;
    } catch (error) {
      for (let i = 0; i < batch.length; i++) failed('putDecision', error);
      return;
    }
    const writes: Promise<void>[] = [];
    for (const q of batch) {
      let write: Promise<void>;
      try {
        write = store.putDecision!(recordOf(q, salt));
      } catch (error) {
        write = Promise.reject(error);
      }
      writes.push(write.then(logged, putFailed));
    }
    await Promise.all(writes);
    if (now() - lastSweep >= sweepIntervalMs && !sweeping) {
      sweeping = sweep().catch((error: unknown) => failed('sweep', error)).finally(() => {
        sweeping = null;
      });
      await sweeping;
    }
  }

  return {
    enabled,
    logText,
    record(apiKey, request, response) {
      if (!enabled) return;
      queued.push({ apiKey, request, response, at: now() });
      if (scheduled) return;
      // After the answer: the tokens and the writes never delay it. One batch per turn of the event loop.
      scheduled = true;
      const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve)).then(writeBatch);
      pending.add(p);
      void p.finally(() => pending.delete(p));
    },
    sweep: () => (enabled ? sweep() : Promise.resolve({ deleted: 0, requestsDropped: 0 })),
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
      await sweeping;
    },
  };
}

/** The request as it was classified: `ipAddress: "auto"` is the client's address the engine used. */
function asClassified(request: unknown, response: ClassifyResponse): unknown {
  const r = request as { ipAddress?: unknown };
  if (r && r.ipAddress === 'auto' && response.ipAddress) return { ...(request as object), ipAddress: response.ipAddress.ipAddress };
  return request;
}
