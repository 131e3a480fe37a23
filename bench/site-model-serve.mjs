// npm run bench: issue 20's line (classify with a site's own model active within 15 % of classify
// without it) where a site's visitors feel it, at `formspam serve`'s POST /api/v1/classify.
//
// Per store (a SQLite file of its own, and memory) two `formspam serve` processes (the built CLI,
// rate limits off, offline: bench/serve-process.mjs): one with the per-site model (its default),
// with two keys: "active", whose model learned the SMS training split (3,716 reports through POST
// /api/v1/feedback with the request, as a site reports, before the timed part), and "not active",
// with 9 reports of each label (under serve's default minimum of 10: text.SITE_MODEL is skipped);
// and one started with --no-site-model ("off": text.SITE_MODEL absent, no siteModel provider, as
// bench/site-model.mjs's "without"). Each key's answer on the body is checked before the timed part.
//
// The same body to each of the three URLs, autocannon with CONNECTIONS (10, then 1), WARM_SECONDS
// (3) each first with the first of them, not counted, then ROUNDS (12) rounds of PAIR_SECONDS (2) per URL, the order
// rotating from round to round. Per URL and round: requests per second (autocannon's average)
// and the exact p50 of the 2xx responses' latencies (every response's time in ms as autocannon
// measures it; its own percentiles are whole milliseconds). Printed: the medians of the rounds'
// ratios, active / not active (the same process, the same store: only the key differs) and
// active / off (the line as written: with the model against without it; another process), of
// req/s (under 1: fewer) and of p50 (over 1: slower); the medians of the rounds' req/s and p50.
// Beside them, the same ratios by CPU time: the server process's user + system time over a round
// (from /proc) per request it answered (less sensitive to other load on the machine), active
// ÷ not active and ÷ off.
// Environment: BENCH_ROUNDS, BENCH_PAIR_SECONDS, BENCH_WARM_SECONDS, BENCH_CONNECTIONS ("10,1").
//
//   npm run build && node bench/site-model-serve.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuMicros, startServe } from './serve-process.mjs';
import { SHORT, TYPICAL } from './texts.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const data = resolve(process.env.FORMSPAM_SHARED_DATA ?? join(here, '../../shared/data'));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const PAIR_SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 2);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,1').split(',').map(Number);

const { requestApiKey } = await import('../dist/service/index.js');
const { loadLabelled } = await import('../dist/internal/bench.js');
const train = loadLabelled(data, 'sms').filter((r) => r.split === 'train');

const CASES = [
  { name: 'short (~150 chars)', request: { fields: { name: 'Jana Dvořák', message: SHORT } } },
  { name: 'typical (~800 chars)', request: { fields: { name: 'Petra Nováková', message: TYPICAL } } },
];
const STORES = [
  { name: 'SQLite', args: (dir, n) => ['--store', `sqlite:${join(dir, `formspam-${n}.db`)}`] },
  { name: 'memory', args: () => ['--store', 'memory'] },
];

async function post(url, body, headers = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${url.replace(/apiKey=[^&]+/, 'apiKey=…')} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Reports each record as spam or ham with its request, `parallel` at a time. */
async function feedback(server, key, records, parallel = 8) {
  let next = 0;
  let last;
  const worker = async () => {
    while (next < records.length) {
      const r = records[next++];
      last = await post(`${server}/api/v1/feedback?apiKey=${key.apiKey}`, { request: { text: r.text }, label: r.label }, { 'x-formspam-secret': key.secret });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return last;
}

/** One autocannon run: req/s and the exact p50 of the 2xx responses' times (ms). */
function load(url, body, seconds, connections) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections, duration: seconds }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx) return reject(new Error(`${result.non2xx} non-2xx responses`));
      times.sort((a, b) => a - b);
      resolve({ rps: result.requests.average, p50: times[times.length >> 1] });
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
}



function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Rounds over the targets ({ url, pid }), the order rotating; per target the rounds' results, each with the server process's CPU µs per request. */
async function rounds(targets, body, connections, warm) {
  if (warm) for (const { url } of targets) await load(url, body, WARM_SECONDS, connections);
  const results = targets.map(() => []);
  for (let i = 0; i < ROUNDS; i++) {
    for (let k = 0; k < targets.length; k++) {
      const u = (i + k) % targets.length;
      const cpu0 = cpuMicros(targets[u].pid);
      const r = await load(targets[u].url, body, PAIR_SECONDS, connections);
      r.cpu = (cpuMicros(targets[u].pid) - cpu0) / (r.rps * PAIR_SECONDS);
      results[u].push(r);
    }
  }
  return results;
}

