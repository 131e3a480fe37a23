/**
 * `protect()`: guard a site's own form post in-process. The post's fields become a classify
 * request (text fields, email, client IP, the browser's time zone from a hidden input), the
 * verdict is attached to the request, and a post the `block` test flags (default: BAD) is
 * answered with a configurable response (default 403 JSON, `code: "SPAM"`). `dryRun` never
 * blocks: it attaches the verdict and reports it. The worlds (node/Express middleware, fetch
 * `Request`) share this file.
 */
import type { ClassifyOptions } from '../engine/classify.js';
import { classifierFor } from '../engine/classifier.js';
import { invalidOption, isFormspamError } from '../core/errors.js';
import { EXPLAIN_LANGUAGES, negotiateExplainLanguage, type ExplainLanguage } from '../explain/index.js';
import type { Providers } from '../providers/types.js';
import type { ClassifyRequest, FormType } from '../core/request.js';
import type { ClassifyResponse } from '../core/response.js';
import { trustedProxySet } from '../service/client-ip.js';
import type { Logger } from '../service/http.js';

export type Verdict = ClassifyResponse;

/** A response in no framework's shape: what `onBlocked` returns and the adapters write. */
export interface PlainResponse {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export interface ProtectOptions {
  /**
   * The form fields that are text to classify, in this order. Default: every string field
   * except the email and time-zone fields and known non-text ones (CSRF tokens, captcha
   * responses, passwords, names starting with `_`, `submit`, `redirect`, …).
   */
  fields?: readonly string[];
  /** The field with the sender's email address (default `email`); `false` for none. */
  emailField?: string | false;
  /** The hidden input with the browser's IANA time zone (default: `timeZone`, else `tz`); `false` for none. */
  timeZoneField?: string | false;
  /** The kind of form (default `contact`). */
  formType?: FormType;
  /** Extra request properties (expectedCountries, blockedCountries, disableRules, …) for every post. */
  request?: Omit<ClassifyRequest, 'text' | 'fields' | 'email' | 'timeZone' | 'ipAddress' | 'formType'>;
  /** Providers for classify (default: the bundled offline ones). */
  providers?: Providers;
  /** Options for classify (clientIp is set per post). */
  classifyOptions?: Omit<ClassifyOptions, 'clientIp' | 'signal'>;
  /** Proxies whose `X-Forwarded-For`/`Forwarded` are believed (CIDRs, addresses, `loopback`, `private`). */
  trustedProxies?: readonly string[];
  /**
   * Readable reasons: the verdict carries `explanations` (one sentence per reason) and the
   * default blocked response lists them. `true`: in the post's `Accept-Language` (the first of
   * en, de, fr, es it prefers, else en); or a fixed language. Off by default.
   */
  explain?: boolean | ExplainLanguage;
  /** Whether a verdict blocks the post (default: `classification === 'BAD'`). */
  block?: (verdict: Verdict) => boolean;
  /** The response to a blocked post (default 403 JSON `{ error, code: 'SPAM', classification, reasons }`, and `explanations` with `explain`). */
  onBlocked?: (verdict: Verdict) => PlainResponse;
  /** Called with every verdict (blocked or not, dry run or not). */
  onVerdict?: (verdict: Verdict, info: { blocked: boolean; wouldBlock: boolean; dryRun: boolean }) => void;
  /** Never block: attach the verdict and report posts that would be blocked (to `logger`, else `console.warn`). */
  dryRun?: boolean;
  logger?: Pick<Logger, 'warn'>;
  /** Largest form body read, in bytes (default 65,536); a larger post is answered 413. */
  bodyLimit?: number;
}

export const DEFAULT_PROTECT_BODY_LIMIT = 65_536;

/** Field names that are not text a person wrote. */
const NOT_TEXT = /^(?:_.*|.*csrf.*|.*xsrf.*|.*token.*|.*password.*|.*captcha.*|cf-turnstile-response|altcha|submit|action|redirect|return_?url|next|timezone|time_zone|tz|website_?url_?hp|honeypot)$/i;

export type Form = Record<string, string>;

/** The prepared options, checked once. */
export interface Guard {
  readonly options: ProtectOptions;
  readonly bodyLimit: number;
  readonly trusted: ReturnType<typeof trustedProxySet>;
  /** `acceptLanguage`: the post's `Accept-Language` header (for `explain: true`). */
  judge(form: Form, clientIp: string | undefined, acceptLanguage?: string): Promise<Judgement>;
}

export type Judgement =
  | { verdict: Verdict; blocked: PlainResponse | null }
  | { verdict: null; blocked: PlainResponse | null };

export function errorPlain(status: number, code: string, message: string): PlainResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ error: message, statusCode: status, code }) };
}

function defaultBlocked(verdict: Verdict): PlainResponse {
  return {
    status: 403,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({
      error: 'The submission was refused as spam.',
      code: 'SPAM',
      classification: verdict.classification,
      reasons: verdict.reasons,
      ...(verdict.explanations && { explanations: verdict.explanations }),
    }),
  };
}

