import { FormspamError, isFormspamError } from '../core/errors.js';
import { emailDomainOf } from '../email/address.js';
import { EXPLAIN_LANGUAGES, explain, type ExplainLanguage } from '../explain/index.js';
import { detectedCountry, ipLocationOf, timeZoneCountryCode } from './respond-geo.js';
import { ProviderCall } from '../providers/call.js';
import { createDefaultProviders } from '../providers/default.js';
import type { LanguageGuess, ProviderCallOptions, Providers } from '../providers/types.js';
import { languageFact } from '../facts/language.js';
import { reliableLanguage, selectClassifier } from '../language/index.js';
import { geoFact } from '../facts/ip.js';
import { normalizeRequest, type ClassifyRequest, type FormType, type NormalizedRequest, type RequestLimits } from '../core/request.js';
import {
  classificationOf,
  type CategoryResult,
  type ClassifyResponse,
  type MatchResult,
  type ProblemReport,
  type RuleResult,
} from '../core/response.js';
import { CATEGORIES, FactUnavailable, type AnyRule, type Category, type FactDefinition, type Formula, type Match, type ProbabilityBucket, type RuleOutcome } from '../core/rule.js';
import { defaultRules, EXTENSION_RULE_IDS, SPEC_RULE_IDS } from '../rules/index.js';

export interface ClassifyOptions {
  /** The rules to run (default: {@link defaultRules}). Spread and filter the defaults to add or remove rules. */
  rules?: readonly AnyRule[];
  /** Overrides of rule weights by id: the per-match weight, the fixed score, or the multiplier of weighted rules. */
  weights?: Readonly<Record<string, number>>;
  /** Time a provider may take to answer one fact, in milliseconds (default 2000). */
  timeoutMs?: number;
  /** Aborts the classification; `classify` then rejects with `ABORTED`. */
  signal?: AbortSignal;
  /** Size limits of the request. */
  limits?: RequestLimits;
  /** How many matches each rule lists as evidence (default 10); `count` always has the total. */
  maxMatches?: number;
  /** The client's IP address, which `ipAddress: "auto"` stands for; adapters pass it (from trusted proxies only). */
  clientIp?: string;
  /**
   * Adds `explanations` to the response: one readable sentence per reason, in English (`true` or
   * `'en'`), German (`'de'`), French (`'fr'`) or Spanish (`'es'`). Off by default. A request's
   * own `explain` property wins over this option.
   */
  explain?: boolean | ExplainLanguage;
  /**
   * The API key the request is classified for: the site whose own model (`text.SITE_MODEL`, the
   * `siteModel` provider) applies. The server sets it; a library user with one site leaves it out.
   */
  apiKey?: string;
}

interface Prepared {
  rules: readonly AnyRule[];
  known: ReadonlySet<string>;
  formulas: ReadonlyMap<string, Formula>;
  timeoutMs: number;
  maxMatches: number;
  /** The language of `explanations`, or null for none. */
  explain: ExplainLanguage | null;
  /**
   * Each rule's place in the order of the response's rule objects: by name, ties in the order of
   * `rules` (what a stable sort by name of any subset of them gives).
   */
  rank: ReadonlyMap<AnyRule, number>;
  /** Plans of requests without `disableRules`, by {@link planKey}. */
  plans: Map<number, Plan>;
  /** The providers some rules run only with (`onlyWith`), at most 8: each is a bit of the plan key. */
  onlyWith: readonly string[];
}

/** What a request runs: its categories, the rules of them, and the facts those need (sorted by key). */
interface Plan {
  given: readonly Category[];
  active: readonly AnyRule[];
  keys: readonly string[];
  facts: readonly FactDefinition[];
  /**
   * Per category, an object with the names of its active rules as keys in the response's order
   * (values null), made by JSON.parse so that it is a fast-mode object; undefined until a
   * request of a cached plan asks, null when a name could not be a plain key (see
   * {@link rulesTemplate}).
   */
  templates?: Map<Category, object | null>;
}

