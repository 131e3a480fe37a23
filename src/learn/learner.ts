/**
 * A site's own model for a library user: `createSiteLearner({ store })` keeps the counts of the
 * reported spam and ham in a store (the memory store, SQLite, Redis, or a store of your own that
 * implements `SiteModelStore`) and gives the `siteModel` provider that `text.SITE_MODEL` reads.
 */
import { FormspamError } from '../core/errors.js';
import { normalizeRequest } from '../core/request.js';
import { FactUnavailable } from '../core/rule.js';
import type { SiteModelProvider } from '../providers/types.js';
import type { DecisionStore, FeedbackLabel, SettingsStore, SiteModelCounts, SiteModelStore } from '../stores/types.js';
import type { TextInput } from '../text/input.js';
import { cachedCounts, type TextScore } from './count-cache.js';
import { recordFeedback, type FeedbackOutcome } from './feedback.js';
import { learnerSalt } from './salt.js';
import { keepTokens, parseSalt, siteTokens } from './tokens.js';

/**
 * A provider's way to score a text at once (count-cache's `scoreText`, for the key the call
 * names): for the providers made here over a store that reads its message counts at once. The
 * key undefined when the call names none and the provider needs one (the caller then reads
 * through `readCounts`, which rejects).
 */
export type ScoreNow = (apiKey: string | undefined, text: TextInput, salt: number, minReports: number, top: number) => TextScore | undefined;
const scorers = new WeakMap<SiteModelProvider, ScoreNow>();

/** How `provider` scores a text at once, if it is one of this module's over a store that can. */
export function scoreNowOf(provider: SiteModelProvider): ScoreNow | undefined {
  return scorers.get(provider);
}

/** Reports of each label a key needs before its model scores, unless configured. */
export const DEFAULT_MIN_REPORTS = 10;

export interface SiteLearnerOptions {
  /**
   * Where the counts are kept (and, for {@link SiteLearner.report}, the decision log): a store of
   * `formspam/server` (memory, SQLite, Redis) or one of your own with the `SiteModelStore` methods.
   */
  store: Partial<SiteModelStore> & Partial<SettingsStore> & Partial<DecisionStore>;
  /**
   * The site the counts belong to when a call names no key (default `"site"`). A server passes
   * each request's key instead (the call option `apiKey`).
   */
  apiKey?: string;
  /**
   * The tokens' salt: 8 hex digits or a 32-bit number. Default: the store's `learner-salt`
   * setting (made on first use) when the store keeps settings, else 0.
   */
  salt?: string | number;
  /** Reports of each label before the model scores (default {@link DEFAULT_MIN_REPORTS}). */
  minReports?: number;
  /** The clock of {@link SiteLearner.report}'s label time (default `Date.now`). */
  now?: () => number;
}

export interface SiteLearner {
  /** The `siteModel` provider to give classify (with the other providers). */
  readonly provider: SiteModelProvider;
  /**
   * Counts a request (its text) as spam or ham: once per call, so report each message once. A
   * request without text is refused (`INVALID_REQUEST`).
   */
  learn(request: unknown, label: FeedbackLabel, options?: { apiKey?: string }): Promise<void>;
  /** Takes back a {@link learn} of the same request and label. */
  unlearn(request: unknown, label: FeedbackLabel, options?: { apiKey?: string }): Promise<void>;
  /** Labels a logged decision (`recordFeedback`): needs a store with the decision log. */
  report(id: string, label: FeedbackLabel, options?: { apiKey?: string }): Promise<FeedbackOutcome>;
  /** The key's message counts. */
  reports(options?: { apiKey?: string }): Promise<{ spam: number; ham: number }>;
  /** Forgets the key's model. */
  forget(options?: { apiKey?: string }): Promise<void>;
}

function checkLabel(label: unknown): asserts label is FeedbackLabel {
  if (label !== 'spam' && label !== 'ham') throw new FormspamError('INVALID_REQUEST', 'label: must be "spam" or "ham"', { path: '$.label' });
}

function option(message: string): never {
  throw new FormspamError('INVALID_OPTIONS', `createSiteLearner: ${message}`);
}

/** The salted tokens of a request's text; `INVALID_REQUEST` when it is not a request or has none. */
export function requestTokens(request: unknown, salt: number): number[] {
  const normalized = normalizeRequest(request);
  if (!normalized.text) throw new FormspamError('INVALID_REQUEST', 'the request has no text to learn from (give `text` or `fields`)', { path: '$' });
  return siteTokens(normalized.text, salt);
}

/**
 * A site model over `store`.
 *
 * @example
 * const store = createMemoryStore();
 * const learner = createSiteLearner({ store, minReports: 2 });
 * await learner.learn({ text: 'cheap pills, buy now' }, 'spam');
 * const result = await classify(request, { ...createDefaultProviders({ offline: true }), siteModel: learner.provider });
 */
