/**
 * The admin's view of the decision log: the page at `/admin` (its script and style as separate
 * files, under a CSP that allows no inline code), and its JSON endpoints: `GET /admin/decisions`
 * (filtered list), `GET /admin/decisions/stats` (verdicts per hour or day, the rules that fire
 * most), `GET /admin/decisions/{id}` (one decision) and `POST /admin/decisions/{id}/feedback`
 * (report spam or ham: the one write). Every one needs `Authorization: Bearer <admin token>`
 * except the page and its two files, which hold no data: the page asks for the token and its
 * script sends it as that header.
 */
import { constantTimeEqual } from '../../altcha/crypto.js';
import { recordFeedback } from '../../learn/feedback.js';
import type { DecisionStore, SiteModelStore, Store } from '../../stores/types.js';
import { ADMIN_CSS, ADMIN_HTML, ADMIN_JS } from '../admin-page.js';
import { DEFAULT_LIMIT, MAX_BUCKETS, MAX_LIMIT, STATS_MAX_DECISIONS, TOP_REASONS, UNIT_MS, decisionJson, decisionStore, iso, queryOf, windowOf } from './admin-query.js';
import type { ServiceContext } from '../context.js';
import { header, HttpError, json, type ServiceRequest, type ServiceResponse, type Target } from '../http.js';

/** The route-table keys of the paths with a decision id. */
export const DECISION_ROUTE = '/admin/decisions/{id}';
export const FEEDBACK_ROUTE = '/admin/decisions/{id}/feedback';

const DECISION_PATH = /^\/admin\/decisions\/([^/]{1,300})(\/feedback)?$/;

/**
 * The route-table keys of this file. Without an admin token they are not the service's paths
 * (`service.handles()` is false), so an app that mounts the service keeps its own `/admin`.
 */
export const ADMIN_PAGE_ROUTES: ReadonlySet<string> = new Set(['/admin', '/admin/admin.js', '/admin/admin.css', '/admin/decisions', '/admin/decisions/stats', DECISION_ROUTE, FEEDBACK_ROUTE]);

/** The route-table key of a path with a decision id, or null. */
export function adminRouteOf(path: string): string | null {
  const m = DECISION_PATH.exec(path);
  return m ? (m[2] ? FEEDBACK_ROUTE : DECISION_ROUTE) : null;
}

/** Throws 404 ADMIN_DISABLED without an admin token, 401 ADMIN_TOKEN_INVALID (rate-limited per IP) unless the request carries it. */
export async function requireAdmin(ctx: ServiceContext, req: ServiceRequest, ip: string | undefined): Promise<void> {
  const { adminToken } = ctx;
  if (adminToken === undefined) throw adminDisabled();
  const auth = header(req.headers.authorization);
  const given = auth && /^bearer /i.test(auth) ? auth.slice(7).trim() : '';
  if (!constantTimeEqual(given, adminToken)) {
    await ctx.rate('admin-ip', ctx.limits?.generatePerIp, ip);
    throw new HttpError(401, 'ADMIN_TOKEN_INVALID', 'Admin endpoints need Authorization: Bearer <the FORMSPAM_ADMIN_TOKEN the server was started with>.', { 'www-authenticate': 'Bearer' });
  }
}

function adminDisabled(): HttpError {
  return new HttpError(404, 'ADMIN_DISABLED', 'Not Found: the admin endpoints are off on this server (start it with FORMSPAM_ADMIN_TOKEN).');
}

// ---------------------------------------------------------------------------------------------
// The page

/** The page and its files: no inline script or style, nothing from another origin, no framing. */
const PAGE_HEADERS = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const PAGE_FILES: Record<string, { type: string; body: string }> = {
  '/admin': { type: 'text/html; charset=utf-8', body: ADMIN_HTML },
  '/admin/admin.js': { type: 'text/javascript; charset=utf-8', body: ADMIN_JS },
  '/admin/admin.css': { type: 'text/css; charset=utf-8', body: ADMIN_CSS },
};

