// The decision log's cost to `formspam serve`: two servers of the built CLI at once, each on its
// own SQLite file (the default store), offline, rate limits off, one with the decision log (the
// default) and one with --no-decision-log. ROUNDS (7) pairs of PAIR_SECONDS (3) of autocannon
// (10 connections, the same typical contact-form body) per server, the order alternating, after
// WARM_SECONDS (3) each; the ratio with/without is the median of the rounds' req/s ratios (each
// printed), p50 and p99 the medians of the rounds; beside it each server process's CPU time
// (user + system, /proc) per request, whose ratio a busy machine moves less than req/s. Also --log-text the same way against the
// default, with BENCH_LOG_TEXT=1. Environment: BENCH_ROUNDS, BENCH_PAIR_SECONDS, BENCH_WARM_SECONDS.
//
//   npm run build && node bench/decision-log.mjs
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServe as startServeProcess } from './serve-process.mjs';
import { TYPICAL } from './texts.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PAIR_SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 3);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'formspam-bench-log-'));
const { requestApiKey } = await import('../dist/service/index.js');

async function startServe(name, args) {
  const { proc, url } = await startServeProcess(['--store', `sqlite:${join(dir, `${name}.db`)}`, '--no-rate-limits', ...args], { FORMSPAM_UPDATE_LISTS_EVERY: '0' });
  const { apiKey } = await requestApiKey({ server: url, hostname: 'example.com' });
  return { proc, url: `${url}/api/v1/classify?apiKey=${apiKey}` };
}

const run = (url, duration) => new Promise((resolve, reject) => {
  autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: TYPICAL, email: 'jana@example.com', ipAddress: '192.0.2.10', timeZone: 'Europe/Prague' }), connections: 10, duration }, (e, r) => (e ? reject(e) : resolve(r)));
});
/** The process's user + system CPU time in ms (/proc/<pid>/stat, USER_HZ 100). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function compare(label, aArgs, bArgs) {
  const [a, b] = [await startServe(`${label}-a`, aArgs), await startServe(`${label}-b`, bArgs)];
  try {
    await run(a.url, WARM_SECONDS);
    await run(b.url, WARM_SECONDS);
    const ratios = [];
    const cpuRatios = [];
    const stats = { a: { rps: [], p50: [], p99: [] }, b: { rps: [], p50: [], p99: [] } };
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
      const got = {};
      const cpu = {};
      for (const which of order) {
        const server = which === 'a' ? a : b;
        const c0 = cpuMs(server.proc.pid);
        const r = await run(server.url, PAIR_SECONDS);
        cpu[which] = (cpuMs(server.proc.pid) - c0) / r.requests.total;
        if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label} ${which}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        got[which] = r;
        stats[which].rps.push(r.requests.average);
        stats[which].p50.push(r.latency.p50);
        stats[which].p99.push(r.latency.p99);
      }
      ratios.push(got.a.requests.average / got.b.requests.average);
      cpuRatios.push(cpu.a / cpu.b);
      console.log(`  round ${i + 1}: ${got.a.requests.average.toFixed(0)} vs ${got.b.requests.average.toFixed(0)} req/s → ${(100 * ratios.at(-1)).toFixed(1)} %; CPU per request ${(1000 * cpu.a).toFixed(0)} vs ${(1000 * cpu.b).toFixed(0)} µs → ${(100 * cpuRatios.at(-1)).toFixed(1)} %`);
    }
    console.log(`${label}: req/s ${median(stats.a.rps).toFixed(0)} vs ${median(stats.b.rps).toFixed(0)}, median ratio ${(100 * median(ratios)).toFixed(1)} % (min ${(100 * Math.min(...ratios)).toFixed(1)}, max ${(100 * Math.max(...ratios)).toFixed(1)}); p50 ${median(stats.a.p50)} vs ${median(stats.b.p50)} ms, p99 ${median(stats.a.p99)} vs ${median(stats.b.p99)} ms; server CPU per request: median ratio ${(100 * median(cpuRatios)).toFixed(1)} %`);
  } finally {
    a.proc.kill('SIGTERM');
    b.proc.kill('SIGTERM');
  }
}

try {
  await compare('decision log (default) / --no-decision-log', [], ['--no-decision-log']);
  if (process.env.BENCH_LOG_TEXT === '1') await compare('--log-text / decision log (default)', ['--log-text'], []);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
