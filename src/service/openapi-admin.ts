/** The OpenAPI paths of the admin page and the decision log (routes/admin.ts). */
import { errorResponse, unavailable } from './openapi-parts.js';

const admin = { security: [{ bearer: [] }] };
const tokenInvalid = errorResponse('Wrong or missing admin token (`ADMIN_TOKEN_INVALID`)');
const disabled = errorResponse('The admin endpoints are off (`ADMIN_DISABLED`): no FORMSPAM_ADMIN_TOKEN');
const noLog = errorResponse('The store keeps no decision log (`NOT_SUPPORTED`)');
const verdictCounts = { type: 'object', required: ['GOOD', 'NEUTRAL', 'BAD'], properties: { GOOD: { type: 'integer' }, NEUTRAL: { type: 'integer' }, BAD: { type: 'integer' } } };
const time = (description: string) => ({ type: 'string', description: `${description}: milliseconds since the epoch, an ISO 8601 date or date-time (UTC unless it has an offset), or a time ago (\`30m\`, \`24h\`, \`7d\`)` });

const decision = {
  type: 'object',
  required: ['id', 'at', 'apiKey', 'classification', 'score', 'reasons', 'country', 'label', 'labelledAt'],
  properties: {
    id: { type: 'string' },
    at: { type: 'string', description: 'ISO 8601 time of the decision' },
    apiKey: { type: 'string' },
    classification: { type: 'string', enum: ['GOOD', 'NEUTRAL', 'BAD'] },
    score: { type: 'number' },
    reasons: { type: 'array', items: { type: 'string' } },
    country: { type: ['string', 'null'] },
    label: { type: ['string', 'null'], enum: ['spam', 'ham', null], description: 'The site\'s report, once given' },
    labelledAt: { type: ['string', 'null'] },
  },
};

const filters = [
  { name: 'verdict', in: 'query', required: false, schema: { type: 'string', enum: ['GOOD', 'NEUTRAL', 'BAD'] }, description: 'Only this verdict (any case)' },
  { name: 'reason', in: 'query', required: false, schema: { type: 'string', maxLength: 100 }, description: 'Only decisions with this rule among their reasons, e.g. `text.URL`' },
  { name: 'key', in: 'query', required: false, schema: { type: 'string', maxLength: 100 }, description: 'Only this API key\'s decisions' },
  { name: 'label', in: 'query', required: false, schema: { type: 'string', enum: ['spam', 'ham'] }, description: 'Only decisions the site reported so' },
];

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 200 }, description: 'The decision id (the classify response\'s `id`)' };

