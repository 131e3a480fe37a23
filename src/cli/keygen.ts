import { parseArgs } from 'node:util';
import { requestApiKey } from '../service/client.js';
import { UsageError, write } from './io.js';

export const KEYGEN_HELP = `Usage: formspam keygen --server <url> --hostname <host[:port]> [--base64]

Asks a formspam server (or any server speaking the same M2M scheme) for an API key: solves the
proof-of-work challenge of POST /api_key/generate and prints the key JSON
({ apiKey, hostname, secret, license }).

Options:
      --server <url>        the server, e.g. http://127.0.0.1:8080
      --hostname <host>     the site the key is for, e.g. example.com or example.com:3000
      --base64              send the proof as Base64 JSON instead of raw JSON
  -h, --help                show this help
`;

export async function runKeygen(argv: string[], io: { stdout: NodeJS.WritableStream }): Promise<number> {
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
  if (!values.server) throw new UsageError('--server is required');
  if (!values.hostname) throw new UsageError('--hostname is required');
  try {
    new URL(values.server);
  } catch {
    throw new UsageError('--server must be a URL, e.g. http://127.0.0.1:8080');
  }
  const key = await requestApiKey({ server: values.server, hostname: values.hostname, form: values.base64 ? 'base64' : 'json' });
  await write(io.stdout, `${JSON.stringify(key)}\n`);
  return 0;
}
