import { FormspamError } from './errors.js';
import type { ProviderCallOptions, Providers } from '../providers/types.js';
import type { FormType, NormalizedRequest } from './request.js';

export type Category = 'text' | 'email' | 'ipAddress' | 'timeZone';
export const CATEGORIES: readonly Category[] = ['text', 'email', 'ipAddress', 'timeZone'];
export type Significance = 'low' | 'medium' | 'high';

/**
 * How a rule's score is computed from its outcome. The engine applies the formula, so a rule
 * cannot get the arithmetic wrong:
 * - `{ per: w }`: `n × w`, n the number of matches (e.g. `text.URL`, 0.5 per URL);
 * - `{ fixed: s }`: `s` on a hit, 0 otherwise (e.g. `text.SHORT_TEXT`, 1);
 * - `{ weighted: m }`: `m × Σ match.weight` (word lists with a score per word);
 * - `{ buckets: [...] }`: the score of the first bucket (highest `min` first) whose `min` is at
 *   most the hit's `evidence.probability` (a number from 0 to 1), as SpamAssassin's BAYES_*
 *   rules score a probability (`text.MODEL`). The only formula whose scores may be negative: a
 *   bucket of strong ham evidence can take points off. `maxByFormType` caps the score for a
 *   request's `formType` (`text.MODEL`: at most 1 on a contact form), `minByFormType` floors it
 *   (`text.MODEL`: at least 0 on a comment form, no point off).
 */
export type Formula =
  | { per: number }
  | { fixed: number }
  | { weighted: number }
  | {
      buckets: readonly ProbabilityBucket[];
      maxByFormType?: Readonly<Partial<Record<FormType, number>>>;
      minByFormType?: Readonly<Partial<Record<FormType, number>>>;
    };

/** A bucket of a `buckets` formula: `score` points for a probability of at least `min`. */
export interface ProbabilityBucket {
  readonly min: number;
  readonly score: number;
}

/** One piece of evidence: what matched, and where. */
export interface Match {
  /** The field the match came from (`text`, `text[1]`, a `fields` key, `email`, …). */
  field?: string;
  /** The matched value (capped at 100 characters in responses). */
  value: string;
  /** Offset of the match in its field's normalised text. */
  index?: number;
  /** How many occurrences this match stands for (default 1), e.g. 3 for "!!!". */
  count?: number;
  /** Score of this match for `weighted` formulas. */
  weight?: number;
  /** Why this value matched, when a rule has several ways to match (e.g. `keyboard-walk`). */
  reason?: string;
}

export type Evidence = Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

/**
 * The skip reasons every rule may be given whatever it declares in `skipReasons`: the engine's
 * (`timeout`, `provider-error`, `no-provider`, `rule-error`) and the states any provider may
 * be in (`offline`: DNS switched off; `resolver-unhealthy`: a DNS resolver that failed its
 * health check).
 */
export const ENGINE_SKIP_REASONS = ['timeout', 'provider-error', 'no-provider', 'rule-error', 'offline', 'resolver-unhealthy'] as const;
export type EngineSkipReason = (typeof ENGINE_SKIP_REASONS)[number];

/** The outcome of a rule; `R`, the skip reasons it may carry (any string by default). */
export type RuleOutcome<R extends string = string> =
  | { kind: 'hit'; matches: readonly Match[]; evidence?: Evidence }
  | { kind: 'miss'; evidence?: Evidence }
  | { kind: 'skip'; reason: R; evidence?: Evidence };

/** A rule found what it looks for. */
export function hit(matches: readonly Match[], evidence?: Evidence): RuleOutcome<never> {
  return evidence === undefined ? { kind: 'hit', matches } : { kind: 'hit', matches, evidence };
}
/** `miss()` without evidence: one frozen object, as most rules miss on most requests. */
const MISS: RuleOutcome<never> = Object.freeze({ kind: 'miss' });

/** A rule looked and found nothing (without evidence, the same frozen outcome every time). */
export function miss(evidence?: Evidence): RuleOutcome<never> {
  return evidence === undefined ? MISS : { kind: 'miss', evidence };
}
/**
 * A rule could not be evaluated; `reason` is a short kebab-case code such as `no-data`. In a
 * rule that declares `skipReasons`, TypeScript accepts only those and {@link ENGINE_SKIP_REASONS}.
 */
