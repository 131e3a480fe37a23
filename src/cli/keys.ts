/**
 * `formspam keys list|create|revoke`: key management on a running server through its admin
 * endpoints (`/admin/keys`, turned on by FORMSPAM_ADMIN_TOKEN on the server), so it works the
 * same for a SQLite store and for a Redis store shared by several instances.
 * `formspam keys rotate-master` works on the store itself (it needs both master keys).
 */
import { isFormspamError } from '../core/errors.js';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isMasterKeyError, rotateMasterKey } from '../service/master-key.js';
import { openStore } from '../stores/index.js';
import { parseKeyLimits } from '../service/rate-limit.js';
import { unreachableServer, UsageError, write } from './io.js';
import { STORE_FILE } from '../providers/lists/paths.js';
import { deprecated, resolveDataDir, storeDir, type Stderr } from './settings.js';

export const KEYS_HELP = `Usage: formspam keys <list|create|limit|revoke> --server <url> [options]
       formspam keys rotate-master [--store <store>] [--data-dir <dir>]

Manages the API keys of a running formspam server through its admin endpoints (the server
needs FORMSPAM_ADMIN_TOKEN; this command sends the same token).

  formspam keys list   --server URL                      every key (never its secret), as JSON lines
  formspam keys create --server URL --hostname HOST      a new key for a site, also when the
                       [--license NAME]                  server's key issuance is closed
  formspam keys limit  --server URL --api-key KEY        the key's own rate limits, in place of
                       --limits SPEC                     the server's (--limits default: the server's)
  formspam keys revoke --server URL --api-key KEY        refused at once on every instance

Options:
      --server <url>        the server, e.g. http://127.0.0.1:8080 [FORMSPAM_SERVER]
      --hostname <host>     create: the site the key is for, e.g. example.com
      --license <name>      create: the key's license (default: the server's, free)
      --api-key <key>       limit, revoke: the key
      --limits <spec>       create, limit: classify-key=<limit>/<seconds> (the key's budget)
                            and/or classify-key-ip=<limit>/<seconds> (one client IP's share of
                            it); off for none; limit --limits default: back to the server's
  -h, --help                show this help

FORMSPAM_ADMIN_TOKEN (environment only): the server's admin token.

  formspam keys rotate-master                           re-encrypts every key's secret with a
                                                        new master key, in one transaction

rotate-master opens the store itself (stop the servers first, or restart them with the new key
at once: until then their /readyz says MASTER_KEY_MISMATCH and the widget endpoints answer 503):
      --store <store>              sqlite (default), sqlite:<file> or redis://host:port [FORMSPAM_STORE]
  -d, --data-dir <dir>             formspam's data directory; the SQLite store is <dir>/store/formspam.db
                                   (default $XDG_DATA_HOME/formspam, else ~/.local/share/formspam)
                                   [FORMSPAM_DATA_DIR]
      --old-master-key-file <f>    the current master key, from a file [FORMSPAM_MASTER_KEY];
                                   none when the secrets are not encrypted yet
      --new-master-key-file <f>    the new master key, from a file [FORMSPAM_NEW_MASTER_KEY]
The keys are read from files or the environment, never from the command line (ps shows it).
SQLite: one transaction. Redis: WATCH/MULTI/EXEC over every key record and the check value
(all or nothing, tried again when a key changes meanwhile), then keys added meanwhile by a
server with the old key are re-encrypted too. Prints {"rotated":true,"store":…,"keys":N}.
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
      limits: { type: 'string' },
      store: { type: 'string' },
      'data-dir': { type: 'string', short: 'd' },
      'old-master-key-file': { type: 'string' },
      'new-master-key-file': { type: 'string' },
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
  if (action === undefined) throw new UsageError('name an action: formspam keys list|create|limit|revoke|rotate-master (formspam keys --help)', 'MISSING_ACTION');
  if (!['list', 'create', 'limit', 'revoke', 'rotate-master'].includes(action)) throw new UsageError(`unknown action ${JSON.stringify(action)}: use list, create, limit, revoke or rotate-master`, 'UNKNOWN_ACTION');
  if (values.limits !== undefined) {
    if (action !== 'create' && action !== 'limit') throw new UsageError('--limits is for keys create and keys limit', 'INVALID_OPTION');
    try {
      parseKeyLimits(values.limits);
    } catch (error) {
      throw new UsageError(`--limits: ${(error as Error).message}`, 'INVALID_LIMITS');
    }
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);
  if (action === 'rotate-master') return rotateMaster(values, io, env);
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
    const { body } = await call(server, token, 'POST', 'admin/keys', { hostname: values.hostname, ...(values.license !== undefined && { license: values.license }), ...(values.limits !== undefined && { limits: values.limits }) });
    await write(io.stdout, `${JSON.stringify(body)}\n`);
    return 0;
  }
  const apiKey = values['api-key'];
  if (!apiKey) throw new UsageError(`--api-key is required for ${action}`, 'MISSING_API_KEY');
  if (action === 'limit') {
    const { body } = await call(server, token, 'PATCH', `admin/keys?apiKey=${encodeURIComponent(apiKey)}`, { limits: values.limits ?? null });
    await write(io.stdout, `${JSON.stringify(body)}\n`);
    return 0;
  }
  const { body } = await call(server, token, 'DELETE', `admin/keys?apiKey=${encodeURIComponent(apiKey)}`);
  await write(io.stdout, `${JSON.stringify(body)}\n`);
  return 0;
}

function keyFrom(file: string | undefined, envValue: string | undefined, what: string): string | undefined {
  let key = envValue || undefined;
  if (file !== undefined) {
    try {
      key = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new UsageError(`cannot read the ${what} master key from ${file}: ${(error as Error).message}`, 'FILE_NOT_FOUND');
    }
  }
  if (key !== undefined && key.length < 32) throw new UsageError(`the ${what} master key must be at least 32 characters (e.g. openssl rand -hex 32)`, 'INVALID_MASTER_KEY');
  return key;
}

async function rotateMaster(
  values: { store?: string; 'data-dir'?: string; 'old-master-key-file'?: string; 'new-master-key-file'?: string },
  io: { stdout: NodeJS.WritableStream; stderr?: NodeJS.WritableStream },
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const oldKey = keyFrom(values['old-master-key-file'], env.FORMSPAM_MASTER_KEY, 'old');
  const newKey = keyFrom(values['new-master-key-file'], env.FORMSPAM_NEW_MASTER_KEY, 'new');
  if (newKey === undefined) throw new UsageError('give the new master key: FORMSPAM_NEW_MASTER_KEY or --new-master-key-file', 'MISSING_NEW_MASTER_KEY');
  if (newKey === oldKey) throw new UsageError('the new master key is the old one', 'SAME_MASTER_KEY');
  const spec = values.store ?? env.FORMSPAM_STORE ?? 'sqlite';
  if (spec === 'memory') throw new UsageError('--store memory has nothing to rotate: give the store of the servers (sqlite, sqlite:<file>, redis://…)');
  // The same store as `formspam serve -d` opens (one data directory, docs/decisions/data-dir.md).
  const stderr: Stderr = io.stderr ?? process.stderr;
  const data = resolveDataDir(values['data-dir'], env);
  if (env.FORMSPAM_SERVER_DATA_DIR) deprecated(stderr, 'FORMSPAM_SERVER_DATA_DIR', 'FORMSPAM_DATA_DIR', ` (the store is in <data-dir>/store/${STORE_FILE})`);
  let store;
  try {
    // A longer deadline than a server's: this may wait for a server's write lock.
    store = await openStore(spec, { ...(spec === 'sqlite' && { storeDir: storeDir(data, env.FORMSPAM_SERVER_DATA_DIR || undefined, stderr) }), timeoutMs: 5000 });
  } catch (error) {
    if (error instanceof TypeError || (isFormspamError(error) && error.code === 'INVALID_OPTIONS')) throw new UsageError(error.message);
    if ((error as { code?: unknown }).code === 'SQLITE_UNAVAILABLE') throw new UsageError((error as Error).message, 'SQLITE_UNAVAILABLE');
    if ((error as { code?: unknown }).code === 'STORE_UNREACHABLE') throw new UsageError((error as Error).message, 'STORE_UNREACHABLE');
    throw error;
  }
  try {
    const result = await rotateMasterKey(store, oldKey, newKey);
    await write(io.stdout, `${JSON.stringify({ rotated: true, store: store.kind, keys: result.keys, rounds: result.rounds })}\n`);
    return 0;
  } catch (error) {
    if (isMasterKeyError(error)) throw new UsageError(error.message, error.code);
    throw error;
  } finally {
    await store.close();
  }
}
