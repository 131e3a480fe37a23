// A provider's answer that is not a promise (nor an object or function with a `then` method) is
// taken as the fact's value at once (src/engine/classify.ts, fetchFacts), instead of through
// `Promise.resolve(answer).then(…)`. The responses must be those of providers whose every answer
// is that promise: random sets of facts answered every way (values of every type, promises,
// thenables, objects with a `then` that is not a function or throws when read, throws, rejections,
// FactUnavailable), each compared with the same facts' answers wrapped in `Promise.resolve`.
import { describe, expect, it } from 'vitest';
import { createClassifier, defineFact, defineRule, FactUnavailable, hit, miss, type Providers } from '../../src/index.js';

type Answer = () => unknown;

const VALUES: readonly unknown[] = [true, false, 0, 7, 'listed', '', null, undefined, ['a', 'b'], { then: 3 }, { then: null }, { listed: 1 }, () => 'fn'];

function answers(next: (n: number) => number): Answer[] {
  const kinds: ((v: unknown) => Answer)[] = [
    (v) => () => v,
    (v) => () => v,
    (v) => () => Promise.resolve(v),
    (v) => () => ({ then: (ok: (x: unknown) => void) => ok(v) }),
    () => () => {
      throw new Error('broken provider');
    },
    () => () => Promise.reject(new Error('rejected')),
    () => () => {
      throw new FactUnavailable('no-data');
    },
    () => () => Promise.reject(new FactUnavailable('offline', 'switched off', { report: true })),
    () => () =>
      Object.defineProperty({}, 'then', {
        get() {
          throw new Error('then read');
        },
      }),
  ];
  return Array.from({ length: 4 }, () => kinds[next(kinds.length)]!(VALUES[next(VALUES.length)]));
}

const facts = Array.from({ length: 4 }, (_, i) =>
  defineFact({ key: `test.f${i}`, provider: `p${i}`, optional: i % 2 === 1, fetch: (p: { get(): unknown }) => p.get() } as never),
);
const describeValue = (v: unknown): string => (typeof v === 'function' ? 'function' : JSON.stringify(v) ?? 'undefined');
const rules = facts.map((fact, i) =>
  defineRule({
    id: `email.F${i}`,
    significance: 'low',
    formula: { per: 1 },
    description: '',
    needs: { value: fact } as never,
    score: (_req, { value }: { value: unknown }) => (value === undefined || value === false ? miss({ seen: describeValue(value) }) : hit([{ value: describeValue(value) }])),
  }),
);

describe('facts answered synchronously', () => {
  it('give the responses of the same answers as promises', async () => {
    let seed = 5;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 16) % n;
    for (let k = 0; k < 400; k++) {
      const set = answers(next);
      const present = set.map(() => next(5) !== 0);
      const direct: Providers = {};
      const wrapped: Providers = {};
      set.forEach((answer, i) => {
        if (!present[i]) return;
        (direct as Record<string, unknown>)[`p${i}`] = { get: answer };
        (wrapped as Record<string, unknown>)[`p${i}`] = {
          get: () => {
            const a = answer();
            return Promise.resolve(a);
          },
        };
      });
      const request = { email: 'jana@example.com' };
      const got = await createClassifier({ rules, providers: direct, timeoutMs: 1000 }).classify(request, { id: 'd_test' });
      const want = await createClassifier({ rules, providers: wrapped, timeoutMs: 1000 }).classify(request, { id: 'd_test' });
      expect(JSON.stringify(got), String(k)).toBe(JSON.stringify(want));
    }
  });
});
