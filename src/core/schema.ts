/**
 * The one schema of the classification request (JSON Schema 2020-12, the dialect of OpenAPI 3.1).
 * `validateRequest` interprets it, and the HTTP layer's OpenAPI document is derived from it,
 * so the two cannot drift apart.
 */

export const CLASSIFIERS = ['cs', 'en', 'de', 'es', 'fr', 'it', 'nl', 'pt'] as const;

/**
 * What kind of form the text comes from (an extension beyond the service contract, like
 * Akismet's `comment_type`): `contact` (the default) for enquiries, orders and sign-ups;
 * `comment` for public comments under a post or video, where asking readers to subscribe to,
 * follow or check out the writer's own channel is the spam itself.
 */
export const FORM_TYPES = ['contact', 'comment'] as const;

/** The languages of the readable reasons (`explain`). */
export const EXPLAIN_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;

const countryList = {
  type: 'array',
  maxItems: 300,
  items: {
    type: 'string',
    pattern: '^(?:[A-Za-z]{2}|[A-Za-z]{2}-[A-Za-z0-9]{1,3}|continent:[A-Za-z]{2}|list:[A-Za-z]{1,30})$',
    description: 'ISO 3166-1 alpha-2 country code (any case), an ISO 3166-2 region code such as `US-CA` or `DE-BY` (matched only where a city database gives the region), `continent:<code>` (AF, AN, AS, EU, NA, OC, SA) or `list:<name>` (eu, eea, sanctioned)',
  },
} as const;

export const classifyRequestSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'ClassifyRequest',
  type: 'object',
  additionalProperties: false,
  properties: {
    blockedCountries: { ...countryList, description: 'Countries to block: alpha-2 codes, ISO 3166-2 regions (`DE-BY`, needs a city database that gives regions), `continent:EU`, `list:eu`.' },
    classifier: { type: 'string', enum: CLASSIFIERS, description: 'Forces a specific text classifier.' },
    disableRules: {
      type: 'array',
      maxItems: 100,
      description: 'Rules to disable, written `<category>.<RULE>`.',
      items: { type: 'string', maxLength: 100, pattern: '^[a-z][A-Za-z]*\\.[A-Z][A-Z0-9_]*$', description: 'a rule id written `<category>.<RULE>`, e.g. `text.SPAM_WORDS` or `email.MX`' },
    },
    email: { type: 'string', maxLength: 320, description: 'Email address to verify; `@<domain>` is enough.' },
    expectedCountries: { ...countryList, description: 'Countries the user is expected to be from: alpha-2 codes, ISO 3166-2 regions (`DE-BY`), `continent:EU`, `list:eu`.' },
    expectedLanguages: {
      type: 'array',
      maxItems: 200,
      description: 'Language codes (ISO 639-1) the text is expected to be written in.',
      items: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'a two-letter ISO 639-1 language code, e.g. `en` or `de`' },
    },
    explain: {
      description:
        'Extension: add `explanations` to the response, one sentence per reason naming its evidence. A language (`en`, `de`, `fr`, `es`), or `true`: over HTTP the best of those in the `Accept-Language` header (else `en`), in-process `en`. `false` or absent: none, and the response is exactly as without this property. Another string is refused with `code: UNSUPPORTED_EXPLAIN_LANGUAGE` (HTTP 400).',
      oneOf: [
        { type: 'boolean' },
        { type: 'string', enum: EXPLAIN_LANGUAGES },
      ],
    },
    formType: {
      type: 'string',
      enum: FORM_TYPES,
      description:
        'Extension: the kind of form. `contact` (default): enquiries, orders, sign-ups. `comment`: public comments, where self-promotion ("subscribe to my channel", "check out my video") is spam on its own.',
    },
    fields: {
      type: 'object',
      maxProperties: 100,
      description: 'Textual form fields, in order. Ignored when `text` is present.',
      propertyNames: { maxLength: 200 },
      additionalProperties: { type: 'string' },
    },
    ipAddress: { type: 'string', maxLength: 100, description: 'IPv4 or IPv6 address; `auto` means the caller.' },
    text: {
      description: 'Text to classify.',
      oneOf: [
        { type: 'string' },
        { type: 'array', maxItems: 100, items: { type: 'string' } },
      ],
    },
    timeZone: { type: 'string', maxLength: 100, description: 'IANA time zone reported by the browser.' },
  },
} as const;

/** A JSON Schema node, as far as this project's validator understands it. */
export interface SchemaNode {
  type?: 'object' | 'array' | 'string' | 'number' | 'boolean';
  properties?: Readonly<Record<string, SchemaNode>>;
  additionalProperties?: boolean | SchemaNode;
  propertyNames?: { maxLength?: number };
  maxProperties?: number;
  items?: SchemaNode;
  maxItems?: number;
  enum?: readonly string[];
  pattern?: string;
  maxLength?: number;
  oneOf?: readonly SchemaNode[];
  description?: string;
}
