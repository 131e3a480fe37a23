// npm run bench: the service's overhead. `formspam serve` (the built CLI, rate limits off,
// offline, its JSON log lines on standard output read and dropped by this process), with its
// default store (SQLite, a file of its own under the system's temporary directory)
// and with the memory store, each against
// a bare node:http server that only parses, calls classify() with the same offline providers
// (warmed up as serve is) and writes the result. Budget (issue 17): `formspam serve` ≥ 80 % of
// the bare server's requests per second; p99 reported.
//
// How the ratio is measured: the bare server and serve with each store run at once, each in its
// own process (only the one under load works). Each gets WARM_SECONDS (3) of the same load
// first, not counted; then ROUNDS (9) rounds of PAIR_SECONDS (3) per server with autocannon (10
// connections, the same body), the order rotating from round to round, so that a change of the
// machine's load during the run falls on all three. A store's serve/bare is the median of the
// rounds' ratios to the same bare process in the same round (every round's ratio is printed);
// req/s, p50 and p99 are medians of the rounds. The run exits 1 when a case's median ratio is
// under 80 % with either store. Beside it, the same comparison by CPU time: each server
// process's user + system time per request over a round (from /proc), bare / serve.
//
// Also shown, one run of BENCH_SECONDS (10) each: a server that only parses and echoes the JSON
// (the HTTP floor), `formspam/node` in-process with pino logging as serve's, and `formspam serve`
// with its default rate limits. Environment: BENCH_SECONDS, BENCH_PAIR_SECONDS, BENCH_ROUNDS,
// BENCH_WARM_SECONDS.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cpuMicros, startServe as startServeProcess } from './serve-process.mjs';
import { SHORT, TYPICAL } from './texts.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PAIR_SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);
const CONNECTIONS = 10;

async function child(kind) {
  let server;
  if (kind === 'echo') {
    server = createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
  } else if (kind === 'classify') {
    // The floor for any server that classifies: node:http, JSON.parse, classify() with the same
    // default offline providers, JSON.stringify. No API key, logging, metrics or routing: what
    // formspam/node adds on top of this is the adapter's and the service's own cost.
    const { classify, createDefaultProviders, warmUp } = await import('../dist/index.js');
    const providers = createDefaultProviders({ offline: true });
    await warmUp(); // as formspam serve does before it listens
    server = createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', async () => {
        const body = JSON.stringify(await classify(JSON.parse(Buffer.concat(chunks).toString('utf8')), providers));
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
  } else {
    const { createHandler } = await import('../dist/adapters/node.js');
    const { createMemoryStore } = await import('../dist/service/index.js');
    const limits = kind === 'formspam-limits' ? {} : false;
    // Logging as `formspam serve` does by default (src/cli/serve.ts: pino, level info, one line
    // per request, written in batches of 4 KiB or every 100 ms; the per-request line by a child
    // without redaction), to /dev/null instead of standard output.
    const { pino } = await import('pino');
    const logger = pino({ level: 'info', base: { service: 'formspam' }, redact: { paths: ['secret', '*.secret', 'apiKey', '*.apiKey', 'authorization', '*.authorization'], censor: '[redacted]' } }, pino.destination({ dest: '/dev/null', sync: true, minLength: 4096, periodicFlush: 100 }));
    const requestLogger = logger.child({}, { redact: { paths: [] } });
    server = createServer(createHandler({ offline: true, store: createMemoryStore(), rateLimits: limits && { classifyPerIp: { limit: 1e9, windowSeconds: 60 }, classifyPerKey: { limit: 1e9, windowSeconds: 60 } }, m2m: { maxNumber: 1000 }, metrics: true, logger, requestLogger }));
  }
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
}

/** The stores serve is measured with: its default (a SQLite file) and memory. */
const STORES = [
  // A file of its own (the lists stay where serve finds them by default, as the bare server's).
  { name: 'SQLite', args: (dir) => ['--store', `sqlite:${join(dir, 'formspam.db')}`] },
  { name: 'memory', args: () => ['--store', 'memory'] },
];
const startServe = (args) => startServeProcess(args);