/** A fetched fact; `quiet` failures (no provider, a deliberate FactUnavailable) are not reported in `errors`. */
type FactResult = { ok: true; value: unknown } | { ok: false; reason: string; message?: string; quiet?: boolean };

const prepared = new WeakMap<object, Prepared>();
// Shared defaults, so that the prepared form of the default options is computed once.
const NO_OPTIONS: ClassifyOptions = Object.freeze({});
/**
 * The providers of `classify(request)` called without any: the bundled offline ones (language
 * detection, the text model, geo and ASN data, email lists and the installed IP lists; no DNS),
 * made on the first such call and shared by the later ones. Their data loads lazily, on the
 * first look-up that needs it: importing formspam loads nothing.
 */
let bundled: Providers | undefined;
function bundledProviders(): Providers {
  return (bundled ??= createDefaultProviders({ offline: true }));
}
const DEFAULT_TIMEOUT_MS = 2000;

function optionsError(message: string): never {
  throw new FormspamError('INVALID_OPTIONS', `classify options: ${message}`);
}

function prepare(options: ClassifyOptions): Prepared {
  const cached = prepared.get(options);
  if (cached) return cached;
  if (typeof options !== 'object' || options === null) optionsError('must be an object');
  const rules = options.rules ?? defaultRules;
  if (!Array.isArray(rules)) optionsError('`rules` must be an array of rules made with defineRule()');
  const ids = new Set<string>();
  for (const rule of rules) {
    if (!rule || typeof rule.id !== 'string' || typeof rule.score !== 'function' || !rule.formula) {
      optionsError('`rules` must contain rules made with defineRule()');
    }
    if (ids.has(rule.id)) optionsError(`\`rules\` lists ${rule.id} twice`);
    ids.add(rule.id);
  }
  const formulas = new Map<string, Formula>();
  for (const [id, weight] of Object.entries(options.weights ?? {})) {
    const rule = rules.find((r) => r.id === id);
    if (!rule) throw new FormspamError('UNKNOWN_RULE', `classify options: \`weights\` names ${JSON.stringify(id)}, which is not a rule in use`);
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
      optionsError(`\`weights[${JSON.stringify(id)}]\` must be a finite number >= 0`);
    }
    const f = rule.formula;
    formulas.set(
      id,
      'per' in f ? { per: weight } : 'fixed' in f ? { fixed: weight } : 'weighted' in f ? { weighted: weight } : scaledBuckets(f, weight),
    );
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
    optionsError('`timeoutMs` must be a positive number of milliseconds');
  }
  const maxMatches = options.maxMatches ?? 10;
  if (!Number.isInteger(maxMatches) || maxMatches < 0) optionsError('`maxMatches` must be an integer >= 0');
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) optionsError('`signal` must be an AbortSignal');
  const explainOption: unknown = options.explain;
  if (explainOption !== undefined && typeof explainOption !== 'boolean' && !(EXPLAIN_LANGUAGES as readonly unknown[]).includes(explainOption)) {
    optionsError(`\`explain\` must be true, false or one of ${EXPLAIN_LANGUAGES.join(', ')}`);
  }
  if (options.apiKey !== undefined && typeof options.apiKey !== 'string') optionsError('`apiKey` must be a string');
  const onlyWith = [...new Set(rules.flatMap((r) => (typeof r.onlyWith === 'string' ? [r.onlyWith] : [])))];
  if (onlyWith.length > 8) optionsError('`rules` name more than 8 different `onlyWith` providers');
  const result: Prepared = {
    rules,
    known: new Set([...ids, ...SPEC_RULE_IDS, ...EXTENSION_RULE_IDS]),
    formulas,
    rank: new Map(rules.map((rule, i) => [rule, i] as const).sort((a, b) => (a[0].name < b[0].name ? -1 : a[0].name > b[0].name ? 1 : a[1] - b[1])).map(([rule], i) => [rule, i])),
    timeoutMs,
    maxMatches,
    explain: explainOption === true ? 'en' : typeof explainOption === 'string' ? (explainOption as ExplainLanguage) : null,
    plans: new Map(),
    onlyWith,
  };
  prepared.set(options, result);
  return result;
}

