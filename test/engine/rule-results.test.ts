// The engine makes each rule's result in one object literal per set of keys and copies the
// evidence with one of several copiers (src/engine/classify.ts): the same result as the one it
// stands for, `{ score: 0, significance }` with the score, count and matches, skipped and a spread
// of the evidence added in that order. Random outcomes of 40 rules (more rules than copiers, so
// copiers are shared and see several shapes), compared key for key and byte for byte. And each
// match made in one literal for the usual sets of keys: the same as the match grown key by key.
import { describe, expect, it } from 'vitest';
import { createClassifier, defineRule, hit, miss, skip, type Match, type RuleOutcome } from '../../src/index.js';
import { matchResult } from '../../src/engine/classify.js';
import type { MatchResult } from '../../src/core/response.js';

type Outcome = RuleOutcome;
type Result = Record<string, unknown>;

/** What the engine made before: the result object grown key by key. */
function reference(outcome: Outcome, significance: string, per: number): Result {
  const result: Result = { score: 0, significance };
  if (outcome.kind === 'hit') {
    let n = 0;
    for (const m of outcome.matches) n += typeof m.count === 'number' && m.count > 0 ? m.count : 1;
    result.score = Math.round(n * per * 100) / 100;
    if (outcome.matches.length > 0) {
      result.count = n;
      result.matches = outcome.matches.slice(0, 10).map((m) => ({ value: m.value, ...(m.count !== undefined && m.count !== 1 && { count: m.count }) }));
    }
  } else if (outcome.kind === 'skip') {
    result.skipped = outcome.reason;
  }
  if (outcome.evidence !== undefined) result.evidence = { ...outcome.evidence };
  return result;
}

describe('rule results', () => {
  it('are the key-by-key results, evidence copied, on random outcomes', async () => {
    let seed = 7;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 16) % n;
    const keys = ['classifier', 'lexicons', 'length', 'threshold', 'probability', 'model', 'features', 'words', '1', 'valence', 'reliable', 'list'];
    const values = [0, 1, 0.25, -3, 'ru', '', true, false, null, ['a', 'b'], 2 ** 40];
    const evidenceOf = (): Outcome['evidence'] => {
      const r = next(8);
      if (r < 3) return undefined;
      if (r === 3) return null as never; // a hand-made rule's, spread as {}
      const e: Record<string, unknown> = {};
      const n = 1 + next(4);
      for (let i = 0; i < n; i++) e[keys[next(keys.length)]!] = values[next(values.length)];
      return e as Outcome['evidence'];
    };
    const outcomeOf = (): Outcome => {
      const kind = next(3);
      if (kind === 0) {
        const matches = Array.from({ length: next(4) }, (_, i) => (next(3) === 0 ? { value: `v${i}`, count: 1 + next(3) } : { value: `v${i}` }));
        return hit(matches, evidenceOf());
      }
      if (kind === 1) return miss(evidenceOf());
      return skip(['no-data', 'too-short'][next(2)]!, evidenceOf());
    };
    const significances = ['low', 'medium', 'high'] as const;
    const given = new Map<string, Outcome>();
    const rules = Array.from({ length: 40 }, (_, i) =>
      defineRule({
        id: `text.R${String(i).padStart(2, '0')}`,
        significance: significances[i % 3]!,
        formula: { per: [0.5, 1, 0.25][i % 3]! },
        description: '',
        score: () => {
          const o = outcomeOf();
          given.set(`R${String(i).padStart(2, '0')}`, o);
          return o;
        },
      }),
    );
    const classifier = createClassifier({ rules, providers: {} });
    for (let k = 0; k < 300; k++) {
      given.clear();
      const response = await classifier.classify({ text: 'Hello there' });
      const results = response.text!.rules as unknown as Record<string, Result>;
      expect(Object.keys(results).length).toBe(40);
      for (const [name, result] of Object.entries(results)) {
        const i = Number(name.slice(1));
        const outcome = given.get(name)!;
        const want = reference(outcome, significances[i % 3]!, [0.5, 1, 0.25][i % 3]!);
        expect(JSON.stringify(result)).toBe(JSON.stringify(want));
        expect(Object.keys(result)).toEqual(Object.keys(want));
        expect(result).toStrictEqual(want);
        if (outcome.evidence !== undefined && outcome.evidence !== null) expect(result.evidence).not.toBe(outcome.evidence);
      }
    }
  });
});

/** The engine's match result before it made the usual sets of keys in one literal each. */
function matchResultByKeys(m: Match): MatchResult {
  const out = {} as MatchResult;
  if (m.field !== undefined) out.field = m.field;
  out.value = m.value.length > 100 ? `${m.value.slice(0, 99)}…` : m.value;
  if (m.index !== undefined) out.index = m.index;
  if (m.count !== undefined && m.count !== 1) out.count = m.count;
  if (m.weight !== undefined) out.weight = m.weight;
  if (m.reason !== undefined) out.reason = m.reason;
  return out;
}

describe('matchResult', () => {
  it('is the key-by-key result on random matches', () => {
    let seed = 11;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 16) % n;
    const long = 'x'.repeat(99) + 'yz';
    const pick = <T>(xs: readonly T[]): T => xs[next(xs.length)]!;
    for (let k = 0; k < 20000; k++) {
      const m: Match = { value: pick(['a', '', long, 'x'.repeat(100), 'wörd']) };
      // Keys set in a random order, some explicitly undefined.
      const parts: (() => void)[] = [
        () => next(3) !== 0 && (m.field = pick(['message', 'text', 'text[1]', undefined as never])),
        () => next(3) !== 0 && (m.index = pick([0, 7, 120, undefined as never])),
        () => next(3) === 0 && (m.count = pick([1, 2, 0, 5, undefined as never])),
        () => next(2) === 0 && (m.weight = pick([0.5, -0.81, 0, 3, undefined as never])),
        () => next(2) === 0 && (m.reason = pick(['ham', 'spam', 'row', '', undefined as never])),
      ];
      for (let i = parts.length - 1; i > 0; i--) {
        const j = next(i + 1);
        [parts[i], parts[j]] = [parts[j]!, parts[i]!];
      }
      for (const part of parts) part();
      const got = matchResult(m);
      const want = matchResultByKeys(m);
      expect(JSON.stringify(got), JSON.stringify(m)).toBe(JSON.stringify(want));
      expect(Object.keys(got)).toEqual(Object.keys(want));
      expect(got).toStrictEqual(want);
    }
  });
});
