// Runs a formspam/testing conformance suite outside the test runner, case by case, and says
// how each case ended: so a test can feed a suite a deliberately broken provider and show
// that the suite fails (and which cases), or read the reasons of its skips.
import { expect, it } from 'vitest';
import type { Runner } from '../../src/testing/runner.js';

export type CaseOutcome =
  | { status: 'passed' }
  | { status: 'failed'; error: unknown }
  | { status: 'skipped'; reason: string };

class Skipped extends Error {
  constructor(readonly reason: string) {
    super(`skipped: ${reason}`);
  }
}

/** Declares the suite with a collecting runner, runs it (hooks included), returns each case's outcome by name. */
export async function runSuite(declare: (runner: Runner) => void): Promise<Map<string, CaseOutcome>> {
  type Fn = () => Promise<void> | void;
  const beforeAll: Fn[] = [];
  const afterAll: Fn[] = [];
  const beforeEach: Fn[] = [];
  const afterEach: Fn[] = [];
  const cases: { name: string; fn: (...args: unknown[]) => Promise<void> }[] = [];
  const runner: Runner = {
    describe: (_name, fn) => fn(),
    it: (name, fn) => void cases.push({ name, fn: fn as (...args: unknown[]) => Promise<void> }),
    beforeAll: (fn) => void beforeAll.push(fn),
    afterAll: (fn) => void afterAll.push(fn),
    beforeEach: (fn) => void beforeEach.push(fn),
    afterEach: (fn) => void afterEach.push(fn),
  };
  declare(runner);
  const outcomes = new Map<string, CaseOutcome>();
  for (const fn of beforeAll) await fn();
  try {
    for (const c of cases) {
      if (outcomes.has(c.name)) throw new Error(`two cases named ${JSON.stringify(c.name)}`);
      for (const fn of beforeEach) await fn();
      const context = {
        skip(reason: string): never {
          throw new Skipped(reason);
        },
      };
      try {
        await c.fn(context);
        outcomes.set(c.name, { status: 'passed' });
      } catch (error) {
        outcomes.set(c.name, error instanceof Skipped ? { status: 'skipped', reason: error.reason } : { status: 'failed', error });
      }
      for (const fn of afterEach) await fn();
    }
  } finally {
    for (const fn of afterAll) await fn();
  }
  return outcomes;
}

/** The names of the cases with `status`. */
export function casesWith(outcomes: Map<string, CaseOutcome>, status: CaseOutcome['status']): string[] {
  return [...outcomes].filter(([, o]) => o.status === status).map(([name]) => name);
}

/**
 * A tracker of the calls of a fake provider in flight: `track(fn)` runs `fn` a turn of the
 * event loop later with the number of calls in flight, so a broken copy can answer concurrent
 * callers differently.
 */
export function inFlight(): <T>(fn: (busy: number) => T | Promise<T>) => Promise<T> {
  let busy = 0;
  return async (fn) => {
    busy++;
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return await fn(busy);
    } finally {
      busy--;
    }
  };
}

/**
 * One test per broken provider: the suite, declared by `declare` with it, fails exactly the
 * cases `fails` names (keys of `cases`, the cases' full names) and skips none; and one test that
 * every case fails for some broken provider.
 */
export function expectSuiteFails<K extends string, B extends { fault: string; fails: readonly K[] }>(
  cases: Readonly<Record<K, string>>,
  broken: readonly B[],
  declare: (b: B, runner: Runner) => void,
): void {
  for (const b of broken) {
    it(`fails (only) the cases that check ${b.fault}`, async () => {
      const outcomes = await runSuite((runner) => declare(b, runner));
      expect(casesWith(outcomes, 'failed')).toEqual(b.fails.map((k) => cases[k]));
      expect(casesWith(outcomes, 'skipped')).toEqual([]);
    });
  }
  it('has a broken provider for every case', () => {
    expect(new Set(broken.flatMap((b) => b.fails))).toEqual(new Set(Object.keys(cases)));
  });
}
