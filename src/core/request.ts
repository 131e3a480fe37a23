import { FormspamError } from './errors.js';
import type { ExplainLanguage } from '../explain/index.js';
import { normalizeFenceEntry } from '../geo/countries.js';
import { parseIp, type ParsedIp } from '../ip/parse.js';
import { classifyRequestSchema, EXPLAIN_LANGUAGES, type CLASSIFIERS, type FORM_TYPES, type SchemaNode } from './schema.js';
import { TextInput, type TextSegment } from '../text/input.js';
import { validateAgainst } from './validate.js';

export type Classifier = (typeof CLASSIFIERS)[number];
/** The kind of form a text comes from: `contact` (default) or `comment`. */
export type FormType = (typeof FORM_TYPES)[number];

/** The classification request (2.1 of the spec). Every property is optional. */
export interface ClassifyRequest {
  /**
   * Countries to block: ISO 3166 alpha-2 codes (any case), continents (`continent:EU`, the
   * seven codes AF, AN, AS, EU, NA, OC, SA), named lists (`list:eu`, `list:eea`, `list:sanctioned`)
   * and ISO 3166-2 regions (`DE-BY`, `us-ca`), which match only where a city database gives
   * the address's region.
   */
  blockedCountries?: string[];
  /** Forces a text classifier: one of `cs, en, de, es, fr, it, nl, pt`. */
  classifier?: Classifier;
  /** Rules to disable, written `<category>.<RULE>`, e.g. `text.EMOJI`. */
  disableRules?: string[];
  /** Email address to verify. For privacy, send only `@<domain>`. */
  email?: string;
  /** Countries the user is expected to be from; the same entries as `blockedCountries`. */
  expectedCountries?: string[];
  /** Language codes, ISO 639-1, the text is expected to be written in. */
  expectedLanguages?: string[];
  /**
   * Extension: add `explanations` (one sentence per reason) to the response, in this language;
   * `true` is English in-process (over HTTP, the best language of the `Accept-Language`
   * header). Wins over the `explain` option of `classify`. Another string is refused with
   * `UNSUPPORTED_EXPLAIN_LANGUAGE`.
   */
  explain?: boolean | ExplainLanguage;
  /** Text fields of the form, in order. Ignored when `text` is present. */
  fields?: Record<string, string>;
  /**
   * Extension: the kind of form. `contact` (default): enquiries, orders, sign-ups, where "check
   * out" and "my channel" are ordinary words. `comment`: public comments under a post or video,
   * where SPAM_WORDS also applies the comment lists (self-promotion is spam on its own there).
   */
  formType?: FormType;
  /** IPv4 or IPv6 address of the user; `auto` means the caller's address. */
  ipAddress?: string;
  /** Text to classify. */
  text?: string | string[];
  /** IANA time zone reported by the browser, e.g. `Europe/Prague`. */
  timeZone?: string;
}

/** Limits on the size of a request; exceeding one is a `REQUEST_TOO_LARGE` error. */
export interface RequestLimits {
  /** Total characters of text over all fields (default 200,000). */
  maxTextLength?: number;
}

export const DEFAULT_LIMITS: Required<RequestLimits> = { maxTextLength: 200_000 };

/** What the caller knows beyond the request body. */
export interface RequestContext {
  /** The client's IP address, which `ipAddress: "auto"` stands for (adapters pass it in). */
  clientIp?: string;
  /** The API key the request is classified for (the call option `apiKey`). */
  apiKey?: string | undefined;
}

/** The validated, normalised request that rules see. */
export interface NormalizedRequest {
  readonly text: TextInput | null;
  readonly email: string | null;
  /** The evaluated address in canonical form (`::ffff:1.2.3.4` → `1.2.3.4`; `auto` → the client's). */
  readonly ipAddress: string | null;
  /** The parsed `ipAddress`: family, range, and whether it is public. */
  readonly ip: ParsedIp | null;
  readonly timeZone: string | null;
  readonly classifier: Classifier | null;
  /** `contact` when the request did not say. */
  readonly formType: FormType;
  /** Lower case, de-duplicated, in the request's order. */
  readonly expectedLanguages: readonly string[];
  /** Normalised geo-fence entries (`DE`, `continent:EU`, `list:eu`), de-duplicated, in the request's order. */
  readonly expectedCountries: readonly string[];
  /** Normalised geo-fence entries (`DE`, `continent:EU`, `list:eu`), de-duplicated, in the request's order. */
  readonly blockedCountries: readonly string[];
  readonly disableRules: ReadonlySet<string>;
  /** The API key the request is classified for (the call option `apiKey`), or null. */
  readonly apiKey: string | null;
}

/** The list of a request that gave none: one frozen empty array for all. */
const NONE: readonly string[] = Object.freeze([]);

