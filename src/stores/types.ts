/**
 * The service's persistent state, behind one small interface each. Every implementation
 * (memory, SQLite, Redis) passes the same conformance suite (`testStore` in `formspam/testing`).
 * Times are absolute milliseconds since the epoch, computed by the caller from its injected
 * clock, so stores need no clock of their own for correctness.
 */

/** An issued API key. `secret` is stored as given (the service encrypts it when a master key is configured). */
export interface ApiKeyRecord {
  apiKey: string;
  hostname: string;
  secret: string;
  license: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** When the key was revoked (ms since the epoch); absent while it is valid. */
  revokedAt?: number;
  /** The key's own rate limits, set by the admin; absent when the server's apply. */
  limits?: KeyLimits;
}

/** A limit: requests per window. */
export interface KeyLimit {
  limit: number;
  windowSeconds: number;
}

/**
 * Rate limits of one key (`formspam keys limit`): each one given replaces the server's limit of
 * that name for this key (`false`: none); one left out keeps the server's.
 */
export interface KeyLimits {
  /** Classify requests of the key in all (`classify-key`). */
  classifyPerKey?: KeyLimit | false;
  /** One client IP's share of the key (`classify-key-ip`). */
  classifyPerKeyIp?: KeyLimit | false;
}

export interface KeyStore {
  /** Stores a new key; resolves once it is durable (the SQLite store has committed it). Rejects if the key exists. */
  putKey(record: ApiKeyRecord): Promise<void>;
  /** The key's record (with `revokedAt` once revoked), or null. */
  getKey(apiKey: string): Promise<ApiKeyRecord | null>;
  /** Every key, revoked ones included, oldest first (ties by key). */
  listKeys(): Promise<ApiKeyRecord[]>;
  /**
   * Marks the key revoked at `at` (ms); resolves true when it was valid, false when it does not
   * exist or was already revoked (the first revocation time stays). Every handle on the same
   * data sees it at once.
   */
  revokeKey(apiKey: string, at: number): Promise<boolean>;
  /**
   * Sets the key's own rate limits (`null`: back to the server's); resolves false when the key
   * does not exist. Optional for stores of your own: without it the admin cannot set per-key
   * limits (the endpoint answers 501).
   */
  setKeyLimits?(apiKey: string, limits: KeyLimits | null): Promise<boolean>;
}

export interface ProofStore {
  /**
   * Marks a proof (e.g. an M2M challenge) as used until `expiresAt` (ms). Resolves true the
   * first time, false when it is already marked and not expired: atomic across processes
   * sharing the store.
   */
  markUsed(id: string, expiresAt: number): Promise<boolean>;
}

export interface CounterStore {
  /**
   * Increments the counter `key` (a fixed window: the caller puts the window in the key) and
   * resolves its new value; the counter disappears after `expiresAt` (ms).
   */
  increment(key: string, expiresAt: number): Promise<number>;
}

export interface SettingsStore {
  /**
   * Stores `value` under `name` unless something is stored there already, and resolves the
   * stored value: lets every instance agree on one generated secret (the M2M HMAC key).
   */
  initSetting(name: string, value: string): Promise<string>;
  /**
   * The value stored under `name`, or null; reads only. Optional for stores of your own: without
   * it the service cannot check the master key against the store (`/readyz`, start-up).
   */
  getSetting?(name: string): Promise<string | null>;
}

/**
 * One atomic rewrite of every key's secret (`formspam keys rotate-master`): `rewrite` maps a
 * record to its new stored secret (it may throw to abort: then nothing is written), and the
 * `settings` are written (overwritten) in the same transaction.
 */
export interface SecretsRewriter {
  /** Resolves the number of keys rewritten. */
  rewriteSecrets(rewrite: (record: ApiKeyRecord) => string, settings: Record<string, string>): Promise<number>;
}

/** A site's report on a decision: the message was spam, or it was not. */
export type FeedbackLabel = 'spam' | 'ham';

/**
 * One logged decision. Nothing in it is the submission's text, email or IP unless the operator
 * turned on `--log-text` (then `request` holds the request as classified).
 */
export interface DecisionRecord {
  /** The response's `id`. */
  id: string;
  /** When it was decided (ms since the epoch). */
  at: number;
  /** The API key it was classified for. */
  apiKey: string;
  classification: 'GOOD' | 'NEUTRAL' | 'BAD';
  score: number;
  /** The response's `reasons`. */
  reasons: string[];
  /** ISO country code of the response's `country`, or null. */
  country: string | null;
  /** The learner's salted token hashes (`siteTokens`): what feedback on this decision trains. */
  tokens: number[];
  /** The site's report, once given, and when. */
  label?: FeedbackLabel;
  labelledAt?: number;
  /** The request as classified; only with `--log-text`. */
  request?: unknown;
}

