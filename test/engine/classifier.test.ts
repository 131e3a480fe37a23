// createClassifier(options): options checked and prepared once, then many requests; classify()
// is the one-call form of it and gives the same bytes.
import { describe, expect, it } from 'vitest';
import {
  classify,
  createClassifier,
  createDefaultProviders,
  defaultRules,
  defineFact,
  defineRule,
  hit,
  miss,
  type ClassifierOptions,
  type FormspamError,
} from '../../src/index.js';

const REQUESTS: unknown[] = [
  { text: 'BUY CHEAP FOLLOWERS NOW!!! Only $5, click here: https://spam.example.com' },
  { fields: { name: 'Maria', message: 'Hello, I would like to know the price of your enterprise plan for 40 people.' } },
  { text: '1; drop table users', disableRules: ['text.SHORT_TEXT'] },
  { text: 'Great video, subscribe for more!', formType: 'comment', explain: 'de' },
  { email: 'jana@gmail.com', ipAddress: '185.220.101.1', timeZone: 'Europe/Berlin', text: 'Guten Tag, ich hätte gerne ein Angebot für zwanzig Stühle.' },
  { ipAddress: 'auto', text: 'hi' },
];

describe('createClassifier', () => {
  it('gives byte for byte what classify() gives, with the same options and providers, request after request', async () => {
    const providers = createDefaultProviders({ offline: true });
    // The providers' data loads on first use; loaded before the comparison, so that a slow first
    // load on a busy machine cannot time a fact out in one of the two calls and not the other.
    for (const request of REQUESTS) await classify(request, providers, { clientIp: '203.0.113.7' });
    const cases: ClassifierOptions[] = [
      {},
      { weights: { 'text.URL': 2.5, 'text.EXCLAMATION': 0 }, maxMatches: 1, explain: 'fr' },
      { rules: defaultRules.filter((r) => r.category !== 'text' || r.id === 'text.URL'), timeoutMs: 1000 },
    ];
    for (const options of cases) {
      const classifier = createClassifier({ ...options, providers });
      // Twice over: the second round runs on the plans the first made.
      for (let round = 0; round < 2; round++) {
        for (const [i, request] of REQUESTS.entries()) {
          const id = `d_case${i}`;
          const one = JSON.stringify(await classifier.classify(request, { clientIp: '203.0.113.7', id }));
          expect(one).toBe(JSON.stringify(await classify(request, providers, { ...options, clientIp: '203.0.113.7', id })));
        }
      }
    }
  });

  it('uses the bundled offline providers when none are given, as classify(request) does', async () => {
    const request = REQUESTS[4];
    const r = await createClassifier().classify(request, { id: 'd_same' });
    expect(r.text?.detectedLanguage).toBe('de');
    expect(JSON.stringify(r)).toBe(JSON.stringify(await classify(request, undefined, { id: 'd_same' })));
  });

  it('takes the client IP and the signal per call', async () => {
    const classifier = createClassifier({ providers: {} });
    expect((await classifier.classify({ ipAddress: 'auto' }, { clientIp: '198.51.100.4' })).ipAddress?.ipAddress).toBe('198.51.100.4');
    expect((await classifier.classify({ ipAddress: 'auto' }, { clientIp: '2001:db8::1' })).ipAddress?.ipAddress).toBe('2001:db8::1');
    await expect(classifier.classify({ text: 'hi' }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'ABORTED' });

    // A provider that never answers: the call's signal ends it, not the timeout.
    const hangs = defineFact({ key: 'test.hangs', provider: 'hang', fetch: () => new Promise<boolean>(() => {}) });
    const waits = defineRule({
      id: 'text.WAITS', significance: 'low', formula: { fixed: 1 }, description: 'test', needs: { hangs },
      score: (_r, { hangs: h }) => (h ? hit([]) : miss()),
    });
    const slow = createClassifier({ rules: [waits], providers: { hang: {} }, timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = slow.classify({ text: 'hello' }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
  });

  it('rejects a bad request per call and keeps classifying', async () => {
    const classifier = createClassifier({ providers: {} });
    await expect(classifier.classify({ text: 42 })).rejects.toMatchObject({ code: 'INVALID_REQUEST', path: '$.text' });
    await expect(classifier.classify({ text: 'x', disableRules: ['text.NOPE'] })).rejects.toMatchObject({ code: 'UNKNOWN_RULE' });
    // A rule of the contract this classifier does not run may still be disabled.
    const noUrl = createClassifier({ providers: {}, rules: defaultRules.filter((r) => r.id !== 'text.URL') });
    expect((await noUrl.classify({ text: 'hello there', disableRules: ['text.URL'] })).text?.rules.URL).toBeUndefined();
    expect((await classifier.classify({ text: '1; drop table users' })).classification).toBe('BAD');
  });

  it('runs the rules each request leaves on, whatever sets of rules requests before it disabled', async () => {
    const classifier = createClassifier({ providers: {} });
    const text = '1; drop table users';
    const textRules = defaultRules.filter((r) => r.category === 'text').map((r): string => r.id);
    // More different sets than the classifier keeps plans of, each asked twice, in turn.
    const sets = textRules.flatMap((a, i) => textRules.slice(i + 1, i + 5).map((b) => [a, b]));
    expect(sets.length).toBeGreaterThan(64);
    const all = Object.keys((await classifier.classify({ text })).text!.rules).map((name) => `text.${name}`);
    for (const round of [0, 1]) {
      for (const disabled of sets) {
        const r = await classifier.classify({ text, disableRules: round === 0 ? disabled : [...disabled].reverse() });
        const ran = Object.keys(r.text!.rules).map((name) => `text.${name}`);
        expect(ran).toEqual(all.filter((id) => !disabled.includes(id)));
        // The same response as a fresh classify() with the same request.
        expect(JSON.stringify({ ...r, id: '' })).toBe(JSON.stringify({ ...(await classify({ text, disableRules: disabled }, {})), id: '' }));
      }
    }
  });

  it('rejects call options that belong to the classifier, naming them', async () => {
    const classifier = createClassifier({ providers: {} });
    const error = (await classifier.classify({ text: 'x' }, { weights: {} } as never).catch((e: unknown) => e)) as FormspamError;
    expect(error.code).toBe('INVALID_OPTIONS');
    expect(error.message).toBe('classify: `weights` is not an option of a call (clientIp, signal, id, apiKey); give it to createClassifier()');
    await expect(classifier.classify({ text: 'x' }, 'fast' as never)).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    await expect(classifier.classify({ text: 'x' }, { id: 'has space' })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      message: 'classify: `id` must be 1 to 100 characters of A-Z a-z 0-9 _ - . :',
    });
    expect((await classifier.classify({ text: 'x' }, { id: 'd_mine' })).id).toBe('d_mine');
    await expect(classifier.classify({ text: 'x' }, { signal: 'stop' as never })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      message: 'classify: `signal` must be an AbortSignal',
    });
    await expect(classifier.classify({ ipAddress: 'auto' }, { clientIp: 'nope' })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      message: 'classify: `clientIp` "nope" is not an IP address',
    });
  });

  it.each([
    ['timeoutMs', { timeoutMs: 0 }],
    ['maxMatches', { maxMatches: -1 }],
    ['explain', { explain: 'it' }],
    ['rules', { rules: 'all' }],
    ['rules', { rules: [defaultRules[0], defaultRules[0]] }],
    ['weights', { weights: 3 }],
    ['weights["text.URL"]', { weights: { 'text.URL': -1 } }],
    ['limits', { limits: 5 }],
    ['limits.maxTextLength', { limits: { maxTextLength: 0 } }],
    ['providers', { providers: 'dns' }],
    ['signal', { signal: AbortSignal.abort() }],
    ['clientIp', { clientIp: '192.0.2.1' }],
  ])('throws INVALID_OPTIONS at once for a bad `%s`', (option, options) => {
    let error: FormspamError | undefined;
    try {
      createClassifier(options as ClassifierOptions);
    } catch (e) {
      error = e as FormspamError;
    }
    expect(error?.code).toBe('INVALID_OPTIONS');
    expect(error?.message.startsWith(`createClassifier: \`${option}\` `), error?.message).toBe(true);
  });

  it('throws UNKNOWN_RULE at once for a weight of a rule not in use', () => {
    expect(() => createClassifier({ weights: { 'text.NOPE': 1 } })).toThrow(expect.objectContaining({ code: 'UNKNOWN_RULE' }));
  });
});