function fence(values: readonly string[] | undefined, path: string): readonly string[] {
  if (values === undefined) return NONE;
  const out = new Set<string>();
  values.forEach((entry, i) => {
    const n = normalizeFenceEntry(entry);
    if ('error' in n) throw new FormspamError('INVALID_REQUEST', `${path}[${i}]: ${n.error}`, { path: `${path}[${i}]` });
    out.add(n.value);
  });
  return [...out];
}

function ipOf(value: string | undefined, context: RequestContext): ParsedIp | null {
  if (value === undefined) return null;
  if (value === 'auto') {
    if (context.clientIp === undefined) {
      throw new FormspamError(
        'INVALID_REQUEST',
        '$.ipAddress: "auto" stands for the caller\'s address, but none is known here; pass it as options.clientIp (the HTTP adapters do)',
        { path: '$.ipAddress' },
      );
    }
    const client = typeof context.clientIp === 'string' ? parseIp(context.clientIp) : null;
    if (!client) {
      throw new FormspamError('INVALID_OPTIONS', `classify: \`clientIp\` ${JSON.stringify(String(context.clientIp).slice(0, 100))} is not an IP address`);
    }
    return client;
  }
  const ip = parseIp(value);
  if (!ip) {
    throw new FormspamError('INVALID_REQUEST', `$.ipAddress: ${JSON.stringify(value.slice(0, 100))} is not an IPv4 or IPv6 address`, {
      path: '$.ipAddress',
    });
  }
  return ip;
}

function unique(values: readonly string[] | undefined, map: (s: string) => string): readonly string[] {
  return values === undefined ? NONE : [...new Set(values.map(map))];
}

/**
 * An `explain` string that is not a language of the explanations has its own code (the schema
 * alone would call it `INVALID_REQUEST`): a client can tell "not in this language" apart.
 */
export function checkExplainLanguage(request: unknown): void {
  const explain = typeof request === 'object' && request !== null ? (request as { explain?: unknown }).explain : undefined;
  if (typeof explain === 'string' && !(EXPLAIN_LANGUAGES as readonly string[]).includes(explain)) {
    throw new FormspamError(
      'UNSUPPORTED_EXPLAIN_LANGUAGE',
      `$.explain: explanations are written in ${EXPLAIN_LANGUAGES.join(', ')}, not ${JSON.stringify(explain.slice(0, 35))} (or true for the Accept-Language of an HTTP request)`,
      { path: '$.explain' },
    );
  }
}

/**
 * Validates a request against the schema and normalises it.
 * @throws FormspamError `INVALID_REQUEST` (with `path`), `UNSUPPORTED_EXPLAIN_LANGUAGE` or `REQUEST_TOO_LARGE`.
 */
export function normalizeRequest(request: unknown, limits: RequestLimits = {}, context: RequestContext = {}): NormalizedRequest {
  if (request === undefined) request = {};
  checkExplainLanguage(request);
  validateAgainst(classifyRequestSchema as unknown as SchemaNode, request);
  const r = request as ClassifyRequest;
  const maxTextLength = limits.maxTextLength ?? DEFAULT_LIMITS.maxTextLength;

  let segments: TextSegment[] | null = null;
  if (r.text !== undefined) {
    segments = typeof r.text === 'string'
      ? [{ field: 'text', text: r.text }]
      : r.text.map((text, i) => ({ field: `text[${i}]`, text }));
  } else if (r.fields !== undefined) {
    segments = Object.keys(r.fields).map((field) => ({ field, text: r.fields![field]! }));
  }
  // An empty list of texts or an empty `fields` object carries no text: the text rules do not run.
  if (segments && segments.length === 0) segments = null;
  if (segments) {
    let total = 0;
    for (const s of segments) total += s.text.length;
    if (total > maxTextLength) {
      throw new FormspamError(
        'REQUEST_TOO_LARGE',
        `${r.text !== undefined ? '$.text' : '$.fields'}: the text is ${total} characters long; the limit is ${maxTextLength}`,
        { path: r.text !== undefined ? '$.text' : '$.fields' },
      );
    }
  }

  const ip = ipOf(r.ipAddress, context);
  return {
    text: segments ? new TextInput(segments) : null,
    email: r.email ?? null,
    ipAddress: ip ? ip.address : null,
    ip,
    timeZone: r.timeZone ?? null,
    classifier: r.classifier ?? null,
    formType: r.formType ?? 'contact',
    expectedLanguages: unique(r.expectedLanguages, (s) => s.toLowerCase()),
    expectedCountries: fence(r.expectedCountries, '$.expectedCountries'),
    blockedCountries: fence(r.blockedCountries, '$.blockedCountries'),
    disableRules: new Set(r.disableRules ?? []),
    apiKey: context.apiKey ?? null,
  };
}
