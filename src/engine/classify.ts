/**
 * The engine: a classifier's options checked and prepared once ({@link prepare}), then each
 * request run with them ({@link run}): the rules that are on, the facts they need, the providers
 * called in parallel under one timeout and abort signal, the rules scored and summed. It knows no
 * default rules and no default providers (engine/classifier.ts adds them), so that a rule's test
 * loads that rule, its facts and this, not every rule's word lists.
 */
import { FormspamError, invalidOption, isFormspamError } from '../core/errors.js';
import { DECISION_ID_PATTERN, newDecisionId } from '../core/decision-id.js';
import type { TextInput } from '../text/input.js';
import { EXPLAIN_LANGUAGES, type ExplainLanguage } from '../explain/index.js';
import { respond, rulesTemplate, type CategoryTally } from './respond.js';
import { ProviderCall } from '../providers/call.js';
import type { ProviderCallOptions, Providers } from '../providers/types.js';
import { languageFact } from '../facts/language.js';
import { geoFact } from '../facts/ip.js';
import { normalizeRequest, type FormType, type NormalizedRequest, type RequestLimits } from '../core/request.js';
import type { ClassifyResponse, MatchResult, ProblemReport, RuleResult } from '../core/response.js';
import { CATEGORIES, FactUnavailable, type AnyRule, type Category, type FactDefinition, type Formula, type Match, type ProbabilityBucket, type RuleOutcome } from '../core/rule.js';

/** The options of `classify(request, providers, options)`: a classifier's and one call's together. */
export interface ClassifyOptions extends Omit<ClassifierOptions, 'providers'>, ClassifyCallOptions {}

/** The options of `createClassifier(options)`, checked when it is made. */
export interface ClassifierOptions {
  /** The rules to run (default: `defaultRules`). Spread and filter the defaults to add or remove rules. */
  rules?: readonly AnyRule[];
  /** Overrides of rule weights by id: the per-match weight, the fixed score, or the multiplier of weighted rules. */
  weights?: Readonly<Record<string, number>>;
  /** Time a provider may take to answer one fact, in milliseconds (default 2000). */
  timeoutMs?: number;
  /** Size limits of the request. */
  limits?: RequestLimits;
  /** How many matches each rule lists as evidence (default 10); `count` always has the total. */
  maxMatches?: number;
  /**
   * Adds `explanations` to the response: one readable sentence per reason, in English (`true` or
   * `'en'`), German (`'de'`), French (`'fr'`) or Spanish (`'es'`). Off by default. A request's
   * own `explain` property wins over this option.
   */
  explain?: boolean | ExplainLanguage;
  /**
   * DNS, geo, IP reputation, language and text-model providers; rules whose provider is missing
   * are reported as skipped. Default: the bundled offline ones (everything but DNS); `{}` runs
   * only the rules that need no provider.
   */
  providers?: Providers;
}

/** The options of one classification. */
export interface ClassifyCallOptions {
  /** Aborts the classification; it then rejects with `ABORTED`. */
  signal?: AbortSignal;
  /** The client's IP address, which `ipAddress: "auto"` stands for; adapters pass it (from trusted proxies only). */
  clientIp?: string;
  /**
   * The response's `id` (1 to 100 of `A-Z a-z 0-9 _ - . :`); default a new one per call
   * (`d_` and 22 base64url characters: the time, then 84 random bits).
   */
  id?: string;
  /**
   * The API key the request is classified for: the site whose own model (`text.SITE_MODEL`, the
   * `siteModel` provider) applies. The server sets it; a library user with one site leaves it out.
   */
  apiKey?: string;
}

/** Rules, weights, providers and timeouts prepared once, for many requests: `createClassifier(options)`. */
export interface FormspamClassifier {
  /**
   * Classifies a form submission (a request of 2.1 of the spec, validated here). Rejects with a
   * FormspamError `INVALID_REQUEST`, `REQUEST_TOO_LARGE` or `UNKNOWN_RULE` for a bad request,
   * `INVALID_OPTIONS` for bad call options, `ABORTED` when `signal` fires; provider failures
   * never reject: they are reported in `errors` and skip the rules that needed them.
   */
  classify(request: unknown, options?: ClassifyCallOptions): Promise<ClassifyResponse>;
}

/** A classifier's options but its rules and providers: what {@link prepare} checks. */
export type EngineOptions = Omit<ClassifierOptions, 'rules' | 'providers'>;

/** Who checks the options, as an INVALID_OPTIONS message names them: "<factory>: `<prefix><option>` …". */
export interface OptionsOwner {
  factory: string;
  prefix?: string;
}

/**
 * A set of rules, checked and prepared: their order in the response and the plans of requests.
 * It depends on the rules alone, so every classifier of the same rules may share one
 * (`classify()` without `rules` shares the default rules' set, plans and all).
 */