export function skip<R extends string>(reason: R, evidence?: Evidence): RuleOutcome<R> {
  return evidence === undefined ? { kind: 'skip', reason } : { kind: 'skip', reason, evidence };
}
/** Hit when there is at least one match, miss otherwise. */
export function matchesOutcome(matches: readonly Match[], evidence?: Evidence): RuleOutcome<never> {
  return matches.length > 0 ? hit(matches, evidence) : miss(evidence);
}

/**
 * Thrown by a provider (or a fact's `fetch`) when it deliberately has no answer, as opposed to
 * failing: DNS switched off (`offline`), a list that is not loaded (`no-data`). The rules that
 * need the fact are skipped with `reason`, and nothing is added to the response's `errors`,
 * unless `report` is set: then `errors` also carries the reason and the message (a provider
 * that cannot be trusted right now, e.g. a DNS resolver that failed its health check).
 */
export class FactUnavailable extends Error {
  override readonly name = 'FactUnavailable';
  readonly reason: string;
  /** Also report it in the response's `errors` (with the message). */
  readonly report: boolean;
  constructor(reason: string, message = reason, options: { report?: boolean } = {}) {
    // A deliberate "no answer", thrown on hot paths (every DNS fact of every request when DNS
    // is off): capturing a stack trace cost more than the rest of the fact. No frames, then.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.reason = reason;
    this.report = options.report === true;
  }
}

/**
 * A fact: one question answered by a provider before the rules run (an MX look-up, a
 * geo-location). The engine fetches each needed fact once per request, in parallel, with
 * a timeout; a failure skips the rules that need it.
 */
export interface FactDefinition<V = unknown> {
  /** Unique key, e.g. `dns.mx`. Two rules needing the same key share one fetch. */
  readonly key: string;
  /** The key in {@link Providers} this fact is fetched from. */
  readonly provider: string;
  /**
   * An optional fact does not skip the rules that need it when it cannot be had: they run with
   * `undefined` for it (e.g. text rules that work better, but also without, knowing the language).
   */
  readonly optional?: boolean;
  /** The fact's value, or a promise of it; a value when the answer needs no waiting (the engine takes both). */
  fetch(provider: never, request: NormalizedRequest, options: ProviderCallOptions): Promise<V> | V;
}

/** Declares a fact; `provider` names a key of the providers object. */
export function defineFact<P extends keyof Providers & string, V>(fact: {
  key: string;
  provider: P;
  optional?: false;
  fetch(provider: NonNullable<Providers[P]>, request: NormalizedRequest, options: ProviderCallOptions): Promise<V> | V;
}): FactDefinition<V>;
/** Declares an optional fact: rules still run, with `undefined`, when it cannot be had. */
export function defineFact<P extends keyof Providers & string, V>(fact: {
  key: string;
  provider: P;
  optional: true;
  fetch(provider: NonNullable<Providers[P]>, request: NormalizedRequest, options: ProviderCallOptions): Promise<V> | V;
}): FactDefinition<V | undefined>;
export function defineFact(fact: FactDefinition): FactDefinition {
  return fact;
}

type FactValues<N> = { readonly [K in keyof N]: N[K] extends FactDefinition<infer V> ? V : never };

export type RuleId = `${Category}.${string}`;

/** A rule: data plus one pure, synchronous function; `R`, the skip reasons it declares. */
export interface Rule<N extends Readonly<Record<string, FactDefinition>> = Readonly<Record<string, FactDefinition>>, R extends string = string> {
  /** `<category>.<RULE>`, e.g. `text.URL`. Stable forever. */
  readonly id: RuleId;
  readonly category: Category;
  /** The rule name without its category, e.g. `URL`. */
  readonly name: string;
  readonly significance: Significance;
  readonly formula: Formula;
  /** One sentence for docs and `--explain`. */
  readonly description: string;
  /** Facts the rule needs, by local name. */
  readonly needs: N;
  /**
   * The reasons the rule may be skipped with besides {@link ENGINE_SKIP_REASONS}: its own
   * `skip(…)`s and its facts' (`invalid-email`, `non-public`, …). Absent: not declared, any.
   */
  readonly skipReasons?: readonly R[];
  /**
   * A provider (a key of {@link Providers}) without which the rule does not run at all and is
   * left out of the response, instead of being skipped with `no-provider`: for rules that only
   * make sense where the caller set something up (`text.SITE_MODEL`, a site's own model).
   */
  readonly onlyWith?: string;
  /**
   * Evaluates the rule. Pure: no I/O, no clock, no randomness; must not throw for any
   * input the engine passes (the engine reports a throw as a skip with reason `rule-error`).
   */
  score(request: NormalizedRequest, facts: FactValues<N>): RuleOutcome<R | EngineSkipReason>;
}

