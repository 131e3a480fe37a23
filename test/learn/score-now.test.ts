// text.SITE_MODEL scored at once (the count cache's scoreText, src/learn/count-cache.ts): the
// providers of createSiteLearner and keyedSiteModelProvider over a store that reads its message
// counts at once (memory, SQLite) make, look up and score a text's tokens in the count cache's
// table, with no array of tokens or object per token. It must answer what the general path
// (readCounts, then scoreStrongest) answers, for requests one after another and in flight together.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizeRequest } from '../../src/core/request.js';
import { loadLabelled } from '../../src/eval/datasets.js';
import { classify } from '../../src/index.js';
import { createSiteLearner, keyedSiteModelProvider, scoreNowOf } from '../../src/learn/learner.js';
import { siteTokens } from '../../src/learn/tokens.js';
import type { SiteModelProvider } from '../../src/providers/types.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { createSqliteStore } from '../../src/stores/sqlite.js';
import type { SiteModelStore, Store } from '../../src/stores/types.js';

const DATA = resolve(process.env.FORMSPAM_SHARED_DATA ?? join(__dirname, '../../../shared/data'));
const SALT = 0x9badc0de;
const sms = loadLabelled(DATA, 'sms');
const TRAIN = sms.filter((r) => r.split === 'train').slice(0, 800);
const TEST = sms.filter((r) => r.split === 'test').slice(0, 150).map((r) => r.text);

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const stores: [string, () => Store][] = [
  ['memory', () => createMemoryStore()],
  ['sqlite', () => createSqliteStore({ path: join((dir = mkdtempSync(join(tmpdir(), 'formspam-now-'))), 'f.db') })],
];

/** The SITE_MODEL entry of each text, classified one after another. */
async function entries(provider: SiteModelProvider, texts: readonly string[]) {
  const out: unknown[] = [];
  for (const text of texts) out.push((await classify({ fields: { message: text } }, { siteModel: provider })).text!.rules.SITE_MODEL);
  return out;
}

/** A provider with the same reads but no fast path: an object of its own (not one the learner made). */
const general = (p: SiteModelProvider): SiteModelProvider => ({ name: p.name, minReports: p.minReports, salt: (o) => p.salt(o), readCounts: (k, t, o) => p.readCounts(k, t, o) });

describe.each(stores)('text.SITE_MODEL scored at once over the %s store', (_name, make) => {
  it('answers what readCounts and scoreStrongest answer, and scores at once once the tokens are cached', async () => {
    const store = make();
    const learner = createSiteLearner({ store, minReports: 10, salt: SALT });
    for (const r of TRAIN) await learner.learn({ text: r.text }, r.label);
    const now = scoreNowOf(learner.provider)!;
    expect(now).toBeTypeOf('function');
    const text = normalizeRequest({ fields: { message: TEST[0]! } }).text!;
    // Before any request the key's cache has none of the tokens: not scored, the counts given.
    expect(now(undefined, text, SALT, 10, 5)).toMatchObject({ scored: -1, totals: { spam: expect.any(Number), ham: expect.any(Number) } });
    const first = await entries(learner.provider, TEST);
    const fast = await entries(learner.provider, TEST);
    expect(now(undefined, text, SALT, 10, 5)!.scored).toBe(siteTokens(text, SALT).length);
    const slow = await entries(general(learner.provider), TEST);
    expect(fast).toEqual(slow);
    expect(first).toEqual(slow);
    expect(fast.filter((e) => (e as { matches?: unknown[] }).matches?.length === 5).length).toBeGreaterThan(100);
    // Too few reports for a higher minimum: the counts alone, nothing scored.
    expect(now(undefined, text, SALT, 100_000, 5)!.scored).toBe(-1);
  });

  it('gives each of many requests in flight together its own entry', async () => {
    const store = make();
    const learner = createSiteLearner({ store, minReports: 10, salt: SALT });
    for (const r of TRAIN) await learner.learn({ text: r.text }, r.label);
    const expected = await entries(general(learner.provider), TEST);
    // Half the texts seen before (scored at once), half new to the cache (read from the store,
    // awaited), started together so that their reads interleave.
    const fresh = createSiteLearner({ store, minReports: 10, salt: SALT });
    await entries(fresh.provider, TEST.filter((_, i) => i % 2 === 0));
    const together = await Promise.all(TEST.map((text) => classify({ fields: { message: text } }, { siteModel: fresh.provider })));
    expect(together.map((r) => r.text!.rules.SITE_MODEL)).toEqual(expected);
  });

  it('scores with the counts of a report made just before', async () => {
    const store = make();
    const learner = createSiteLearner({ store, minReports: 10, salt: SALT });
    for (const r of TRAIN) await learner.learn({ text: r.text }, r.label);
    const probe = { fields: { message: 'Call now to claim your free prize, reply WIN to 80086' } };
    await classify(probe, { siteModel: learner.provider });
    const before = (await classify(probe, { siteModel: learner.provider })).text!.rules.SITE_MODEL!;
    await learner.learn(probe, 'ham');
    const after = (await classify(probe, { siteModel: learner.provider })).text!.rules.SITE_MODEL!;
    expect(after.evidence).toMatchObject({ hamReports: (before.evidence as { hamReports: number }).hamReports + 1 });
    expect((after.evidence as { probability: number }).probability).toBeLessThan((before.evidence as { probability: number }).probability);
    expect(after).toEqual((await classify(probe, { siteModel: general(learner.provider) })).text!.rules.SITE_MODEL);
  });
});

describe('the server\'s keyed provider scored at once', () => {
  it('needs the call\'s key, and keeps the tokens it scored on the text for the decision log', async () => {
    const store = createMemoryStore();
    const learner = createSiteLearner({ store, minReports: 10, salt: SALT, apiKey: 'k' });
    for (const r of TRAIN) await learner.learn({ text: r.text }, r.label);
    const provider = keyedSiteModelProvider(store as Store & SiteModelStore, () => SALT, 10);
    const now = scoreNowOf(provider)!;
    const request = { fields: { name: 'Jana', message: TEST[3]! } };
    expect(now(undefined, normalizeRequest(request).text!, SALT, 10, 5)).toBeUndefined();
    await classify(request, { siteModel: provider }, { apiKey: 'k' });
    const text = normalizeRequest(request).text!;
    expect(now('k', text, SALT, 10, 5)!.scored).toBeGreaterThan(0);
    // The kept tokens are what a text of its own makes.
    expect(siteTokens(text, SALT)).toEqual(siteTokens(normalizeRequest(request).text!, SALT));
    const e = (await classify(request, { siteModel: provider }, { apiKey: 'k' })).text!.rules.SITE_MODEL;
    expect(e).toEqual((await classify(request, { siteModel: general(provider) }, { apiKey: 'k' })).text!.rules.SITE_MODEL);
    expect((await classify(request, { siteModel: provider })).text!.rules.SITE_MODEL).toMatchObject({ skipped: 'no-api-key' });
  });
});
