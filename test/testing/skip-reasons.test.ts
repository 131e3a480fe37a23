// Skip reasons typed per rule: defineRule's `skipReasons`, checked by TypeScript in `score` and
// by testRule in the skip cases; a rule that declares none keeps taking any reason.
import { describe, expect, it } from 'vitest';
import type { NormalizedRequest } from '../../src/core/request.js';
import { defineRule, hit, miss, skip, type RuleOutcome } from '../../src/core/rule.js';
import torRule from '../../src/rules/ip-address/tor.js';
import { ENGINE_SKIP_REASONS, expectSkip, factFailure, testRule } from '../../src/testing/index.js';

// Skips with whatever the request's `fields.why` says, so a case can make it give an undeclared reason.
const echo = (request: NormalizedRequest): RuleOutcome => {
  const why = request.text?.segments.find((s) => s.field === 'why')?.text;
  return why === undefined ? miss() : skip(why);
};

const plain = { significance: 'low', formula: { fixed: 1 }, description: 'Skips with the reason a test asks for.' } as const;

const declared = defineRule({
  id: 'text.DECLARED_SKIPS',
  ...plain,
  skipReasons: ['too-short'],
  // The cast stands for a rule that gives a reason it forgot to declare.
  score: (request) => echo(request) as RuleOutcome<'too-short'>,
});

const undeclared = defineRule({
  id: 'text.UNDECLARED_SKIPS',
  ...plain,
  score: (request) => echo(request),
});

const asking = (why: string) => ({ request: { fields: { message: 'hello there', why } } });

describe('testRule and declared skip reasons', () => {
  it('passes a skip case with a declared reason', async () => {
    await expectSkip(declared, { ...asking('too-short'), reason: 'too-short' });
  });

  it('fails a skip case whose reason the rule does not declare, although the rule gives it', async () => {
    // The rule does skip with "typo-reason": only the declaration check can fail this case.
    await expect(expectSkip(declared, { ...asking('typo-reason'), reason: 'typo-reason' })).rejects.toThrow(
      /text\.DECLARED_SKIPS cannot skip with "typo-reason": it declares \["too-short"\]/,
    );
  });

  it('fails a built-in rule\'s skip case with another rule\'s reason', async () => {
    await expect(
      expectSkip(torRule, { request: { ipAddress: '185.220.101.1' }, facts: { reputation: factFailure('invalid-email') }, reason: 'invalid-email' }),
    ).rejects.toThrow(/ipAddress\.TOR cannot skip with "invalid-email"/);
  });

  it('allows every engine reason for every rule', async () => {
    for (const reason of ENGINE_SKIP_REASONS) await expectSkip(declared, { ...asking(reason), reason });
  });

  it('still fails a declared reason the rule does not give', async () => {
    await expect(expectSkip(declared, { ...asking('timeout'), reason: 'too-short' })).rejects.toThrow(/should skip .* with "too-short"/);
  });

  it('takes any reason from a rule that declares none', async () => {
    expect(undeclared.skipReasons).toBeUndefined();
    await expectSkip(undeclared, { ...asking('anything-at-all'), reason: 'anything-at-all' });
  });

  it('reports the undeclared reason through testRule', async () => {
    const tests: { name: string; fn: () => Promise<void> }[] = [];
    testRule(declared, { skips: [{ ...asking('typo-reason'), reason: 'typo-reason' as 'too-short' }] }, {
      describe: (_name, fn) => fn(),
      it: (name, fn) => tests.push({ name, fn }),
    });
    expect(tests.map((t) => t.name)).toEqual(['skips (typo-reason) {"fields":{"message":"hello there","why":"typo-reason"}}']);
    await expect(tests[0]!.fn()).rejects.toThrow(/cannot skip with "typo-reason"/);
  });
});

describe('defineRule skipReasons', () => {
  it('keeps the declared reasons on the rule, frozen', () => {
    expect(declared.skipReasons).toEqual(['too-short']);
    expect(Object.isFrozen(declared.skipReasons)).toBe(true);
  });

  it.each([[['Not-Kebab']], [['no data']], [['']], ['no-data'], [[1]]])('rejects skipReasons %j', (skipReasons) => {
    expect(() =>
      defineRule({ id: 'text.BAD_SKIPS', ...plain, skipReasons: skipReasons as never, score: () => miss() }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS', message: expect.stringMatching(/defineRule\(text\.BAD_SKIPS\): skipReasons must be/) }));
  });

  it('types skip() in score by the declared reasons (checked by npm run typecheck)', () => {
    const typed = defineRule({
      id: 'text.TYPED_SKIPS',
      ...plain,
      skipReasons: ['no-data'],
      // TypeScript reports the wrong reason here, at score ("'no-dta' is not assignable to … Did you mean 'no-data'?").
      // @ts-expect-error: "no-dta" is neither declared nor an engine reason
      score(request) {
        if (request.text === null) return skip('no-data');
        if (request.text.joined === '') return skip('timeout');
        if (request.text.joined === 'x') return skip('no-dta');
        return hit([]);
      },
    });
    // @ts-expect-error: a skip case with a reason the rule does not declare is a type error too
    const cases: Parameters<typeof testRule<'no-data'>>[1] = { skips: [{ request: 'x', reason: 'no-dta' }] };
    expect(typed.skipReasons).toEqual(['no-data']);
    expect(cases.skips).toHaveLength(1);
  });
});
