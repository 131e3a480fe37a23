/**
 * `formspam/verify`: what a site's server needs to check what the widget submitted, with no
 * dependency beyond node:crypto (no classifier, no rules, no data).
 *
 * @example
 * import { verifyServerSignature, verifyFieldsHash } from 'formspam/verify';
 * const form = new URLSearchParams(body);
 * const result = verifyServerSignature(form.get('altcha'), SECRET);
 * const ok = result.verified &&
 *   verifyFieldsHash(form, result.verificationData.fields, result.verificationData.fieldsHash) &&
 *   result.verificationData.classification !== 'BAD';
 */
export {
  verifyServerSignature,
  verifyFieldsHash,
  verifySolution,
  createServerSignaturePayload,
  signVerificationData,
  formatVerificationData,
  parseVerificationData,
  parseServerSignaturePayload,
  fieldsHashOf,
  type Classification,
  type CreateServerSignatureOptions,
  type FormDataLike,
  type ServerSignaturePayload,
  type ServerSignatureResult,
  type SignatureFailure,
  type SolutionVerification,
  type VerificationData,
  type VerifyServerSignatureOptions,
} from '../altcha/signature.js';
