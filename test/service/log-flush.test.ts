// `formspam serve` buffers its log lines and writes them in batches (src/cli/serve.ts,
// logDestination): a busy server must not lose the lines still in the buffer when it stops.
// A real `formspam serve` process: requests on a keep-alive connection, the last one to a route
// of its own, then at once SIGTERM, SIGINT or a fatal error; every request's line must be on
// its standard output, the last request's included.
import { Agent, request } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/serve.js';

const REQUESTS = 60;

function get(agent: Agent, port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** REQUESTS - 1 requests to /healthz, the last one to /openapi.json; resolves once the last is answered. */
async function load(server: TestServer): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < REQUESTS - 1; i++) expect(await get(agent, server.port, '/healthz')).toBe(200);
  expect(await get(agent, server.port, '/openapi.json')).toBe(200);
  agent.destroy();
}

/** The request lines a server logged, as parsed objects. */
function requestLines(logs: string): { route: string; status: number }[] {
  return logs
    .split('\n')
    .filter((line) => line.includes('"event":"request"'))
    .map((line) => JSON.parse(line) as { route: string; status: number });
}

function expectEveryLine(logs: string): void {
  const lines = requestLines(logs);
  expect(lines).toHaveLength(REQUESTS);
  expect(lines.filter((l) => l.route === '/healthz')).toHaveLength(REQUESTS - 1);
  expect(lines.at(-1)).toMatchObject({ route: '/openapi.json', status: 200 });
}

describe('formspam serve: no log line is lost when the process stops', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`writes the last request's line before it exits on ${signal}`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'formspam-logflush-'));
      const server = await startServer(['--data-dir', dataDir, '--store', 'memory', '--no-rate-limits']);
      await load(server);
      const code = await server.stop(signal);
      expect(code).toBe(0);
      expectEveryLine(server.logs());
      // The shutdown's own lines come after the requests'.
      expect(server.logs().indexOf('"event":"stopped"')).toBeGreaterThan(server.logs().lastIndexOf('"event":"request"'));
    }, 60_000);
  }

  it("writes the last request's line when an uncaught exception ends the process", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formspam-logflush-'));
    // A fatal error on demand: a preloaded module throws from a SIGUSR2 handler, which node
    // treats as an uncaught exception (exit code 1).
    const preload = join(dir, 'fatal-on-sigusr2.mjs');
    writeFileSync(preload, "process.on('SIGUSR2', () => { throw new Error('fatal test error'); });\n");
    const server = await startServer(['--data-dir', join(dir, 'data'), '--store', 'memory', '--no-rate-limits'], { NODE_OPTIONS: `--import ${preload}` });
    await load(server);
    const code = await server.stop('SIGUSR2');
    expect(code).toBe(1);
    expect(server.logs()).toContain('fatal test error');
    expectEveryLine(server.logs());
  }, 60_000);
});
