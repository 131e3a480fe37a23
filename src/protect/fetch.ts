/**
 * `protect(request, options)` for the fetch world (Hono, Next.js route handlers, Bun, Deno,
 * workers): classifies the form post in a clone of `request` (the caller's body stays
 * unread), and returns the verdict and, when the post is blocked, the `Response` to send.
 */
import { readStream } from '../adapters/fetch-shared.js';
import { HttpError } from '../service/http.js';
import { clientIpOf } from '../service/client-ip.js';
import { createGuard, errorPlain, isFormType, mediaType, parseForm, SAFE_METHODS, type Guard, type PlainResponse, type ProtectOptions, type Verdict } from './core.js';

export interface FetchProtectOptions extends ProtectOptions {
  /** The client's address (a `Request` has no socket), e.g. Bun's `server.requestIP(request)?.address`. */
  clientIp?: (request: Request) => string | undefined;
}

export interface ProtectResult {
  /** The verdict, or null when the request carried no form to classify (GET, or a refused body). */
  verdict: Verdict | null;
  /** The response to send instead of handling the post, or null to go on. */
  blocked: Response | null;
}

function toResponse(r: PlainResponse): Response {
  return new Response(r.body, { status: r.status, headers: r.headers });
}

const guards = new WeakMap<object, Guard>();

/**
 * Classifies a form post. Pass the same options object each time (it is prepared once).
 *
 * @example
 * const { verdict, blocked } = await protect(request, { timeZoneField: 'tz' });
 * if (blocked) return blocked;
 */
export async function protect(request: Request, options: FetchProtectOptions = {}): Promise<ProtectResult> {
  let guard = guards.get(options);
  if (!guard) guards.set(options, (guard = createGuard(options)));
  if (SAFE_METHODS.has(request.method)) return { verdict: null, blocked: null };
  const dryRun = options.dryRun === true;
  const refuse = (r: PlainResponse): ProtectResult => ({ verdict: null, blocked: dryRun ? null : toResponse(r) });
  const contentType = request.headers.get('content-type') ?? '';
  if (!isFormType(mediaType(contentType))) {
    return refuse(errorPlain(415, 'UNSUPPORTED_MEDIA_TYPE', 'A form post must be application/x-www-form-urlencoded, multipart/form-data or JSON.'));
  }
  const length = request.headers.get('content-length');
  if (length !== null && /^\d+$/.test(length) && Number(length) > guard.bodyLimit) {
    return refuse(errorPlain(413, 'REQUEST_TOO_LARGE', `Request body is larger than ${guard.bodyLimit} bytes.`));
  }
  if (request.bodyUsed) throw new TypeError('protect(request): the request body was already read; call protect() first');
  let bytes: Uint8Array;
  try {
    bytes = await readStream(request.clone().body, guard.bodyLimit);
  } catch (error) {
    if (error instanceof HttpError) return refuse(errorPlain(error.status, error.code, error.message));
    throw error;
  }
  const parsed = await parseForm(bytes, contentType);
  if ('error' in parsed) return refuse(parsed.error);
  let socket: string | undefined;
  try {
    socket = options.clientIp?.(request);
  } catch {
    socket = undefined;
  }
  const headers: Record<string, string> = {};
  request.headers.forEach((v, k) => {
    headers[k] = v;
  });
  const ip = clientIpOf(socket, headers, guard.trusted);
  const { verdict, blocked } = await guard.judge(parsed.form, ip, request.headers.get('accept-language') ?? undefined);
  return { verdict, blocked: blocked ? toResponse(blocked) : null };
}

export type { PlainResponse, ProtectOptions, Verdict } from './core.js';