/** Which decisions {@link DecisionStore.listDecisions} returns: every given field must match. */
export interface DecisionFilter {
  apiKey?: string;
  classification?: 'GOOD' | 'NEUTRAL' | 'BAD';
  /** A rule id that must be among `reasons`, e.g. `text.SPAM_WORDS`. */
  reason?: string;
  label?: FeedbackLabel;
  /** `at` ≥ since, `at` < until (ms). */
  since?: number;
  until?: number;
  /** At most this many, newest first (default 100). */
  limit?: number;
}

/** The decision log (optional for stores of your own: without it the service logs nothing). */
export interface DecisionStore {
  putDecision(record: DecisionRecord): Promise<void>;
  getDecision(id: string): Promise<DecisionRecord | null>;
  /** Newest first (ties by id). */
  listDecisions(filter?: DecisionFilter): Promise<DecisionRecord[]>;
  /**
   * Sets a decision's label; resolves the label it had (null: none), or undefined when there is
   * no such decision. Atomic: two reports of one decision never both see `null`.
   */
  labelDecision(id: string, label: FeedbackLabel, at: number): Promise<FeedbackLabel | null | undefined>;
  /**
   * Deletes the decisions that match every given field: one `id`, one key's (`apiKey`), those
   * older than `before` (ms), or all but the newest `keepNewest` (per store, over all keys).
   * Resolves how many were deleted.
   */
  deleteDecisions(selector: { id?: string; apiKey?: string; before?: number; keepNewest?: number }): Promise<number>;
  /**
   * Removes `request` (kept with `--log-text`) from every decision older than `before` (ms); the
   * decisions stay. Resolves how many lost their request.
   */
  dropDecisionRequests(before: number): Promise<number>;
}

/** A site model's counts: messages reported per label, and per token. */
export interface SiteModelCounts {
  spam: number;
  ham: number;
  /**
   * The asked tokens that have a count; a token absent here has none. A provider's answer
   * (`SiteModelProvider.readCounts`) may hold more tokens than were asked, and tokens whose two
   * counts are 0; read it, never change it.
   */
  tokens: Map<number, { spam: number; ham: number }>;
  /**
   * Optional: a value that changes whenever the key's counts change (every `addSiteCounts`, and a
   * model made again after `deleteSiteModel`), absent when the key has no model. A store that
   * gives it lets the site model keep the counts it read between requests and read only the
   * revision and the tokens it has not seen.
   */
  revision?: number;
}

/** A key's message counts and revision, without tokens ({@link SiteModelStore.readSiteTotalsNow}). */
export interface SiteModelTotals {
  readonly spam: number;
  readonly ham: number;
  /** As {@link SiteModelCounts.revision}. */
  readonly revision?: number;
}

/** The per-site learner's counts, per API key (optional for stores of your own). */
export interface SiteModelStore {
  /**
   * Adds `delta` (1, or -1 to take back a report) to the key's `label` message count and to
   * each given token's `label` count (the tokens are distinct). Atomic per call.
   */
  addSiteCounts(apiKey: string, label: FeedbackLabel, tokens: readonly number[], delta: 1 | -1): Promise<void>;
  /** The key's message counts and the counts of the given tokens. */
  readSiteCounts(apiKey: string, tokens: readonly number[]): Promise<SiteModelCounts>;
  /**
   * Optional, for a store that reads without waiting (the memory and SQLite stores): the key's
   * message counts and revision, as `readSiteCounts(apiKey, [])` gives them, answered at once.
   * The site model reads them on every request; with this method that read costs no promise.
   * Throws what `readSiteCounts` would reject with. Read the answer, never change it.
   */
  readSiteTotalsNow?(apiKey: string): SiteModelTotals;
  /** Forgets every count of the key. */
  deleteSiteModel(apiKey: string): Promise<void>;
}

/** Everything the service keeps. */
export interface Store extends KeyStore, ProofStore, CounterStore, SettingsStore, Partial<SecretsRewriter>, Partial<DecisionStore>, Partial<SiteModelStore> {
  /** `memory`, `sqlite`, `redis`. */
  readonly kind: string;
  /** Resolves when the store answers (for /readyz); rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
