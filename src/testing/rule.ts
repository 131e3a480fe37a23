/**
 * The rule harness of `formspam/testing`: each case runs through the real engine (prepared with
 * only the rule under test), with the rule's facts given as literal values, so there is nothing
 * to mock. It imports the engine and nothing of the conformance suites, so that a rule's test
 * loads its rule, its facts and the engine.
 */
import { AssertionError } from 'node:assert';
import { prepare, prepareRules, run } from '../engine/classify.js';
import type { ClassifyRequest } from '../core/request.js';
import type { ClassifyResponse, RuleResult } from '../core/response.js';
import { ENGINE_SKIP_REASONS, FactUnavailable, type AnyRule, type EngineSkipReason, type FactDefinition, type Rule } from '../core/rule.js';

export { ENGINE_SKIP_REASONS, type EngineSkipReason };

const FAILURE = Symbol('formspam.factFailure');

/**
 * A fact that failed to arrive, e.g. `factFailure('timeout')`; the rule must then be skipped.
 * `timeout`, `provider-error` and `no-provider` are the engine's failures; any other reason is
 * the provider's or the fact's `FactUnavailable(reason)` (`invalid-email`, `no-data`, `offline`).
 */
export interface FactFailure {
  readonly [FAILURE]: true;
  readonly reason: 'timeout' | 'provider-error' | 'no-provider' | (string & {});
}
export function factFailure(reason: FactFailure['reason']): FactFailure {
  return { [FAILURE]: true, reason };
}

interface BaseCase {
  /** Test name; defaults to the request. */
  name?: string;
  /** The request, or a string as a shorthand for `{ text }`. */
  request: ClassifyRequest | string;
  /** Values (or `factFailure(...)`) of the rule's facts, by the names in the rule's `needs`. */
  facts?: Record<string, unknown>;
}
export interface HitCase extends BaseCase {
  /** Expected number of occurrences (the `n` of the formula). */
  count?: number;
  /** Expected matched values, in order. */
  values?: string[];
  /** Expected fields of the matches, in order. */
  fields?: string[];
  /** Expected score of the rule. */
  score?: number;
}
/** `R`: the rule's declared skip reasons (any string for a rule that declares none). */
export interface SkipCase<R extends string = string> extends BaseCase {
  reason: R | EngineSkipReason;
}
export interface RuleCases<R extends string = string> {
  hits?: readonly (HitCase | string)[];
  misses?: readonly (BaseCase | string)[];
  skips?: readonly SkipCase<R>[];
}

export interface RuleCaseResult {
  result: RuleResult;
  response: ClassifyResponse;
}

function toCase<T extends BaseCase>(c: T | string): T {
  return (typeof c === 'string' ? { request: c } : c) as T;
}

