// formspam/verify on its own: the tri-state results of every failure, the form-data shapes a
// site's server has, plain proof-of-work payloads made by altcha-lib, and hostile input
// (never throws, never verifies).
import { createChallenge as libCreateChallenge, solveChallenge as libSolve } from 'altcha-lib/v1';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createServerSignaturePayload, fieldsHashOf, formatVerificationData, parseVerificationData, verifyFieldsHash, verifyServerSignature, verifySolution } from '../../src/verify/index.js';

const SECRET = 'sec_0123456789abcdef';
const NOW = 1_800_000_000_000;
const now = () => NOW;
const T = NOW / 1000;
const FORM = { name: 'Alice', message: 'Hi\r\nthere' };

function sign(data: Record<string, unknown>, secret = SECRET) {
  return createServerSignaturePayload({ secret, verificationData: data, apiKey: 'ckey_x', id: 'abc' }).payload;
}

describe('verifyServerSignature', () => {
  it('verifies a good payload and returns the parsed, typed data', () => {
    const payload = sign({ classification: 'BAD', score: 3.5, reasons: ['text.URL', 'text.HTML'], email: '@example.com', fields: ['name', 'message'], fieldsHash: 'ab', ipAddress: '::1', id: 'abc', expire: T + 60, time: T, verified: true });
    expect(verifyServerSignature(payload, SECRET, { now })).toEqual({
      verified: true,
      malformed: false,
      invalidSignature: false,
      expired: false,
      invalidSolution: false,
      apiKey: 'ckey_x',
      id: 'abc',
      verificationData: { classification: 'BAD', score: 3.5, reasons: ['text.URL', 'text.HTML'], email: '@example.com', fields: ['name', 'message'], fieldsHash: 'ab', ipAddress: '::1', id: 'abc', expire: T + 60, time: T, verified: true },
    });
    // The decoded object works too.
    expect(verifyServerSignature(JSON.parse(Buffer.from(payload, 'base64').toString()), SECRET, { now }).verified).toBe(true);
  });

  it.each([
    ['malformed', 'bm90IGpzb24=', { malformed: true, invalidSignature: null, expired: null, invalidSolution: null, reason: 'malformed' }],
    ['wrong secret', sign({ expire: T + 60, verified: true }, 'other'), { malformed: false, invalidSignature: true, expired: null, invalidSolution: null, reason: 'invalid-signature', verificationData: null }],
    ['expired', sign({ expire: T, verified: true }), { invalidSignature: false, expired: true, reason: 'expired' }],
    ['no expiry', sign({ verified: true }), { invalidSignature: false, expired: null, reason: 'no-expiry' }],
    ['not verified inside', sign({ expire: T + 60, verified: false }), { invalidSignature: false, expired: false, invalidSolution: true, reason: 'not-verified' }],
  ] as const)('%s: tri-state result', (_name, payload, expected) => {
    const result = verifyServerSignature(payload, SECRET, { now });
    expect(result.verified).toBe(false);
    expect(result).toMatchObject(expected);
  });

  it('refuses verified:false at the top level even with a valid signature', () => {
    const obj = JSON.parse(Buffer.from(sign({ expire: T + 60, verified: true }), 'base64').toString());
    expect(verifyServerSignature({ ...obj, verified: false }, SECRET, { now })).toMatchObject({ verified: false, invalidSolution: true, reason: 'not-verified' });
  });

  it('accepts a payload without expiry only when asked to', () => {
    expect(verifyServerSignature(sign({ verified: true }), SECRET, { now, requireExpiry: false }).verified).toBe(true);
  });

  it('rejects an empty secret as a programming error', () => {
    expect(() => verifyServerSignature('x', '')).toThrow(TypeError);
  });

  it('never throws and never verifies on arbitrary input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.base64String(), fc.jsonValue(), fc.string().map((s) => Buffer.from(s).toString('base64'))), (input) => {
        expect(verifyServerSignature(input, SECRET, { now }).verified).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('verificationData format', () => {
  it('keeps the canonical order, omits empty reasons and fields, and round-trips', () => {
    const text = formatVerificationData({ verified: true, time: 2, expire: 3, reasons: [], classification: 'GOOD', score: 0, extra: 'x y' });
    expect(text).toBe('classification=GOOD&score=0&expire=3&time=2&extra=x+y&verified=true');
    expect(parseVerificationData(text)).toEqual({ classification: 'GOOD', score: 0, expire: 3, time: 2, extra: 'x y', verified: true });
    expect(parseVerificationData('score=-1.5&reasons=&__proto__=x')).toEqual({ score: -1.5, reasons: [] });
  });
});

describe('verifyFieldsHash', () => {
  // Computed independently: SHA-256 of the values joined with "\n".
  const h = createHash('sha256').update('Alice\nHi\r\nthere').digest('hex');

  it('takes FormData, URLSearchParams, Map and plain objects, and the fields as an array or a comma list', () => {
    expect(fieldsHashOf(FORM, ['name', 'message'])).toBe(h);
    const fd = new FormData();
    fd.set('name', 'Alice');
    fd.set('message', 'Hi\r\nthere');
    for (const form of [FORM, fd, new URLSearchParams(FORM), new Map(Object.entries(FORM))]) {
      expect(verifyFieldsHash(form, ['name', 'message'], h)).toBe(true);
      expect(verifyFieldsHash(form, 'name,message', h)).toBe(true);
      expect(verifyFieldsHash(form, ['message', 'name'], h)).toBe(false);
    }
  });

  it('refuses other text, a missing hash or an unknown algorithm; a missing field is an empty string', () => {
    expect(verifyFieldsHash({ name: 'Alice', message: 'Hi\nthere' }, ['name', 'message'], h)).toBe(false);
    expect(verifyFieldsHash(FORM, ['name', 'message'], h.toUpperCase())).toBe(true);
    expect(verifyFieldsHash(FORM, ['name', 'message'], undefined)).toBe(false);
    expect(verifyFieldsHash(FORM, ['name', 'message'], h, 'MD5')).toBe(false);
    expect(verifyFieldsHash({ name: 'Alice' }, ['name', 'message'], createHash('sha256').update('Alice\n').digest('hex'))).toBe(true);
    // Inherited properties are not fields.
    expect(verifyFieldsHash({}, ['toString'], createHash('sha256').update('').digest('hex'))).toBe(true);
  });
});

describe('verifySolution (plain proof of work)', () => {
  it('accepts a challenge altcha-lib created with the secret and solved, and refuses another secret or garbage', async () => {
    const c = await libCreateChallenge({ hmacKey: SECRET, maxnumber: 2000, expires: new Date(Date.now() + 60_000) });
    const s = await libSolve(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    const payload = Buffer.from(JSON.stringify({ ...c, number: s!.number })).toString('base64');
    expect(verifySolution(payload, SECRET)).toMatchObject({ verified: true, expired: false, invalidSignature: false, invalidSolution: false });
    expect(verifySolution(payload, 'other')).toMatchObject({ verified: false, invalidSignature: true });
    expect(verifySolution(payload, SECRET, { now: () => Date.now() + 120_000 })).toMatchObject({ verified: false, expired: true });
    expect(verifySolution('garbage', SECRET)).toMatchObject({ verified: false, malformed: true });
  });
});
