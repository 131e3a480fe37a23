// `formspam serve` from the built CLI (dist/) on a free port, for the benchmarks that measure it
// (bench/server.mjs, bench/decision-log.mjs): its JSON log lines are read for the port, then read
// and dropped, so that a full pipe never blocks it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * @param {string[]} args serve's options after `--port 0 --offline --m2m-max-number 1000` (the store among them)
 * @param {Record<string, string>} [env] added to the environment (FORMSPAM_MASTER_KEY is emptied)
 * @returns {Promise<{ proc: import('node:child_process').ChildProcess, url: string }>}
 */
export async function startServe(args, env = {}) {
  const cli = new URL('../dist/cli/main.js', import.meta.url).pathname;
  const proc = spawn(process.execPath, [cli, 'serve', '--port', '0', '--offline', '--m2m-max-number', '1000', ...args], {
    env: { ...process.env, FORMSPAM_MASTER_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let logs = '';
  const port = await new Promise((resolve, reject) => {
    const onData = (d) => {
      logs += d;
      const m = /"event":"listening".*?"port":(\d+)/.exec(logs);
      if (m) {
        logs = '';
        resolve(Number(m[1]));
      }
    };
    proc.stdout.setEncoding('utf8').on('data', onData);
    proc.once('exit', (code) => reject(new Error(`formspam serve exited with ${code}: ${logs}`)));
  });
  proc.stdout.removeAllListeners('data');
  proc.stdout.resume(); // keep reading (and dropping) its per-request log lines
  return { proc, url: `http://127.0.0.1:${port}` };
}

/** USER_HZ of /proc/<pid>/stat: 100 on Linux. */
const CLOCK_TICKS = 100;

/** A process's CPU time so far (user + system, all threads) in µs, from /proc (Linux); NaN elsewhere. */
export function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
