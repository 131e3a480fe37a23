import { describe, expect, it } from 'vitest';
import {
  classify,
  defaultRules,
  defineFact,
  defineRule,
  FactUnavailable,
  hit,
  miss,
  skip,
  type ClassifyResponse,
  type Providers,
} from '../../src/index.js';

const LONG_OK = 'Hello, I would like to know the price of your enterprise plan for 40 people. Thanks, Maria';

/** A rule that scores `n` matches of `weight`, to drive the thresholds exactly. */
function scoring(n: number, per: number) {
  return defineRule({
    id: 'text.TEST_SCORE',
    significance: 'low',
    formula: { per },
    description: 'test',
    score: () => (n > 0 ? hit(Array.from({ length: n }, (_, i) => ({ value: String(i) }))) : miss()),
  });
}

describe('classify: the examples of the issue', () => {
  it('calls "1; drop table users" BAD with text.SQL_INJECTION', async () => {
    const r = await classify({ text: '1; drop table users' });
    expect(r.classification).toBe('BAD');
    expect(r.reasons).toContain('text.SQL_INJECTION');
    expect(r.reasons[0]).toBe('text.SQL_INJECTION');
  });
  it('calls a normal enquiry GOOD with no reasons', async () => {
    const r = await classify({ text: LONG_OK });
    expect(r).toMatchObject({ classification: 'GOOD', score: 0, reasons: [] });
  });
});

describe('thresholds: GOOD < 1, NEUTRAL 1..2 inclusive, BAD > 2', () => {
  it.each([
    [0, 0.25, 'GOOD', 0],
    [3, 0.25, 'GOOD', 0.75],
    [4, 0.25, 'NEUTRAL', 1],
    [1, 0.99, 'GOOD', 0.99],
    [8, 0.25, 'NEUTRAL', 2],
    [9, 0.25, 'BAD', 2.25],
    [1, 2.01, 'BAD', 2.01],
    // 0.1 × 3 is 0.30000000000000004 in floating point; the score must print as 0.3.
    [3, 0.1, 'GOOD', 0.3],
    [20, 0.1, 'NEUTRAL', 2],
    [7, 0.3, 'BAD', 2.1],
  ])('%i × %f is %s with score %f', async (n, per, label, score) => {
    const r = await classify({ text: 'x' }, {}, { rules: [scoring(n, per)] });
    expect(r.classification).toBe(label);
    expect(r.score).toBe(score);
    expect(r.text!.score).toBe(score);
    expect(JSON.stringify(r.score)).toBe(String(score));
  });

  it('never prints more than two decimals', async () => {
    for (const per of [0.1, 0.2, 0.3, 0.7, 1 / 3, 0.15]) {
      for (let n = 1; n < 30; n++) {
        const r = await classify({ text: 'x' }, {}, { rules: [scoring(n, per)] });
        expect(String(r.score)).toMatch(/^\d+(\.\d{1,2})?$/);
      }
    }
  });
});

