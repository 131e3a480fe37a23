/**
 * `POST /api/v1/feedback?apiKey=…`: a site reports that a message was spam or ham, and its own
 * model (`text.SITE_MODEL`) learns it. `{ id, label }` labels a logged decision (idempotent: the
 * same label again changes nothing, another label moves the counts); `{ request, label }` counts
 * the tokens of a request once (for messages older than the decision log: no id, so reporting
 * the same request twice counts it twice). Authorised by the key's secret.
 */
import { constantTimeEqual } from '../../altcha/crypto.js';
import { recordFeedback } from '../../learn/feedback.js';
import { requestTokens } from '../../learn/learner.js';
import type { DecisionStore, SiteModelStore } from '../../stores/types.js';
import { activeKey, requireApiKey } from '../auth.js';
import type { ServiceContext } from '../context.js';
import { header, HttpError, isJsonContentType, json, type ServiceRequest, type ServiceResponse, type Target } from '../http.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function feedbackRoute(ctx: ServiceContext, req: ServiceRequest, target: Target, ip: string | undefined): Promise<ServiceResponse> {
  const { limits, store } = ctx;
  if (limits?.classifyPerIp && ip !== undefined) await ctx.rate('feedback-ip', limits.classifyPerIp, ip);
  if (!isJsonContentType(header(req.headers['content-type']))) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json.');
  const apiKey = requireApiKey(req, target.param('apiKey'));
  const record = activeKey(apiKey.length <= 100 ? await store.getKey(apiKey) : null, 'Invalid API key: no such key on this server.');
  const body = await ctx.readJson(req);
  if (!isObject(body)) throw new HttpError(400, 'INVALID_FEEDBACK', 'The body must be a JSON object: { "id": "<decision id>", "label": "spam" | "ham" } or { "request": { … }, "label": … }.');
  // The key's secret: the X-Formspam-Secret header (or `secret` in the body), never the public key alone.
  const given = header(req.headers['x-formspam-secret']) ?? (typeof body.secret === 'string' ? body.secret : undefined);
  if (given === undefined) throw new HttpError(401, 'SECRET_REQUIRED', 'Feedback needs the key\'s secret: send it in X-Formspam-Secret (from the site\'s server, never from a page).');
  if (given.length > 200 || !constantTimeEqual(given, ctx.secretOf(record))) throw new HttpError(401, 'INVALID_SECRET', 'The secret is not this key\'s.');
  if (limits) await ctx.rate('feedback-key', limits.feedbackPerKey, record.apiKey);
  const provider = ctx.siteModel;
  if (!provider) throw new HttpError(501, 'NOT_SUPPORTED', 'This server keeps no site model (turned off, or its store keeps no counts).');
  const { label } = body;
  if (label !== 'spam' && label !== 'ham') throw new HttpError(400, 'INVALID_LABEL', '`label` must be "spam" or "ham".');
  const hasId = body.id !== undefined;
  const hasRequest = body.request !== undefined;
  if (hasId === hasRequest) throw new HttpError(400, 'INVALID_FEEDBACK', 'Give either `id` (a decision of this key) or `request` (the classified request), not both and not neither.');
  const counts = store as typeof store & SiteModelStore;
  let outcome: string;
  if (hasId) {
    if (typeof body.id !== 'string' || body.id === '' || body.id.length > 100) throw new HttpError(400, 'INVALID_FEEDBACK', '`id` must be a decision id (a string of at most 100 characters).');
    if (typeof store.getDecision !== 'function' || typeof store.labelDecision !== 'function') {
      throw new HttpError(501, 'NOT_SUPPORTED', 'This server\'s store keeps no decision log: report with `request` instead of `id`.');
    }
    outcome = await recordFeedback(store as typeof store & DecisionStore & SiteModelStore, record.apiKey, body.id, label, ctx.now());
    if (outcome === 'not-found') throw new HttpError(404, 'DECISION_NOT_FOUND', 'No decision of this key has that id (it may have been deleted by the log\'s retention).');
  } else {
    const tokens = requestTokens(body.request, await provider.salt({ signal: AbortSignal.timeout(5000) }));
    await counts.addSiteCounts(record.apiKey, label, tokens, 1);
    outcome = 'learned';
  }
  const { spam, ham } = await counts.readSiteCounts(record.apiKey, []);
  return json(200, {
    outcome,
    label,
    ...(hasId && { id: body.id }),
    reports: { spam, ham },
    minReports: provider.minReports,
    active: spam >= provider.minReports && ham >= provider.minReports,
  });
}
