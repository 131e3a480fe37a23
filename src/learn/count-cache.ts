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
 * With a store that reads its message counts at once (`readSiteTotalsNow`: memory, SQLite), both
 * answers are values, not promises, whenever no token has to be read.
 *
 * The answer's `tokens` map is the cache's: the asked tokens and others, tokens without counts
 * as {@link NO_COUNTS}. Bounded: at most `maxTokens` tokens over all keys, the keys used least
 * recently dropped first.
 */
import type { SiteModelCounts, SiteModelTotals } from '../stores/types.js';
import type { TextInput } from '../text/input.js';
import { markStable, scoreTable } from './model.js';
import { TokenTable } from './token-table.js';
import { fillTokens, tokenScratch } from './tokens.js';

type ReadCounts = (apiKey: string, tokens: readonly number[]) => Promise<SiteModelCounts>;
/** A store's `readSiteTotalsNow`. */
type ReadTotalsNow = (apiKey: string) => SiteModelTotals;
/** The cached read: a value when it needed no read of the store, else a promise. */
export type CachedCounts = ((apiKey: string, tokens: readonly number[]) => SiteModelCounts | Promise<SiteModelCounts>) & {
  /**
   * With a store that reads a key's message counts at once: those counts, and when the key has
   * `minReports` of each label and the cache holds every token of `text` at their revision, the
   * text scored at once (`scored` the number of tokens, {@link lastScore} and `tokenScratch` the
   * rest, until the next call); else `scored` −1 and the counts remembered, as a read of the message
   * counts alone remembers them (see the module's comment). The answer is one object reused by
   * every call: read it at once. Undefined when the store cannot read at once.
   */
  scoreText?: (apiKey: string, text: TextInput, salt: number, minReports: number, top: number) => TextScore;
};

/** What {@link CachedCounts.scoreText} answers. */
export interface TextScore {
  totals: SiteModelTotals;
  /** How many tokens the text has when it was scored, else −1. */
  scored: number;
}

/** The tokens of an answer to a read of the message counts alone: none (read it, never change it). */
const NO_TOKENS: Map<number, { spam: number; ham: number }> = new Map();

/** The counts of a token no report had. */
const NO_COUNTS: { spam: number; ham: number } = Object.freeze({ spam: 0, ham: 0 });

/** Tokens kept at most over all keys, unless told (about 9 MB of maps, measured, and token tables of 32 bytes a slot, at most half full: 16 MiB when one key holds them all). */
export const DEFAULT_CACHED_TOKENS = 200_000;

interface Entry {
  revision: number;
  tokens: Map<number, { spam: number; ham: number }>;
  /** The tokens of `tokens`, in typed arrays (a cheaper lookup than the map's, and the scoring's weights). */
  table: TokenTable;
}

/**
 * `read` with a cache of the tokens' counts per key and revision (see the module's comment);
 * `readTotalsNow`, when the store has it, reads the message counts without a promise.
 */
export function cachedCounts(read: ReadCounts, maxTokens = DEFAULT_CACHED_TOKENS, readTotalsNow?: ReadTotalsNow): CachedCounts {
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
  const justRead = new Map<string, SiteModelTotals>();
  let emptying = false;
  const empty = () => {
    justRead.clear();
    emptying = false;
  };
  const remember = (apiKey: string, totals: SiteModelTotals): void => {
    if (totals.revision === undefined) return;
    justRead.set(apiKey, totals);
    if (!emptying) {
      emptying = true;
      setImmediate(empty);
    }
  };

  /** The tokens read from the store: those the cache does not have (`missing`), or all of them. */
  const readTokens = async (apiKey: string, tokens: readonly number[], cached: Entry | undefined, missing: readonly number[]): Promise<SiteModelCounts> => {
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

  const cached: CachedCounts = (apiKey, tokens) => {
    if (tokens.length === 0) {
      if (readTotalsNow !== undefined) {
        const totals = readTotalsNow(apiKey);
        remember(apiKey, totals);
        const answer: SiteModelCounts = { spam: totals.spam, ham: totals.ham, tokens: NO_TOKENS };
        if (totals.revision !== undefined) answer.revision = totals.revision;
        return answer;
      }
      return read(apiKey, tokens).then((totals) => {
        remember(apiKey, totals);
        return totals;
      });
    }
    const entry = entries.get(apiKey);
    if (entry === undefined) return readTokens(apiKey, tokens, entry, tokens);
    // One probe per token: the slots found are kept for the scoring (TokenTable.slotsOf).
    const { table } = entry;
    const absent = table.probe(tokens);
    if (absent === 0) {
      const totals = justRead.get(apiKey);
      if (totals !== undefined && totals.revision === entry.revision) {
        touch(apiKey, entry);
        return { spam: totals.spam, ham: totals.ham, revision: totals.revision, tokens: entry.tokens };
      }
      return readTokens(apiKey, tokens, entry, []);
    }
    const missing: number[] = [];
    const { slots } = table;
    for (let j = 0; j < tokens.length; j++) if (slots[j] === -1) missing.push(tokens[j]!);
    return readTokens(apiKey, tokens, entry, missing);
  };
  if (readTotalsNow !== undefined) {
    const answer: TextScore = { totals: { spam: 0, ham: 0 }, scored: -1 };
    cached.scoreText = (apiKey, text, salt, minReports, top) => {
      const totals = readTotalsNow(apiKey);
      answer.totals = totals;
      answer.scored = -1;
      if (totals.spam < minReports || totals.ham < minReports) return answer;
      const entry = entries.get(apiKey);
      if (entry !== undefined && totals.revision !== undefined && entry.revision === totals.revision) {
        const n = fillTokens(text, salt);
        if (scoreTable(tokenScratch.tokens, n, entry.table, entry.tokens, totals.spam, totals.ham, top)) {
          touch(apiKey, entry);
          answer.scored = n;
          return answer;
        }
      }
      // Tokens to read from the store: the caller reads them (readCounts) after these counts.
      remember(apiKey, totals);
      return answer;
    };
  }
  return cached;
}