/** `GET /admin`, `/admin/admin.js`, `/admin/admin.css`: the same for everyone (404 when the admin endpoints are off; `/admin/` redirects to `/admin`). */
export function adminPageRoute(ctx: ServiceContext, _req: ServiceRequest, target: Target): ServiceResponse {
  if (ctx.adminToken === undefined) throw adminDisabled();
  // `…/admin/` to `…/admin`: the page's own URLs are relative to it.
  const q = target.raw.indexOf('?');
  if (target.path === '/admin' && (q === -1 ? target.raw : target.raw.slice(0, q)).endsWith('/')) {
    return { status: 308, headers: { location: '../admin', 'cache-control': 'no-store' }, body: '' };
  }
  const file = PAGE_FILES[target.path]!;
  return { status: 200, headers: { 'content-type': file.type, ...PAGE_HEADERS }, body: file.body };
}

// ---------------------------------------------------------------------------------------------
// The endpoints

/** `GET /admin/decisions?verdict=&reason=&key=&label=&since=&until=&limit=`: newest first. */
export async function adminDecisionsRoute(ctx: ServiceContext, req: ServiceRequest, target: Target, ip: string | undefined): Promise<ServiceResponse> {
  await requireAdmin(ctx, req, ip);
  const store = decisionStore(ctx.store);
  const q = queryOf(target, ['verdict', 'reason', 'key', 'label', 'since', 'until', 'limit']);
  const { filter, since, until } = windowOf(q, ctx.now());
  if (since !== undefined) filter.since = since;
  if (until !== undefined) filter.until = until;
  const limit = q.get('limit');
  if (limit !== undefined && !(/^\d{1,4}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= MAX_LIMIT)) {
    throw new HttpError(400, 'INVALID_LIMIT', `\`limit\` must be a whole number from 1 to ${MAX_LIMIT}.`);
  }
  filter.limit = limit === undefined ? DEFAULT_LIMIT : Number(limit);
  const decisions = await store.listDecisions(filter);
  return json(200, { decisions: decisions.map((d) => decisionJson(d, false)) });
}

/**
 * `GET /admin/decisions/stats?since=&until=&bucket=hour|day&key=&verdict=&reason=&label=`: the
 * verdicts per UTC hour or day and the rules that fire most, over the newest
 * {@link STATS_MAX_DECISIONS} decisions of the window (`truncated` when there were more).
 */
export async function adminStatsRoute(ctx: ServiceContext, req: ServiceRequest, target: Target, ip: string | undefined): Promise<ServiceResponse> {
  await requireAdmin(ctx, req, ip);
  const store = decisionStore(ctx.store);
  const q = queryOf(target, ['since', 'until', 'bucket', 'key', 'verdict', 'reason', 'label']);
  const now = ctx.now();
  const window = windowOf(q, now);
  const { filter } = window;
  const until = window.until ?? now;
  const since = window.since ?? until - UNIT_MS.d;
  if (!(since < until)) throw new HttpError(400, 'INVALID_SINCE', '`since` must be before `until` (default: now).');
  const given = q.get('bucket');
  if (given !== undefined && given !== 'hour' && given !== 'day') throw new HttpError(400, 'INVALID_BUCKET', '`bucket` must be hour or day.');
  const bucket = given ?? (until - since > 2 * UNIT_MS.d ? 'day' : 'hour');
  const width = bucket === 'hour' ? UNIT_MS.h : UNIT_MS.d;
  const first = Math.floor(since / width) * width;
  const count = Math.ceil((until - first) / width);
  if (count > MAX_BUCKETS) throw new HttpError(400, 'INVALID_SINCE', `The window holds ${count} ${bucket}s: at most ${MAX_BUCKETS} (use bucket=day, or a later \`since\`).`);
  const decisions = await store.listDecisions({ ...filter, since, until, limit: STATS_MAX_DECISIONS + 1 });
  const truncated = decisions.length > STATS_MAX_DECISIONS;
  if (truncated) decisions.length = STATS_MAX_DECISIONS;
  const buckets = Array.from({ length: count }, (_, i) => ({ start: iso(first + i * width), GOOD: 0, NEUTRAL: 0, BAD: 0 }));
  const totals = { GOOD: 0, NEUTRAL: 0, BAD: 0 };
  const labels = { spam: 0, ham: 0 };
  const reasons = new Map<string, number>();
  for (const d of decisions) {
    const b = buckets[Math.floor((d.at - first) / width)];
    if (!b) continue; // not in the window (a store that filters loosely)
    b[d.classification]++;
    totals[d.classification]++;
    if (d.label) labels[d.label]++;
    for (const r of new Set(d.reasons)) reasons.set(r, (reasons.get(r) ?? 0) + 1);
  }
  const topReasons = [...reasons]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, TOP_REASONS)
    .map(([reason, n]) => ({ reason, count: n }));
  return json(200, {
    since: iso(since),
    until: iso(until),
    bucket,
    decisions: decisions.length,
    truncated,
    ...(truncated && { countedSince: iso(decisions[decisions.length - 1]!.at) }),
    totals,
    labels,
    buckets,
    topReasons,
  });
}

