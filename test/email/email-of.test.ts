// emailOf: a request's email parsed once, kept with the request and invisible in it.
import { describe, expect, it } from 'vitest';
import { normalizeRequest } from '../../src/core/request.js';
import { emailOf, parseEmail } from '../../src/email/address.js';

describe('emailOf', () => {
  it('parses the email once per request and gives the same object after', () => {
    const req = normalizeRequest({ email: 'Jana.Novak@Gmail.COM' });
    const first = emailOf(req);
    expect(first).toEqual(parseEmail('Jana.Novak@Gmail.COM'));
    expect(first).toEqual({ domain: 'gmail.com', invalid: null, address: 'jana.novak@gmail.com' });
    expect(emailOf(req)).toBe(first);
    // Another request of the same email has its own.
    const other = normalizeRequest({ email: 'Jana.Novak@Gmail.COM' });
    expect(emailOf(other)).not.toBe(first);
    expect(emailOf(other)).toEqual(first);
  });

  it('leaves the request as it was for JSON, keys and deep equality', () => {
    const req = normalizeRequest({ email: '@example.org', text: 'hello' });
    const before = { ...req };
    expect(emailOf(req)?.domain).toBe('example.org');
    expect(Object.keys(req)).toEqual(Object.keys(before));
    expect(req).toStrictEqual(before);
  });

  it('is null without an email, and parses a frozen request on every call', () => {
    expect(emailOf(normalizeRequest({ text: 'hello' }))).toBeNull();
    const frozen = Object.freeze(normalizeRequest({ email: 'x@bad..domain' }));
    const a = emailOf(frozen);
    expect(a?.invalid).not.toBeNull();
    expect(emailOf(frozen)).toEqual(a);
  });
});
