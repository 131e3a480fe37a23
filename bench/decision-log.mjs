// The decision log's cost to `formspam serve`: two servers of the built CLI at once, each on its
// own SQLite file (the default store), offline, rate limits off, one with the decision log (the
// default) and one with --no-decision-log. ROUNDS (7) pairs of PAIR_SECONDS (3) of autocannon
// (10 connections, the same typical contact-form body) per server, the order alternating, after
// WARM_SECONDS (3) each; the ratio with/without is the median of the rounds' req/s ratios (each
// printed), p50 and p99 the medians of the rounds; beside it each server process's CPU time
// (user + system, /proc) per request, whose ratio a busy machine moves less than req/s. Also --log-text the same way against the
// default, with BENCH_LOG_TEXT=1. Environment: BENCH_ROUNDS, BENCH_PAIR_SECONDS, BENCH_WARM_SECONDS.
//
// With --in-process: no HTTP, two services (createService, memory store, offline, rate limits
// off) in this process, the defaults and `decisionLog: false`, `service.handle` of the typical
// and the short request in alternating rounds of BENCH_REQUESTS (400) each, a setImmediate after
// every 10 requests (when the log writes its batch) and the log flushed at the end of each round;
// CPU time per request (process.cpuUsage) and the median over BENCH_ROUNDS (31) of each round's
// ratio. BENCH_BEFORE=<a dist/ directory> adds that build's defaults, in the same rounds.
//
//   npm run build && node bench/decision-log.mjs [--in-process]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServe as startServeProcess } from './serve-process.mjs';
import { SHORT, TYPICAL } from './texts.mjs';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
if (process.argv.includes('--in-process')) {
  await inProcess();
  process.exit(0);
}

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

async function inProcess() {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 31);
  const n = Number(process.env.BENCH_REQUESTS ?? 400);
  const KEY = { apiKey: 'ckey_bench', hostname: 'example.com', secret: 'sec_bench', license: 'free', createdAt: 1 };
  const builds = [['this build', new URL('../dist', import.meta.url).pathname]];
  if (process.env.BENCH_BEFORE) builds.push(['BENCH_BEFORE', process.env.BENCH_BEFORE]);
  const services = [];
  for (const [name, dist] of builds) {
    const { createService, createMemoryStore } = await import(`${dist}/service/index.js`);
    for (const [mode, options] of name === 'this build' ? [['defaults', {}], ['decisionLog: false', { decisionLog: false }]] : [['defaults', {}]]) {
      const store = createMemoryStore();
      await store.putKey(KEY);
      const service = createService({ store, offline: true, rateLimits: false, ...options });
      await service.ready();
      services.push({ name: `${name}, ${mode}`, service });
    }
  }
  console.log(`node ${process.version}; in process, ${rounds} alternating rounds of ${n} requests; CPU µs per request (median) and its ratio to this build's decisionLog: false (median of the rounds' ratios)`);
  for (const [label, text] of [['typical', TYPICAL], ['short', SHORT]]) {
    const body = Buffer.from(JSON.stringify({ text, email: 'jana@example.com', ipAddress: '192.0.2.10', timeZone: 'Europe/Prague' }));
    const request = { method: 'POST', url: `/api/v1/classify?apiKey=${KEY.apiKey}`, headers: { 'content-type': 'application/json', 'content-length': String(body.length), referer: 'https://example.com/' }, remoteAddress: '127.0.0.1', readBody: async () => body };
    const batch = async (service, count) => {
      for (let i = 0; i < count; i++) {
        const r = await service.handle(request);
        if (r.status !== 200) throw new Error(`classify answered ${r.status}`);
        if (i % 10 === 9) await new Promise(setImmediate);
      }
      await service.decisions.flush();
    };
    for (const s of services) await batch(s.service, 1000);
    const cpu = services.map(() => []);
    for (let r = 0; r < rounds; r++) {
      for (let k0 = 0; k0 < services.length; k0++) {
        const k = (k0 + r) % services.length;
        const c0 = process.cpuUsage();
        await batch(services[k].service, n);
        const c = process.cpuUsage(c0);
        cpu[k].push((c.user + c.system) / n);
      }
    }
    const ratio = (k) => median(cpu[k].map((x, r) => x / cpu[1][r]));
    console.log(`${label.padEnd(8)} ${services.map((s, k) => `${s.name} ${median(cpu[k]).toFixed(1)} µs (${ratio(k).toFixed(3)})`).join(' | ')}`);
  }
}
