/**
 * The site model's counts in the Redis store: one hash per API key (`<prefix>site:<apiKey>`),
 * with the message counts in the fields `spam` and `ham` and each token's counts in `s:<token>`
 * and `h:<token>` (the token in base 36), and its revision in `rev` (random when the hash is made,
 * one more at every change). Several instances on one Redis share it; every update is one Lua
 * script, so atomic.
 */
import type { SiteModelCounts, SiteModelStore } from './types.js';

/**
 * KEYS[1]: the hash; ARGV[1]: the label's field prefix (`s` or `h`), ARGV[2]: the delta, ARGV[3]:
 * the label's total field (`spam` or `ham`), ARGV[4]: the revision of a new hash, ARGV[5…]: the
 * tokens. A count that would drop to 0 or below loses its field (counts never go below 0; an
 * absent field reads as 0).
 */
const ADD = `local key, p, d = KEYS[1], ARGV[1], tonumber(ARGV[2])
local function bump(field)
  if redis.call('HINCRBY', key, field, d) <= 0 then redis.call('HDEL', key, field) end
end
if redis.call('HSETNX', key, 'rev', ARGV[4]) == 0 then redis.call('HINCRBY', key, 'rev', 1) end
bump(ARGV[3])
for i = 5, #ARGV do bump(p .. ':' .. ARGV[i]) end
return 1`;

/** A new hash's revision: random below 2^48 (not a secret; it only has to differ from the last one's). */
function randomRevision(): string {
  return String(Math.floor(Math.random() * 2 ** 48));
}

/** The commands of an ioredis client this part uses (the store's `RedisClientLike` has them). */
interface SiteModelClient {
  eval(...args: any[]): Promise<any>;
  hmget?(...args: any[]): Promise<any>;
  del(...args: any[]): Promise<any>;
}

export function redisSiteModelStore(c: SiteModelClient, prefix: string): SiteModelStore {
  const hash = (apiKey: string) => `${prefix}site:${apiKey}`;
  return {
    async addSiteCounts(apiKey, label, tokens, delta) {
      const p = label === 'spam' ? 's' : 'h';
      await c.eval(ADD, 1, hash(apiKey), p, String(delta), label, randomRevision(), ...tokens.map((t) => t.toString(36)));
    },
    async readSiteCounts(apiKey, tokens): Promise<SiteModelCounts> {
      const fields = ['spam', 'ham', 'rev'];
      for (const t of tokens) {
        const b = t.toString(36);
        fields.push(`s:${b}`, `h:${b}`);
      }
      const values = (await c.hmget!(hash(apiKey), ...fields)) as (string | null)[];
      const found = new Map<number, { spam: number; ham: number }>();
      for (let i = 0; i < tokens.length; i++) {
        const spam = Number(values[3 + 2 * i] ?? 0);
        const ham = Number(values[4 + 2 * i] ?? 0);
        if (spam > 0 || ham > 0) found.set(tokens[i]!, { spam, ham });
      }
      const counts: SiteModelCounts = { spam: Number(values[0] ?? 0), ham: Number(values[1] ?? 0), tokens: found };
      if (values[2] !== null && values[2] !== undefined) counts.revision = Number(values[2]);
      return counts;
    },
    async deleteSiteModel(apiKey) {
      await c.del(hash(apiKey));
    },
  };
}
