import { describe, expect, it } from 'vitest';
import { classify } from '../../../src/engine/classifier.js';
import { normalizeRequest } from '../../../src/core/request.js';
import { createSiteLearner } from '../../../src/learn/learner.js';
import { siteTokens } from '../../../src/learn/tokens.js';
import rule, { type SiteModelFact } from '../../../src/rules/text/site-model.js';
import { createMemoryStore } from '../../../src/stores/memory.js';
import { factFailure, runRuleCase, testRule } from '../../../src/testing/index.js';

// A site that reported 12 spam and 12 ham messages (hand-written here).
const SPAM = [
  'Cheap replica watches, order today at our shop',
  'Buy cheap replica watches and bags now',
  'Replica watches on sale, cheap prices, order now',
  'Best SEO services: rank first on Google, cheap SEO packages',
  'We offer SEO services and backlinks, cheap, order now',
  'Get more backlinks with our SEO services today',
  'Crypto investment: double your bitcoin in a week',
  'Invest in bitcoin now and double your money',
  'Bitcoin investment opportunity, guaranteed returns',
  'Cheap replica bags and watches, free shipping',
  'SEO backlinks packages, first page on Google guaranteed',
  'Double your bitcoin, crypto investment with guaranteed returns',
];
const HAM = [
  'Hello, I would like to book a table for two on Friday evening',
  'Could I book a table for four people tomorrow at noon?',
  'Do you have vegetarian dishes on the menu?',
  'Thank you for the lovely dinner last night',
  'Is the restaurant open on Sunday evening?',
  'I would like to book the private room for a birthday dinner',
  'Can we bring a dog to the terrace?',
  'We enjoyed the dinner, the staff were lovely',
  'Is there parking near the restaurant?',
  'I left my scarf at the table on Friday, do you have it?',
  'Do you take bookings for lunch on weekdays?',
  'Could you confirm my booking for Friday evening, please?',
];
const SALT = 0x5eed1234;
const store = createMemoryStore();
const learner = createSiteLearner({ store, salt: SALT, minReports: 10 });
for (const text of SPAM) await learner.learn({ text }, 'spam');
for (const text of HAM) await learner.learn({ text }, 'ham');

/** The fact the `siteModel` provider answers for `text`: the site's counts of its tokens. */
async function factFor(text: string, minReports = 10): Promise<SiteModelFact> {
  const tokens = siteTokens(normalizeRequest({ text }).text!, SALT);
  return { salt: SALT, minReports, counts: await store.readSiteCounts!('site', tokens) };
}

const spammy = 'Cheap replica watches and SEO backlinks, order now';
const hammy = 'Could I book a table for Friday evening?';
const unknown = 'Zebra quantum lighthouse';

testRule(rule, {
  hits: [
    { name: 'words of the reported spam', request: spammy, facts: { site: await factFor(spammy) }, score: 0.75 },
    { name: 'words of the reported ham take points off', request: hammy, facts: { site: await factFor(hammy) }, score: -3 },
  ],
  misses: [
    { name: 'words the site never reported', request: unknown, facts: { site: await factFor(unknown) } },
  ],
  skips: [
    { name: 'fewer reports of a label than needed', request: spammy, facts: { site: await factFor(spammy, 13) }, reason: 'too-few-reports' },
    { name: 'no API key to read a model for', request: spammy, facts: { site: factFailure('no-api-key') }, reason: 'no-api-key' },
    { request: spammy, facts: { site: factFailure('provider-error') }, reason: 'provider-error' },
  ],
});

describe('text.SITE_MODEL', () => {
  it('names the words of this text that weighed most, with their field, offset and side', async () => {
    const request = { fields: { name: 'Ann', message: spammy } };
    const { result } = await runRuleCase(rule, { request, facts: { site: await factFor(spammy) } });
    expect(result.evidence).toMatchObject({ spamReports: 12, hamReports: 12, minReports: 10 });
    expect(result.evidence!.probability).toBeGreaterThan(0.99);
    const matches = result.matches!;
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) {
      expect(m.field).toBe('message');
      expect(spammy.slice(m.index!, m.index! + m.value.length)).toBe(m.value);
      expect(m.reason).toBe('spam');
      expect(m.weight).toBeGreaterThan(0.5);
    }
    expect(matches.map((m) => m.value.toLowerCase()).join(' ')).toMatch(/replica|seo|backlinks|cheap/);
  });

  it("learns a site's shapes, and names a shape by the text it came from", async () => {
    // A site whose ham is excited fans ("!!!!", "WOW") and whose spam is links.
    const shapes = createSiteLearner({ store: createMemoryStore(), salt: SALT, minReports: 5 });
    const fans = ['Best song ever!!!! WOW', 'Love her voice!!!!! YES', 'So beautiful!!!! LOL', 'Who is here in 2026!!!! OMG', 'This made my day!!!!!! WOW'];
    const links = ['Subscribe to my channel http://spam.example/a', 'Free gift cards at http://spam.example/b', 'Check out www.spam.example for more', 'Earn money online http://spam.example/c', 'Visit http://spam.example/d now'];
    for (const text of fans) await shapes.learn({ text }, 'ham');
    for (const text of links) await shapes.learn({ text }, 'spam');
    const text = 'Zebra quantum lighthouse!!!! WOW';
    const result = (await classify({ fields: { comment: text } }, { siteModel: shapes.provider })).text!.rules.SITE_MODEL!;
    expect(result.score).toBeLessThan(0);
    const values = result.matches!.map((m) => m.value);
    expect(values).toEqual(expect.arrayContaining(['!!!!', 'WOW', '(no link)']));
    for (const m of result.matches!) {
      expect(m.reason).toBe('ham');
      if (m.value.startsWith('(')) expect(m.field).toBeUndefined();
      else expect([m.field, text.slice(m.index!, m.index! + m.value.length)]).toEqual(['comment', m.value]);
    }
  });

  it('is left out of the response without a siteModel provider, and present with one', async () => {
    const without = await classify({ text: spammy }, {});
    expect(Object.keys(without.text!.rules)).not.toContain('SITE_MODEL');
    const withIt = await classify({ text: spammy }, { siteModel: learner.provider });
    expect(withIt.text!.rules.SITE_MODEL).toMatchObject({ score: 0.75 });
    expect(withIt.reasons).toContain('text.SITE_MODEL');
    // Everything else is as without it.
    const { SITE_MODEL: _, ...rest } = withIt.text!.rules;
    expect(rest).toEqual(without.text!.rules);
  });

  it('reads the model of the classify call\'s API key', async () => {
    const other = await classify({ text: spammy }, { siteModel: learner.provider }, { apiKey: 'another-site' });
    expect(other.text!.rules.SITE_MODEL).toMatchObject({ score: 0, skipped: 'too-few-reports', evidence: { spamReports: 0, hamReports: 0 } });
  });
});
