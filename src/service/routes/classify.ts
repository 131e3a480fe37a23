/** `POST /api/v1/classify`: the contract's endpoint (SERVICE.md §1). */
import { activeKey, checkReferer, requireApiKey } from '../auth.js';
import type { ServiceContext } from '../context.js';
import { header, HttpError, isJsonContentType, json, type ServiceRequest, type ServiceResponse, type Target } from '../http.js';
import { withExplain } from '../explain.js';

export async function classifyRoute(ctx: ServiceContext, req: ServiceRequest, target: Target, ip: string | undefined): Promise<ServiceResponse> {
  const { limits, grace } = ctx;
  // classifyRate() is not called without a limit: skip the await (and its promise) then.
  let inOutage = limits?.classifyPerIp && ip !== undefined ? await grace.classifyRate('classify-ip', limits.classifyPerIp, ip) : false;
  if (!isJsonContentType(header(req.headers['content-type']))) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json.');
  const apiKey = requireApiKey(req, target.param('apiKey'));
  const found = apiKey.length <= 100 ? await grace.classifyKey(apiKey) : { value: null, degraded: false };
  inOutage ||= found.degraded;
  const record = activeKey(found.value, 'Invalid API key: no such key on this server (get one with formspam keygen).');
  checkReferer(req, record, ctx.options.requireReferer, `Wrong referrer: this key is for ${record.hostname}; the page's Referer/Origin must be on that host.`);
  // Without limits spendKeyBudget() returns at once: skip its call, closure and await then.
  if (limits) {
    await ctx.spendKeyBudget(req, record, ip, async (name, limit, id) => {
      if (await grace.classifyRate(name, limit, id)) inOutage = true;
    });
  }
  // `explain` in the body or the query (`true`: the Accept-Language header's language).
  const body = withExplain(await ctx.readJson(req), target.param('explain'), header(req.headers['accept-language']));
  const result = await ctx.classify(body, ip, record.apiKey, !found.degraded);
  ctx.decisions.record(record.apiKey, body, result);
  // Answered through a store outage: say so to the caller (the verdict itself is the same).
  return inOutage ? json(200, result, { 'x-formspam-degraded': 'store-unavailable' }) : json(200, result);
}