/** The classify request of a form post. */
export function formRequest(form: Form, clientIp: string | undefined, options: ProtectOptions): ClassifyRequest {
  const emailField = options.emailField === undefined ? 'email' : options.emailField;
  const tzField = options.timeZoneField === undefined ? (Object.hasOwn(form, 'timeZone') ? 'timeZone' : 'tz') : options.timeZoneField;
  const fields: Record<string, string> = {};
  const names = options.fields ?? Object.keys(form).filter((n) => n !== emailField && n !== tzField && !NOT_TEXT.test(n));
  for (const name of names) {
    const value = Object.hasOwn(form, name) ? form[name]! : undefined;
    if (value !== undefined && value.trim() !== '' && name !== '__proto__') fields[name] = value;
  }
  const email = emailField !== false && Object.hasOwn(form, emailField) ? form[emailField]!.trim() : '';
  const tz = tzField !== false && Object.hasOwn(form, tzField) ? form[tzField]!.trim() : '';
  return {
    ...options.request,
    fields,
    ...(email !== '' && { email }),
    ...(tz !== '' && { timeZone: tz.slice(0, 100) }),
    ...(clientIp !== undefined && { ipAddress: clientIp }),
    ...(options.formType !== undefined && { formType: options.formType }),
  };
}

export function createGuard(options: ProtectOptions = {}): Guard {
  const bodyLimit = options.bodyLimit ?? DEFAULT_PROTECT_BODY_LIMIT;
  if (!Number.isInteger(bodyLimit) || bodyLimit < 1) throw invalidOption('protect', 'bodyLimit', 'must be a positive integer (bytes)');
  const trusted = trustedProxySet(options.trustedProxies, 'protect');
  const block = options.block ?? ((v: Verdict) => v.classification === 'BAD');
  const onBlocked = options.onBlocked ?? defaultBlocked;
  const dryRun = options.dryRun === true;
  const classifier = classifierFor({ ...options.classifyOptions, providers: options.providers }, { factory: 'protect', prefix: 'classifyOptions.' });
  const explain = options.explain;
  if (explain !== undefined && typeof explain !== 'boolean' && !(EXPLAIN_LANGUAGES as readonly unknown[]).includes(explain)) {
    throw invalidOption('protect', 'explain', `must be true, false or one of ${EXPLAIN_LANGUAGES.join(', ')}`);
  }
  return {
    options,
    bodyLimit,
    trusted,
    async judge(form, clientIp, acceptLanguage) {
      let verdict: Verdict;
      const request = formRequest(form, clientIp, options);
      if (explain !== undefined) request.explain = explain === true ? negotiateExplainLanguage(acceptLanguage) : explain;
      try {
        verdict = await classifier.classify(request);
      } catch (error) {
        // A post classify refuses (too long, too many fields) is the client's fault: a 4xx with a code.
        if (isFormspamError(error) && error.code !== 'INVALID_OPTIONS') {
          const status = error.code === 'REQUEST_TOO_LARGE' ? 413 : 400;
          return { verdict: null, blocked: dryRun ? null : errorPlain(status, error.code, error.message) };
        }
        throw error;
      }
      const wouldBlock = block(verdict);
      const blocked = wouldBlock && !dryRun;
      if (dryRun && wouldBlock) {
        const log = options.logger ?? { warn: (obj: object, msg?: string) => console.warn(msg, JSON.stringify(obj)) };
        log.warn({ event: 'formspam-dry-run', classification: verdict.classification, score: verdict.score, reasons: verdict.reasons }, 'formspam dry run: this post would be blocked');
      }
      options.onVerdict?.(verdict, { blocked, wouldBlock, dryRun });
      return { verdict, blocked: blocked ? onBlocked(verdict) : null };
    },
  };
}

const MEDIA = /^\s*([^;\s]+)/;

/** The media type of a Content-Type header, lower case. */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType && MEDIA.exec(contentType)?.[1]?.toLowerCase()) || '';
}

/** Whether a content type is a form this guard reads. */
export function isFormType(type: string): boolean {
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data' || type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

function addField(form: Form, name: string, value: string): void {
  // Repeated names (checkboxes, `tags[]`): their values joined by newlines.
  form[name] = Object.hasOwn(form, name) ? `${form[name]}\n${value}` : value;
}

/** A parsed object (express.urlencoded()/json(), JSON): its string (and string-array) values. */
export function formOfObject(value: unknown): Form | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const form: Form = Object.create(null) as Form;
  for (const [name, v] of Object.entries(value)) {
    if (typeof v === 'string') addField(form, name, v);
    else if (Array.isArray(v)) for (const item of v) if (typeof item === 'string') addField(form, name, item);
  }
  return form;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The fields of a form body already read (bounded); a {@link PlainResponse} 400 when it does not parse. */
export async function parseForm(bytes: Uint8Array, contentType: string): Promise<{ form: Form } | { error: PlainResponse }> {
  const type = mediaType(contentType);
  if (type === 'multipart/form-data') {
    let data: FormData;
    try {
      data = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    } catch {
      return { error: errorPlain(400, 'INVALID_FORM', 'The multipart form body could not be parsed.') };
    }
    const form: Form = Object.create(null) as Form;
    data.forEach((value, name) => {
      if (typeof value === 'string') addField(form, name, value);
    });
    return { form };
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { error: errorPlain(400, 'INVALID_FORM', 'The form body is not UTF-8.') };
  }
  if (type === 'application/x-www-form-urlencoded') {
    const form: Form = Object.create(null) as Form;
    for (const [name, value] of new URLSearchParams(text)) addField(form, name, value);
    return { form };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: errorPlain(400, 'INVALID_JSON', 'Invalid JSON.') };
  }
  const form = formOfObject(value);
  return form ? { form } : { error: errorPlain(400, 'INVALID_FORM', 'The JSON body must be an object of form fields.') };
}

/** Methods that carry no form: passed through without a verdict. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
