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

/** Everything the service keeps. */
export interface Store extends KeyStore, ProofStore, CounterStore, SettingsStore, Partial<SecretsRewriter> {
  /** `memory`, `sqlite`, `redis`. */
  readonly kind: string;
  /** Resolves when the store answers (for /readyz); rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