function label(c: BaseCase): string {
  if (c.name) return c.name;
  const text = JSON.stringify(c.request);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Runs one case through the engine with only `rule` enabled and returns the rule's result. */
export async function runRuleCase(rule: AnyRule, c: BaseCase | string): Promise<RuleCaseResult> {
  const kase = toCase(c);
  const request = typeof kase.request === 'string' ? { text: kase.request } : kase.request;
  const needs: Record<string, FactDefinition> = {};
  for (const [local, fact] of Object.entries(rule.needs)) {
    const has = kase.facts !== undefined && Object.hasOwn(kase.facts, local);
    const value = has ? kase.facts![local] : undefined;
    // An optional fact the case gives no value for is "no provider": the rule runs with undefined.
    const missing = (!has && fact.optional === true) ||
      (value && typeof value === 'object' && FAILURE in value && (value as FactFailure).reason === 'no-provider');
    needs[local] = {
      key: fact.key,
      ...(fact.optional === true ? { optional: true } : {}),
      provider: missing ? 'formspam-testing-missing' : 'formspam-testing',
      fetch: (async () => {
        if (!has) throw new Error(`test case gives no value for the fact "${local}"`);
        if (value && typeof value === 'object' && FAILURE in value) {
          const reason = (value as FactFailure).reason;
          if (reason === 'timeout') return new Promise(() => {});
          if (reason === 'provider-error') throw new Error('provider failed (test case)');
          throw new FactUnavailable(reason, `${reason} (test case)`);
        }
        return value;
      }) as FactDefinition['fetch'],
    };
  }
  // The case's facts stand in for the providers, so a rule that runs only with a provider (`onlyWith`) runs here.
  const { onlyWith: _onlyWith, ...plain } = rule;
  const clone = { ...plain, needs } as AnyRule;
  const owner = { factory: 'testRule' };
  const prepared = prepare({ maxMatches: 1000, timeoutMs: 50 }, prepareRules([clone], [], owner), owner);
  const response = await run(prepared, { 'formspam-testing': {} }, request, undefined, undefined);
  const category = response[rule.category] as { rules: Record<string, RuleResult> } | undefined;
  const result = category?.rules[rule.name];
  if (!result) {
    throw new AssertionError({ message: `${rule.id} did not run: the request has no ${rule.category} input` });
  }
  return { result, response };
}

function fail(message: string, actual: unknown, expected?: unknown): never {
  throw new AssertionError({ message, actual, expected, operator: 'testRule' });
}

/** Checks one hit case; throws an AssertionError that says what differed. */
export async function expectHit(rule: AnyRule, c: HitCase | string): Promise<void> {
  const kase = toCase(c);
  const { result } = await runRuleCase(rule, kase);
  // A hit changes the score: up, or down for the one formula that may take points off (buckets).
  if (result.skipped !== undefined || result.score === 0) fail(`${rule.id} should hit ${label(kase)}`, result);
  if (kase.count !== undefined && result.count !== kase.count) {
    fail(`${rule.id} on ${label(kase)}: count ${result.count} instead of ${kase.count}`, result, kase.count);
  }
  const values = result.matches?.map((m) => m.value) ?? [];
  if (kase.values !== undefined && JSON.stringify(values) !== JSON.stringify(kase.values)) {
    fail(`${rule.id} on ${label(kase)}: matched ${JSON.stringify(values)} instead of ${JSON.stringify(kase.values)}`, values, kase.values);
  }
  const fields = result.matches?.map((m) => m.field) ?? [];
  if (kase.fields !== undefined && JSON.stringify(fields) !== JSON.stringify(kase.fields)) {
    fail(`${rule.id} on ${label(kase)}: fields ${JSON.stringify(fields)} instead of ${JSON.stringify(kase.fields)}`, fields, kase.fields);
  }
  if (kase.score !== undefined && result.score !== kase.score) {
    fail(`${rule.id} on ${label(kase)}: score ${result.score} instead of ${kase.score}`, result.score, kase.score);
  }
}

/** Checks one miss case. */
export async function expectMiss(rule: AnyRule, c: BaseCase | string): Promise<void> {
  const kase = toCase(c);
  const { result } = await runRuleCase(rule, kase);
  if (result.skipped !== undefined) fail(`${rule.id} should miss ${label(kase)} but was skipped (${result.skipped})`, result);
  if (result.score !== 0) fail(`${rule.id} should miss ${label(kase)}`, result);
}

/**
 * The reasons `rule` may be skipped with: its `skipReasons` and {@link ENGINE_SKIP_REASONS};
 * null when the rule declares none (any reason).
 */
export function allowedSkipReasons(rule: AnyRule): readonly string[] | null {
  return rule.skipReasons === undefined ? null : [...rule.skipReasons, ...ENGINE_SKIP_REASONS];
}

/** Checks one skip case; its reason must be one the rule declares (when it declares `skipReasons`). */
export async function expectSkip(rule: AnyRule, c: SkipCase): Promise<void> {
  const allowed = allowedSkipReasons(rule);
  if (allowed !== null && !allowed.includes(c.reason)) {
    fail(`${rule.id} cannot skip with "${c.reason}": it declares ${JSON.stringify(rule.skipReasons)}, and the engine's are ${ENGINE_SKIP_REASONS.join(', ')}`, c.reason, allowed);
  }
  const { result } = await runRuleCase(rule, c);
  if (result.skipped !== c.reason) fail(`${rule.id} should skip ${label(c)} with "${c.reason}"`, result, c.reason);
  if (result.score !== 0) fail(`${rule.id} scored ${result.score} although skipped`, result);
}

type Describe = (name: string, fn: () => void) => void;
type It = (name: string, fn: () => Promise<void>) => void;

/**
 * Declares one test per case under `describe(rule.id)`. Uses the test runner's global
 * `describe` and `it` (vitest with `globals: true`, jest, mocha), or the ones you pass.
 */
export function testRule<R extends string = string>(rule: Rule<Readonly<Record<string, FactDefinition>>, R>, cases: RuleCases<NoInfer<R>>, runner: { describe?: Describe; it?: It } = {}): void {
  const g = globalThis as { describe?: Describe; it?: It };
  const describe = runner.describe ?? g.describe;
  const it = runner.it ?? g.it;
  if (!describe || !it) {
    throw new Error('testRule: no global describe/it; pass them: testRule(rule, cases, { describe, it })');
  }
  const count = (cases.hits?.length ?? 0) + (cases.misses?.length ?? 0) + (cases.skips?.length ?? 0);
  if (count === 0) throw new Error(`testRule(${rule.id}): no cases`);
  describe(rule.id, () => {
    for (const c of cases.hits ?? []) it(`hits ${label(toCase(c))}`, () => expectHit(rule as AnyRule, c));
    for (const c of cases.misses ?? []) it(`misses ${label(toCase(c))}`, () => expectMiss(rule as AnyRule, c));
    for (const c of cases.skips ?? []) it(`skips (${c.reason}) ${label(c)}`, () => expectSkip(rule as AnyRule, c));
  });
}