const stop = async (proc) => {
  if (proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill();
  await exited;
};

console.log(`node ${process.version}, ${process.platform}/${process.arch}; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log(`formspam serve (--no-rate-limits, offline): "active" key (${train.length} SMS reports by feedback), "not active" key (9 + 9 reports) on one process; "off" a process with --no-site-model`);
console.log(`${WARM_SECONDS} s warm-up per URL, then ${ROUNDS} rounds of ${PAIR_SECONDS} s per URL, the order rotating; medians of the rounds' ratios (req/s: active ÷ other, under 1 fewer; p50: active ÷ other, over 1 slower) and of the rounds' req/s and exact p50 (ms)`);
console.log('case, store, connections      | active req/s  p50 ms | not active req/s  p50 ms | off req/s  p50 ms | req/s ÷ not active  ÷ off | p50 ÷ not active  ÷ off');
for (const store of STORES) {
  const dir = mkdtempSync(join(tmpdir(), 'formspam-bench-site-serve-'));
  const extra = (process.env.BENCH_SERVE_ARGS ?? '').split(' ').filter(Boolean);
  const withModel = await startServe([...store.args(dir, 'model'), '--no-rate-limits', ...extra]);
  const off = await startServe([...store.args(dir, 'off'), '--no-rate-limits', '--no-site-model', ...extra]);
  try {
    const active = await requestApiKey({ server: withModel.url, hostname: 'example.com' });
    const idle = await requestApiKey({ server: withModel.url, hostname: 'example.org' });
    const offKey = await requestApiKey({ server: off.url, hostname: 'example.com' });
    const trained = await feedback(withModel.url, active, train);
    if (!trained.active) throw new Error(`the active key's model is not active after ${train.length} reports: ${JSON.stringify(trained)}`);
    const few = ['spam', 'ham'].flatMap((label) => train.filter((r) => r.label === label).slice(0, 9));
    const idleState = await feedback(withModel.url, idle, few, 1);
    if (idleState.active) throw new Error(`the not-active key's model is active: ${JSON.stringify(idleState)}`);
    const urls = [`${withModel.url}/api/v1/classify?apiKey=${active.apiKey}`, `${withModel.url}/api/v1/classify?apiKey=${idle.apiKey}`, `${off.url}/api/v1/classify?apiKey=${offKey.apiKey}`];
    for (const c of CASES) {
      const body = JSON.stringify(c.request);
      const [a, n, o] = await Promise.all(urls.map((url) => post(url, c.request)));
      const entry = a.text.rules.SITE_MODEL;
      if (entry === undefined || entry.skipped !== undefined) throw new Error(`${c.name}: the active key's text.SITE_MODEL is ${JSON.stringify(entry)}`);
      if (n.text.rules.SITE_MODEL?.skipped !== 'too-few-reports') throw new Error(`${c.name}: the not-active key's text.SITE_MODEL is ${JSON.stringify(n.text.rules.SITE_MODEL)}`);
      if (o.text.rules.SITE_MODEL !== undefined) throw new Error(`${c.name}: --no-site-model answered text.SITE_MODEL ${JSON.stringify(o.text.rules.SITE_MODEL)}`);
      for (const connections of CONNECTIONS) {
        const targets = urls.map((url, k) => ({ url, pid: (k < 2 ? withModel : off).proc.pid }));
        const [ra, rn, ro] = await rounds(targets, body, connections, connections === CONNECTIONS[0]);
        const ratio = (x, y, f) => median(x.map((r, i) => f(r) / f(y[i])));
        const rps = (r) => r.rps;
        const p50 = (r) => r.p50;
        const cpu = (r) => r.cpu;
        const name = `${c.name.split(' ')[0]}, ${store.name}, ${connections}`;
        const col = (rs) => `${median(rs.map(rps)).toFixed(0).padStart(5)}  ${median(rs.map(p50)).toFixed(3)}`;
        console.log(
          `${name.padEnd(29)} | ${col(ra).padStart(20)} | ${col(rn).padStart(24)} | ${col(ro).padStart(17)} | ${ratio(ra, rn, rps).toFixed(3).padStart(18)}  ${ratio(ra, ro, rps).toFixed(3)} | ${ratio(ra, rn, p50).toFixed(3).padStart(16)}  ${ratio(ra, ro, p50).toFixed(3)}`,
        );
        console.log(`${''.padEnd(29)}   CPU µs/request ${median(ra.map(cpu)).toFixed(0)} / ${median(rn.map(cpu)).toFixed(0)} / ${median(ro.map(cpu)).toFixed(0)}; active ÷ not active ${ratio(ra, rn, cpu).toFixed(3)}, ÷ off ${ratio(ra, ro, cpu).toFixed(3)}`);
        console.log(`${''.padEnd(29)}   rounds, p50 ÷ off: ${ra.map((r, i) => (r.p50 / ro[i].p50).toFixed(2)).join(' ')}; req/s ÷ off: ${ra.map((r, i) => (r.rps / ro[i].rps).toFixed(2)).join(' ')}`);
      }
    }
  } finally {
    await stop(withModel.proc);
    await stop(off.proc);
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
