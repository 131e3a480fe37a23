/**
 * `formspam keys list|create|revoke`: key management on a running server through its admin
 * endpoints (`/admin/keys`, turned on by FORMSPAM_ADMIN_TOKEN on the server), so it works the
 * same for a SQLite store and for a Redis store shared by several instances.
 */
import { parseArgs } from 'node:util';
import { unreachableServer, UsageError, write } from './io.js';

export const KEYS_HELP = `Usage: formspam keys <list|create|revoke> --server <url> [options]

Manages the API keys of a running formspam server through its admin endpoints (the server
needs FORMSPAM_ADMIN_TOKEN; this command sends the same token).

  formspam keys list   --server URL                      every key (never its secret), as JSON lines
  formspam keys create --server URL --hostname HOST      a new key for a site, also when the
                       [--license NAME]                  server's key issuance is closed
  formspam keys revoke --server URL --api-key KEY        refused at once on every instance

Options:
      --server <url>        the server, e.g. http://127.0.0.1:8080 [FORMSPAM_SERVER]
      --hostname <host>     create: the site the key is for, e.g. example.com
      --license <name>      create: the key's license (default: the server's, free)
      --api-key <key>       revoke: the key
  -h, --help                show this help

FORMSPAM_ADMIN_TOKEN (environment only): the server's admin token.
`;

interface AdminAnswer {
  status: number;
  body: Record<string, unknown>;
}

async function call(server: string, token: string, method: string, path: string, body?: unknown): Promise<AdminAnswer> {
  let response: Response;
  try {
    response = await fetch(new URL(path, server.endsWith('/') ? server : `${server}/`), {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw unreachableServer(server, error) ?? error;
  }
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: reported below with the status
  }
  if (response.status === 404 && typeof parsed.code !== 'string') {
    throw new UsageError(`the server at ${server} has no admin endpoints: start it with FORMSPAM_ADMIN_TOKEN set`, 'ADMIN_DISABLED');
  }
  if (response.status === 401) {
    throw new UsageError('the server refused the admin token: set FORMSPAM_ADMIN_TOKEN to the token the server was started with', 'ADMIN_TOKEN_INVALID');
  }
  if (response.status >= 400) {
    const code = typeof parsed.code === 'string' ? parsed.code : `HTTP_${response.status}`;
    throw new UsageError(typeof parsed.error === 'string' ? parsed.error : `the server answered ${response.status}`, code);
  }
  return { status: response.status, body: parsed };
}

export async function runKeys(argv: string[], io: { stdout: NodeJS.WritableStream }, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      hostname: { type: 'string' },
      license: { type: 'string' },
      'api-key': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    await write(io.stdout, KEYS_HELP);
    return 0;
  }
  const [action, ...extra] = positionals;
  if (action === undefined) throw new UsageError('name an action: formspam keys list|create|revoke (formspam keys --help)', 'MISSING_ACTION');
  if (!['list', 'create', 'revoke'].includes(action)) throw new UsageError(`unknown action ${JSON.stringify(action)}: use list, create or revoke`, 'UNKNOWN_ACTION');
  if (extra.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);
  const server = values.server ?? env.FORMSPAM_SERVER;
  if (!server) throw new UsageError('--server is required (or FORMSPAM_SERVER), e.g. --server http://127.0.0.1:8080', 'MISSING_SERVER');
  try {
    const url = new URL(server);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new UsageError(`--server must be an http(s) URL, e.g. http://127.0.0.1:8080 (got ${JSON.stringify(server)})`, 'INVALID_SERVER');
  }
  const token = env.FORMSPAM_ADMIN_TOKEN;
  if (!token) throw new UsageError('set FORMSPAM_ADMIN_TOKEN to the admin token the server was started with', 'MISSING_ADMIN_TOKEN');

  if (action === 'list') {
    const { body } = await call(server, token, 'GET', 'admin/keys');
    const keys = Array.isArray(body.keys) ? body.keys : [];
    await write(io.stdout, keys.map((k) => `${JSON.stringify(k)}\n`).join(''));
    return 0;
  }
  if (action === 'create') {
    if (!values.hostname) throw new UsageError('--hostname is required for create, e.g. --hostname example.com', 'MISSING_HOSTNAME');
    const { body } = await call(server, token, 'POST', 'admin/keys', { hostname: values.hostname, ...(values.license !== undefined && { license: values.license }) });
    await write(io.stdout, `${JSON.stringify(body)}\n`);
    return 0;
  }
  const apiKey = values['api-key'];
  if (!apiKey) throw new UsageError('--api-key is required for revoke', 'MISSING_API_KEY');
  const { body } = await call(server, token, 'DELETE', `admin/keys?apiKey=${encodeURIComponent(apiKey)}`);
  await write(io.stdout, `${JSON.stringify(body)}\n`);
  return 0;
}