export interface RuleSet {
  rules: readonly AnyRule[];
  /** The ids `disableRules` accepts: the rules' own and the `knownRuleIds` of {@link prepareRules}. */
  known: ReadonlySet<string>;
  /**
   * Each rule's place in the order of the response's rule objects: by name, ties in the order of
   * `rules` (what a stable sort by name of any subset of them gives).
   */
  rank: ReadonlyMap<AnyRule, number>;
  /** Plans of requests without `disableRules`, by {@link planKey}. */
  plans: Map<number, Plan>;
  /**
   * Plans of requests with `disableRules`, by {@link planKey} and the sorted ids disabled: at
   * most {@link MAX_DISABLED_PLANS} (clients may send any set of ids; beyond, plans are made per
   * request).
   */
  disabledPlans: Map<string, Plan>;
  /** The providers some rules run only with (`onlyWith`), at most 8: each is a bit of the plan key. */
  onlyWith: readonly string[];
}

/** A classifier's options, checked and prepared: what {@link run} runs a request with. */
export interface Prepared extends RuleSet {
  formulas: ReadonlyMap<string, Formula>;
  timeoutMs: number;
  maxMatches: number;
  limits: RequestLimits;
  /** The language of `explanations`, or null for none. */
  explain: ExplainLanguage | null;
}

/** What a request runs: its categories, the rules of them, and the facts those need (sorted by key). */
interface Plan {
  given: readonly Category[];
  keys: readonly string[];
  facts: readonly FactDefinition[];
  /** Per active rule, in order: what running it reads, looked up once per plan. */
  steps: readonly RuleStep[];
  /** The distinct fact needs of the active rules: each is given one values object per request. */
  bindings: readonly Binding[];
  /** Per category of `given`, the names of its active rules in the response's order. */
  names: readonly (readonly string[])[];
  /** The indices in `facts` of the language and the geo fact, or -1: the response reports them. */
  languageAt: number;
  geoAt: number;
  /**
   * Per category of `given`, an object with the names of its active rules as keys in the
   * response's order (values null): the templates of the response's rule objects (see
   * respond.ts), made when the plan is kept.
   */
  templates: readonly (object | null)[] | null;
}

/**
 * Facts that rules need under the same local names (most often `{ language }`): the values
 * object is made once per request for all of them.
 */
interface Binding {
  /** Per local name: the name, the index of its fact in the plan's `facts`, and whether the fact is optional. */
  needs: readonly (readonly [local: string, fact: number, optional: boolean])[];
}

/** An active rule of a plan with what running it reads: its facts, its place among `given` and in the response's order. */
interface RuleStep {
  rule: AnyRule;
  /** The index of the rule's needs in the plan's `bindings`, or -1 when it needs no fact. */
  binding: number;
  /** The index of the rule's category in the plan's `given`. */
  category: number;
  /** The rule's place among its category's active rules in the response's order (see {@link RuleSet.rank}). */
  slot: number;
  /** The copier of the rule's evidence (see {@link EVIDENCE_COPIERS}). */
  copy: (evidence: NonNullable<RuleOutcome['evidence']>) => Record<string, unknown>;
}

/**
 * Copiers of a rule's evidence into its result, each `{ ...evidence }` at a site of its own,
 * given to the rules of a plan in turn (by the rule's rank in its set). One spread for every
 * rule saw a dozen evidence shapes and went megamorphic (V8's generic object clone, ~40 ns a
 * copy); a copier sees the shapes of two or three rules at most and copies at ~15 ns. The copy
 * is the same object the one spread made: the same own enumerable properties, in order.
 */
const EVIDENCE_COPIERS: readonly ((evidence: NonNullable<RuleOutcome['evidence']>) => Record<string, unknown>)[] = [
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
  (e) => ({ ...e }),
];

/** The facts of a rule that needs none: one frozen object for every such rule and request. */
const NO_FACTS: Readonly<Record<string, unknown>> = Object.freeze({});

/** A fetched fact; `quiet` failures (no provider, a deliberate FactUnavailable) are not reported in `errors`. */
type FactResult = { ok: true; value: unknown } | { ok: false; reason: string; message?: string; quiet?: boolean };

/**
 * The text a response was classified from (the service's decision log reads its words): a
 * private field of the response, added by the return-override of a base class's constructor.
 * JSON, `Object.keys`, `Reflect.ownKeys`, spreads, clones and deep equality do not see it, and
 * no caller can reach or change it. Not a WeakMap: the scavenger treats a WeakMap's values as
 * live while their keys are young, so a WeakMap from responses to texts made every text of the
 * last few hundred requests survive each scavenge (and be promoted, then die in the old
 * generation); a field lives and dies with its response. Not `Object.defineProperty` of a
 * symbol: that is a runtime call per response, the field an ordinary store.
 */