const NEEDS = new WeakMap<object, readonly (readonly [string, FactDefinition])[]>();

/** `Object.entries(rule.needs)`, once per needs object (read twice per rule and request; rules are immutable). */
function needsOf(rule: AnyRule): readonly (readonly [string, FactDefinition])[] {
  let entries = NEEDS.get(rule.needs);
  if (entries === undefined) NEEDS.set(rule.needs, (entries = Object.entries(rule.needs)));
  return entries;
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
  for (const rule of active) for (const [, fact] of needsOf(rule)) needed.set(fact.key, fact);
  // The response reports the detected language and the classifier whenever a detector is given.
  if (req.text && providers.language !== undefined && !needed.has(languageFact.key)) needed.set(languageFact.key, languageFact);
  // Likewise the address's city, country and zip whenever a geo provider is given, even with
  // both country rules disabled.
  if (req.ip && providers.geo !== undefined && !needed.has(geoFact.key)) needed.set(geoFact.key, geoFact);
  const keys = [...needed.keys()].sort();
  return { given, active, keys, facts: keys.map((k) => needed.get(k)!) };
}

/** The request's plan: made once per options, categories given and providers present when no rule is disabled. */
function planOf(p: Prepared, req: NormalizedRequest, providers: Providers): Plan {
  if (req.disableRules.size > 0) return makePlan(p, req, providers);
  const key = planKey(p, req, providers);
  let plan = p.plans.get(key);
  if (plan === undefined) p.plans.set(key, (plan = makePlan(p, req, providers)));
  return plan;
}

/** A rule name that JSON.parse and an assignment both make an ordinary own key of, in insertion order. */
const PLAIN_NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * The template of a category's rule objects in a cached plan (see {@link Plan.templates}): its
 * active rules' names in the order of `ranked` (the category's results placed by rank), made once
 * per plan and category. Null when a name is not one defineRule() allows (a hand-made rule):
 * then the object is built key by key.
 */
function rulesTemplate(plan: Plan, category: Category, ranked: readonly ([string, RuleResult] | undefined)[]): object | null {
  plan.templates ??= new Map();
  let template = plan.templates.get(category);
  if (template === undefined) {
    const names: string[] = [];
    for (const e of ranked) if (e !== undefined) names.push(e[0]);
    template = names.every((name) => PLAIN_NAME.test(name)) && new Set(names).size === names.length
      ? (JSON.parse(`{${names.map((name) => `"${name}":null`).join(',')}}`) as object)
      : null;
    plan.templates.set(category, template);
  }
  return template;
}

function abortedError(signal: AbortSignal): FormspamError {
  return new FormspamError('ABORTED', 'classify: aborted by the caller', { cause: signal.reason });
}

/** A classification in flight: when its facts time out, and what to do then. */
interface Deadline {
  readonly at: number;
  readonly expire: () => void;
}

/**
 * The deadlines of the classifications in flight, served by one timer: setting and clearing a
 * timer per request cost about 1 % of a request (Node creates and drops a timer list each time
 * when requests come one at a time). The timer is armed for the earliest deadline; while no
 * classification is in flight it is unref'd, so it does not keep the process alive, as a
 * cleared timer would not.
 */
const deadlines = new Set<Deadline>();
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
  deadlines.add(deadline);
  if (deadlineTimer === undefined || deadline.at < deadlineTimerAt) armDeadlineTimer(deadline.at);
  else if (!deadlineTimerRefed) {
    deadlineTimer.ref();
    deadlineTimerRefed = true;
  }
}

function removeDeadline(deadline: Deadline): void {
  deadlines.delete(deadline);
  if (deadlines.size === 0 && deadlineTimer !== undefined && deadlineTimerRefed) {
    deadlineTimer.unref();
    deadlineTimerRefed = false;
  }
}

