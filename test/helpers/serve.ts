// Starts the built CLI's `formspam serve` as a child process on a free port (--port 0) and
// reads the port from its "listening" log line.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, ROOT } from '../cli/run-cli.js';

export interface TestServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the server logged so far (stdout + stderr). */
  logs(): string;
  /** Sends `signal` and resolves the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

// The default data directory ($XDG_DATA_HOME/formspam) and the old list cache
// ($XDG_CACHE_HOME/formspam) of every test server: an empty folder, never the real home.
let home: string | undefined;
const testHome = () => (home ??= mkdtempSync(join(tmpdir(), 'formspam-home-')));

export async function startServer(args: string[], env: Record<string, string> = {}, options: { cwd?: string } = {}): Promise<TestServer> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], {
    cwd: options.cwd ?? ROOT,
    // No list refresh unless a test asks for one: serve would download the default lists from
    // the internet when they are missing, and tests never touch the internet.
    env: { ...process.env, XDG_DATA_HOME: join(testHome(), 'data'), XDG_CACHE_HOME: join(testHome(), 'cache'), FORMSPAM_MASTER_KEY: '', FORMSPAM_UPDATE_LISTS_EVERY: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (logs += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (logs += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const check = () => {
      const m = /"event":"listening".*?"port":(\d+)/.exec(logs);
      if (m) {
        child.stdout!.off('data', check);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`formspam serve exited with ${code}: ${logs}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    logs: () => logs,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