class Stamped {
  constructor(response: object) {
    return response as Stamped;
  }
}
class ResponseText extends Stamped {
  readonly #text: TextInput;
  constructor(response: ClassifyResponse, text: TextInput) {
    super(response);
    this.#text = text;
  }
  static of(response: object): TextInput | undefined {
    return #text in response ? (response as ResponseText).#text : undefined;
  }
}

/** The normalised text a response was made from (its words computed once), if it had text. */
export function textOfResponse(response: ClassifyResponse): TextInput | undefined {
  return typeof response === 'object' && response !== null ? ResponseText.of(response) : undefined;
}

const DEFAULT_TIMEOUT_MS = 2000;

/** The INVALID_OPTIONS error of a bad option, naming `owner` and the option. */
function optionsError(owner: OptionsOwner, option: string, problem: string): never {
  throw invalidOption(owner.factory, `${owner.prefix ?? ''}${option}`, problem);
}

/**
 * Checks a classifier's rules and prepares them; `knownRuleIds` are the ids `disableRules`
 * accepts besides the rules' own (the contract's, the built-in extensions).
 */
export function prepareRules(rules: unknown, knownRuleIds: readonly string[], owner: OptionsOwner): RuleSet {
  if (!Array.isArray(rules)) optionsError(owner, 'rules', 'must be an array of rules made with defineRule()');
  const ids = new Set<string>();
  for (const rule of rules as readonly AnyRule[]) {
    if (!rule || typeof rule.id !== 'string' || typeof rule.score !== 'function' || !rule.formula) {
      optionsError(owner, 'rules', 'must contain rules made with defineRule()');
    }
    if (ids.has(rule.id)) optionsError(owner, 'rules', `lists ${rule.id} twice`);
    ids.add(rule.id);
  }
  const list = rules as readonly AnyRule[];
  const onlyWith = [...new Set(list.flatMap((r) => (typeof r.onlyWith === 'string' ? [r.onlyWith] : [])))];
  if (onlyWith.length > 8) optionsError(owner, 'rules', 'name more than 8 different `onlyWith` providers');
  return {
    rules: list,
    known: new Set([...ids, ...knownRuleIds]),
    rank: new Map(list.map((rule, i) => [rule, i] as const).sort((a, b) => (a[0].name < b[0].name ? -1 : a[0].name > b[0].name ? 1 : a[1] - b[1])).map(([rule], i) => [rule, i])),
    plans: new Map(),
    disabledPlans: new Map(),
    onlyWith,
  };
}

/**
 * Checks a classifier's options for `ruleSet` and prepares them: weight formulas, timeout,
 * limits, matches, explanations. Every bad option is an INVALID_OPTIONS error naming `owner` and
 * the option (a weight for a rule not in use: UNKNOWN_RULE).
 */
export function prepare(options: EngineOptions, ruleSet: RuleSet, owner: OptionsOwner): Prepared {
  const { rules } = ruleSet;
  const formulas = new Map<string, Formula>();
  const weights: unknown = options.weights ?? {};
  if (typeof weights !== 'object' || weights === null) optionsError(owner, 'weights', 'must be an object of rule ids and numbers');
  for (const [id, weight] of Object.entries(weights as Record<string, unknown>)) {
    const rule = rules.find((r) => r.id === id);
    if (!rule) {
      throw new FormspamError('UNKNOWN_RULE', `${owner.factory}: \`${owner.prefix ?? ''}weights\` names ${JSON.stringify(id)}, which is not a rule in use`);
    }
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
      optionsError(owner, `weights[${JSON.stringify(id)}]`, 'must be a finite number >= 0');
    }
    const f = rule.formula;
    formulas.set(
      id,
      'per' in f ? { per: weight } : 'fixed' in f ? { fixed: weight } : 'weighted' in f ? { weighted: weight } : scaledBuckets(f, weight),
    );
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
    optionsError(owner, 'timeoutMs', 'must be a positive number of milliseconds');
  }
  const maxMatches = options.maxMatches ?? 10;
  if (!Number.isInteger(maxMatches) || maxMatches < 0) optionsError(owner, 'maxMatches', 'must be an integer >= 0');
  const limits: unknown = options.limits ?? {};
  if (typeof limits !== 'object' || limits === null) optionsError(owner, 'limits', 'must be an object');
  const maxTextLength = (limits as RequestLimits).maxTextLength;
  if (maxTextLength !== undefined && (!Number.isInteger(maxTextLength) || maxTextLength < 1)) {
    optionsError(owner, 'limits.maxTextLength', 'must be a positive integer (characters)');
  }
  const explainOption: unknown = options.explain;
  if (explainOption !== undefined && typeof explainOption !== 'boolean' && !(EXPLAIN_LANGUAGES as readonly unknown[]).includes(explainOption)) {
    optionsError(owner, 'explain', `must be true, false or one of ${EXPLAIN_LANGUAGES.join(', ')}`);
  }
  return {
    rules,
    known: ruleSet.known,
    rank: ruleSet.rank,
    plans: ruleSet.plans,
    disabledPlans: ruleSet.disabledPlans,
    onlyWith: ruleSet.onlyWith,
    formulas,
    timeoutMs,
    maxMatches,
    limits: limits as RequestLimits,
    explain: explainOption === true ? 'en' : typeof explainOption === 'string' ? (explainOption as ExplainLanguage) : null,
  };
}

