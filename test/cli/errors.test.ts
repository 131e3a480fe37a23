// Every error a user can cause on the command line has a stable code (never INTERNAL), a
// message that names the flag, field or file, and exit status 2; never a stack trace.
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

let dir: string;
let busy: ReturnType<typeof createServer>;
let busyPort = 0;
let closedPort = 0;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'formspam-cli-errors-'));
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
  // A port nothing listens on (taken, then given back).
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => busy.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('CLI errors', () => {
  // [what, args, stdin, code, words the message must contain]
  const cases: () => [string, string[], string | undefined, string, RegExp][] = () => [
    ['no command', [], undefined, '', /Usage: formspam/],
    ['unknown command', ['clasify'], undefined, 'USAGE', /unknown command "clasify"/],
    ['unknown option', ['classify', '--nope'], '{}', 'USAGE', /--nope/],
    ['missing file', ['classify', '--file', join(dir, 'missing.json')], undefined, 'FILE_NOT_FOUND', /missing\.json/],
    ['a directory as the file', ['classify', '--file', dir], undefined, 'IS_A_DIRECTORY', /is a directory: give a file/],
    ['invalid JSON', ['classify'], '{"text":', 'INVALID_JSON', /not valid JSON/],
    ['invalid request field', ['classify'], '{"text":42}', 'INVALID_REQUEST', /\$\.text/],
    ['a city database that is not there', ['classify', '--geo-city-db', join(dir, 'missing.mmdb')], '{}', 'INVALID_GEO_DATABASE', /missing\.mmdb: no such file/],
    ['a region code of no country', ['classify'], '{"ipAddress":"5.9.1.1","blockedCountries":["XX-BY"]}', 'INVALID_REQUEST', /not an ISO 3166-2 region code/],
    ['a country code that is not one', ['classify'], '{"text":"hi","blockedCountries":["usa"]}', 'INVALID_REQUEST', /expected ISO 3166-1 alpha-2 country code/],
    ['a bad port', ['serve', '--port', '99999', '--store', 'memory'], undefined, 'USAGE', /--port must be 0 to 65535/],
    ['a port in use', ['serve', '--port', String(busyPort), '--store', 'memory', '--no-warm-up', '--offline'], undefined, 'PORT_IN_USE', new RegExp(`127\\.0\\.0\\.1:${busyPort} is already in use.*--port`)],
    ['a Redis store that does not answer', ['serve', '--port', '0', '--store', `redis://user:hunter2@127.0.0.1:${closedPort}`, '--no-warm-up', '--offline'], undefined, 'STORE_UNREACHABLE', new RegExp(`cannot connect to the Redis store at redis://user:\\*\\*\\*@127\\.0\\.0\\.1:${closedPort}/?: connect ECONNREFUSED`)],
    ['a bad log level', ['serve', '--log-level', 'loud'], undefined, 'USAGE', /--log-level must be one of/],
    ['a bad key issuance', ['serve', '--key-issuance', 'maybe'], undefined, 'USAGE', /--key-issuance must be open or closed/],
    ['keygen without --server', ['keygen', '--hostname', 'example.com'], undefined, 'USAGE', /--server is required/],
    ['keys without an action', ['keys'], undefined, 'MISSING_ACTION', /list\|create\|limit\|revoke/],
    ['eval without its data', ['eval', '--data', join(dir, 'nope')], undefined, 'DATA_NOT_FOUND', /nope is missing/],
  ];

  it('each has a code and a message naming what to fix, exit 2, no stack trace', async () => {
    for (const [what, args, stdin, code, message] of cases()) {
      const r = await runCli(args, stdin);
      expect(r.code, what).toBe(2);
      expect(r.stderr, what).not.toMatch(/\n\s+at .*:\d+:\d+/);
      expect(r.stderr, what).not.toContain('hunter2'); // a password in a store URL is never printed
      if (code === '') {
        expect(r.stderr, what).toMatch(message);
        continue;
      }
      const last = r.stderr.trim().split('\n').at(-1)!;
      const error = (JSON.parse(last) as { error: { code: string; message: string } }).error;
      expect(error.code, what).toBe(code);
      expect(error.code, what).not.toBe('INTERNAL');
      expect(error.message, what).toMatch(message);
    }
  });
});
