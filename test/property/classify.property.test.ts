import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify, createDefaultProviders, isFormspamError } from '../../src/index.js';
import { runCli } from '../cli/run-cli.js';
import { expectValidResponse } from '../helpers/response-shape.js';

/** Strings that exercise the rules: any Unicode, plus fragments the rules look for. */
const spicyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.array(
    fc.constantFrom(
      'http://', 'www.', '.com', '<script>', '<b>', '</b>', "' OR 1=1 --", '; drop table x', 'UNION SELECT', '!!!', '$',
      '€ 5', '100 USD', '#tag', '😀', '👨‍👩‍👧', '🇩🇪', 'QWERTY', 'mbmnm', 'ПРИВЕТ', 'Γειά', '&lt;', '%3C', ' ', '\n',
      '12345', '@', 'javascript:alert(1)', 'onerror=', '*******', 'Ab', 'Čau', '\u0301', '\u200b', '\ud800',
    ),
    { maxLength: 40 },
  ).map((parts) => parts.join('')),
);

/** Request-shaped values: mostly valid, often subtly wrong. */
const requestLike = fc.record(
  {
    text: fc.oneof(spicyString, fc.array(spicyString, { maxLength: 5 }), fc.jsonValue()),
    fields: fc.oneof(fc.dictionary(fc.string({ maxLength: 20 }), spicyString, { maxKeys: 6 }), fc.jsonValue()),
    email: fc.oneof(fc.constant('@example.com'), spicyString, fc.jsonValue()),
    ipAddress: fc.oneof(fc.ipV4(), fc.ipV6(), fc.jsonValue()),
    timeZone: fc.oneof(fc.constantFrom('Europe/Prague', 'America/New_York'), fc.jsonValue()),
    classifier: fc.oneof(fc.constantFrom('cs', 'en', 'de', 'es', 'fr', 'it', 'nl', 'pt', 'ru', 'EN'), fc.jsonValue()),
    disableRules: fc.oneof(fc.array(fc.constantFrom('text.EMOJI', 'text.URL', 'email.MX', 'text.NOPE', 'bad')), fc.jsonValue()),
    expectedLanguages: fc.oneof(fc.array(fc.constantFrom('en', 'de', 'cs', 'xxx', 'E')), fc.jsonValue()),
    expectedCountries: fc.oneof(fc.array(fc.constantFrom('DE', 'cz', 'USA')), fc.jsonValue()),
    blockedCountries: fc.oneof(fc.array(fc.constantFrom('RU', 'cn', '1')), fc.jsonValue()),
    unexpected: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

/** Requests that pass validation, so the rules themselves meet random text. */
const validRequest = fc.record(
  {
    text: fc.oneof(spicyString, fc.array(spicyString, { maxLength: 5 })),
    fields: fc.dictionary(fc.string({ maxLength: 20 }), spicyString, { maxKeys: 6 }),
    email: fc.oneof(fc.constant('@example.com'), spicyString),
    ipAddress: fc.oneof(fc.ipV4(), fc.ipV6()),
    timeZone: fc.constantFrom('Europe/Prague', 'America/New_York', 'Nowhere/Else'),
    classifier: fc.constantFrom('cs', 'en', 'de', 'es', 'fr', 'it', 'nl', 'pt'),
    disableRules: fc.array(fc.constantFrom('text.EMOJI', 'text.URL', 'email.MX', 'text.SHORT_TEXT')),
    expectedLanguages: fc.array(fc.constantFrom('en', 'de', 'cs', 'EL')),
    expectedCountries: fc.array(fc.constantFrom('DE', 'cz', 'us')),
    blockedCountries: fc.array(fc.constantFrom('RU', 'cn')),
  },
  { requiredKeys: [] },
);

const anyInput = fc.oneof(
  { arbitrary: validRequest, weight: 3 },
  { arbitrary: requestLike, weight: 2 },
  { arbitrary: fc.jsonValue(), weight: 1 },
  { arbitrary: fc.anything(), weight: 1 },
);

async function outcome(input: unknown): Promise<'response' | 'error'> {
  try {
    expectValidResponse(await classify(input));
    return 'response';
  } catch (error) {
    if (isFormspamError(error)) {
      expect(typeof error.code).toBe('string');
      return 'error';
    }
    throw error;
  }
}

describe('classify on random input', () => {
  it('returns a valid response or throws a FormspamError, nothing else (5,000 cases)', async () => {
    const seen = { response: 0, error: 0 };
    await fc.assert(
      fc.asyncProperty(anyInput, async (input) => {
        seen[await outcome(input)]++;
      }),
      { numRuns: 5000, seed: 20261122 },
    );
    // Both paths must really be exercised, or the property says little.
    expect(seen.response).toBeGreaterThan(500);
    expect(seen.error).toBeGreaterThan(500);
  });

  it('gives valid responses for valid requests with arbitrary text (2,000 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(spicyString, fc.array(spicyString, { maxLength: 4 })), async (text) => {
        expectValidResponse(await classify({ text }));
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});

describe('the CLI on random input', () => {
  it('answers every JSON Lines input with a response or an error line, in order (3,000 lines)', async () => {
    const inputs = fc.sample(anyInput.filter((v) => JSON.stringify(v) !== undefined), { numRuns: 2500, seed: 99 });
    const garbage = fc.sample(fc.string({ unit: 'binary', maxLength: 50 }), { numRuns: 500, seed: 98 });
    const lines: string[] = [];
    inputs.forEach((v, i) => {
      lines.push(JSON.stringify(v));
      if (i % 5 === 0) lines.push(garbage[i / 5]!.replace(/[\r\n\u2028\u2029]/g, ' '));
    });
    const nonBlank = lines.filter((l) => l.trim() !== '');
    // --offline: no DNS look-ups from tests (the email rules report skipped "offline").
    const r = await runCli(['classify', '--jsonl', '--offline'], lines.join('\n'));
    expect([0, 2]).toContain(r.code);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const out = r.stdout.trimEnd().split('\n');
    expect(out).toHaveLength(nonBlank.length);
    const offlineProviders = createDefaultProviders({ offline: true });
    let responses = 0;
    for (let i = 0; i < out.length; i++) {
      const value = JSON.parse(out[i]!);
      if ('error' in value) {
        expect(typeof value.error.code).toBe('string');
        expect(typeof value.line).toBe('number');
      } else {
        expectValidResponse(value);
        // The CLI prints what the library returns for the same line.
        expect(value.id).toMatch(/^d_[A-Za-z0-9_-]{22}$/);
        expect(value).toEqual(JSON.parse(JSON.stringify(await classify(JSON.parse(nonBlank[i]!), offlineProviders, { id: value.id }))));
        responses++;
      }
    }
    expect(responses).toBeGreaterThan(300);
  });
});