function inputOf(request: NormalizedRequest, category: Category): unknown {
  return request[category];
}

/**
 * What a plan depends on besides the rules: the categories given, whether a language and a geo
 * provider are, and which of the providers that rules run only with are.
 */
function planKey(p: Prepared, req: NormalizedRequest, providers: Providers): number {
  let key = 0;
  for (let c = 0; c < CATEGORIES.length; c++) if (inputOf(req, CATEGORIES[c]!) !== null) key |= 1 << c;
  if (req.text && providers.language !== undefined) key |= 1 << CATEGORIES.length;
  if (req.ip && providers.geo !== undefined) key |= 2 << CATEGORIES.length;
  for (let i = 0; i < p.onlyWith.length; i++) if (providers[p.onlyWith[i]!] != null) key |= 4 << (CATEGORIES.length + i);
  return key;
}

function makePlan(p: Prepared, req: NormalizedRequest, providers: Providers): Plan {
  const given = CATEGORIES.filter((c) => inputOf(req, c) !== null);
  const active = p.rules.filter(
    (r) => given.includes(r.category) && !req.disableRules.has(r.id) && (r.onlyWith === undefined || providers[r.onlyWith] != null),
  );
  // Every fact the active rules need, once each.
  const needed = new Map<string, FactDefinition>();
  for (const rule of active) for (const fact of Object.values(rule.needs)) needed.set(fact.key, fact);
  // The response reports the detected language and the classifier whenever a detector is given.
  if (req.text && providers.language !== undefined && !needed.has(languageFact.key)) needed.set(languageFact.key, languageFact);
  // Likewise the address's city, country and zip whenever a geo provider is given, even with
  // both country rules disabled.
  if (req.ip && providers.geo !== undefined && !needed.has(geoFact.key)) needed.set(geoFact.key, geoFact);
  const keys = [...needed.keys()].sort();
  // The distinct needs, by their local names, fact keys and optionality.
  const bindings: Binding[] = [];
  const bindingOf = new Map<string, number>();
  const bind = (rule: AnyRule): number => {
    const needs = Object.entries(rule.needs).map(([local, fact]) => [local, keys.indexOf(fact.key), fact.optional === true] as const);
    if (needs.length === 0) return -1;
    const signature = JSON.stringify(needs);
    let b = bindingOf.get(signature);
    if (b === undefined) {
      bindingOf.set(signature, (b = bindings.length));
      bindings.push({ needs });
    }
    return b;
  };
  // Each category's active rules in the response's order (by rank): a rule's slot is its place there.
  const byRank = [...active].sort((a, b) => p.rank.get(a)! - p.rank.get(b)!);
  const ranked = given.map((c) => byRank.filter((r) => r.category === c));
  const steps = active.map((rule) => {
    const category = given.indexOf(rule.category);
    const copy = EVIDENCE_COPIERS[p.rank.get(rule)! % EVIDENCE_COPIERS.length]!;
    return { rule, binding: bind(rule), category, slot: ranked[category]!.indexOf(rule), copy };
  });
  return {
    given,
    keys,
    facts: keys.map((k) => needed.get(k)!),
    steps,
    bindings,
    names: ranked.map((rules) => rules.map((r) => r.name)),
    languageAt: keys.indexOf(languageFact.key),
    geoAt: keys.indexOf(geoFact.key),
    templates: null,
  };
}

/** How many plans of requests with `disableRules` a rule set keeps. */
const MAX_DISABLED_PLANS = 64;

/**
 * The request's plan: made once per options, categories given, providers present and rules
 * disabled (the first {@link MAX_DISABLED_PLANS} sets of disabled rules; any other set is
 * planned per request).
 */
