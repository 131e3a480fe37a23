/**
 * The key endpoints: `POST /api_key/generate` (a key for whoever solves the M2M proof of work,
 * when issuance is open) and the admin's `/admin/keys` (list, create, set limits, revoke).
 */
import type { KeyLimits } from '../../stores/types.js';
import type { ServiceContext } from '../context.js';
import { errorResponse, header, HttpError, json, type ServiceRequest, type ServiceResponse, type Target } from '../http.js';
import { newApiKey, parseHostname } from '../keys.js';
import { masterKeyProblem } from '../master-key.js';
import { formatKeyLimits, parseKeyLimits } from '../rate-limit.js';
import { requireAdmin } from './admin.js';

export async function generateRoute(ctx: ServiceContext, req: ServiceRequest, ip: string | undefined): Promise<ServiceResponse> {
  if (ctx.keyIssuance === 'closed') {
    throw new HttpError(403, 'KEY_ISSUANCE_CLOSED', 'Key issuance is closed on this server: ask its operator for a key (formspam keys create).');
  }
  await ctx.rate('generate-ip', ctx.limits?.generatePerIp, ip);
  const g = await ctx.gate();
  const authorization = header(req.headers.authorization);
  if (!authorization || !/^\s*altcha\s/i.test(authorization)) {
    const c = g.challenge();
    return errorResponse(401, 'PROOF_REQUIRED', 'Unauthorized', { 'www-authenticate': c.wwwAuthenticate });
  }
  const body = await ctx.readJson(req);
  const hostname = parseHostname((body as { hostname?: unknown } | null)?.hostname);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'INVALID_BODY', 'The body must be a JSON object with `hostname`.');
  if (typeof hostname === 'string') throw new HttpError(400, 'INVALID_HOSTNAME', `Invalid hostname: ${hostname}.`);
  const check = await g.check(authorization);
  if (!check.ok) {
    if (check.status === 401) return errorResponse(401, 'PROOF_REQUIRED', 'Unauthorized', { 'www-authenticate': check.wwwAuthenticate });
    ctx.log?.warn({ event: 'm2m-refused', reason: check.reason }, 'M2M proof refused');
    return errorResponse(403, 'PROOF_REFUSED', 'Forbidden');
  }
  const issued = await issueKey(ctx, hostname.text, ctx.license);
  ctx.log?.info({ event: 'key-generated', hostname: hostname.text }, 'API key generated');
  return json(200, issued);
}

async function issueKey(ctx: ServiceContext, hostname: string, keyLicense: string): Promise<{ apiKey: string; hostname: string; secret: string; license: string }> {
  const { store, box } = ctx;
  // Not a key the other instances could not read (a store encrypted with another master key).
  const problem = await masterKeyProblem(store, box);
  if (problem) throw problem;
  const { apiKey, secret } = newApiKey(ctx.randomBytes);
  await store.putKey({ apiKey, hostname, secret: box ? box.encrypt(secret, apiKey) : secret, license: keyLicense, createdAt: ctx.now() });
  return { apiKey, hostname, secret, license: keyLicense };
}

/** A key's own limits from a body's `limits` (the command-line form), or undefined when none. */
function keyLimitsOf(body: { limits?: unknown }): KeyLimits | undefined {
  if (body.limits === undefined || body.limits === null) return undefined;
  if (typeof body.limits !== 'string') throw new HttpError(400, 'INVALID_LIMITS', '`limits` must be a string such as "classify-key=1000/60,classify-key-ip=50/60" (or null).');
  try {
    return parseKeyLimits(body.limits);
  } catch (error) {
    throw new HttpError(400, 'INVALID_LIMITS', `Invalid \`limits\`: ${(error as Error).message}.`);
  }
}

async function setLimits(ctx: ServiceContext, apiKey: string, ownLimits: KeyLimits | null): Promise<boolean> {
  if (!ctx.store.setKeyLimits) throw new HttpError(501, 'NOT_SUPPORTED', `This server's store (${ctx.store.kind}) cannot keep per-key limits.`);
  return ctx.store.setKeyLimits(apiKey, ownLimits);
}

/**
 * `GET` lists keys (never their secrets), `POST { hostname, license?, limits? }` creates one,
 * `PATCH ?apiKey= { limits }` sets its own rate limits, `DELETE ?apiKey=` revokes one.
 */
