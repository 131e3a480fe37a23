/**
 * The service's HTTP toolkit, shared by every route: the request and response shapes adapters
 * exchange with the service, the one error class (`HttpError`), JSON bodies and request targets.
 */
import type { HeaderValue } from './client-ip.js';

/** A pino-compatible logger (only these methods are used). */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * The per-request logger (`ServiceOptions.requestLogger`): a {@link Logger}, and optionally
 * `request()`, which writes the same line as `info({ event: 'request', method, route, status, ms,
 * ip }, 'request')` without the object (`ip` left out when undefined).
 */
export interface RequestLogger extends Logger {
  request?(method: string, route: string, status: number, ms: number, ip: string | undefined): void;
}

/** What an adapter hands to the service. Header names in lower case. */
export interface ServiceRequest {
  method: string;
  /** Path and query, e.g. `/api/v1/classify?apiKey=…`. */
  url: string;
  headers: Record<string, HeaderValue>;
  remoteAddress: string | undefined;
  /** Reads the raw body, rejecting with a {@link HttpError} 413 beyond `limit` bytes. */
  readBody?: (limit: number) => Promise<Uint8Array>;
  /** A body a framework already parsed (Express with express.json()). */
  parsedBody?: unknown;
  signal?: AbortSignal;
}

export interface ServiceResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Close the connection after the response (a body that was not read). */
  close?: boolean;
}

/** An HTTP error with the `{ error, statusCode, code }` body, and headers of its own (`retry-after`, CORS). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  /**
   * @param code a stable, machine-readable code (`INVALID_JSON`, `MISSING_API_KEY`, …) sent as
   *   `code` in the body beside the human message.
   */
  constructor(readonly status: number, readonly code: string, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function json(status: number, value: unknown, headers?: Record<string, string>): ServiceResponse {
  // Without extra headers (every 200), no spread of an empty object per response.
  return { status, headers: headers === undefined ? { 'content-type': JSON_TYPE } : { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(value) };
}

/** The `{ error, statusCode, code }` body of every error of the API (`/v1/verify/signature` answers ALTCHA's own). */
export function errorResponse(status: number, code: string, message: string, headers?: Record<string, string>): ServiceResponse {
  return json(status, { error: message, statusCode: status, code }, headers);
}

/** The status of a FormspamError a route let through: 413 for a body too large, 499 for an aborted request, else 400. */
export function formspamErrorStatus(code: string): number {
  return code === 'REQUEST_TOO_LARGE' ? 413 : code === 'ABORTED' ? 499 : 400;
}

/** A header's (first) value. */
export function header(h: HeaderValue): string | undefined {
  return Array.isArray(h) ? h[0] : h;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export function parseJsonBody(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new HttpError(400, 'INVALID_JSON', 'Invalid JSON: the body is not UTF-8.');
  }
  try {
    return JSON.parse(text);
  } catch {
    // JSON.parse refuses an empty or blank body too: told apart only then (no trimmed copy per request).
    if (text.trim() === '') throw new HttpError(400, 'INVALID_JSON', 'Invalid JSON: the body is empty.');
    throw new HttpError(400, 'INVALID_JSON', 'Invalid JSON.');
  }
}

export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  if (value === 'application/json') return true;
  const semi = value.indexOf(';');
  const type = (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The request's JSON body (a framework's parsed body, or the raw body up to `bodyLimit` bytes). */
export async function readJson(req: ServiceRequest, bodyLimit: number): Promise<unknown> {
  if (!isJsonContentType(header(req.headers['content-type']))) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json.');
  if ('parsedBody' in req && req.parsedBody !== undefined) return req.parsedBody;
  const length = header(req.headers['content-length']);
  if (length !== undefined && /^\d+$/.test(length) && Number(length) > bodyLimit) {
    throw new HttpError(413, 'REQUEST_TOO_LARGE', `Request body is larger than ${bodyLimit} bytes.`);
  }
  if (!req.readBody) throw new HttpError(400, 'INVALID_JSON', 'Invalid JSON: no body.');
  return parseJsonBody(await req.readBody(bodyLimit));
}

/**
 * A request target: its path (one trailing slash dropped) and its `URL`, parsed only when a
 * route reads it. The common targets (a known route with a plain query such as
 * `?apiKey=ckey_…`) are split by hand; everything else goes through `new URL` as before.
 */
export class Target {
  #url: URL | undefined;
  constructor(readonly raw: string, readonly path: string, readonly plainQuery: string | null, url?: URL) {
    this.#url = url;
  }

  get url(): URL {
    return (this.#url ??= new URL(this.raw, 'http://localhost'));
  }

  /** `url.searchParams.get(name)`. */
  param(name: string): string | null {
    const q = this.plainQuery;
    if (q === null) return this.url.searchParams.get(name);
    // Only [A-Za-z0-9_.~=&-]: nothing to decode, so the first `name=` pair is what URLSearchParams
    // finds. Walked in place (no split and slices per request): a pair runs from `from` to the
    // next `&`, its name to its first `=`.
    for (let from = 0; ; ) {
      const amp = q.indexOf('&', from);
      const end = amp === -1 ? q.length : amp;
      const eq = q.indexOf('=', from);
      const nameEnd = eq === -1 || eq > end ? end : eq;
      if (nameEnd - from === name.length && q.startsWith(name, from)) return nameEnd === end ? '' : q.slice(nameEnd + 1, end);
      if (amp === -1) return null;
      from = amp + 1;
    }
  }
}

const PLAIN_QUERY = /^[\w.~=&-]*$/;

/** The target of a request URL, or null when it is no URL; `routes` are the paths with a fast path. */
export function targetOf(raw: string, routes: Readonly<Record<string, unknown>>): Target | null {
  // Fast path: exactly a route's path (or it with one trailing slash), then nothing or a plain
  // query. `new URL(raw, base)` gives the same pathname and search parameters for these.
  const q = raw.indexOf('?');
  const p = q === -1 ? raw : raw.slice(0, q);
  const path = Object.hasOwn(routes, p) ? p : p.length > 1 && p.endsWith('/') && Object.hasOwn(routes, p.slice(0, -1)) ? p.slice(0, -1) : null;
  if (path !== null) {
    const query = q === -1 ? '' : raw.slice(q + 1);
    if (PLAIN_QUERY.test(query)) return new Target(raw, path, query);
  }
  try {
    const u = new URL(raw, 'http://localhost');
    return new Target(raw, u.pathname.length > 1 && u.pathname.endsWith('/') ? u.pathname.slice(0, -1) : u.pathname, null, u);
  } catch {
    return null;
  }
}
