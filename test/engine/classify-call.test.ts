// classify() is not an async function (src/engine/classifier.ts): it returns the engine's promise
// itself. Like the async function it stands for, it never throws: every bad argument rejects
// the promise it returns, with the same error; good calls give the response a classifier of
// the same options gives.
import { describe, expect, it } from 'vitest';
import { classify, createClassifier, defineRule, miss, type ClassifyResponse } from '../../src/index.js';

const rule = defineRule({ id: 'text.SAMPLE', significance: 'low', formula: { fixed: 1 }, description: '', score: () => miss() });

const BAD: [string, () => Promise<ClassifyResponse>, string, RegExp][] = [
  ['options not an object', () => classify({ text: 'x' }, {}, 'fast' as never), 'INVALID_OPTIONS', /^classify: the options must be an object$/],
  ['options null', () => classify({ text: 'x' }, {}, null as never), 'INVALID_OPTIONS', /^classify: the options must be an object$/],
  ['providers null', () => classify({ text: 'x' }, null as never), 'INVALID_OPTIONS', /^classify: `providers` must be an object$/],
  ['providers a string', () => classify({ text: 'x' }, 'none' as never, {}), 'INVALID_OPTIONS', /^classify: `providers` must be an object$/],
  ['rules twice', () => classify({ text: 'x' }, {}, { rules: [rule, rule] }), 'INVALID_OPTIONS', /twice/],
  ['rules not an array', () => classify({ text: 'x' }, {}, { rules: 'all' as never }), 'INVALID_OPTIONS', /rules/],
  ['weight of an unknown rule', () => classify({ text: 'x' }, {}, { weights: { 'text.NOPE': 1 } }), 'UNKNOWN_RULE', /text\.NOPE/],
  ['negative weight', () => classify({ text: 'x' }, {}, { rules: [rule], weights: { 'text.SAMPLE': -1 } }), 'INVALID_OPTIONS', /weights/],
  ['bad timeout', () => classify({ text: 'x' }, {}, { timeoutMs: 0 }), 'INVALID_OPTIONS', /timeoutMs/],
  ['bad maxMatches', () => classify({ text: 'x' }, {}, { maxMatches: 1.5 }), 'INVALID_OPTIONS', /maxMatches/],
  ['bad explain', () => classify({ text: 'x' }, {}, { explain: 'klingon' as never }), 'INVALID_OPTIONS', /explain/],
  ['bad id', () => classify({ text: 'x' }, {}, { id: 'has space' }), 'INVALID_OPTIONS', /id/],
  ['bad signal', () => classify({ text: 'x' }, {}, { signal: 'stop' as never }), 'INVALID_OPTIONS', /signal/],
  ['aborted', () => classify({ text: 'x' }, {}, { signal: AbortSignal.abort() }), 'ABORTED', /aborted/],
  ['bad request', () => classify({ text: 42 }, {}), 'INVALID_REQUEST', /\$\.text/],
  ['unknown disabled rule', () => classify({ text: 'x', disableRules: ['text.NOPE'] }, {}), 'UNKNOWN_RULE', /text\.NOPE/],
];

describe('classify() as a call', () => {
  for (const [name, call, code, message] of BAD) {
    it(`rejects, never throws: ${name}`, async () => {
      let promise: Promise<ClassifyResponse> | undefined;
      expect(() => (promise = call())).not.toThrow();
      expect(promise).toBeInstanceOf(Promise);
      await expect(promise).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
    });
  }

  it('gives the response of a classifier with the same options', async () => {
    const requests = [{ text: 'Hello, could you send me a quote for 40 chairs?' }, { text: 'FREE MONEY!!! http://spam.example' }, { email: 'jana@example.com' }, {}];
    for (const request of requests) {
      for (const options of [undefined, { maxMatches: 2 }, { rules: [rule] }, { explain: true as const }]) {
        const got = await classify(request, {}, { ...options, id: 'd_test' });
        const want = await createClassifier({ ...options, providers: {} }).classify(request, { id: 'd_test' });
        expect(JSON.stringify(got)).toBe(JSON.stringify(want));
      }
    }
  });
});