export function adminPaths(): Record<string, unknown> {
  const page = (operationId: string, summary: string, type: string, more: Record<string, unknown> = {}) => ({
    get: { operationId, summary, responses: { 200: { description: 'The file', content: { [type]: { schema: { type: 'string' } } } }, ...more, 404: disabled } },
  });
  return {
    '/admin': page('adminPage', 'The admin page (read-only but for its spam/ham buttons): it asks for the admin token and sends it as `Authorization: Bearer` on its JSON calls; served with a CSP that allows no inline code; its URLs are relative to it', 'text/html', {
      308: { description: '`/admin/` redirects to `../admin` (the page\'s URLs are relative to `…/admin`)', headers: { Location: { schema: { type: 'string' } } } },
    }),
    '/admin/admin.js': page('adminPageScript', 'The admin page\'s script', 'text/javascript'),
    '/admin/admin.css': page('adminPageStyle', 'The admin page\'s style sheet', 'text/css'),
    '/admin/decisions': {
      get: {
        operationId: 'adminListDecisions',
        summary: 'The decision log, newest first (ties by id), filtered; never the learner\'s token hashes',
        ...admin,
        parameters: [
          ...filters,
          { name: 'since', in: 'query', required: false, schema: time('Decisions at or after this time') },
          { name: 'until', in: 'query', required: false, schema: time('Decisions before this time') },
          { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } },
        ],
        responses: {
          200: { description: 'The decisions', content: { 'application/json': { schema: { type: 'object', required: ['decisions'], properties: { decisions: { type: 'array', items: decision } } } } } },
          400: errorResponse('A bad value (`INVALID_VERDICT`, `INVALID_REASON`, `INVALID_KEY`, `INVALID_LABEL`, `INVALID_LIMIT`, `INVALID_SINCE`, `INVALID_UNTIL`), or an unknown or repeated parameter (`UNKNOWN_PARAMETER`, `DUPLICATE_PARAMETER`)'),
          401: tokenInvalid,
          404: disabled,
          405: errorResponse('Method not allowed'),
          501: noLog,
          503: unavailable,
        },
      },
    },
    '/admin/decisions/stats': {
      get: {
        operationId: 'adminDecisionStats',
        summary: 'Verdicts per UTC hour or day and the rules that fire most, over the newest 10,000 decisions of the window (`truncated` when it held more)',
        ...admin,
        parameters: [
          { name: 'since', in: 'query', required: false, schema: { ...time('Start of the window'), default: '24h' } },
          { name: 'until', in: 'query', required: false, schema: time('End of the window (default now)') },
          { name: 'bucket', in: 'query', required: false, schema: { type: 'string', enum: ['hour', 'day'] }, description: 'Default: hour for a window of up to 2 days, else day; at most 1000 buckets' },
          ...filters,
        ],
        responses: {
          200: {
            description: 'The counts',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['since', 'until', 'bucket', 'decisions', 'truncated', 'totals', 'labels', 'buckets', 'topReasons'],
                  properties: {
                    since: { type: 'string' },
                    until: { type: 'string' },
                    bucket: { type: 'string', enum: ['hour', 'day'] },
                    decisions: { type: 'integer', description: 'Decisions counted' },
                    truncated: { type: 'boolean' },
                    countedSince: { type: 'string', description: 'When truncated: the time of the oldest decision counted' },
                    totals: verdictCounts,
                    labels: { type: 'object', required: ['spam', 'ham'], properties: { spam: { type: 'integer' }, ham: { type: 'integer' } } },
                    buckets: { type: 'array', items: { ...verdictCounts, required: ['start', ...verdictCounts.required], properties: { start: { type: 'string' }, ...verdictCounts.properties } } },
                    topReasons: { type: 'array', description: 'The 20 rules in most decisions, most first', items: { type: 'object', required: ['reason', 'count'], properties: { reason: { type: 'string' }, count: { type: 'integer' } } } },
                  },
                },
              },
            },
          },
          400: errorResponse('A bad value (`INVALID_SINCE`, `INVALID_UNTIL`, `INVALID_BUCKET`, a filter\'s code), too many buckets (`INVALID_SINCE`), or an unknown parameter'),
          401: tokenInvalid,
          404: disabled,
          405: errorResponse('Method not allowed'),
          501: noLog,
          503: unavailable,
        },
      },
    },
    '/admin/decisions/{id}': {
      get: {
        operationId: 'adminGetDecision',
        summary: 'One decision with its evidence, the key\'s host name, the number of learner tokens, and the request when the server logs text (`--log-text`)',
        ...admin,
        parameters: [idParameter],
        responses: {
          200: { description: 'The decision', content: { 'application/json': { schema: { ...decision, required: [...decision.required, 'hostname', 'tokens'], properties: { ...decision.properties, hostname: { type: ['string', 'null'] }, tokens: { type: 'integer' }, request: { type: 'object' } } } } } },
          400: errorResponse('A malformed id or a query (`INVALID_ID`, `UNKNOWN_PARAMETER`)'),
          401: tokenInvalid,
          404: errorResponse('No such decision (`DECISION_NOT_FOUND`), or the admin endpoints are off (`ADMIN_DISABLED`)'),
          405: errorResponse('Method not allowed'),
          501: noLog,
          503: unavailable,
        },
      },
    },
    '/admin/decisions/{id}/feedback': {
      post: {
        operationId: 'adminReportDecision',
        summary: 'Report a decision as spam or ham for its key, as the key\'s own feedback would: idempotent; a changed label moves the site model\'s counts',
        ...admin,
        parameters: [idParameter],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['label'], properties: { label: { type: 'string', enum: ['spam', 'ham'] } } } } } },
        responses: {
          200: { description: 'What the report did', content: { 'application/json': { schema: { type: 'object', required: ['id', 'label', 'outcome'], properties: { id: { type: 'string' }, label: { type: 'string', enum: ['spam', 'ham'] }, outcome: { type: 'string', enum: ['recorded', 'unchanged', 'changed'] } } } } } },
          400: errorResponse('Invalid JSON, a label other than spam or ham (`INVALID_LABEL`), or a malformed id (`INVALID_ID`)'),
          401: tokenInvalid,
          404: errorResponse('No such decision (`DECISION_NOT_FOUND`), or the admin endpoints are off (`ADMIN_DISABLED`)'),
          405: errorResponse('Method not allowed'),
          413: errorResponse('Body over the size limit'),
          415: errorResponse('Content-Type is not application/json'),
          501: errorResponse('The store keeps no decision log or no site model (`NOT_SUPPORTED`)'),
          503: unavailable,
        },
      },
    },
  };
}
