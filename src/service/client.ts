/**
 * The client side of `POST /api_key/generate`: ask, get the 401 challenge, solve it, retry
 * with `Authorization: Altcha payload=…`. `formspam keygen` is this function.
 */
import { solveChallenge } from '../altcha/challenge.js';
import { formatAltchaAuthorization, parseWwwAuthenticate } from './m2m.js';

export interface ApiKeyResult {
  apiKey: string;
  hostname: string;
  secret: string;
  license?: string;
}

export interface RequestApiKeyOptions {
  /** Base URL of the server, e.g. `http://127.0.0.1:8080` or `https://example.com/spam` when mounted under a path. */
  server: string;
  hostname: string;
  /** Payload form of the retry (default `json`). */
  form?: 'json' | 'base64';
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Called while the proof of work is solved (every 50,000 numbers): numbers tried, and the most it may take. */
  onProgress?: (tried: number, max: number) => void;
}

export class ApiKeyRequestError extends Error {
  override readonly name = 'ApiKeyRequestError';
  constructor(message: string, readonly status: number | null) {
    super(message);
  }
}

async function errorOf(res: Response): Promise<string> {
  const text = await res.text();
  try {
    return (JSON.parse(text) as { error?: string }).error ?? text;
  } catch {
    return text.slice(0, 200);
  }
}

export async function requestApiKey(options: RequestApiKeyOptions): Promise<ApiKeyResult> {
  const f = options.fetch ?? fetch;
  // Relative to the server URL, so a service mounted under a path (`https://x.example/spam`) works.
  const url = new URL('api_key/generate', options.server.endsWith('/') ? options.server : `${options.server}/`).toString();
  const body = JSON.stringify({ hostname: options.hostname });
  const init = (headers: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    ...(options.signal && { signal: options.signal }),
  });
  const first = await f(url, init());
  if (first.ok) return (await first.json()) as ApiKeyResult;
  if (first.status !== 401) throw new ApiKeyRequestError(`${url}: ${first.status} ${await errorOf(first)}`, first.status);
  await first.body?.cancel();
  const challenge = parseWwwAuthenticate(first.headers.get('www-authenticate') ?? '');
  if (!challenge) throw new ApiKeyRequestError(`${url}: 401 without an Altcha challenge in WWW-Authenticate`, 401);
  const number = await solveChallenge(challenge, { ...(options.signal && { signal: options.signal }), ...(options.onProgress && { onProgress: options.onProgress }) });
  if (number === null) throw new ApiKeyRequestError(`${url}: the challenge has no solution up to maxnumber`, null);
  const second = await f(url, init({ authorization: formatAltchaAuthorization(challenge, number, options.form) }));
  if (!second.ok) throw new ApiKeyRequestError(`${url}: ${second.status} ${await errorOf(second)}`, second.status);
  return (await second.json()) as ApiKeyResult;
}