function planOf(p: Prepared, req: NormalizedRequest, providers: Providers): Plan {
  const key = planKey(p, req, providers);
  if (req.disableRules.size > 0) {
    const disabled = `${key}:${JSON.stringify([...req.disableRules].sort())}`;
    let plan = p.disabledPlans.get(disabled);
    if (plan === undefined) {
      plan = makePlan(p, req, providers);
      if (p.disabledPlans.size < MAX_DISABLED_PLANS) p.disabledPlans.set(disabled, kept(plan));
    }
    return plan;
  }
  let plan = p.plans.get(key);
  if (plan === undefined) p.plans.set(key, (plan = kept(makePlan(p, req, providers))));
  return plan;
}

/** A plan that is kept (in `plans` or `disabledPlans`), with its templates of the response's rule objects. */
function kept(plan: Plan): Plan {
  plan.templates = plan.names.map(rulesTemplate);
  return plan;
}

function abortedError(signal: AbortSignal): FormspamError {
  return new FormspamError('ABORTED', 'classify: aborted by the caller', { cause: signal.reason });
}

/** A classification in flight: when its facts time out, and what to do then. */
interface Deadline {
  readonly at: number;
  readonly expire: () => void;
  /** Its index in {@link deadlines}, or -1 when it is not there. */
  slot: number;
}

/**
 * The deadlines of the classifications in flight, served by one timer: setting and clearing a
 * timer per request cost about 1 % of a request (Node creates and drops a timer list each time
 * when requests come one at a time). The timer is armed for the earliest deadline; while no
 * classification is in flight it is unref'd, so it does not keep the process alive, as a
 * cleared timer would not. An array, each deadline knowing its slot: a Set's table, grown and
 * shrunk as requests come and go one at a time, was a new young table written into the
 * long-lived Set per request (to be copied by the next scavenge and promoted).
 */
const deadlines: Deadline[] = [];
let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
let deadlineTimerAt = Infinity;
let deadlineTimerRefed = false;

function armDeadlineTimer(at: number): void {
  if (deadlineTimer !== undefined) clearTimeout(deadlineTimer);
  deadlineTimerAt = at;
  deadlineTimerRefed = true;
  deadlineTimer = setTimeout(fireDeadlines, Math.max(1, Math.ceil(at - performance.now())));
}

function addDeadline(deadline: Deadline): void {
  deadline.slot = deadlines.length;
  deadlines.push(deadline);
  if (deadlineTimer === undefined || deadline.at < deadlineTimerAt) armDeadlineTimer(deadline.at);
  else if (!deadlineTimerRefed) {
    deadlineTimer.ref();
    deadlineTimerRefed = true;
  }
}

function removeDeadline(deadline: Deadline): void {
  if (deadline.slot < 0) return;
  // The last deadline takes its slot.
  const last = deadlines.pop()!;
  if (last !== deadline) {
    deadlines[deadline.slot] = last;
    last.slot = deadline.slot;
  }
  deadline.slot = -1;
  if (deadlines.length === 0 && deadlineTimer !== undefined && deadlineTimerRefed) {
    deadlineTimer.unref();
    deadlineTimerRefed = false;
  }
}

function fireDeadlines(): void {
  deadlineTimer = undefined;
  deadlineTimerAt = Infinity;
  deadlineTimerRefed = false;
  const now = performance.now();
  for (const deadline of deadlines.filter((d) => d.at <= now)) {
    removeDeadline(deadline);
    deadline.expire();
  }
  // The earliest deadline left (an expiry may have started a classification that armed the timer).
  let next = Infinity;
  for (const deadline of deadlines) if (deadline.at < next) next = deadline.at;
  if (next !== Infinity && (deadlineTimer === undefined || next < deadlineTimerAt)) armDeadlineTimer(next);
}

/** A fact whose provider answered (or failed) as a FactResult. */
function factFailure(error: unknown): FactResult {
  return error instanceof FactUnavailable || (error as { name?: unknown } | null)?.name === 'FactUnavailable'
    ? (error as FactUnavailable).report === true
      ? { ok: false, reason: String((error as FactUnavailable).reason), message: messageOf(error) }
      : { ok: false, reason: String((error as FactUnavailable).reason), quiet: true }
    : { ok: false, reason: (error as { name?: unknown } | null)?.name === 'TimeoutError' ? 'timeout' : 'provider-error', message: messageOf(error) };
}

const NO_PROVIDER: FactResult = Object.freeze({ ok: false, reason: 'no-provider', quiet: true });

/**
 * Fetches the facts in parallel, each with the same timeout. Never rejects, except when the
 * caller aborts. The facts start together, so one deadline and one signal serve them all: when
 * it passes, every fact still unanswered resolves as a timeout (and its provider's signal
 * aborts), exactly as a timer per fact would. The providers share one options object, whose
 * AbortController is made only if one of them reads `signal` (see ProviderCall). The results
 * are gathered into one array as they come (no Promise.race and Promise.all per request).
 */