describe('response shape', () => {
  it('has a category object only for the inputs given', async () => {
    expect(Object.keys(await classify({ text: LONG_OK }))).toEqual(['id', 'classification', 'score', 'reasons', 'text']);
    expect(Object.keys(await classify({ email: '@example.com' }))).toEqual(['id', 'classification', 'score', 'reasons', 'email']);
    expect(Object.keys(await classify({ ipAddress: '192.0.2.1', timeZone: 'Europe/Prague' }))).toEqual([
      'id', 'classification', 'score', 'reasons', 'ipAddress', 'timeZone', 'country',
    ]);
    expect(Object.keys(await classify({ text: [] }))).toEqual(['id', 'classification', 'score', 'reasons']);
    expect(Object.keys(await classify({ fields: {} }))).toEqual(['id', 'classification', 'score', 'reasons']);
  });

  it('lists every evaluated text rule, hit or not, in name order', async () => {
    const r = await classify({ text: LONG_OK });
    // Rules that run only with a provider (`onlyWith`: text.SITE_MODEL) are absent without it.
    const names = defaultRules.filter((x) => x.category === 'text' && x.onlyWith === undefined).map((x) => x.name).sort();
    expect(Object.keys(r.text!.rules)).toEqual(names);
    for (const result of Object.values(r.text!.rules)) {
      expect(result.score).toBe(0);
      expect(['low', 'medium', 'high']).toContain(result.significance);
    }
  });

  it('gives each hit its count and matches with the field they came from', async () => {
    const r = await classify({ fields: { name: 'Bob', message: 'Visit https://a.example.com and www.b.example.org today, friend!' } });
    expect(r.text!.rules.URL).toMatchObject({
      score: 1,
      count: 2,
      matches: [
        { field: 'message', value: 'https://a.example.com' },
        { field: 'message', value: 'www.b.example.org' },
      ],
    });
  });

  it('caps the listed matches but not the count', async () => {
    const r = await classify({ text: '!!! '.repeat(30).trim() + ' that is a lot of exclamation marks' });
    expect(r.text!.rules.EXCLAMATION!.count).toBe(30); // 30 runs of "!!!", each one exclamation
    expect(r.text!.rules.EXCLAMATION!.matches).toHaveLength(10);
  });

  it('sorts reasons by score, then by name', async () => {
    const r = await classify({ text: "<script>alert(1)</script> ' OR 1=1 -- BUY NOW!!! http://x.example.com #deal" });
    const scores = r.reasons.map((id) => {
      const [category, name] = id.split('.') as ['text', string];
      return r[category]!.rules[name]!.score;
    });
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(r.reasons.slice(0, 2).sort()).toEqual(['text.HTML_INJECTION', 'text.SQL_INJECTION']);
    const sum = Object.values(r.text!.rules).reduce((s, x) => s + x.score, 0);
    expect(r.score).toBeCloseTo(sum, 10);
  });

  it('text wins over fields', async () => {
    const r = await classify({ text: LONG_OK, fields: { message: '1; drop table users' } });
    expect(r.classification).toBe('GOOD');
  });

  it('joins fields in order for length rules, so a short name does not make a long message short', async () => {
    const r = await classify({ fields: { name: 'Jo', message: LONG_OK } });
    expect(r.text!.rules.SHORT_TEXT!.score).toBe(0);
  });

  it('accepts text as an array and names the items', async () => {
    const r = await classify({ text: ['Hello there, a question about the order', 'See https://example.com please'] });
    expect(r.text!.rules.URL!.matches![0]!.field).toBe('text[1]');
  });
});

describe('disableRules and weights', () => {
  it('leaves disabled rules out of the response and the score', async () => {
    const r = await classify({ text: '1; drop table users', disableRules: ['text.SQL_INJECTION', 'text.SHORT_TEXT'] });
    expect(r.text!.rules.SQL_INJECTION).toBeUndefined();
    expect(r.classification).toBe('GOOD');
  });

  it('overrides a per-match weight', async () => {
    const r = await classify({ text: `${LONG_OK} https://example.com` }, {}, { weights: { 'text.URL': 3 } });
    expect(r.text!.rules.URL!.score).toBe(3);
    expect(r.classification).toBe('BAD');
  });

  it('overrides a fixed score, down to zero', async () => {
    const r = await classify({ text: 'short' }, {}, { weights: { 'text.SHORT_TEXT': 0 } });
    expect(r.text!.rules.SHORT_TEXT!.score).toBe(0);
    expect(r.reasons).not.toContain('text.SHORT_TEXT');
  });
});

