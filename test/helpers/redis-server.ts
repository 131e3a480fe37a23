// Starts a real redis-server on a free loopback port with a temporary directory, and stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestRedis {
  url: string;
  port: number;
  /** The data directory (the same across kill and restart). */
  dir: string;
  stop(): Promise<void>;
  /** Kills the server (SIGKILL by default) and resolves once it has exited; the directory stays. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port, with the same directory and arguments. */
  restart(): Promise<void>;
  /** SIGSTOP / SIGCONT: a server that holds its connections but does not answer. */
  pause(): void;
  resume(): void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

function spawnRedis(port: number, dir: string, args: readonly string[]): Promise<ChildProcess> {
  // The last value of a repeated option wins: `args` may override the defaults (e.g. --appendonly yes).
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise<ChildProcess>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.once('error', (e) => reject(new Error(`redis-server could not start (is it installed? .ci/run installs it): ${e.message}`)));
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

/** A real redis-server on a free loopback port; `args` are extra redis-server options. */
export async function startRedis(options: { args?: readonly string[] } = {}): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'formspam-redis-'));
  const port = await freePort();
  const args = options.args ?? [];
  let child = await spawnRedis(port, dir, args);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        await exited(child);
      }
      rmSync(dir, { recursive: true, force: true });
    },
    kill: async (signal = 'SIGKILL') => {
      child.kill(signal);
      await exited(child);
    },
    restart: async () => {
      child = await spawnRedis(port, dir, args);
    },
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
  };
}
