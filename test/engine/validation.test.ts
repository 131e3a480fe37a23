import { describe, expect, it } from 'vitest';
import { classify, FormspamError, isFormspamError } from '../../src/index.js';

async function errorOf(request: unknown, options = {}): Promise<FormspamError> {
  try {
    await classify(request, {}, options);
  } catch (error) {
    if (isFormspamError(error)) return error;
    throw error;
  }
  throw new Error('classify accepted the request');
}

describe('request validation', () => {
  it.each([
    ['a number', 42, '$'],
    ['a string', 'hello', '$'],
    ['null', null, '$'],
    ['an array', [], '$'],
    ['an unknown property', { text: 'hi', foo: 1 }, '$.foo'],
    ['a __proto__ key', JSON.parse('{"__proto__": {"x": 1}}'), '$.__proto__'],
    ['text as a number', { text: 1 }, '$.text'],
    ['text array with a number', { text: ['ok', 2] }, '$.text[1]'],
    ['text as an object', { text: { a: 'b' } }, '$.text'],
    ['fields as an array', { fields: ['a'] }, '$.fields'],
    ['a field that is not a string', { fields: { name: 'x', age: 42 } }, '$.fields.age'],
    ['a field name with spaces and a bad value', { fields: { 'your message': null } }, '$.fields["your message"]'],
    ['an unsupported classifier', { classifier: 'ru' }, '$.classifier'],
    ['classifier in upper case', { classifier: 'EN' }, '$.classifier'],
    ['an unknown formType', { text: 'hi', formType: 'forum' }, '$.formType'],
    ['formType in upper case', { text: 'hi', formType: 'COMMENT' }, '$.formType'],
    ['formType as a boolean', { text: 'hi', formType: true }, '$.formType'],
    ['email as a number', { email: 5 }, '$.email'],
    ['a three-letter country', { blockedCountries: ['USA'] }, '$.blockedCountries[0]'],
    ['countries as a string', { expectedCountries: 'DE' }, '$.expectedCountries'],
    ['a language that is not two letters', { expectedLanguages: ['deu'] }, '$.expectedLanguages[0]'],
    ['a malformed rule id', { disableRules: ['emoji'] }, '$.disableRules[0]'],
    ['ipAddress as a number', { ipAddress: 127001 }, '$.ipAddress'],
    ['timeZone as a boolean', { timeZone: true }, '$.timeZone'],
    ['too many fields', { fields: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, 'x'])) }, '$.fields'],
  ])('rejects %s with INVALID_REQUEST at %s', async (_name, request, path) => {
    const error = await errorOf(request);
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.path).toBe(path);
    expect(error.message).toContain(path);
  });

  it('names the form types it accepts', async () => {
    const error = await errorOf({ text: 'hi', formType: 'forum' });
    expect(error.message).toBe('$.formType: must be one of "contact", "comment", got "forum"');
  });

  it('rejects an unknown rule in disableRules with UNKNOWN_RULE and its path', async () => {
    const error = await errorOf({ text: 'hi', disableRules: ['text.EMOJI', 'text.NO_SUCH_RULE'] });
    expect(error.code).toBe('UNKNOWN_RULE');
    expect(error.path).toBe('$.disableRules[1]');
  });

  it('accepts rule ids of the contract that this version does not implement yet', async () => {
    const r = await classify({ text: 'Hello there, how are you doing today my friend?', disableRules: ['email.MX', 'text.SPAM_WORDS'] });
    expect(r.classification).toBe('GOOD');
  });

  it('rejects text over the limit with REQUEST_TOO_LARGE', async () => {
    const error = await errorOf({ text: 'a'.repeat(11) }, { limits: { maxTextLength: 10 } });
    expect(error.code).toBe('REQUEST_TOO_LARGE');
    expect(error.path).toBe('$.text');
  });

  it('counts the limit over all fields together', async () => {
    const error = await errorOf({ fields: { a: 'x'.repeat(6), b: 'y'.repeat(6) } }, { limits: { maxTextLength: 10 } });
    expect(error.code).toBe('REQUEST_TOO_LARGE');
  });

  it('serialises errors as { code, message, path } without a stack', async () => {
    const error = await errorOf({ text: 1 });
    expect(JSON.parse(JSON.stringify(error))).toEqual({ code: 'INVALID_REQUEST', message: error.message, path: '$.text' });
  });

  it('treats undefined as an empty request', async () => {
    await expect(classify(undefined, undefined, { id: 'd_empty' })).resolves.toEqual({ id: 'd_empty', classification: 'GOOD', score: 0, reasons: [] });
  });

  it('accepts every classifier of the contract', async () => {
    for (const classifier of ['cs', 'en', 'de', 'es', 'fr', 'it', 'nl', 'pt']) {
      const r = await classify({ text: 'Dobrý den, mám dotaz ohledně vaší nabídky.', classifier });
      expect(r.text?.classifier).toBe(classifier);
    }
  });
});

describe('options validation', () => {
  it.each([
    ['a negative timeout', { timeoutMs: -1 }, 'INVALID_OPTIONS'],
    ['a weight for an unknown rule', { weights: { 'text.NOPE': 1 } }, 'UNKNOWN_RULE'],
    ['a negative weight', { weights: { 'text.URL': -1 } }, 'INVALID_OPTIONS'],
    ['rules that are not rules', { rules: [{}] }, 'INVALID_OPTIONS'],
    ['maxMatches that is not an integer', { maxMatches: 1.5 }, 'INVALID_OPTIONS'],
  ])('rejects %s', async (_name, options, code) => {
    const error = await errorOf({ text: 'hi' }, options);
    expect(error.code).toBe(code);
  });
});
