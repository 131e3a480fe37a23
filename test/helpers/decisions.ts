// A decision log for the admin tests: two sites, every verdict, several reasons, spread over the
// last three days before `now`, put into a store through its DecisionStore interface.
import type { DecisionRecord, DecisionStore, KeyStore } from '../../src/stores/types.js';

export const SHOP_KEY = 'ckey_0000000000000000000000000001';
export const BLOG_KEY = 'ckey_0000000000000000000000000002';
const HOUR = 3_600_000;

/** 12 decisions, newest first: `dec-01` is 1 hour before `now`, …; ids sort as their age. */
export function sampleDecisions(now: number): DecisionRecord[] {
  const rows: [string, number, string, DecisionRecord['classification'], number, string[], string | null][] = [
    // id, hours ago, key, verdict, score, reasons, country
    ['dec-01', 1, SHOP_KEY, 'BAD', 9.5, ['text.URL', 'text.SPAM_WORDS', 'email.DISPOSABLE'], 'RU'],
    ['dec-02', 2, SHOP_KEY, 'GOOD', 0, [], 'DE'],
    ['dec-03', 3, BLOG_KEY, 'BAD', 7, ['text.URL', 'text.CAPITALIZATION'], 'US'],
    ['dec-04', 5, SHOP_KEY, 'NEUTRAL', 3, ['text.URL'], 'DE'],
    ['dec-05', 8, BLOG_KEY, 'GOOD', 0.5, ['timeZone.MISMATCH'], null],
    ['dec-06', 13, SHOP_KEY, 'BAD', 8, ['text.SPAM_WORDS', 'ipAddress.TOR'], 'NL'],
    ['dec-07', 20, BLOG_KEY, 'BAD', 6.5, ['text.URL', 'text.SPAM_WORDS'], 'US'],
    ['dec-08', 23, SHOP_KEY, 'GOOD', 0, [], 'AT'],
    ['dec-09', 30, SHOP_KEY, 'NEUTRAL', 4, ['text.CAPITALIZATION'], 'FR'],
    ['dec-10', 40, BLOG_KEY, 'BAD', 10, ['text.URL', 'email.DISPOSABLE'], 'CN'],
    ['dec-11', 60, SHOP_KEY, 'GOOD', 1, ['timeZone.MISMATCH'], 'DE'],
    ['dec-12', 70, BLOG_KEY, 'BAD', 7.5, ['text.SPAM_WORDS'], 'US'],
  ];
  return rows.map(([id, ago, apiKey, classification, score, reasons, country], i) => ({
    id,
    at: now - ago * HOUR,
    apiKey,
    classification,
    score,
    reasons,
    country,
    tokens: [1000 + i, 2000 + i, 3000 + (i % 3)],
  }));
}

/** Puts the keys and the decisions into the store. */
export async function fillLog(store: KeyStore & DecisionStore, now: number): Promise<DecisionRecord[]> {
  await store.putKey({ apiKey: SHOP_KEY, hostname: 'shop.example', secret: 'sec_shop', license: 'free', createdAt: now - 100 * HOUR });
  await store.putKey({ apiKey: BLOG_KEY, hostname: 'blog.example', secret: 'sec_blog', license: 'free', createdAt: now - 90 * HOUR });
  const decisions = sampleDecisions(now);
  for (const d of decisions) await store.putDecision(d);
  return decisions;
}
