/** The OpenAPI paths of the browser-widget endpoints (routes/widget.ts). */
import { FORM_TYPES } from '../core/schema.js';
import { errorResponse, explainParameters, retryAfter, storeRetryAfter, UNAVAILABLE, unavailable } from './openapi-parts.js';

const widgetError = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers && { headers }),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/WidgetError' } } },
});

/** The browser-widget endpoints (widget.ts). */
export function widgetPaths(): Record<string, unknown> {
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