function fetchFacts(
  facts: readonly FactDefinition[],
  providers: Providers,
  request: NormalizedRequest,
  timeoutMs: number,
  outer: AbortSignal | undefined,
): Promise<FactResult[]> {
  return new Promise<FactResult[]>((resolve, reject) => {
    const results: FactResult[] = new Array<FactResult>(facts.length);
    let left = facts.length;
    let settled = false;
    let call: ProviderCall | undefined;
    let deadline: Deadline | undefined;
    let onAbort: (() => void) | undefined;
    const finish = (): void => {
      settled = true;
      if (deadline !== undefined) removeDeadline(deadline);
      if (outer && onAbort) outer.removeEventListener('abort', onAbort);
    };
    const settle = (j: number, result: FactResult): void => {
      if (settled || results[j] !== undefined) return;
      results[j] = result;
      if (--left === 0) {
        finish();
        resolve(results);
      }
    };
    for (let j = 0; j < facts.length; j++) {
      const fact = facts[j]!;
      const provider = providers[fact.provider];
      if (provider === undefined || provider === null) {
        results[j] = NO_PROVIDER;
        left--;
        continue;
      }
      if (call === undefined) {
        const c = (call = new ProviderCall());
        deadline = {
          at: performance.now() + timeoutMs,
          slot: -1,
          expire: () => {
            if (settled) return;
            c.abort(new Error(`timed out after ${timeoutMs} ms`));
            const timeout: FactResult = { ok: false, reason: 'timeout', message: `no answer within ${timeoutMs} ms` };
            for (let i = 0; i < results.length; i++) if (results[i] === undefined) settle(i, timeout);
          },
        };
        addDeadline(deadline);
        if (outer) {
          onAbort = () => {
            if (settled) return;
            c.abort(outer.reason);
            finish();
            reject(abortedError(outer));
          };
          outer.addEventListener('abort', onAbort, { once: true });
        }
      }
      // The provider is called now, its answer awaited: a provider that throws instead of
      // rejecting fails the same way, settled at once (no rejected promise: Node tracks each
      // rejection without a handler yet). No microtask to call it in: one promise fewer per fact.
      // An answer that is not a promise (nor any object with a `then` method) is the value:
      // settled at once, as its promise would have settled it a microtask later (the language
      // detector answers so), without a promise, two closures and a microtask per fact. A `then`
      // that throws when read fails the fact, as it would have in Promise.resolve.
      let answer: unknown;
      let thenable: boolean;
      try {
        answer = (fact.fetch as (p: unknown, r: NormalizedRequest, o: ProviderCallOptions) => unknown)(provider, request, call);
        thenable = isThenable(answer);
      } catch (error) {
        settle(j, factFailure(error));
        continue;
      }
      if (!thenable) {
        settle(j, { ok: true, value: answer });
        continue;
      }
      Promise.resolve(answer).then(
        (value) => settle(j, { ok: true, value }),
        (error: unknown) => settle(j, factFailure(error)),
      );
    }
    // Every fact answered already (no provider, or thrown at once; a throw of the last settles it).
    if (left === 0 && !settled) {
      finish();
      resolve(results);
    }
  });
}

/** Whether `Promise.resolve(value)` would follow `value` (a promise, or an object or function with a `then` method). */
function isThenable(value: unknown): boolean {
  return (typeof value === 'object' && value !== null) || typeof value === 'function'
    ? value instanceof Promise || typeof (value as { then?: unknown }).then === 'function'
    : false;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 200);
}

function isOutcome(value: unknown): value is RuleOutcome {
  if (typeof value !== 'object' || value === null) return false;
  const o = value as { kind?: unknown; matches?: unknown; reason?: unknown };
  if (o.kind === 'miss') return true;
  if (o.kind === 'skip') return typeof o.reason === 'string';
  if (o.kind !== 'hit' || !Array.isArray(o.matches)) return false;
  for (const m of o.matches as unknown[]) if (typeof m !== 'object' || m === null || typeof (m as Match).value !== 'string') return false;
  return true;
}

function occurrences(matches: readonly Match[]): number {
  let n = 0;
  for (const m of matches) n += typeof m.count === 'number' && m.count > 0 ? m.count : 1;
  return n;
}

/** A `buckets` formula with every score (and every form type's maximum and minimum) multiplied by `weight`. */
function scaledBuckets(f: Extract<Formula, { buckets: unknown }>, weight: number): Formula {
  const buckets = f.buckets.map((b: ProbabilityBucket) => ({ min: b.min, score: b.score * weight }));
  const scaled = (limits: Readonly<Partial<Record<FormType, number>>> | undefined) => {
    if (limits === undefined) return undefined;
    const out: Partial<Record<FormType, number>> = {};
    for (const [type, value] of Object.entries(limits) as [FormType, number][]) out[type] = value * weight;
    return out;
  };
  const maxByFormType = scaled(f.maxByFormType);
  const minByFormType = scaled(f.minByFormType);
  return { buckets, ...(maxByFormType && { maxByFormType }), ...(minByFormType && { minByFormType }) };
}

