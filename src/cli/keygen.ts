import { parseArgs } from 'node:util';
import { ApiKeyRequestError, requestApiKey } from '../service/client.js';
import { unreachableServer, UsageError, write } from './io.js';

export const KEYGEN_HELP = `Usage: formspam keygen --server <url> --hostname <host[:port]> [--base64]

Asks a formspam server (or any server speaking the same M2M scheme) for an API key: solves the
proof-of-work challenge of POST /api_key/generate and prints the key JSON
({ apiKey, hostname, secret, license }).

Options:
      --server <url>        the server, e.g. http://127.0.0.1:8080 [FORMSPAM_SERVER]
      --hostname <host>     the site the key is for, e.g. example.com or example.com:3000
      --base64              send the proof as Base64 JSON instead of raw JSON
  -h, --help                show this help
`;

export async function runKeygen(argv: string[], io: { stdout: NodeJS.WritableStream; stderr?: NodeJS.WritableStream }, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      hostname: { type: 'string' },
      base64: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    await write(io.stdout, KEYGEN_HELP);
    return 0;
  }
  values.server ??= env.FORMSPAM_SERVER || undefined;
  if (!values.server) throw new UsageError('--server is required (or FORMSPAM_SERVER)');
  if (!values.hostname) throw new UsageError('--hostname is required');
  try {
    new URL(values.server);
  } catch {
    throw new UsageError('--server must be a URL, e.g. http://127.0.0.1:8080');
  }
  // Progress on standard error (the key JSON alone goes to standard output): solving takes 3-12 s
  // at the default difficulty. A line a second at most; on a terminal, one line rewritten.
  const err = io.stderr;
  const tty = (err as { isTTY?: boolean } | undefined)?.isTTY === true;
  const started = performance.now();
  let last = 0;
  const onProgress = (tried: number, max: number): void => {
    const t = performance.now();
    if (!err || t - last < 1000) return;
    last = t;
    const line = `formspam keygen: solving the server's proof of work: ${tried.toLocaleString('en-US')} of at most ${max.toLocaleString('en-US')} tried (${Math.floor((100 * tried) / max)}%, ${((t - started) / 1000).toFixed(1)} s)`;
    err.write(tty ? `\r${line}` : `${line}\n`);
  };
  err?.write(`formspam keygen: asking ${values.server} for a key for ${values.hostname}\n`);
  const key = await requestApiKey({ server: values.server, hostname: values.hostname, form: values.base64 ? 'base64' : 'json', onProgress }).catch((error: unknown) => {
    if (error instanceof ApiKeyRequestError) throw new UsageError(error.message, error.status === 403 ? 'KEY_REFUSED' : error.status === null ? 'NO_SOLUTION' : `HTTP_${error.status}`);
    throw unreachableServer(values.server!, error) ?? error;
  });
  err?.write(`${tty && last > 0 ? '\n' : ''}formspam keygen: solved in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  await write(io.stdout, `${JSON.stringify(key)}\n`);
  return 0;
}