describe('custom rules', () => {
  const shouting = defineRule({
    id: 'text.ALL_CAPS',
    significance: 'medium',
    formula: { fixed: 1.5 },
    description: 'The whole text is in capitals.',
    score: ({ text }) => (text && /\p{Lu}/u.test(text.joined) && text.joined === text.joined.toUpperCase() ? hit([]) : miss()),
  });

  it('runs next to the defaults', async () => {
    const r = await classify({ text: 'HELLO THERE' }, {}, { rules: [...defaultRules, shouting] });
    expect(r.reasons).toContain('text.ALL_CAPS');
    expect(r.text!.rules.ALL_CAPS).toMatchObject({ score: 1.5, significance: 'medium' });
  });

  it('reports a rule that throws as skipped with rule-error, and keeps going', async () => {
    const broken = defineRule({
      id: 'text.BROKEN', significance: 'low', formula: { per: 1 }, description: 'throws',
      score: () => {
        throw new Error('boom');
      },
    });
    const r = await classify({ text: '1; drop table users' }, {}, { rules: [...defaultRules, broken] });
    expect(r.text!.rules.BROKEN).toEqual({ score: 0, significance: 'low', skipped: 'rule-error' });
    expect(r.errors).toEqual([{ provider: 'rule', subject: 'text.BROKEN', reason: 'rule-error', message: 'boom' }]);
    expect(r.classification).toBe('BAD');
  });

  it('treats a rule that returns garbage as a rule error', async () => {
    const bad = defineRule({
      id: 'text.GARBAGE', significance: 'low', formula: { per: 1 }, description: 'garbage',
      score: () => ({ kind: 'hit', matches: 'nope' }) as never,
    });
    const r = await classify({ text: 'hi' }, {}, { rules: [bad] });
    expect(r.text!.rules.GARBAGE!.skipped).toBe('rule-error');
    expect(r.score).toBe(0);
  });

  it('rejects malformed rule ids at definition time', () => {
    expect(() => defineRule({ id: 'text.lower' as never, significance: 'low', formula: { per: 1 }, description: '', score: () => miss() })).toThrow(/RULE/);
    expect(() => defineRule({ id: 'body.X' as never, significance: 'low', formula: { per: 1 }, description: '', score: () => miss() })).toThrow(/category/);
    expect(() => defineRule({ id: 'text.X', significance: 'huge' as never, formula: { per: 1 }, description: '', score: () => miss() })).toThrow(/significance/);
  });

  it('rejects two rules with the same id', async () => {
    await expect(classify({ text: 'x' }, {}, { rules: [shouting, shouting] })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });
});

describe('providers: failures are data, never evidence', () => {
  interface Echo {
    ask(value: string, o: { signal: AbortSignal }): Promise<boolean>;
  }
  const fact = defineFact({
    key: 'test.echo',
    provider: 'echo',
    fetch: (p: Echo, req, o) => p.ask(req.email ?? '', o),
  });
  const needsEcho = defineRule({
    id: 'email.ECHO',
    significance: 'high',
    formula: { fixed: 5 },
    description: 'hits when the provider says so',
    needs: { listed: fact },
    score: (_req, { listed }) => (listed ? hit([{ value: 'listed' }]) : miss()),
  });
  const run = (providers: Providers, options = {}) =>
    classify({ email: '@example.com' }, providers, { rules: [needsEcho], timeoutMs: 100, ...options });

  it('uses a working provider', async () => {
    const r = await run({ echo: { ask: async () => true } });
    expect(r.email!.rules.ECHO!.score).toBe(5);
    expect(r.errors).toBeUndefined();
  });

  it('skips the rule with no-provider when the provider is missing, without an error entry', async () => {
    const r = await run({});
    expect(r.email!.rules.ECHO).toEqual({ score: 0, significance: 'high', skipped: 'no-provider' });
    expect(r.classification).toBe('GOOD');
    expect(r.errors).toBeUndefined();
  });

  it('skips with provider-error when the provider rejects', async () => {
    const r = await run({ echo: { ask: async () => Promise.reject(new Error('SERVFAIL')) } });
    expect(r.email!.rules.ECHO!.skipped).toBe('provider-error');
    expect(r.errors).toEqual([{ provider: 'echo', subject: 'test.echo', reason: 'provider-error', message: 'SERVFAIL' }]);
    expect(r.score).toBe(0);
  });

  it('skips with provider-error when the provider throws synchronously', async () => {
    const r = await run({ echo: { ask: () => { throw new TypeError('bad state'); } } });
    expect(r.email!.rules.ECHO!.skipped).toBe('provider-error');
  });

  it('skips with timeout and aborts the provider signal when it hangs', async () => {
    let aborted = false;
    const r = await run({
      echo: {
        ask: (_v: string, o: { signal: AbortSignal }) =>
          new Promise<boolean>(() => o.signal.addEventListener('abort', () => (aborted = true))),
      },
    });
    expect(r.email!.rules.ECHO!.skipped).toBe('timeout');
    expect(r.errors![0]).toMatchObject({ provider: 'echo', subject: 'test.echo', reason: 'timeout' });
    expect(aborted).toBe(true);
  });

  it('skips quietly with the given reason when the provider deliberately has no answer', async () => {
    const r = await run({ echo: { ask: async () => Promise.reject(new FactUnavailable('offline')) } });
    expect(r.email!.rules.ECHO).toEqual({ score: 0, significance: 'high', skipped: 'offline' });
    expect(r.errors).toBeUndefined();
  });

  it('runs a rule with undefined for an optional fact that cannot be had', async () => {
    const optionalFact = defineFact({ key: 'test.optional', provider: 'echo', optional: true, fetch: (p: Echo, r, o) => p.ask('', o) });
    const seen: unknown[] = [];
    const rule = defineRule({
      id: 'email.OPTIONAL', significance: 'low', formula: { fixed: 1 }, description: '',
      needs: { maybe: optionalFact },
      score: (_req, { maybe }) => (seen.push(maybe), maybe === undefined ? hit([]) : miss()),
    });
    const missing = await classify({ email: '@x.example' }, {}, { rules: [rule] });
    expect(missing.email!.rules.OPTIONAL!.score).toBe(1);
    const failing = await classify({ email: '@x.example' }, { echo: { ask: async () => Promise.reject(new Error('down')) } }, { rules: [rule] });
    expect(failing.email!.rules.OPTIONAL!.score).toBe(1);
    expect(failing.errors![0]).toMatchObject({ subject: 'test.optional', reason: 'provider-error' });
    const working = await classify({ email: '@x.example' }, { echo: { ask: async () => true } }, { rules: [rule] });
    expect(working.email!.rules.OPTIONAL!.score).toBe(0);
    expect(seen).toEqual([undefined, undefined, true]);
  });

  it('asks the provider once per fact even when two rules need it', async () => {
    let calls = 0;
    const twin = defineRule({ ...needsEcho, id: 'email.ECHO_TWIN' });
    const r = await classify({ email: '@example.com' }, { echo: { ask: async () => (calls++, true) } }, { rules: [needsEcho, twin] });
    expect(calls).toBe(1);
    expect(r.score).toBe(10);
  });

  it('rejects with ABORTED when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = run({ echo: { ask: () => new Promise<boolean>(() => {}) } }, { signal: controller.signal, timeoutMs: 10_000 });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
    await expect(run({}, { signal: controller.signal })).rejects.toMatchObject({ code: 'ABORTED' });
  });

  it('times out each classification in flight at its own deadline (one timer serves them all)', async () => {
    const hang = { echo: { ask: () => new Promise<boolean>(() => {}) } };
    const late = { echo: { ask: () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 60)) } };
    // A long timeout first, then a short one: the short one must not wait for the long one.
    const long = run(hang, { timeoutMs: 400 });
    const short = run(hang, { timeoutMs: 30 });
    const answered = run(late, { timeoutMs: 1000 });
    const s = await short;
    expect(s.email!.rules.ECHO!.skipped).toBe('timeout');
    expect(s.errors![0]).toMatchObject({ reason: 'timeout', message: 'no answer within 30 ms' });
    const a = await answered;
    expect(a.email!.rules.ECHO!.score).toBe(5);
    expect(a.errors).toBeUndefined();
    const l = await long;
    expect(l.email!.rules.ECHO!.skipped).toBe('timeout');
    expect(l.errors![0]).toMatchObject({ reason: 'timeout', message: 'no answer within 400 ms' });
    // And again after an idle spell, with nothing in flight.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await run(hang, { timeoutMs: 20 });
    expect(again.email!.rules.ECHO!.skipped).toBe('timeout');
  });

  it('keeps the answers of the facts that came in time when another times out', async () => {
    const slowFact = defineFact({ key: 'test.slow', provider: 'slow', fetch: (p: Echo, _r, o) => p.ask('', o) });
    const needsSlow = defineRule({
      id: 'email.SLOW', significance: 'low', formula: { fixed: 1 }, description: '',
      needs: { answer: slowFact },
      score: (_req, { answer }) => (answer ? hit([{ value: 'answer' }]) : miss()),
    });
    const r = await classify(
      { email: '@example.com' },
      { echo: { ask: async () => true }, slow: { ask: () => new Promise<boolean>(() => {}) } },
      { rules: [needsEcho, needsSlow], timeoutMs: 30 },
    );
    expect(r.email!.rules.ECHO!.score).toBe(5);
    expect(r.email!.rules.SLOW!.skipped).toBe('timeout');
    expect(r.errors).toEqual([{ provider: 'slow', subject: 'test.slow', reason: 'timeout', message: 'no answer within 30 ms' }]);
  });

  it('does not ask providers for categories that were not given', async () => {
    let calls = 0;
    const r = await classify({ text: 'hello' }, { echo: { ask: async () => (calls++, true) } }, { rules: [needsEcho] });
    expect(calls).toBe(0);
    expect(r.email).toBeUndefined();
  });

  it('a rule can skip on its own with a reason', async () => {
    const r = await classify({ email: '@x.example' }, {}, {
      rules: [defineRule({ id: 'email.SELF_SKIP', significance: 'low', formula: { fixed: 1 }, description: '', score: () => skip('no-data') })],
    });
    expect(r.email!.rules.SELF_SKIP).toEqual({ score: 0, significance: 'low', skipped: 'no-data' });
  });
});

