// The v1 challenge and the M2M scheme against altcha-lib (the independent implementation) and
// the vectors of PROTOCOL.md §1.1 and §3.3, with a fixed clock and fixed random bytes.
import { createChallenge as altchaCreate, solveChallenge as altchaSolve, verifySolution as altchaVerify } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { createChallenge, solveChallenge, verifySolution } from '../../src/altcha/challenge.js';
import { SecretBox } from '../../src/altcha/crypto.js';
import { formatAltchaAuthorization, formatWwwAuthenticate, M2MGate, parseAltchaAuthorization, parseWwwAuthenticate } from '../../src/service/m2m.js';
import { createMemoryStore } from '../../src/stores/memory.js';

const NOW = 1_893_400_000_000; // before 1893456000 (2030-01-01)
const fixedBytes = (seed: number) => (n: number) => Uint8Array.from({ length: n }, (_, i) => (seed + i * 37) & 0xff);

describe('v1 challenge (PROTOCOL.md §1.1)', () => {
  it('reproduces the documented example byte for byte, as altcha-lib does', async () => {
    const opts = { hmacKey: 'sec_test_secret', salt: '46a7e2c1b3f0d9e8a7b6c5d4', number: 4242, expires: 1893456000 };
    const ours = createChallenge(opts);
    expect(ours).toEqual({
      algorithm: 'SHA-256',
      challenge: '46ce9a4a71add553ea5823b62f27ae6018a4a7ba1a27e2ca11cc9ecf2a5654c3',
      maxnumber: 1e6,
      salt: '46a7e2c1b3f0d9e8a7b6c5d4?expires=1893456000&',
      signature: '5b4bfdf26f74b25bed5ac44d608743812eecedd0f611230ab14c8ced0336c52b',
    });
    const theirs = await altchaCreate({ hmacKey: 'sec_test_secret', salt: opts.salt, number: 4242, expires: new Date(1893456000 * 1000) });
    expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
  });

  it('reproduces the §3.3 M2M challenge with maxnumber 1e7 (number 31337)', () => {
    const c = createChallenge({ hmacKey: 'sec_test_secret', salt: 'a1b2c3d4e5f6a7b8c9d0e1f2', number: 31337, maxNumber: 1e7, expires: 1893456000 });
    expect(c.challenge).toBe('7165c29b37813b9493b8c04f945961b5b6800e28c829e1c45cf6ee666cf4a448');
    expect(formatWwwAuthenticate(c, 3600)).toBe(
      `Altcha challenge={"algorithm":"SHA-256","challenge":"7165c29b37813b9493b8c04f945961b5b6800e28c829e1c45cf6ee666cf4a448","maxnumber":10000000,"salt":"a1b2c3d4e5f6a7b8c9d0e1f2?expires=1893456000&","signature":"${c.signature}"}, expire=3600`,
    );
  });

  it('uses injected randomness: a 24-hex salt and a number in 1..maxnumber', () => {
    const c = createChallenge({ hmacKey: 'k', maxNumber: 100, expires: 1893456000 }, { randomBytes: fixedBytes(7) });
    expect(c.salt).toMatch(/^[0-9a-f]{24}\?expires=1893456000&$/);
    expect(createChallenge({ hmacKey: 'k', maxNumber: 100, expires: 1893456000 }, { randomBytes: fixedBytes(7) })).toEqual(c);
  });

  it('altcha-lib verifies our solved challenges, and we verify altcha-lib solutions', async () => {
    const c = createChallenge({ hmacKey: 'sec_k', maxNumber: 2000, expires: Math.floor(Date.now() / 1000) + 600 });
    const number = await solveChallenge(c);
    expect(number).not.toBeNull();
    expect(await altchaVerify({ ...c, number: number! } as never, 'sec_k')).toBe(true);
    const theirs = await altchaCreate({ hmacKey: 'sec_k', maxnumber: 2000, expires: new Date(Date.now() + 600_000) });
    const solved = await altchaSolve(theirs.challenge, theirs.salt, theirs.algorithm, theirs.maxnumber).promise;
    expect(verifySolution({ ...theirs, number: solved!.number }, { hmacKey: 'sec_k' }).verified).toBe(true);
  });

  it('checks expiry first, then signature, then solution (fixed clock)', () => {
    const c = createChallenge({ hmacKey: 'k', salt: 'aa', number: 5, expires: 1893456000 });
    const ok = { ...c, number: 5 };
    expect(verifySolution(ok, { hmacKey: 'k' }, { now: () => NOW })).toMatchObject({ verified: true, expires: 1893456000 });
    expect(verifySolution(ok, { hmacKey: 'k' }, { now: () => 1893456000_001 })).toMatchObject({ verified: false, expired: true, reason: 'expired' });
    expect(verifySolution(ok, { hmacKey: 'other' }, { now: () => NOW })).toMatchObject({ verified: false, invalidSignature: true });
    expect(verifySolution({ ...ok, number: 6 }, { hmacKey: 'k' }, { now: () => NOW })).toMatchObject({ verified: false, invalidSolution: true });
    const noExpiry = createChallenge({ hmacKey: 'k', salt: 'aa', number: 5 });
    expect(verifySolution({ ...noExpiry, number: 5 }, { hmacKey: 'k' }, { now: () => NOW }).reason).toBe('no-expiry');
    for (const bad of [null, 'x', [], { ...ok, number: '5' }, { ...ok, number: -1 }, { ...ok, algorithm: 'MD5' }, { ...ok, challenge: 'ZZ' }]) {
      expect(verifySolution(bad, { hmacKey: 'k' }, { now: () => NOW }).malformed).toBe(true);
    }
  });
});

