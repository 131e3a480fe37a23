// The test vectors of docs/signature.md: altcha-lib (v1 and v2, the independent verifier) and
// formspam/verify accept every payload with the documented secret, the fields hashes match,
// and formspam's signer reproduces each signature and payload byte for byte.
import { createChallenge as libCreateChallenge, verifyFieldsHash as libFieldsHashV1, verifyServerSignature as libServerSigV1 } from 'altcha-lib/v1';
import { verifyFieldsHash as libFieldsHashV2, verifyServerSignature as libServerSigV2 } from 'altcha-lib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerSignaturePayload, signVerificationData, verifyFieldsHash, verifyServerSignature } from '../../src/verify/index.js';
import { ROOT } from '../cli/run-cli.js';

interface Vector { name: string; secret: string; algorithm: 'SHA-256' | 'SHA-512'; verificationData: string; signature: string; payload: string; formData?: Record<string, string> }

const DOC = readFileSync(join(ROOT, 'docs/signature.md'), 'utf8');
const at = DOC.indexOf('<!-- vectors:');
const VECTORS: Vector[] = JSON.parse(/```json\n([\s\S]*?)```/.exec(DOC.slice(at))![1]!);
const BEFORE_EXPIRY = () => 1_893_455_800_000;

describe('docs/signature.md test vectors', () => {
  it('has the PROTOCOL.md §2.6 example and at least three more', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(4);
    expect(VECTORS[0]!.signature).toBe('dfe918d4fd68fe1e513874163b0b9658fcfeae60c7c692cdd85fddc21a48200f');
  });

  describe.each(VECTORS.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const decoded = JSON.parse(Buffer.from(v.payload, 'base64').toString('utf8'));

    it('altcha-lib v1 and v2 verifyServerSignature accept the payload with the secret, and refuse another secret', async () => {
      expect(decoded.verificationData).toBe(v.verificationData);
      expect(decoded.signature).toBe(v.signature);
      expect(await libServerSigV1(v.payload, v.secret)).toMatchObject({ verified: true });
      expect(await libServerSigV2({ payload: decoded, hmacSecret: v.secret })).toMatchObject({ verified: true, invalidSignature: false, expired: false });
      expect((await libServerSigV1(v.payload, `${v.secret}x`)).verified).toBe(false);
    });

    it('formspam signs it to the same bytes and verifies it', () => {
      expect(signVerificationData(v.verificationData, v.secret, v.algorithm)).toBe(v.signature);
      const { payload } = createServerSignaturePayload({ secret: v.secret, verificationData: v.verificationData, algorithm: v.algorithm, apiKey: decoded.apiKey, ...(decoded.id && { id: decoded.id }) });
      expect(payload).toBe(v.payload);
      const result = verifyServerSignature(v.payload, v.secret, { now: BEFORE_EXPIRY });
      expect(result).toMatchObject({ verified: true, malformed: false, invalidSignature: false, expired: false, invalidSolution: false, apiKey: 'ckey_0123456789abcdef01234567' });
      expect(verifyServerSignature(v.payload, v.secret, { now: () => 1_893_456_000_000 })).toMatchObject({ verified: false, expired: true, reason: 'expired' });
    });

    if (v.formData) it('the fields hash matches the form with altcha-lib and formspam', async () => {
      const vd = new URLSearchParams(v.verificationData);
      const fields = vd.get('fields')!.split(',');
      expect(await libFieldsHashV1(v.formData!, fields, vd.get('fieldsHash')!, v.algorithm)).toBe(true);
      expect(await libFieldsHashV2({ formData: v.formData!, fields, fieldsHash: vd.get('fieldsHash')!, algorithm: v.algorithm })).toBe(true);
      expect(verifyFieldsHash(v.formData!, fields, vd.get('fieldsHash')!, v.algorithm)).toBe(true);
      expect(verifyFieldsHash({ ...v.formData!, name: 'Mallory' }, fields, vd.get('fieldsHash')!, v.algorithm)).toBe(false);
    });
  });

  it('the §1.1 challenge vector in the page is what altcha-lib creates', async () => {
    const c = await libCreateChallenge({ hmacKey: 'sec_test_secret', salt: '46a7e2c1b3f0d9e8a7b6c5d4', number: 4242, expires: new Date(1893456000 * 1000) });
    for (const value of [c.salt, c.challenge, c.signature]) expect(DOC).toContain(value);
  });
});