describe('determinism', () => {
  it('gives byte-identical responses for the same request', async () => {
    const request = {
      fields: { name: 'ИВАН ПЕТРОВ', message: 'Купите сейчас!!! 100$ https://example.ru 😀😀 #скидка <b>x</b>' },
      email: '@example.com',
    };
    const outputs = new Set<string>();
    for (let i = 0; i < 20; i++) outputs.add(JSON.stringify(await classify(structuredClone(request), undefined, { id: 'd_same' })));
    expect(outputs.size).toBe(1);
    // Without an id of the caller's, each response has its own random one and is otherwise the same.
    const ids = new Set<string>();
    const rest = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const { id, ...response } = await classify(structuredClone(request));
      expect(id).toMatch(/^d_[A-Za-z0-9_-]{22}$/);
      ids.add(id);
      rest.add(JSON.stringify(response));
    }
    expect(ids.size).toBe(20);
    expect([...rest]).toEqual([...outputs].map((o) => JSON.stringify({ ...JSON.parse(o), id: undefined })));
  });

  it('takes the caller\'s id (ClassifyOptions.id) and refuses one of another form', async () => {
    expect((await classify({ text: 'hello there' }, {}, { id: 'order-42:form.a_b' })).id).toBe('order-42:form.a_b');
    for (const id of ['', 'a b', 'x'.repeat(101), 42, 'é']) {
      await expect(classify({ text: 'hello there' }, {}, { id: id as string })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    }
  });

  it('does not modify the request', async () => {
    const request = { text: ['A', 'B'], disableRules: ['text.EMOJI'] };
    const copy = structuredClone(request);
    const r: ClassifyResponse = await classify(request);
    expect(request).toEqual(copy);
    expect(r.text).toBeDefined();
  });
});