describe('M2M headers (PROTOCOL.md §3.3)', () => {
  const c = createChallenge({ hmacKey: 'sec_test_secret', salt: 'a1b2c3d4e5f6a7b8c9d0e1f2', number: 31337, maxNumber: 1e7, expires: 1893456000 });
  const expected = { ...c, number: 31337 };

  it('accepts the three forms of the retry header', () => {
    const json = `Altcha payload=${JSON.stringify(expected)}`;
    const b64 = `Altcha payload=${Buffer.from(JSON.stringify(expected)).toString('base64')}`;
    const list = `Altcha algorithm=SHA-256, number=31337, challenge=${c.challenge}, salt=${encodeURIComponent(c.salt)}, signature=${c.signature}`;
    for (const h of [json, b64, list, list.replace('Altcha', 'altcha').replace(/=([^,]+)/g, '="$1"')]) {
      const p = parseAltchaAuthorization(h)!;
      expect(verifySolution(p, { hmacKey: 'sec_test_secret' }, { now: () => NOW }).verified).toBe(true);
    }
    expect(formatAltchaAuthorization(c, 31337)).toBe(json);
    expect(formatAltchaAuthorization(c, 31337, 'base64')).toBe(b64);
  });

  it('parses the challenge the three client styles read (Forms split, widget regex, ours)', () => {
    const header = formatWwwAuthenticate(c, 3600);
    expect(parseWwwAuthenticate(header)).toEqual(c);
    const forms = header.split(' ').find((p) => p.startsWith('challenge='))!.slice(10, -1); // altcha-org/forms
    expect(JSON.parse(forms)).toEqual(c);
    expect(JSON.parse(/challenge=(.*),/.exec(header)![1]!)).toEqual(c); // widget upload plugin
  });

  it('rejects other schemes and garbage as "no proof"', () => {
    for (const h of [undefined, '', 'Bearer x', 'Basic Zm9v', 'Altcha', 'Altcha payload=%%%', 'Altcha payload={', 'Altcha payload=[1]', 'x'.repeat(5000)]) {
      expect(parseAltchaAuthorization(h)).toBeNull();
    }
  });

  it('gate: 401 with a challenge without proof, 200 once, 403 on replay, wrong or expired proofs', async () => {
    let now = NOW;
    const store = createMemoryStore({ now: () => now });
    const gate = new M2MGate({ hmacKey: 'm2m', maxNumber: 500, expireSeconds: 60 }, store, { now: () => now, randomBytes: fixedBytes(3) });
    const first = await gate.check(undefined);
    expect(first).toMatchObject({ ok: false, status: 401 });
    const challenge = (first as { challenge: ReturnType<typeof createChallenge> }).challenge;
    expect((first as { wwwAuthenticate: string }).wwwAuthenticate).toMatch(/^Altcha challenge=\{.*\}, expire=60$/);
    expect(await altchaVerify({ ...challenge, number: (await solveChallenge(challenge))! } as never, 'm2m', false)).toBe(true);
    const n = (await solveChallenge(challenge))!;
    const header = formatAltchaAuthorization(challenge, n);
    expect(await gate.check(header)).toEqual({ ok: true });
    expect(await gate.check(header)).toEqual({ ok: false, status: 403, reason: 'replayed' });
    expect(await gate.check(formatAltchaAuthorization(challenge, n + 1))).toMatchObject({ status: 403, reason: 'invalid-solution' });
    const late = (await gate.check(undefined)) as { challenge: ReturnType<typeof createChallenge> };
    const m = (await solveChallenge(late.challenge))!;
    now += 61_000;
    expect(await gate.check(formatAltchaAuthorization(late.challenge, m))).toMatchObject({ status: 403, reason: 'expired' });
  });
});

describe('SecretBox (AES-256-GCM)', () => {
  const key = 'k'.repeat(32);
  it('round-trips, binds the record id, refuses another master key', () => {
    const box = new SecretBox(key, fixedBytes(1));
    const sealed = box.encrypt('sec_abc', 'ckey_1');
    expect(sealed).toMatch(/^enc:v1:[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('sec_abc');
    expect(box.decrypt(sealed, 'ckey_1')).toBe('sec_abc');
    expect(() => box.decrypt(sealed, 'ckey_2')).toThrow();
    expect(() => new SecretBox('z'.repeat(32)).decrypt(sealed, 'ckey_1')).toThrow();
    expect(() => new SecretBox('short')).toThrow(/FORMSPAM_MASTER_KEY/);
  });
});