/** The score of a hit in hundredths, by the rule's formula. */
function centsOf(formula: Formula, matches: readonly Match[], evidence: RuleOutcome['evidence'], formType: FormType): number {
  if ('buckets' in formula) {
    const p = evidence?.probability;
    if (typeof p !== 'number' || !(p >= 0 && p <= 1)) return 0;
    const max = formula.maxByFormType?.[formType];
    const min = formula.minByFormType?.[formType];
    for (const b of formula.buckets) {
      if (p >= b.min) return Math.round((max !== undefined && b.score > max ? max : min !== undefined && b.score < min ? min : b.score) * 100);
    }
    return 0;
  }
  if ('fixed' in formula) return Math.round(formula.fixed * 100);
  if ('per' in formula) return Math.round(occurrences(matches) * formula.per * 100);
  let sum = 0;
  for (const m of matches) sum += typeof m.weight === 'number' && Number.isFinite(m.weight) && m.weight > 0 ? m.weight : 0;
  return Math.round(sum * formula.weighted * 100);
}

/** The first `max` of a hit's matches as the response lists them. */
function matchResults(matches: readonly Match[], max: number): MatchResult[] {
  const n = Math.min(matches.length, max);
  const out = new Array<MatchResult>(n);
  for (let i = 0; i < n; i++) out[i] = matchResult(matches[i]!);
  return out;
}

/**
 * The values object of a binding's facts, or the reason its rules are skipped: the first of its
 * facts in order that is not optional and failed. An optional fact that failed is undefined.
 */
function bindValues(binding: Binding, facts: readonly FactResult[]): Readonly<Record<string, unknown>> | string {
  const values: Record<string, unknown> = {};
  for (const [local, j, optional] of binding.needs) {
    const r = facts[j]!;
    if (r.ok) values[local] = r.value;
    else if (optional) values[local] = undefined;
    else return r.reason;
  }
  return values;
}

const NO_RESULTS: readonly FactResult[] = Object.freeze([]);
const NO_PROBLEMS: readonly ProblemReport[] = Object.freeze([]);

/**
 * A match as the response lists it: its field, value (at most 100 characters), index, count
 * (when not 1), weight and reason, those it has, in that order. The sets of keys the rules give
 * (field, value and index; with a reason; with a weight and a reason) are made in one literal
 * each; any other set is grown key by key.
 */
export function matchResult(m: Match): MatchResult {
  const field = m.field;
  const value = m.value.length > 100 ? `${m.value.slice(0, 99)}…` : m.value;
  const index = m.index;
  const count = m.count;
  const weight = m.weight;
  const reason = m.reason;
  if (field !== undefined && index !== undefined && (count === undefined || count === 1)) {
    if (weight === undefined) return reason === undefined ? { field, value, index } : { field, value, index, reason };
    if (reason !== undefined) return { field, value, index, weight, reason };
  }
  const out = {} as MatchResult;
  if (field !== undefined) out.field = field;
  out.value = value;
  if (index !== undefined) out.index = index;
  if (count !== undefined && count !== 1) out.count = count;
  if (weight !== undefined) out.weight = weight;
  if (reason !== undefined) out.reason = reason;
  return out;
}

/**
 * Classifies one request with a prepared classifier. Pure apart from the providers: the same
 * request and the same providers give a byte-identical response apart from its random `id` (the
 * same `id` too gives a byte-identical one). Rejects for a bad request
 * (`INVALID_REQUEST`, `REQUEST_TOO_LARGE`, `UNKNOWN_RULE`), a bad `clientIp` or `signal`
 * (`INVALID_OPTIONS`) and when `signal` fires (`ABORTED`); never for a provider's failure.
 */