async function start(kind) {
  const proc = fork(new URL(import.meta.url), ['--child', kind], { stdio: 'inherit' });
  const { port } = await new Promise((resolve) => proc.once('message', resolve));
  return { proc, url: `http://127.0.0.1:${port}` };
}

function run(url, body, duration = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: CONNECTIONS, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Median of numbers. */
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * The budget's measurement: the bare classify server and one `formspam serve` per store, all
 * started and warmed up the same way (WARM_SECONDS of the same load each, not counted), then
 * ROUNDS rounds of PAIR_SECONDS per server, the order rotating from round to round (bare, SQLite,
 * memory; SQLite, memory, bare; …), so that a change of the machine's load during the run falls
 * on all of them. Each store's ratio is the median over the rounds of its serve/bare ratio in
 * the same round (the same bare process for both stores); requests per second and latencies are
 * the medians of the rounds.
 */
async function rounds(bare, serves, body) {
  const servers = [bare, ...serves];
  for (const server of servers) await run(server.url, body, WARM_SECONDS);
  const measure = async (server) => {
    const cpu0 = cpuMicros(server.pid);
    const r = await run(server.url, body, PAIR_SECONDS);
    r.cpuPerRequest = (cpuMicros(server.pid) - cpu0) / r.requests.total;
    if (r.non2xx) throw new Error(`${server.name} answered ${r.non2xx} non-2xx responses`);
    return r;
  };
  const results = servers.map(() => []);
  for (let i = 0; i < ROUNDS; i++) {
    for (let k = 0; k < servers.length; k++) {
      const s = (i + k) % servers.length;
      results[s].push(await measure(servers[s]));
    }
  }
  const stats = (rs) => ({
    rps: median(rs.map((r) => r.requests.average)),
    p50: median(rs.map((r) => r.latency.p50)),
    p99: median(rs.map((r) => r.latency.p99)),
    cpu: median(rs.map((r) => r.cpuPerRequest)),
  });
  const b = results[0];
  return serves.map((_, j) => {
    const f = results[j + 1];
    const ratios = f.map((r, i) => r.requests.average / b[i].requests.average);
    return { ratio: median(ratios), ratios, cpuRatio: median(f.map((r, i) => b[i].cpuPerRequest / r.cpuPerRequest)), bare: stats(b), serve: stats(f) };
  });
}


async function main() {
  const { requestApiKey } = await import('../dist/service/index.js');
  const cases = [
    { name: 'short (~150 chars)', request: { fields: { name: 'Jana Dvořák', message: SHORT }, email: '@example.com' } },
    { name: 'typical (~800 chars)', request: { fields: { name: 'Petra Nováková', message: TYPICAL } } },
  ];
  console.log(`node ${process.version}, ${process.platform}/${process.arch}; autocannon ${CONNECTIONS} connections; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log(`serve/bare: the bare server and serve with each store warmed up ${WARM_SECONDS} s each, then ${ROUNDS} rounds of ${PAIR_SECONDS} s per server, the order rotating; one bare process for both stores; median of the rounds (req/s, p50, p99) and of the per-round ratios (all ratios in brackets)`);
  console.log('CPU/request: each server process\'s user + system CPU time over a round divided by its requests (median of the rounds); bare / serve, the same ratio by CPU instead of by throughput (less sensitive to other load on the machine; the budget is the throughput ratio)');
  console.log(`echo, formspam/node and serve with rate limits: one run of ${DURATION} s each`);
  console.log('case, store           | echo req/s  p99 ms | bare classify req/s  p50 ms  p99 ms | formspam serve req/s  p50 ms  p99 ms | serve/bare (rounds)                  | CPU/request bare / serve   | formspam/node req/s  p99 ms | serve with rate limits: 2xx/s  p99 ms');
  let worst = Infinity;
  const n = (x, w) => x.toFixed(0).padStart(w);
  const ms = (x, w) => String(x).padStart(w);
  for (const c of cases) {
    const body = JSON.stringify(c.request);
    const echo = await start('echo');
    const e = await run(echo.url, body);
    echo.proc.kill();
    const dirs = [];
    const bare = { name: 'the bare classify server', ...(await start('classify')) };
    bare.pid = bare.proc.pid;
    const serves = [];
    for (const store of STORES) {
      const dir = mkdtempSync(join(tmpdir(), 'formspam-bench-serve-'));
      dirs.push(dir);
      const serve = await startServe([...store.args(dir), '--no-rate-limits', ...(process.env.BENCH_SERVE_ARGS ?? '').split(' ').filter(Boolean)]);
      const key = (await requestApiKey({ server: serve.url, hostname: 'example.com' })).apiKey;
      serves.push({ name: `formspam serve (${store.name})`, store: store.name, url: `${serve.url}/api/v1/classify?apiKey=${key}`, pid: serve.proc.pid, proc: serve.proc });
    }
    const measured = (await rounds(bare, serves, body)).map((p, j) => ({ store: serves[j].store, p }));
    bare.proc.kill();
    for (const serve of serves) {
      serve.proc.kill();
      await new Promise((resolve) => (serve.proc.exitCode !== null ? resolve() : serve.proc.once('exit', resolve)));
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    const node = await start('formspam');
    const key2 = (await requestApiKey({ server: node.url, hostname: 'example.com' })).apiKey;
    const a = await run(`${node.url}/api/v1/classify?apiKey=${key2}`, body);
    if (a.non2xx) throw new Error(`formspam/node answered ${a.non2xx} non-2xx responses`);
    node.proc.kill();
    const limited = await startServe(['--store', 'memory']);
    const key3 = (await requestApiKey({ server: limited.url, hostname: 'example.com' })).apiKey;
    const l = await run(`${limited.url}/api/v1/classify?apiKey=${key3}`, body);
    limited.proc.kill();
    // Past the default per-IP limit the server answers 429 (fast): count the classifications only.
    const lOk = (l.requests.total - (l.non2xx ?? 0)) / DURATION;
    for (const { store, p } of measured) {
      worst = Math.min(worst, p.ratio);
      const rounds = `${n(p.ratio * 100, 3)}% (${p.ratios.map((r) => (r * 100).toFixed(0)).join(' ')})`;
      const cpu = `${n(p.bare.cpu, 4)} / ${n(p.serve.cpu, 4)} µs = ${n(p.cpuRatio * 100, 3)}%`;
      const name = `${c.name.split(' ')[0]}, ${store}`;
      console.log(
        `${name.padEnd(21)} | ${n(e.requests.average, 10)}  ${ms(e.latency.p99, 6)} | ${n(p.bare.rps, 19)}  ${ms(p.bare.p50, 6)}  ${ms(p.bare.p99, 6)} | ${n(p.serve.rps, 20)}  ${ms(p.serve.p50, 6)}  ${ms(p.serve.p99, 6)} | ${rounds.padEnd(36)} | ${cpu.padEnd(26)} | ${n(a.requests.average, 19)}  ${ms(a.latency.p99, 6)} | ${n(lOk, 28)}  ${ms(l.latency.p99, 6)} (${l.non2xx ?? 0} × 429)`,
      );
    }
  }
  console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log(worst >= 0.8 ? `OK: formspam serve ≥ 80 % of the bare classify server (worst case's median ${(worst * 100).toFixed(0)} %)` : `OVER BUDGET: formspam serve at ${(worst * 100).toFixed(0)} % of the bare classify server (median of the rounds; budget ≥ 80 %)`);
  if (worst < 0.8) process.exitCode = 1;
}

if (process.argv[2] === '--child') await child(process.argv[3]);
else await main();
