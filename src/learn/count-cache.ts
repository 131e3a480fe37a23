/**
 * A process's cache of the site models' token counts, between requests. A request still reads
 * the key's message counts and revision from the store (SQLite: one row, or only its
 * `PRAGMA data_version` while no other connection has committed; Redis: one HMGET), with the
 * counts of the tokens the cache does not have for that revision; when the revision has changed (a report
 * on this or another instance), the cache of the key is dropped and every token read again. A
 * store that gives no revision is read as before, every token every time.
 *
 * `text.SITE_MODEL` reads a key's message counts first (no tokens), then its tokens: when the
 * tokens are asked in the same turn of the event loop as such a read of the key, and the cache
 * has them all at that read's revision, they are answered without a second read of the store.
 *
 * The answer's `tokens` map is the cache's: the asked tokens and others, tokens without counts
 * as {@link NO_COUNTS}. Bounded: at most `maxTokens` tokens over all keys, the keys used least
 * recently dropped first.
 */
import type { SiteModelCounts } from '../stores/types.js';
import { markStable } from './model.js';
import { TokenTable } from './token-table.js';

type ReadCounts = (apiKey: string, tokens: readonly number[]) => Promise<SiteModelCounts>;

/** The counts of a token no report had. */
const NO_COUNTS: { spam: number; ham: number } = Object.freeze({ spam: 0, ham: 0 });

/** Tokens kept at most over all keys, unless told (about 9 MB of maps and 4 MB of token tables, measured; up to 5 MB more of weights). */
export const DEFAULT_CACHED_TOKENS = 200_000;

interface Entry {
  revision: number;
  tokens: Map<number, { spam: number; ham: number }>;
  /** The tokens of `tokens`, in typed arrays (a cheaper lookup than the map's, and the scoring's weights). */
  table: TokenTable;
}

/** `read` with a cache of the tokens' counts per key and revision (see the module's comment). */
export function cachedCounts(read: ReadCounts, maxTokens = DEFAULT_CACHED_TOKENS): ReadCounts {
  // In order of use, the least recent first.
  const entries = new Map<string, Entry>();
  let size = 0;
  // The key used last (the last of `entries`): a key asked again is already the most recent.
  let lastKey: string | undefined;
  const touch = (apiKey: string, entry: Entry): void => {
    if (lastKey === apiKey) return;
    entries.delete(apiKey);
    entries.set(apiKey, entry);
    lastKey = apiKey;
  };

  const install = (apiKey: string, revision: number): Entry => {
    const old = entries.get(apiKey);
    if (old !== undefined) {
      size -= old.tokens.size;
      entries.delete(apiKey);
    }
    const entry: Entry = { revision, tokens: new Map(), table: new TokenTable() };
    // A token's counts are set once per revision: the scoring may keep its weight in the table.
    markStable(entry.tokens, entry.table);
    entries.set(apiKey, entry);
    lastKey = apiKey;
    return entry;
  };

  const fill = (apiKey: string, entry: Entry, tokens: readonly number[], answer: SiteModelCounts): void => {
    const map = entry.tokens;
    const { table } = entry;
    for (const t of tokens) {
      map.set(t, answer.tokens.get(t) ?? NO_COUNTS);
      table.add(t);
    }
    size += tokens.length;
    if (size <= maxTokens) return;
    // Over the bound: drop the keys used least recently, then, if it is still over, this key's tokens.
    for (const [key, e] of entries) {
      if (size <= maxTokens || e === entry) break;
      size -= e.tokens.size;
      entries.delete(key);
    }
    if (size > maxTokens) {
      size -= map.size;
      entries.delete(apiKey);
      if (lastKey === apiKey) lastKey = undefined;
    }
  };

  // The message counts read in this turn of the event loop, per key (emptied by setImmediate).
  const justRead = new Map<string, SiteModelCounts>();
  let emptying = false;
  const empty = () => {
    justRead.clear();
    emptying = false;
  };

  return async (apiKey, tokens) => {
    if (tokens.length === 0) {
      const totals = await read(apiKey, tokens);
      if (totals.revision !== undefined) {
        justRead.set(apiKey, totals);
        if (!emptying) {
          emptying = true;
          setImmediate(empty);
        }
      }
      return totals;
    }
    const cached = entries.get(apiKey);
    let missing: readonly number[] = tokens;
    if (cached !== undefined) {
      const { table } = cached;
      let j = 0;
      while (j < tokens.length && table.has(tokens[j]!)) j++;
      if (j === tokens.length) missing = [];
      else {
        const m: number[] = [];
        for (; j < tokens.length; j++) if (!table.has(tokens[j]!)) m.push(tokens[j]!);
        missing = m;
      }
    }
    const totals = justRead.get(apiKey);
    if (missing.length === 0 && totals !== undefined && totals.revision === cached!.revision) {
      touch(apiKey, cached!);
      return { spam: totals.spam, ham: totals.ham, revision: totals.revision, tokens: cached!.tokens };
    }
    let answer = await read(apiKey, missing);
    if (answer.revision === undefined) {
      const e = entries.get(apiKey);
      if (e !== undefined) {
        size -= e.tokens.size;
        entries.delete(apiKey);
        if (lastKey === apiKey) lastKey = undefined;
      }
      return missing.length === tokens.length ? answer : read(apiKey, tokens);
    }
    let entry = entries.get(apiKey);
    if (entry === undefined || entry.revision !== answer.revision || entry !== cached) {
      // Not read against this revision's cache: read every token and start the key's cache over.
      if (missing.length !== tokens.length) {
        answer = await read(apiKey, tokens);
        if (answer.revision === undefined) return answer;
        missing = tokens;
      }
      entry = install(apiKey, answer.revision);
    } else {
      // The key is the most recently used.
      touch(apiKey, entry);
    }
    fill(apiKey, entry, missing, answer);
    return { spam: answer.spam, ham: answer.ham, revision: answer.revision, tokens: entry.tokens };
  };
}