describe('classify(request) without providers: the bundled offline ones (issue 17)', () => {
  it('detects the language, runs the text model and the geo rules, and gives what createDefaultProviders({ offline: true }) gives', async () => {
    const { createDefaultProviders } = await import('../../src/index.js');
    const request = { text: 'Guten Tag, ich hätte gerne ein Angebot für zwanzig Stühle. Viele Grüße, Jana', ipAddress: '185.220.101.1', timeZone: 'Europe/Berlin', email: 'jana@gmail.com' };
    const oneLine = await classify(request);
    expect(oneLine.text?.detectedLanguage).toBe('de');
    expect(oneLine.text?.rules.MODEL?.skipped).toBeUndefined();
    expect(oneLine.ipAddress?.country).not.toBeNull();
    expect(oneLine.email?.rules.MX?.skipped).toBe('offline'); // no DNS unless given
    expect(oneLine).toEqual({ ...(await classify(request, createDefaultProviders({ offline: true }))), id: oneLine.id });
  });

  it('{} runs only the rules that need no provider', async () => {
    const r = await classify({ text: 'Guten Tag, ich hätte gerne ein Angebot.' }, {});
    expect(r.text?.detectedLanguage).toBeNull();
    expect(r.text?.rules.MODEL?.skipped).toBe('no-provider');
  });
});
