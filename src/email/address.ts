/**
 * Email address normalisation for the email rules. Pure: no I/O. The local part is kept only
 * to validate the address and to hash it for the REPORTED list; it is never put in a response,
 * a match or a DNS query.
 */
import { domainToASCII } from 'node:url';
import isEmailModule from 'validator/lib/isEmail.js';
import type { NormalizedRequest } from '../core/request.js';
import { isKnownTld } from './lists.js';

/** Why an address is invalid (the `reason` of an `email.INVALID` match). */
export type InvalidEmailReason =
  | 'empty'
  | 'missing-at'
  | 'empty-domain'
  | 'ip-literal'
  | 'bad-characters'
  | 'bad-idn'
  | 'empty-label'
  | 'no-dot'
  | 'label-too-long'
  | 'domain-too-long'
  | 'bad-hyphen'
  | 'ip-address'
  | 'unknown-tld'
  | 'bad-address';

export interface ParsedEmail {
  /**
   * The domain: ASCII (IDN converted with `url.domainToASCII`), lower case, without a trailing
   * dot. When the domain cannot be converted, the part after the last `@`, lower-cased
   * (capped at 255 characters); `null` when there is no `@`. Safe to show: it never contains
   * the local part.
   */
  readonly domain: string | null;
  /** Why the address is invalid, or `null` when it is valid. */
  readonly invalid: InvalidEmailReason | null;
  /** `local@domain` in lower case when a full, valid address was given, else `null`. Internal: never shown. */
  readonly address: string | null;
}

// CommonJS: module.exports is the function, and `.default` is the same function.
const isEmail = isEmailModule.default;

const MAX_DOMAIN = 253;
const MAX_LABEL = 63;

function isLdh(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2d;
}

/** Checks an ASCII, lower-case domain; returns why it is invalid, or null. */
function domainProblem(ascii: string): InvalidEmailReason | null {
  if (ascii.length > MAX_DOMAIN) return 'domain-too-long';
  const labels = ascii.split('.');
  if (labels.length < 2) return labels[0] === '' ? 'empty-domain' : 'no-dot';
  for (const label of labels) {
    if (label === '') return 'empty-label';
    if (label.length > MAX_LABEL) return 'label-too-long';
    for (let i = 0; i < label.length; i++) if (!isLdh(label.charCodeAt(i))) return 'bad-characters';
    if (label.startsWith('-') || label.endsWith('-')) return 'bad-hyphen';
  }
  const tld = labels[labels.length - 1]!;
  let digits = true;
  for (let i = 0; i < tld.length && digits; i++) digits = tld.charCodeAt(i) >= 0x30 && tld.charCodeAt(i) <= 0x39;
  if (digits) return 'ip-address';
  if (!isKnownTld(tld)) return 'unknown-tld';
  return null;
}

/** Parses `@domain` or `local@domain`. Never throws. */
export function parseEmail(input: string): ParsedEmail {
  const s = input.trim();
  if (s === '') return { domain: null, invalid: 'empty', address: null };
  const at = s.lastIndexOf('@');
  if (at === -1) return { domain: null, invalid: 'missing-at', address: null };
  const local = s.slice(0, at);
  let raw = s.slice(at + 1);
  if (raw.endsWith('.')) raw = raw.slice(0, -1);
  const fallback = raw.toLowerCase().slice(0, 255);
  const invalid = (reason: InvalidEmailReason, domain: string | null = fallback): ParsedEmail => ({
    domain: domain === '' ? null : domain,
    invalid: reason,
    address: null,
  });
  if (raw === '') return invalid('empty-domain');
  if (raw.startsWith('[')) return invalid('ip-literal');
  // ASCII characters other than letters, digits, '-' and '.' are never part of a mail domain;
  // they are rejected before domainToASCII, which would map or decode some of them (`%61`).
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 0x80 && !isLdh(c >= 0x41 && c <= 0x5a ? c + 0x20 : c) && c !== 0x2e) return invalid('bad-characters');
  }
  const ascii = raw.length > 1024 ? '' : domainToASCII(raw);
  if (ascii === '') return invalid('bad-idn');
  const problem = domainProblem(ascii);
  if (problem) return invalid(problem, ascii.slice(0, 255));
  if (local === '') return { domain: ascii, invalid: null, address: null };
  if (!isEmail(`${local}@${ascii}`)) return invalid('bad-address', ascii);
  return { domain: ascii, invalid: null, address: `${local.toLowerCase()}@${ascii}` };
}

/**
 * The key of a request's parsed email: a non-enumerable property of the request, which lives and
 * dies with it (a WeakMap's values outlive their young keys through the next scavenge).
 */
const PARSED = Symbol('formspam.parsedEmail');

/** The parsed `email` of a request (computed once per request), or `null` when none was given. */
export function emailOf(request: NormalizedRequest): ParsedEmail | null {
  if (request.email === null) return null;
  let parsed = (request as { [PARSED]?: ParsedEmail })[PARSED];
  if (parsed === undefined) {
    parsed = parseEmail(request.email);
    // A request frozen by its maker is parsed on every call instead.
    if (Object.isExtensible(request)) Object.defineProperty(request, PARSED, { value: parsed });
  }
  return parsed;
}

/** The domain to show in the `email` result object: never the local part. */
export function emailDomainOf(request: NormalizedRequest): string | null {
  return emailOf(request)?.domain ?? null;
}