/** The decision id of a `/admin/decisions/{id}…` path (percent-decoded). */
function idOf(target: Target): string {
  const raw = DECISION_PATH.exec(target.path)![1]!;
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'INVALID_ID', 'The decision id is not valid percent-encoding.');
  }
  if (id.length > 200 || /[\u0000-\u001f\u007f]/.test(id)) throw new HttpError(400, 'INVALID_ID', 'The decision id is at most 200 characters, without control characters.');
  return id;
}

const notFound = (id: string) => new HttpError(404, 'DECISION_NOT_FOUND', `No such decision in the log: ${id.slice(0, 100)} (it may be older than the retention).`);

/** `GET /admin/decisions/{id}`: the decision with its evidence and the key's host name. */
export async function adminDecisionRoute(ctx: ServiceContext, req: ServiceRequest, target: Target, ip: string | undefined): Promise<ServiceResponse> {
  await requireAdmin(ctx, req, ip);
  const store = decisionStore(ctx.store);
  const id = idOf(target);
  if (target.url.search !== '') throw new HttpError(400, 'UNKNOWN_PARAMETER', 'This endpoint takes no query parameters.');
  const record = await store.getDecision(id);
  if (!record) throw notFound(id);
  const key = await ctx.store.getKey(record.apiKey);
  return json(200, { ...decisionJson(record, true), hostname: key?.hostname ?? null });
}

/**
 * `POST /admin/decisions/{id}/feedback` `{ label: "spam" | "ham" }`: the site's report, as the
 * key's own feedback would record it (idempotent; a changed label moves the site model's counts).
 */
export async function adminFeedbackRoute(ctx: ServiceContext, req: ServiceRequest, target: Target, ip: string | undefined): Promise<ServiceResponse> {
  await requireAdmin(ctx, req, ip);
  const store = decisionStore(ctx.store);
  if (!ctx.store.addSiteCounts || !ctx.store.readSiteCounts || !ctx.store.deleteSiteModel) {
    throw new HttpError(501, 'NOT_SUPPORTED', `This server's store (${ctx.store.kind}) keeps no site model.`);
  }
  const id = idOf(target);
  const body = await ctx.readJson(req);
  const label = (body as { label?: unknown } | null)?.label;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || (label !== 'spam' && label !== 'ham')) {
    throw new HttpError(400, 'INVALID_LABEL', 'The body must be { "label": "spam" } or { "label": "ham" }.');
  }
  const record = await store.getDecision(id);
  if (!record) throw notFound(id);
  const outcome = await recordFeedback(ctx.store as Store & DecisionStore & SiteModelStore, record.apiKey, id, label, ctx.now());
  if (outcome === 'not-found') throw notFound(id);
  ctx.log?.info({ event: 'admin-feedback', label, outcome }, 'decision reported by the admin');
  return json(200, { id, label, outcome });
}
