/** The OpenAPI paths of feedback (`POST /api/v1/feedback`): a site's report on a decision, which its own model learns from. */
import { errorResponse, retryAfter, unavailable } from './openapi-parts.js';

export function feedbackPaths(): Record<string, unknown> {
  return {
    '/api/v1/feedback': {
      post: {
        operationId: 'feedback',
        summary: 'Report that a message was spam or ham: the key\'s own model (text.SITE_MODEL) learns it. By decision `id` (idempotent: the same label again changes nothing, another label moves the counts), or with the classified `request` for messages older than the decision log (counted once per call: no idempotency)',
        security: [{ apiKeyQuery: [] }, { bearer: [] }],
        parameters: [
          { name: 'apiKey', in: 'query', required: false, schema: { type: 'string' }, description: 'The API key (or `Authorization: Bearer <key>`).' },
          { name: 'X-Formspam-Secret', in: 'header', required: false, schema: { type: 'string' }, description: 'The key\'s secret (required here or as `secret` in the body): feedback comes from the site\'s own server.' },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['label'],
                properties: {
                  id: { type: 'string', maxLength: 100, description: 'The `id` of a classify response of this key.' },
                  request: { $ref: '#/components/schemas/ClassifyRequest' },
                  label: { type: 'string', enum: ['spam', 'ham'] },
                  secret: { type: 'string', description: 'The key\'s secret, when not in X-Formspam-Secret.' },
                },
              },
            },
          },
        },
        responses: {
          200: {
            description: 'Recorded',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['outcome', 'label', 'reports', 'minReports', 'active'],
                  properties: {
                    outcome: { type: 'string', enum: ['recorded', 'unchanged', 'changed', 'learned'], description: '`recorded`: first label of the decision; `unchanged`: the same label again; `changed`: the label moved (and the counts with it); `learned`: a request counted' },
                    label: { type: 'string', enum: ['spam', 'ham'] },
                    id: { type: 'string' },
                    reports: { type: 'object', required: ['spam', 'ham'], properties: { spam: { type: 'integer' }, ham: { type: 'integer' } } },
                    minReports: { type: 'integer', description: 'Reports of each label the model needs before it scores' },
                    active: { type: 'boolean', description: 'Whether text.SITE_MODEL scores for this key now' },
                  },
                },
              },
            },
          },
          400: errorResponse('Invalid JSON, body, label or request (`INVALID_JSON`, `INVALID_FEEDBACK`, `INVALID_LABEL`, `INVALID_REQUEST`, `REQUEST_TOO_LARGE`)'),
          401: errorResponse('Missing or unknown API key, revoked key, missing or wrong secret (`SECRET_REQUIRED`, `INVALID_SECRET`)'),
          404: errorResponse('No decision of this key has that id (`DECISION_NOT_FOUND`)'),
          405: errorResponse('Method not allowed'),
          413: errorResponse('Body over the size limit'),
          415: errorResponse('Content-Type is not application/json'),
          429: errorResponse('Rate limit exceeded (`feedback-key` per key)', retryAfter),
          501: errorResponse('The server keeps no site model, or (with `id`) no decision log (`NOT_SUPPORTED`)'),
          503: unavailable,
        },
      },
    },
  };
}