function fireDeadlines(): void {
  deadlineTimer = undefined;
  deadlineTimerAt = Infinity;
  deadlineTimerRefed = false;
  const now = performance.now();
  for (const deadline of deadlines) {
    if (deadline.at > now) continue;
    deadlines.delete(deadline);
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
      const options = call;
      Promise.resolve()
        .then(() => (fact.fetch as (p: unknown, r: NormalizedRequest, o: ProviderCallOptions) => Promise<unknown>)(provider, request, options))
        .then(
          (value) => settle(j, { ok: true, value }),
          (error: unknown) => settle(j, factFailure(error)),
        );
    }
    if (left === 0) {
      finish();
      resolve(results);
    }
  });
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
  return o.kind === 'hit' && Array.isArray(o.matches) &&
    o.matches.every((m) => typeof m === 'object' && m !== null && typeof (m as Match).value === 'string');
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

function matchResult(m: Match): MatchResult {
  const out = {} as MatchResult;
  if (m.field !== undefined) out.field = m.field;
  out.value = m.value.length > 100 ? `${m.value.slice(0, 99)}…` : m.value;
  if (m.index !== undefined) out.index = m.index;
  if (m.count !== undefined && m.count !== 1) out.count = m.count;
  if (m.weight !== undefined) out.weight = m.weight;
  if (m.reason !== undefined) out.reason = m.reason;
  return out;
}

/**
 * Classifies a form submission. Pure apart from the providers it is given: the same request
 * and the same providers give a byte-identical response.
 *
 * @param request a classification request (2.1 of the spec); validated here.
 * @param providers DNS, geo, IP reputation, language and text-model providers; rules whose
 *   provider is missing are reported as skipped. Left out, the bundled offline providers are
 *   used (everything but DNS: `createDefaultProviders({ offline: true })`); `{}` runs only the
 *   rules that need no provider.
 * @throws FormspamError `INVALID_REQUEST`, `REQUEST_TOO_LARGE` or `UNKNOWN_RULE` for bad
 *   requests, `INVALID_OPTIONS` for bad options, `ABORTED` when `options.signal` fires.
 *   Provider failures never throw: they are reported in `errors` and skip the rules that needed them.
 *
 * @example
 * const result = await classify({ text: 'Buy cheap followers!!! https://spam.example' });
 * result.classification // 'BAD'
 * result.reasons        // ['text.EXCLAMATION', 'text.URL']
 */
