/** The OpenAPI 3.1 document of the service; the classify request schema is the engine's own. */
import { classifyRequestSchema } from '../core/schema.js';
import { category, error, errorResponse, explainParameters, explanation, explanations, ipAddressResult, READINESS_SCHEMA, retryAfter, ruleResult, unavailable } from './openapi-parts.js';
import { adminPaths } from './openapi-admin.js';
import { feedbackPaths } from './openapi-feedback.js';
import { widgetPaths } from './openapi-widget.js';

export { READINESS_SCHEMA } from './openapi-parts.js';

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
          required: ['id', 'classification', 'score', 'reasons'],
          properties: {
            id: { type: 'string', maxLength: 100, description: 'The decision\'s id (`d_` and 22 base64url characters): the server logs the decision under it, and feedback names it.' },
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
          required: ['id', 'classification', 'score', 'reasons', 'verified', 'payload'],
          properties: {
            id: { type: 'string', maxLength: 100, description: 'The decision\'s id (`d_` and 22 base64url characters): the server logs the decision under it, and feedback names it.' },
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
      ...feedbackPaths(),
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
      ...adminPaths(),
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
