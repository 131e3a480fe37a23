/**
 * What the SQLite store keeps between reads (the keys, the site models' message counts) and how
 * it knows that it is still true: `PRAGMA data_version` changes when another connection (another
 * process) has committed anything to the file since this connection's last read of it. Reading
 * it is one statement that touches no table, but each read is a read transaction of its own
 * (a lock on the shared-memory file taken and given back, and a `stat` of the file).
 *
 * A classify request reads its key (one check) and then the key's message counts; both can be
 * answered as of that one check: {@link KeyReadScope} runs the classification's synchronous part
 * with the message counts answered from what the store knew at its last check, which was this
 * request's key read or later. Nothing is shared between requests that did not check.
 */
import type BetterSqlite3 from 'better-sqlite3';

/** Where a store that can answer a request's reads from its key read keeps that method. */
export const KEY_READ_SCOPE: unique symbol = Symbol.for('formspam.store.keyReadScope') as never;

/** `fn()`, during which the store answers `readSiteTotalsNow` as of its last `getKey`. */
export type KeyReadScope = <T>(fn: () => T) => T;

/** The scope of a store that has one (the SQLite store), else undefined. */
export function keyReadScopeOf(store: object): KeyReadScope | undefined {
  const scope = (store as { [KEY_READ_SCOPE]?: unknown })[KEY_READ_SCOPE];
  return typeof scope === 'function' ? (scope as KeyReadScope) : undefined;
}

export interface DataVersion {
  /** Reads `PRAGMA data_version`; when another connection has committed since, calls every `onChange`. */
  check(): void;
  /** Registers what to forget when another connection has committed. */
  onChange(forget: () => void): void;
  /** True while a request's reads may be answered as of its key read (see {@link KeyReadScope}). */
  readonly trusted: boolean;
  scope: KeyReadScope;
}

export function dataVersionOf(db: BetterSqlite3.Database): DataVersion {
  const statement = db.prepare<[], number>('PRAGMA data_version').pluck();
  const forgets: (() => void)[] = [];
  let known: number | undefined;
  let trusted = false;
  return {
    check() {
      const version = statement.get();
      if (version === known) return;
      known = version;
      for (const forget of forgets) forget();
    },
    onChange(forget) {
      forgets.push(forget);
    },
    get trusted() {
      return trusted;
    },
    scope(fn) {
      if (trusted) return fn();
      trusted = true;
      try {
        return fn();
      } finally {
        trusted = false;
      }
    },
  };
}