export async function classify(
  request: unknown,
  providers: Providers = bundledProviders(),
  options: ClassifyOptions = NO_OPTIONS,
): Promise<ClassifyResponse> {
  const p = prepare(options);
  if (typeof providers !== 'object' || providers === null) optionsError('`providers` must be an object');
  const signal = options.signal;
  if (signal?.aborted) throw abortedError(signal);

  const req = normalizeRequest(request, options.limits, { clientIp: options.clientIp, apiKey: options.apiKey });
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
  const cached = req.disableRules.size > 0 ? undefined : plan;
  const { given, active, keys, facts: factList } = plan;
  // Fetch every fact the active rules need, once each, in parallel.
  const facts = new Map<string, FactResult>();
  const problems: ProblemReport[] = [];
  if (keys.length > 0) {
    const results = await fetchFacts(factList, providers, req, p.timeoutMs, signal);
    keys.forEach((key, j) => {
      const r = results[j]!;
      facts.set(key, r);
      if (!r.ok && !r.quiet) {
        const problem: ProblemReport = { provider: factList[j]!.provider, subject: key, reason: r.reason };
        if (r.message !== undefined) problem.message = r.message;
        problems.push(problem);
      }
    });
  }
  if (signal?.aborted) throw abortedError(signal);

  // Run the rules: synchronous and pure.
  // Each category's results placed by rank (sparse), read in that order: no sort per request.
  const categories = new Map<Category, { cents: number; rules: ([string, RuleResult] | undefined)[] }>();
  for (const c of given) categories.set(c, { cents: 0, rules: [] });
  const reasons: { id: string; cents: number }[] = [];
  let total = 0;
  for (const rule of active) {
    const category = categories.get(rule.category)!;
    let outcome: RuleOutcome | undefined;
    const values: Record<string, unknown> = {};
    for (const [local, fact] of needsOf(rule)) {
      const r = facts.get(fact.key)!;
      if (!r.ok) {
        if (fact.optional) {
          values[local] = undefined;
          continue;
        }
        outcome = { kind: 'skip', reason: r.reason };
        break;
      }
      values[local] = r.value;
    }
    if (!outcome) {
      try {
        const returned: unknown = rule.score(req, values as never);
        if (!isOutcome(returned)) throw new Error('score() returned something that is not hit(), miss() or skip()');
        outcome = returned;
      } catch (error) {
        if (isFormspamError(error) && error.code === 'ABORTED') throw error;
        outcome = { kind: 'skip', reason: 'rule-error' };
        problems.push({ provider: 'rule', subject: rule.id, reason: 'rule-error', message: messageOf(error) });
      }
    }
    const result: RuleResult = { score: 0, significance: rule.significance };
    if (outcome.kind === 'hit') {
      const cents = centsOf(p.formulas.get(rule.id) ?? rule.formula, outcome.matches, outcome.evidence, req.formType);
      result.score = cents / 100;
      if (outcome.matches.length > 0) {
        result.count = occurrences(outcome.matches);
        result.matches = outcome.matches.slice(0, p.maxMatches).map(matchResult);
      }
      category.cents += cents;
      total += cents;
      if (cents > 0) reasons.push({ id: rule.id, cents });
    } else if (outcome.kind === 'skip') {
      result.skipped = outcome.reason;
    }
    if (outcome.evidence !== undefined) result.evidence = { ...outcome.evidence };
    category.rules[p.rank.get(rule)!] = [rule.name, result];
  }

  reasons.sort((a, b) => b.cents - a.cents || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const response: ClassifyResponse = {
    classification: classificationOf(total),
    score: total / 100,
    reasons: reasons.map((r) => r.id),
  };
  const categoryResult = (c: Category): CategoryResult => {
    const entry = categories.get(c)!;
    // What Object.fromEntries gives (rule names are never array indices or __proto__), faster.
    // For a cached plan, a copy of the category's template (its keys already in order) filled
    // in: an object of 20 keys added one by one is a dictionary-mode object, slower to build and
    // to serialise; the copy of a fast-mode template stays fast. The same keys in the same order.
    const template = plan === cached ? rulesTemplate(plan, c, entry.rules) : null;
    const rules: Record<string, RuleResult> = template === null ? {} : { ...template };
    for (const e of entry.rules) if (e !== undefined) rules[e[0]] = e[1];
    return { score: entry.cents / 100, rules };
  };
  if (req.text) {
    const { score, rules } = categoryResult('text');
    const language = facts.get(languageFact.key);
    const guesses = language?.ok && Array.isArray(language.value) ? (language.value as LanguageGuess[]) : undefined;
    response.text = { classifier: selectClassifier(req, guesses), detectedLanguage: reliableLanguage(guesses) ?? null, score, rules };
  }
  if (req.email !== null) response.email = { domain: emailDomainOf(req), ...categoryResult('email') };
  if (req.ipAddress !== null) {
    const { score, rules } = categoryResult('ipAddress');
    const { city, cityMissing, country, region, zip } = ipLocationOf(facts.get('ip.geo'));
    response.ipAddress = cityMissing === undefined
      ? { city, country, ipAddress: req.ipAddress, region, rules, score, zip }
      : { city, cityMissing, country, ipAddress: req.ipAddress, region, rules, score, zip };
  }
  if (req.timeZone !== null) {
    const { score, rules } = categoryResult('timeZone');
    response.timeZone = { country: timeZoneCountryCode(req.timeZone), rules, score, timeZone: req.timeZone };
  }
  const country = detectedCountry(response.timeZone, response.ipAddress);
  if (country !== undefined) response.country = country;
  if (problems.length > 0) response.errors = problems;
  // The request's `explain` (validated) wins over the option.
  const asked = request === undefined ? undefined : (request as ClassifyRequest).explain;
  const language = asked === undefined ? p.explain : asked === false ? null : asked === true ? 'en' : asked;
  if (language !== null) response.explanations = explain(response, { language });
  return response;
}