export async function adminKeysRoute(ctx: ServiceContext, req: ServiceRequest, target: Target, ip: string | undefined): Promise<ServiceResponse> {
  const { store, log } = ctx;
  await requireAdmin(ctx, req, ip);
  if (req.method === 'GET') {
    const keys = await store.listKeys();
    return json(200, { keys: keys.map((k) => ({ apiKey: k.apiKey, hostname: k.hostname, license: k.license, createdAt: new Date(k.createdAt).toISOString(), revokedAt: k.revokedAt === undefined ? null : new Date(k.revokedAt).toISOString(), limits: k.limits === undefined ? null : formatKeyLimits(k.limits) })) });
  }
  if (req.method === 'POST') {
    const body = await ctx.readJson(req);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'INVALID_BODY', 'The body must be a JSON object with `hostname` (and optionally `license`).');
    const hostname = parseHostname((body as { hostname?: unknown }).hostname);
    if (typeof hostname === 'string') throw new HttpError(400, 'INVALID_HOSTNAME', `Invalid hostname: ${hostname}.`);
    const given = (body as { license?: unknown }).license;
    if (given !== undefined && (typeof given !== 'string' || !/^[a-z0-9][a-z0-9_-]{0,31}$/i.test(given))) {
      throw new HttpError(400, 'INVALID_LICENSE', '`license` must be a short name of letters, digits, `-` or `_`, e.g. "free".');
    }
    const ownLimits = keyLimitsOf(body as { limits?: unknown });
    const issued = await issueKey(ctx, hostname.text, (given as string | undefined) ?? ctx.license);
    if (ownLimits) await setLimits(ctx, issued.apiKey, ownLimits);
    log?.info({ event: 'key-created', hostname: hostname.text, by: 'admin' }, 'API key created by the admin');
    return json(201, ownLimits ? { ...issued, limits: formatKeyLimits(ownLimits) } : issued);
  }
  if (req.method === 'PATCH') {
    const apiKey = target.param('apiKey');
    if (!apiKey) throw new HttpError(400, 'MISSING_API_KEY', 'Name the key: PATCH /admin/keys?apiKey=… with { "limits": "classify-key=1000/60" } (or null for the server\'s).');
    const body = await ctx.readJson(req);
    if (typeof body !== 'object' || body === null || Array.isArray(body) || !('limits' in body)) {
      throw new HttpError(400, 'INVALID_BODY', 'The body must be a JSON object with `limits`: "classify-key=<limit>/<seconds>,classify-key-ip=<limit>/<seconds>" (either may be off), or null for the server\'s limits.');
    }
    const ownLimits = keyLimitsOf(body as { limits?: unknown }) ?? null;
    const record = apiKey.length <= 100 ? await store.getKey(apiKey) : null;
    if (!record || !(await setLimits(ctx, apiKey, ownLimits))) throw new HttpError(404, 'API_KEY_NOT_FOUND', `No such API key: ${apiKey.slice(0, 100)}.`);
    log?.info({ event: 'key-limits', hostname: record.hostname, limits: ownLimits && formatKeyLimits(ownLimits) }, 'API key limits set by the admin');
    return json(200, { apiKey, hostname: record.hostname, limits: ownLimits === null ? null : formatKeyLimits(ownLimits) });
  }
  // DELETE
  const apiKey = target.param('apiKey');
  if (!apiKey) throw new HttpError(400, 'MISSING_API_KEY', 'Name the key to revoke: DELETE /admin/keys?apiKey=…');
  const record = apiKey.length <= 100 ? await store.getKey(apiKey) : null;
  if (!record) throw new HttpError(404, 'API_KEY_NOT_FOUND', `No such API key: ${apiKey.slice(0, 100)}.`);
  const revoked = await store.revokeKey(apiKey, ctx.now());
  const after = (await store.getKey(apiKey))!;
  if (revoked) log?.info({ event: 'key-revoked', hostname: record.hostname }, 'API key revoked');
  return json(200, { apiKey, hostname: record.hostname, revokedAt: new Date(after.revokedAt!).toISOString(), alreadyRevoked: !revoked });
}
