/**
 * The site model's counts in the Redis store: one hash per API key (`<prefix>site:<apiKey>`),
 * with the message counts in the fields `spam` and `ham` and each token's counts in `s:<token>`
 * and `h:<token>` (the token in base 36). Several instances on one Redis share it; every update
 * is one Lua script, so atomic.
 */
import type { SiteModelCounts, SiteModelStore } from './types.js';

/**
 * KEYS[1]: the hash; ARGV[1]: the label's field prefix (`s` or `h`), ARGV[2]: the delta, ARGV[3]:
 * the label's total field (`spam` or `ham`), ARGV[4…]: the tokens. A count that would drop to 0
 * or below loses its field (counts never go below 0; an absent field reads as 0).
 */
const ADD = `local key, p, d = KEYS[1], ARGV[1], tonumber(ARGV[2])
local function bump(field)
  if redis.call('HINCRBY', key, field, d) <= 0 then redis.call('HDEL', key, field) end
end
bump(ARGV[3])
for i = 4, #ARGV do bump(p .. ':' .. ARGV[i]) end
return 1`;

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
      await c.eval(ADD, 1, hash(apiKey), p, String(delta), label, ...tokens.map((t) => t.toString(36)));
    },
    async readSiteCounts(apiKey, tokens): Promise<SiteModelCounts> {
      const fields = ['spam', 'ham'];
      for (const t of tokens) {
        const b = t.toString(36);
        fields.push(`s:${b}`, `h:${b}`);
      }
      const values = (await c.hmget!(hash(apiKey), ...fields)) as (string | null)[];
      const found = new Map<number, { spam: number; ham: number }>();
      for (let i = 0; i < tokens.length; i++) {
        const spam = Number(values[2 + 2 * i] ?? 0);
        const ham = Number(values[3 + 2 * i] ?? 0);
        if (spam > 0 || ham > 0) found.set(tokens[i]!, { spam, ham });
      }
      return { spam: Number(values[0] ?? 0), ham: Number(values[1] ?? 0), tokens: found };
    },
    async deleteSiteModel(apiKey) {
      await c.del(hash(apiKey));
    },
  };
}
