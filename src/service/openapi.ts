/** The OpenAPI 3.1 document of the service; the classify request schema is the engine's own. */
import { classifyRequestSchema } from '../schema.js';

const error = {
  type: 'object',
  required: ['error', 'statusCode'],
  properties: { error: { type: 'string' }, statusCode: { type: 'integer' } },
} as const;

const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers && { headers }),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const retryAfter = { 'Retry-After': { description: 'Seconds until the window resets', schema: { type: 'integer' } } };

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
const category = {
  type: 'object',
  required: ['score', 'rules'],
  properties: { score: { type: 'number' }, rules: { type: 'object', additionalProperties: { $ref: '#/components/schemas/RuleResult' } } },
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
        ClassifyResponse: {
          type: 'object',
          required: ['classification', 'score', 'reasons'],
          properties: {
            classification: { type: 'string', enum: ['GOOD', 'NEUTRAL', 'BAD'] },
            score: { type: 'number' },
            reasons: { type: 'array', items: { type: 'string' } },
            country: { type: ['object', 'null'] },
            email: { $ref: '#/components/schemas/Category' },
            ipAddress: { $ref: '#/components/schemas/Category' },
            text: { $ref: '#/components/schemas/Category' },
            timeZone: { $ref: '#/components/schemas/Category' },
            errors: { type: 'array', items: { type: 'object' } },
          },
        },
        ApiKeyRequest: {
          type: 'object',
          required: ['hostname'],
          properties: { hostname: { type: 'string', maxLength: 300, description: 'Host name the key is for, e.g. `example.com` or `example.com:3000`; IDN allowed.' } },
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
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ClassifyRequest' } } } },
          responses: {
            200: { description: 'The classification', content: { 'application/json': { schema: { $ref: '#/components/schemas/ClassifyResponse' } } } },
            400: errorResponse('Invalid JSON or an invalid request'),
            401: errorResponse('Missing or unknown API key'),
            403: errorResponse('Referer/Origin not on the key\'s host'),
            405: errorResponse('Method not allowed'),
            413: errorResponse('Body over the size limit'),
            415: errorResponse('Content-Type is not application/json'),
            429: errorResponse('Rate limit exceeded', retryAfter),
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
          },
        },
      },
      '/healthz': {
        get: { operationId: 'healthz', summary: 'Liveness', responses: { 200: { description: 'Alive', content: { 'application/json': { schema: { type: 'object', required: ['status'], properties: { status: { type: 'string' } } } } } } } },
      },
      '/readyz': {
        get: {
          operationId: 'readyz',
          summary: 'Readiness: data loaded, store reachable, list ages',
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
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    store: { type: 'object', required: ['kind', 'ok'], properties: { kind: { type: 'string' }, ok: { type: 'boolean' } } },
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