export function createSiteLearner(options: SiteLearnerOptions): SiteLearner {
  const given = options.store;
  if (typeof given !== 'object' || given === null || typeof given.addSiteCounts !== 'function' || typeof given.readSiteCounts !== 'function' || typeof given.deleteSiteModel !== 'function') {
    option('`store` must implement addSiteCounts, readSiteCounts and deleteSiteModel (SiteModelStore)');
  }
  const store = given as SiteModelStore & Partial<SettingsStore> & Partial<DecisionStore>;
  const defaultKey = options.apiKey ?? 'site';
  if (typeof defaultKey !== 'string' || defaultKey === '') option('`apiKey` must be a non-empty string');
  const minReports = options.minReports ?? DEFAULT_MIN_REPORTS;
  if (!Number.isInteger(minReports) || minReports < 1) option('`minReports` must be an integer >= 1');
  let fixed: number | undefined;
  if (options.salt !== undefined) {
    if (typeof options.salt === 'number') {
      if (!Number.isInteger(options.salt) || options.salt < 0 || options.salt > 0xffffffff) option('`salt` must be a 32-bit unsigned integer or 8 hex digits');
      fixed = options.salt;
    } else {
      try {
        fixed = parseSalt(options.salt);
      } catch {
        option('`salt` must be a 32-bit unsigned integer or 8 hex digits');
      }
    }
  }
  const now = options.now ?? Date.now;
  let saltPromise: Promise<number> | undefined;
  const salt = (): Promise<number> | number => {
    if (fixed !== undefined) return fixed;
    if (typeof store.initSetting !== 'function') return (fixed = 0);
    if (!saltPromise) {
      saltPromise = learnerSalt(store as Pick<SettingsStore, 'initSetting'>).then((s) => (fixed = s));
      saltPromise.catch(() => {
        saltPromise = undefined;
      });
    }
    return saltPromise;
  };
  const keyOf = (o: { apiKey?: string } | undefined) => o?.apiKey ?? defaultKey;
  const count = async (request: unknown, label: FeedbackLabel, o: { apiKey?: string } | undefined, delta: 1 | -1) => {
    checkLabel(label);
    const tokens = requestTokens(request, await salt());
    await store.addSiteCounts(keyOf(o), label, tokens, delta);
  };
  const read = cachedCountsOf(store);
  const provider: SiteModelProvider = {
    name: 'site-learner',
    minReports,
    salt,
    readCounts(apiKey, tokens): SiteModelCounts | Promise<SiteModelCounts> {
      return read(apiKey ?? defaultKey, tokens);
    },
  };
  const { scoreText } = read;
  if (scoreText !== undefined) scorers.set(provider, (apiKey, text, s, min, top) => scoreText(apiKey ?? defaultKey, text, s, min, top));
  return {
    provider,
    learn: (request, label, o) => count(request, label, o, 1),
    unlearn: (request, label, o) => count(request, label, o, -1),
    async report(id, label, o) {
      checkLabel(label);
      if (typeof store.getDecision !== 'function' || typeof store.labelDecision !== 'function') {
        throw new FormspamError('INVALID_OPTIONS', 'createSiteLearner: report() needs a store with the decision log (getDecision, labelDecision)');
      }
      return recordFeedback(store as DecisionStore & SiteModelStore, keyOf(o), id, label, now());
    },
    async reports(o) {
      const { spam, ham } = await store.readSiteCounts(keyOf(o), []);
      return { spam, ham };
    },
    async forget(o) {
      await store.deleteSiteModel(keyOf(o));
    },
  };
}

/** The count cache over `store` (its message counts read at once when it can). */
function cachedCountsOf(store: SiteModelStore) {
  const now = typeof store.readSiteTotalsNow === 'function' ? (apiKey: string) => store.readSiteTotalsNow!(apiKey) : undefined;
  return cachedCounts((apiKey, tokens) => store.readSiteCounts(apiKey, tokens), undefined, now);
}

/** A provider that needs the classify call's key: rejects with `no-api-key` without one. */
export function keyedSiteModelProvider(store: SiteModelStore, salt: () => Promise<number> | number, minReports: number): SiteModelProvider {
  const read = cachedCountsOf(store);
  const provider: SiteModelProvider = {
    name: 'site-model',
    minReports,
    salt,
    readCounts(apiKey, tokens) {
      if (apiKey === undefined) return Promise.reject(new FactUnavailable('no-api-key'));
      return read(apiKey, tokens);
    },
  };
  const { scoreText } = read;
  // The decision log keeps each decision's tokens (siteTokens): the ones scored are kept on the text for it.
  if (scoreText !== undefined) {
    scorers.set(provider, (apiKey, text, s, min, top) => {
      if (apiKey === undefined) return undefined;
      const answer = scoreText(apiKey, text, s, min, top);
      if (answer.scored >= 0) keepTokens(text, s, answer.scored);
      return answer;
    });
  }
  return provider;
}