export type AnyRule = Rule<Readonly<Record<string, FactDefinition>>>;

const ID = /^(text|email|ipAddress|timeZone)\.([A-Z][A-Z0-9_]*)$/;
const SKIP_REASON = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

function checkFormula(id: string, formula: Formula): void {
  if ('buckets' in formula) {
    const buckets: unknown = formula.buckets;
    let previous = Infinity;
    const ok =
      Array.isArray(buckets) &&
      buckets.length > 0 &&
      buckets.every((b: unknown) => {
        const { min, score } = (b ?? {}) as { min?: unknown; score?: unknown };
        const good = typeof min === 'number' && min >= 0 && min <= 1 && min < previous && typeof score === 'number' && Number.isFinite(score);
        previous = typeof min === 'number' ? min : previous;
        return good;
      });
    if (!ok) {
      throw new FormspamError('INVALID_OPTIONS', `defineRule(${id}): buckets must be a non-empty array of { min, score }, min from 0 to 1 and highest first, score finite`);
    }
    for (const key of ['maxByFormType', 'minByFormType'] as const) {
      const limits: unknown = formula[key];
      if (limits !== undefined && (typeof limits !== 'object' || limits === null || !Object.values(limits).every((v) => typeof v === 'number' && Number.isFinite(v)))) {
        throw new FormspamError('INVALID_OPTIONS', `defineRule(${id}): ${key} must map form types to finite numbers`);
      }
    }
    return;
  }
  const value = 'per' in formula ? formula.per : 'fixed' in formula ? formula.fixed : formula.weighted;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new FormspamError('INVALID_OPTIONS', `defineRule(${id}): the formula's number must be a finite number >= 0`);
  }
}

/**
 * Declares a rule. Checks the id format eagerly so a typo fails at start-up, not mid-request.
 *
 * @example
 * export default defineRule({
 *   id: 'text.SHOUTING', significance: 'low', formula: { fixed: 1 },
 *   description: 'The whole text is upper case.',
 *   score: ({ text }) => text && text.joined === text.joined.toUpperCase() ? hit([]) : miss(),
 * });
 */
export function defineRule<N extends Readonly<Record<string, FactDefinition>> = Record<never, never>, R extends string = string>(def: {
  id: RuleId;
  significance: Significance;
  formula: Formula;
  description: string;
  needs?: N;
  /**
   * Every reason `score` (or a fact it needs) may skip with, besides {@link ENGINE_SKIP_REASONS}
   * (`[]` for none). Declared, TypeScript rejects any other `skip(…)` in `score`, and `testRule`
   * any other skip case.
   */
  skipReasons?: readonly R[];
  /** A provider without which the rule is left out of the response (see {@link Rule.onlyWith}). */
  onlyWith?: keyof Providers & string;
  score(request: NormalizedRequest, facts: FactValues<N>): RuleOutcome<NoInfer<R> | EngineSkipReason>;
}): Rule<N, R> {
  const m = ID.exec(def.id);
  if (!m) {
    throw new FormspamError(
      'INVALID_OPTIONS',
      `defineRule: id ${JSON.stringify(def.id)} must look like <category>.<RULE> with category text, email, ipAddress or timeZone`,
    );
  }
  if (!['low', 'medium', 'high'].includes(def.significance)) {
    throw new FormspamError('INVALID_OPTIONS', `defineRule(${def.id}): significance must be low, medium or high`);
  }
  checkFormula(def.id, def.formula);
  const reasons: unknown = def.skipReasons;
  if (reasons !== undefined && !(Array.isArray(reasons) && reasons.every((r) => typeof r === 'string' && SKIP_REASON.test(r)))) {
    throw new FormspamError('INVALID_OPTIONS', `defineRule(${def.id}): skipReasons must be an array of kebab-case codes such as "no-data"`);
  }
  if (def.onlyWith !== undefined && typeof def.onlyWith !== 'string') {
    throw new FormspamError('INVALID_OPTIONS', `defineRule(${def.id}): onlyWith must name a provider`);
  }
  return Object.freeze({
    id: def.id,
    category: m[1] as Category,
    name: m[2]!,
    significance: def.significance,
    formula: def.formula,
    description: def.description,
    needs: (def.needs ?? {}) as N,
    ...(def.skipReasons === undefined ? {} : { skipReasons: Object.freeze([...def.skipReasons]) }),
    ...(def.onlyWith === undefined ? {} : { onlyWith: def.onlyWith }),
    score: def.score,
  });
}
