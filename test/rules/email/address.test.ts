import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEmail } from '../../../src/email/address.js';
import { classify, isFormspamError } from '../../../src/index.js';
import { createStaticDnsProvider } from '../../../src/testing/index.js';
import { EMAIL_ZONE } from './fixture-zone.js';

describe('parseEmail', () => {
  it.each([
    ['@Example.COM.', { domain: 'example.com', invalid: null, address: null }],
    ['  John.Doe@Example.com ', { domain: 'example.com', invalid: null, address: 'john.doe@example.com' }],
    ['Müller@BÜCHER.de', { domain: 'xn--bcher-kva.de', invalid: null, address: 'müller@xn--bcher-kva.de' }],
    ['@ＧＭＡＩＬ．com', { domain: 'gmail.com', invalid: null, address: null }],
    ['john', { domain: null, invalid: 'missing-at', address: null }],
    ['a@b@example.com', { domain: 'example.com', invalid: 'bad-address', address: null }],
  ])('%s', (input, expected) => expect(parseEmail(input)).toEqual(expected));

  const emailish = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => `${s}@${s}.com`),
    fc.tuple(fc.string({ maxLength: 20 }), fc.constantFrom('@', '@@', '.', '..', '[', ']', '%', '。', 'xn--', '-')).map(([a, b]) => `${a}${b}${a}`),
  );

  it('never throws, never shows the local part of a valid address, and is stable', () => {
    fc.assert(
      fc.property(emailish, (input) => {
        const parsed = parseEmail(input);
        expect(parseEmail(input)).toEqual(parsed);
        if (parsed.invalid === null) {
          expect(parsed.domain).toMatch(/^[a-z0-9.-]+$/);
          expect(parsed.domain!.length).toBeLessThanOrEqual(253);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('handles adversarial lengths', () => {
    for (const input of ['@'.repeat(100_000), `@${'a.'.repeat(50_000)}com`, `${'a'.repeat(100_000)}@x.com`, `@${'-'.repeat(100_000)}`, `@${'ä'.repeat(100_000)}.de`]) {
      expect(parseEmail(input).invalid).not.toBeNull();
    }
  });

  it('classify never throws anything but FormspamError for any email', async () => {
    const dns = createStaticDnsProvider(EMAIL_ZONE);
    await fc.assert(
      fc.asyncProperty(fc.oneof(emailish, fc.string({ maxLength: 400 })), async (email) => {
        try {
          const r = await classify({ email }, { dns });
          expect(r.email).toBeDefined();
        } catch (error) {
          expect(isFormspamError(error)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
