import { defineFact, defineRule, hit, miss, skip, type Match, type ProbabilityBucket } from '../../core/rule.js';
import { scoreNowOf } from '../../learn/learner.js';
import { lastScore, scoreStrongest } from '../../learn/model.js';
import { SHAPE_NAMES } from '../../learn/shapes.js';
import { siteTokenWords, tokenScratch, type SiteTokenWords } from '../../learn/tokens.js';
import { wordsOf, type Words } from '../../lexicons/normalize.js';
import type { ProviderCallOptions, SiteModelCounts, SiteModelProvider } from '../../providers/types.js';
import type { NormalizedRequest } from '../../core/request.js';
import type { TextInput } from '../../text/input.js';

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
  /** The text scored already (by a provider that scores at once), when the model is active. */
  scored?: SiteModelScored;
}

/** A text's score by the site's model: what the rule reports. */
export interface SiteModelScored {
  probability: number;
  /** Tokens combined. */
  count: number;
  /** The strongest tokens, named by the text they came from. */
  matches: Match[];
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

/** The tokens the evidence names at most (the strongest). */
export const SITE_MODEL_MATCHES = 5;

/** A token map with no token: the counts of a fact whose text was scored by the provider. */
const NO_TOKENS: ReadonlyMap<number, { spam: number; ham: number }> = new Map();

/**
 * The fact from a provider that scores at once (the count cache's `scoreText`): the text's
 * tokens made, looked up and scored in the count cache's table, the strongest named here, before
 * another text's tokens overwrite them. Undefined when it could not (the caller reads instead).
 */
function scoredNow(provider: SiteModelProvider, request: NormalizedRequest, options: ProviderCallOptions, salt: number): Answer<SiteModelFact> | undefined {
  const scoreNow = scoreNowOf(provider);
  const text = request.text;
  if (scoreNow === undefined || !text) return undefined;
  const { minReports } = provider;
  const answer = scoreNow(request.apiKey ?? undefined, text, salt, minReports, SITE_MODEL_MATCHES);
  if (answer === undefined) return undefined;
  const { totals, scored } = answer;
  const counts: SiteModelCounts = { spam: totals.spam, ham: totals.ham, tokens: NO_TOKENS as SiteModelCounts['tokens'] };
  if (totals.spam < minReports || totals.ham < minReports) return { salt, minReports, counts };
  if (scored < 0) return afterTotals(provider, request, options, salt, counts);
  const last = lastScore;
  const words = wordsOf(text);
  const { word, shapeIds, shapeSpans } = tokenScratch;
  const matches: Match[] = new Array<Match>(last.top);
  for (let j = 0; j < last.top; j++) {
    const mark = word[last.index[j]!]!;
    const f = last.f[j]!;
    if (mark >= 0) matches[j] = wordMatch(text, words, mark, f);
    else {
      const k = -1 - mark;
      matches[j] = shapeMatch(text, SHAPE_NAMES[shapeIds[k]!]!, shapeSpans[3 * k]!, shapeSpans[3 * k + 1]!, shapeSpans[3 * k + 2]!, f);
    }
  }
  return { salt, minReports, counts, scored: { probability: last.probability, count: last.count, matches } };
}

function factOf(provider: SiteModelProvider, request: NormalizedRequest, options: ProviderCallOptions, salt: number): Answer<SiteModelFact> {
  return scoredNow(provider, request, options, salt) ?? countsOf(provider, request, options, salt);
}

/** The key's counts for the tokens of the request's text (from the `siteModel` provider). */
export const siteModelFact = defineFact({
  key: 'text.siteModel',
  provider: 'siteModel',
  fetch(provider, request, options): Answer<SiteModelFact> {
    const given = provider.salt(options);
    return typeof given === 'number' ? factOf(provider, request, options, given >>> 0) : given.then((s) => factOf(provider, request, options, s >>> 0));
  },
});

const round2 = (x: number) => Math.round(x * 100) / 100;
const round4 = (x: number) => Math.round(x * 10000) / 10000;

/** The match of a word token (`mark` 2 × the word's index) or a pair of words (2 × the first's index + 1). */
function wordMatch(text: TextInput, w: Words, mark: number, f: number): Match {
  const first = mark >> 1;
  const last = first + (mark & 1);
  const segment = text.segments[w.segment[first]!]!;
  const from = w.from[first]!;
  return { field: segment.field, value: segment.text.slice(from, w.to[last]!), index: from, weight: round2(f), reason: f > 0.5 ? 'spam' : 'ham' };
}

/** The match of a shape: named by the text it came from, or by its name when it is the whole text's (`segment` −1). */
function shapeMatch(text: TextInput, name: string, segment: number, from: number, to: number, f: number): Match {
  if (segment === -1) return { value: `(${name})`, weight: round2(f), reason: f > 0.5 ? 'spam' : 'ham' };
  const part = text.segments[segment]!;
  return { field: part.field, value: part.text.slice(from, to), index: from, weight: round2(f), reason: f > 0.5 ? 'spam' : 'ham' };
}

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
    const { scored } = site;
    if (scored !== undefined) {
      const evidence = { probability: round4(scored.probability), spamReports: counts.spam, hamReports: counts.ham, minReports, tokens: scored.count };
      return scored.count === 0 ? miss(evidence) : hit(scored.matches, evidence);
    }
    const words = site.words ?? siteTokenWords(text, site.salt);
    const { probability, count, strongest } = scoreStrongest(words.tokens, counts, SITE_MODEL_MATCHES);
    const evidence = { probability: round4(probability), spamReports: counts.spam, hamReports: counts.ham, minReports, tokens: count };
    if (count === 0) return miss(evidence);
    const w = words.words;
    const { names, spans } = words.shapes;
    const matches: Match[] = strongest.map(({ index, f }) => {
      const from = words.word[index]!;
      if (from >= 0) return wordMatch(text, w, from, f);
      const k = -1 - from;
      return shapeMatch(text, names[k]!, spans[3 * k]!, spans[3 * k + 1]!, spans[3 * k + 2]!, f);
    });
    return hit(matches, evidence);
  },
});