export async function run(
  p: Prepared,
  providers: Providers,
  request: unknown,
  clientIp: string | undefined,
  signal: AbortSignal | undefined,
  id?: string,
  apiKey?: string,
): Promise<ClassifyResponse> {
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw invalidOption('classify', 'signal', 'must be an AbortSignal');
  if (apiKey !== undefined && typeof apiKey !== 'string') throw invalidOption('classify', 'apiKey', 'must be a string');
  if (id !== undefined && (typeof id !== 'string' || !DECISION_ID_PATTERN.test(id))) {
    throw invalidOption('classify', 'id', 'must be 1 to 100 characters of A-Z a-z 0-9 _ - . :');
  }
  if (signal?.aborted) throw abortedError(signal);

  const req = normalizeRequest(request, p.limits, { clientIp, apiKey });
  let i = 0;
  for (const id of req.disableRules) {
    if (!p.known.has(id)) {
      throw new FormspamError('UNKNOWN_RULE', `$.disableRules: ${JSON.stringify(id)} is not a known rule`, {
        path: `$.disableRules[${i}]`,
      });
    }
    i++;
  }

  const plan = planOf(p, req, providers);
  const { given, steps, keys, facts: factList, bindings, names } = plan;
  // Fetch every fact the active rules need, once each, in parallel: `facts[j]` is `factList[j]`'s.
  let facts: readonly FactResult[] = NO_RESULTS;
  let problems: ProblemReport[] | null = null;
  if (keys.length > 0) {
    facts = await fetchFacts(factList, providers, req, p.timeoutMs, signal);
    for (let j = 0; j < facts.length; j++) {
      const r = facts[j]!;
      if (!r.ok && !r.quiet) {
        const problem: ProblemReport = { provider: factList[j]!.provider, subject: keys[j]!, reason: r.reason };
        if (r.message !== undefined) problem.message = r.message;
        (problems ??= []).push(problem);
      }
    }
  }
  if (signal?.aborted) throw abortedError(signal);

  // Run the rules: synchronous and pure.
  // Each category's results placed at their slots (the response's order): no sort per request.
  const categories: CategoryTally[] = [];
  for (let c = 0; c < given.length; c++) categories.push({ cents: 0, results: new Array<RuleResult>(names[c]!.length) });
  // Per binding, the values of its facts, or the reason its rules are skipped; made on first use.
  const bound: (Readonly<Record<string, unknown>> | string | undefined)[] | null = bindings.length > 0 ? new Array(bindings.length) : null;
  const reasons: { id: string; cents: number }[] = [];
  let total = 0;
  const weighted = p.formulas.size > 0;
  for (const step of steps) {
    const rule = step.rule;
    const category = categories[step.category]!;
    let outcome: RuleOutcome | undefined;
    let values = NO_FACTS;
    if (step.binding >= 0) {
      const b = (bound![step.binding] ??= bindValues(bindings[step.binding]!, facts));
      if (typeof b === 'string') outcome = { kind: 'skip', reason: b };
      else values = b;
    }
    if (!outcome) {
      try {
        const returned: unknown = rule.score(req, values as never);
        if (!isOutcome(returned)) throw new Error('score() returned something that is not hit(), miss() or skip()');
        outcome = returned;
      } catch (error) {
        if (isFormspamError(error) && error.code === 'ABORTED') throw error;
        outcome = { kind: 'skip', reason: 'rule-error' };
        (problems ??= []).push({ provider: 'rule', subject: rule.id, reason: 'rule-error', message: messageOf(error) });
      }
    }
    // The result in one literal per set of keys (score, significance, then count and matches
    // of a hit with matches, or skipped, then evidence): made at its size, no property added.
    const significance = rule.significance;
    const evidence = outcome.evidence;
    let result: RuleResult;
    if (outcome.kind === 'hit') {
      const cents = centsOf((weighted ? p.formulas.get(rule.id) : undefined) ?? rule.formula, outcome.matches, evidence, req.formType);
      const score = cents / 100;
      if (outcome.matches.length > 0) {
        const count = occurrences(outcome.matches);
        const matches = matchResults(outcome.matches, p.maxMatches);
        result = evidence === undefined ? { score, significance, count, matches } : { score, significance, count, matches, evidence: step.copy(evidence) };
      } else {
        result = evidence === undefined ? { score, significance } : { score, significance, evidence: step.copy(evidence) };
      }
      category.cents += cents;
      total += cents;
      if (cents > 0) reasons.push({ id: rule.id, cents });
    } else if (outcome.kind === 'skip') {
      const skipped = outcome.reason;
      result = evidence === undefined ? { score: 0, significance, skipped } : { score: 0, significance, skipped, evidence: step.copy(evidence) };
    } else {
      result = evidence === undefined ? { score: 0, significance } : { score: 0, significance, evidence: step.copy(evidence) };
    }
    category.results[step.slot] = result;
  }

  const response = respond({
    id: id ?? newDecisionId(),
    request,
    req,
    given,
    categories,
    names,
    templates: plan.templates,
    reasons,
    total,
    language: plan.languageAt >= 0 ? facts[plan.languageAt] : undefined,
    geo: plan.geoAt >= 0 ? facts[plan.geoAt] : undefined,
    problems: problems ?? NO_PROBLEMS,
    explain: p.explain,
  });
  if (req.text) new ResponseText(response, req.text);
  return response;
}
