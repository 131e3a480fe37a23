import { defineFact, defineRule, hit, miss, skip, type Match, type ProbabilityBucket } from '../../core/rule.js';
import { scoreStrongest } from '../../learn/model.js';
import { siteTokenWords, type SiteTokenWords } from '../../learn/tokens.js';
import type { ProviderCallOptions, SiteModelCounts, SiteModelProvider } from '../../providers/types.js';
import type { NormalizedRequest } from '../../core/request.js';

/**
 * The points of a site model's spam probability, chosen on leave-one-out replays of the training
 * splits in 8 orders (docs/accuracy.md, "Learning from a site's reports"): ham evidence takes from
 * 0.25 (p < 0.5) up to 3 points (p < 0.01) off, spam evidence adds at most 0.75, so that the
 * site's model alone never makes a message BAD and needs more than 1.25 points of other rules to.
 */
export const SITE_MODEL_BUCKETS: readonly ProbabilityBucket[] = Object.freeze([
  { min: 0.999, score: 0.75 },
  { min: 0.99, score: 0.25 },
  { min: 0.5, score: 0 },
  { min: 0.3, score: -0.25 },
  { min: 0.15, score: -0.5 },
  { min: 0.05, score: -1 },
  { min: 0.01, score: -1.5 },
  { min: 0, score: -3 },
]);

/** What the `siteModel` provider answers for a request: the key's counts of the text's tokens. */
export interface SiteModelFact {
  /** The salt the tokens were made with. */
  salt: number;
  /** Reports of each label needed before the model scores. */
  minReports: number;
  counts: SiteModelCounts;
  /** The text's tokens and where each came from, when they were read (the model is active). */
  words?: SiteTokenWords;
}

/** A provider's answer, given at once or promised. */
type Answer<T> = T | Promise<T>;

const isPromise = <T>(x: Answer<T>): x is Promise<T> => typeof (x as { then?: unknown }).then === 'function';

/** The fact from the key's report counts: the text's tokens read too when the model is active. */
function afterTotals(provider: SiteModelProvider, request: NormalizedRequest, options: ProviderCallOptions, salt: number, totals: SiteModelCounts): Answer<SiteModelFact> {
  const { minReports } = provider;
  if (!request.text || totals.spam < minReports || totals.ham < minReports) return { salt, minReports, counts: totals };
  const words = siteTokenWords(request.text, salt);
  const counts = provider.readCounts(request.apiKey ?? undefined, words.tokens, options);
  return isPromise(counts) ? counts.then((c) => ({ salt, minReports, counts: c, words })) : { salt, minReports, counts, words };
}

/**
 * The fact once the salt is known: the key's report counts first; until it has enough of each,
 * its model is not read and the text's tokens are not made (most keys, most of the time). A
 * value, not a promise, when the provider answered both reads at once.
 */
function countsOf(provider: SiteModelProvider, request: NormalizedRequest, options: ProviderCallOptions, salt: number): Answer<SiteModelFact> {
  const totals = provider.readCounts(request.apiKey ?? undefined, [], options);
  return isPromise(totals) ? totals.then((t) => afterTotals(provider, request, options, salt, t)) : afterTotals(provider, request, options, salt, totals);
}

/** The key's counts for the tokens of the request's text (from the `siteModel` provider). */
export const siteModelFact = defineFact({
  key: 'text.siteModel',
  provider: 'siteModel',
  fetch(provider, request, options): Answer<SiteModelFact> {
    const given = provider.salt(options);
    return typeof given === 'number' ? countsOf(provider, request, options, given >>> 0) : given.then((s) => countsOf(provider, request, options, s >>> 0));
  },
});

/** The tokens the evidence names at most (the strongest). */
export const SITE_MODEL_MATCHES = 5;

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export default defineRule({
  id: 'text.SITE_MODEL',
  significance: 'medium',
  formula: { buckets: SITE_MODEL_BUCKETS },
  skipReasons: ['too-few-reports', 'no-api-key'],
  needs: { site: siteModelFact },
  onlyWith: 'siteModel',
  description:
    "The site's own model, learned from the spam and ham it reported (feedback): the words, word pairs and shapes (runs of ! and ?, words in capitals, number shapes, a link or none, the number of words) of the text weighed by how often they were in the key's spam and ham reports (Robinson's token probabilities combined with Fisher's method, as SpamAssassin's Bayes), scored by bucket from −3 (p < 0.01) to 0.75 (p ≥ 0.999); runs only with a `siteModel` provider, and is skipped until the key has enough reports of each label; the evidence names the words and shapes that weighed most.",
  score(request, { site }) {
    const { text } = request;
    const { counts, minReports } = site;
    if (counts.spam < minReports || counts.ham < minReports) return skip('too-few-reports', { spamReports: counts.spam, hamReports: counts.ham, minReports });
    if (!text) return miss({ spamReports: counts.spam, hamReports: counts.ham, minReports });
    const words = site.words ?? siteTokenWords(text, site.salt);
    const { probability, count, strongest } = scoreStrongest(words.tokens, counts, SITE_MODEL_MATCHES);
    const evidence = { probability: round(probability, 4), spamReports: counts.spam, hamReports: counts.ham, minReports, tokens: count };
    if (count === 0) return miss(evidence);
    const w = words.words;
    const { names, spans } = words.shapes;
    const matches: Match[] = strongest.map(({ index, f }) => {
      const from = words.word[index]!;
      if (from < 0) {
        // A shape: named by the text it came from, or by its name when it is the whole text's.
        const k = -1 - from;
        const segment = spans[3 * k]!;
        const weight = round(f, 2);
        const reason = f > 0.5 ? 'spam' : 'ham';
        if (segment === -1) return { value: `(${names[k]!})`, weight, reason };
        const part = text.segments[segment]!;
        return { field: part.field, value: part.text.slice(spans[3 * k + 1]!, spans[3 * k + 2]!), index: spans[3 * k + 1]!, weight, reason };
      }
      // A word, or a pair of words (an odd entry): the word's index is half of it.
      const first = from >> 1;
      const last = first + (from & 1);
      const segment = w.segment[first]!;
      return {
        field: text.segments[segment]!.field,
        value: text.segments[segment]!.text.slice(w.from[first]!, w.to[last]!),
        index: w.from[first]!,
        weight: round(f, 2),
        reason: f > 0.5 ? 'spam' : 'ham',
      };
    });
    return hit(matches, evidence);
  },
});
