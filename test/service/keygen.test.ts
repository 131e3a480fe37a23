// `formspam keygen` against a real server, and the progress it reports while it solves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge, solveChallenge } from '../../src/altcha/challenge.js';
import { runCli } from '../cli/run-cli.js';
import { startServer, type TestServer } from '../helpers/serve.js';
import { freePort as closedPort } from '../helpers/redis-server.js';

describe('solveChallenge progress', () => {
  it('reports every 50,000 numbers tried, with the maximum, until the solution', async () => {
    const challenge = createChallenge({ hmacKey: 'k'.repeat(32), maxNumber: 1_000_000, number: 175_000, salt: 'fixedsalt' });
    const calls: [number, number][] = [];
    expect(await solveChallenge(challenge, { onProgress: (tried, max) => calls.push([tried, max]) })).toBe(175_000);
    expect(calls).toEqual([[50_000, 1_000_000], [100_000, 1_000_000], [150_000, 1_000_000]]);
  });
});

describe('formspam keygen', () => {
  let server: TestServer;
  let closed: TestServer;
  beforeAll(async () => {
    [server, closed] = await Promise.all([
      startServer(['--store', 'memory', '--offline', '--no-warm-up', '--no-rate-limits', '--m2m-max-number', '200000']),
      startServer(['--store', 'memory', '--offline', '--no-warm-up', '--no-rate-limits', '--key-issuance', 'closed']),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), closed?.stop()]);
  });

  it('prints the key JSON on standard output and what it is doing on standard error', async () => {
    const r = await runCli(['keygen', '--server', server.url, '--hostname', 'example.com']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ apiKey: expect.stringMatching(/^ckey_/), hostname: 'example.com', secret: expect.stringMatching(/^sec_/) });
    expect(r.stderr).toMatch(/^formspam keygen: asking http:\/\/127\.0\.0\.1:\d+ for a key for example\.com\n/);
    expect(r.stderr).toMatch(/formspam keygen: solved in \d+\.\d s\n$/);
  });

  it('errors have codes: issuance closed, server unreachable, missing flags', async () => {
    const refused = await runCli(['keygen', '--server', closed.url, '--hostname', 'example.com']);
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stderr.trim().split('\n').at(-1)!).error).toMatchObject({ code: 'KEY_REFUSED', message: expect.stringContaining('closed') });
    const unreachable = await runCli(['keygen', '--server', `http://127.0.0.1:${await closedPort()}`, '--hostname', 'example.com']);
    expect(unreachable.code).toBe(2);
    expect(JSON.parse(unreachable.stderr.trim().split('\n').at(-1)!).error.code).toBe('SERVER_UNREACHABLE');
    const missing = await runCli(['keygen', '--server', server.url]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--hostname is required/);
  });
});
