/**
 * `formspam/fetch`: the service as a standard `(request: Request) => Promise<Response>` handler,
 * for Hono, Bun, Deno, Next.js route handlers and workers. Paths the service does not know
 * answer 404 (the JSON `NOT_FOUND` error); to serve other routes beside it, ask
 * `handler.handles(request)` first, or mount it under a prefix with `basePath`.
 *
 * The body is read from `request.body` chunk by chunk and rejected with 413 as soon as it
 * passes `bodyLimit`. A fetch `Request` has no socket: the client IP comes from `clientIp`
 * (e.g. Bun's `server.requestIP(request)?.address`, Deno's `info.remoteAddr.hostname`), and
 * `X-Forwarded-For` is believed only when that address is one of `trustedProxies`.
 *
 * @example
 * import { createFetchHandler } from 'formspam/fetch';
 * const handler = createFetchHandler({ offline: true });
 * export default { fetch: handler }; // Bun, Deno, workers
 */
import { createService, errorResponse, type Service, type ServiceOptions, type ServiceRequest, type ServiceResponse } from '../service/service.js';
import { headerRecord, readStream } from './fetch-shared.js';

export interface FetchHandler {
  (request: Request): Promise<Response>;
  readonly service: Service;
  /** Whether the service answers this request's path (after `basePath`). */
  handles(request: Request | string): boolean;
  /** Closes the service's store. */
  close(): Promise<void>;
}

export interface FetchHandlerOptions extends ServiceOptions {
  /** An existing service to serve (its options win). */
  service?: Service;
  /** The client's address (the "socket" address; proxies in `trustedProxies` may forward another). */
  clientIp?: (request: Request) => string | undefined;
  /** A prefix the handler is mounted under (e.g. `/spam`); stripped before routing. */
  basePath?: string;
}

function normaliseBase(base: string | undefined): string {
  if (!base || base === '/') return '';
  const b = base.startsWith('/') ? base : `/${base}`;
  return b.endsWith('/') ? b.slice(0, -1) : b;
}

/** Path and query of `url` below `base`, or null when the URL is not under it. */
function targetOf(url: string, base: string): string | null {
  let u: URL;
  try {
    u = new URL(url, 'http://localhost');
  } catch {
    return null;
  }
  let path = u.pathname;
  if (base) {
    if (path !== base && !path.startsWith(`${base}/`)) return null;
    path = path.slice(base.length) || '/';
  }
  return path + u.search;
}

function toResponse(r: ServiceResponse, head: boolean): Response {
  const headers = new Headers(r.headers);
  if (r.close) headers.set('connection', 'close');
  return new Response(head || r.status === 204 || r.status === 304 ? null : r.body, { status: r.status, headers });
}

export function createFetchHandler(options: FetchHandlerOptions = {}): FetchHandler {
  const service = options.service ?? createService(options);
  const base = normaliseBase(options.basePath);
  const clientIp = options.clientIp;
  const handler = (async (request: Request) => {
    const url = targetOf(request.url, base);
    if (url === null) {
      return toResponse(errorResponse(404, 'NOT_FOUND', 'Not Found: the path is not under this handler.'), request.method === 'HEAD');
    }
    let remoteAddress: string | undefined;
    try {
      remoteAddress = clientIp?.(request);
    } catch {
      remoteAddress = undefined;
    }
    const req: ServiceRequest = {
      method: request.method,
      url,
      headers: headerRecord(request.headers),
      remoteAddress,
      readBody: (limit) => readStream(request.body, limit),
      signal: request.signal,
    };
    try {
      return toResponse(await service.handle(req), request.method === 'HEAD');
    } catch {
      return toResponse(errorResponse(500, 'INTERNAL', 'Internal Server Error'), false);
    }
  }) as FetchHandler;
  Object.defineProperty(handler, 'service', { value: service });
  Object.defineProperty(handler, 'handles', {
    value: (request: Request | string) => {
      const url = targetOf(typeof request === 'string' ? request : request.url, base);
      return url !== null && service.handles(url);
    },
  });
  Object.defineProperty(handler, 'close', { value: () => service.close() });
  return handler;
}

export { readStream, headerRecord } from './fetch-shared.js';
export { protect, type FetchProtectOptions, type ProtectResult, type PlainResponse, type ProtectOptions, type Verdict } from '../protect/fetch.js';
export { createService, HttpError, type Service, type ServiceOptions, type ServiceRequest, type ServiceResponse } from '../service/service.js';
