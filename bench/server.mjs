// npm run bench: the classify endpoint of `formspam/node` against a bare node:http server that
// parses and echoes the same JSON, side by side with autocannon in one run (each server in its
// own process, measured one after the other). Budget: formspam ≥ 50 % of the echo server's req/s.
// A third server, a bare node:http handler that only parses, calls classify() and writes the
// result, is the calibration: no server that classifies can beat it, so formspam's share of it
// is the cost of the adapter and the service (key look-up, routing, logging, metrics).
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { SHORT, TYPICAL } from './texts.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
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
    const { classify, createDefaultProviders } = await import('../dist/index.js');
    const providers = createDefaultProviders({ offline: true });
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
    // Logging as `formspam serve` does by default (pino, level info, one line per request,
    // synchronous writes), to /dev/null instead of standard output.
    const { pino } = await import('pino');
    const logger = pino({ level: 'info', base: { service: 'formspam' }, redact: { paths: ['secret', '*.secret', 'apiKey', '*.apiKey', 'authorization', '*.authorization'], censor: '[redacted]' } }, pino.destination({ dest: '/dev/null', sync: true }));
    server = createServer(createHandler({ offline: true, store: createMemoryStore(), rateLimits: limits && { classifyPerIp: { limit: 1e9, windowSeconds: 60 }, classifyPerKey: { limit: 1e9, windowSeconds: 60 } }, m2m: { maxNumber: 1000 }, metrics: true, logger }));
  }
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
}

async function start(kind) {
  const proc = fork(new URL(import.meta.url), ['--child', kind], { stdio: 'inherit' });
  const { port } = await new Promise((resolve) => proc.once('message', resolve));
  return { proc, url: `http://127.0.0.1:${port}` };
}

function run(url, body) {
  return new Promise((resolve, reject) => {
    autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: CONNECTIONS, duration: DURATION }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function main() {
  const { requestApiKey } = await import('../dist/service/index.js');
  const cases = [
    { name: 'short (~150 chars)', request: { fields: { name: 'Jana Dvořák', message: SHORT }, email: '@example.com' } },
    { name: 'typical (~800 chars)', request: { fields: { name: 'Petra Nováková', message: TYPICAL } } },
  ];
  console.log(`node ${process.version}, ${process.platform}/${process.arch}; autocannon ${CONNECTIONS} connections, ${DURATION} s each`);
  console.log('case                  | echo req/s  p50 ms  p99 ms | bare classify req/s  p99 ms | formspam req/s  p50 ms  p99 ms | ratio to echo | to bare | with rate limits req/s  p99 ms');
  let worst = Infinity;
  for (const c of cases) {
    const body = JSON.stringify(c.request);
    const echo = await start('echo');
    const e = await run(echo.url, body);
    echo.proc.kill();
    const bare = await start('classify');
    const b = await run(bare.url, body);
    if (b.non2xx) throw new Error(`the bare classify server answered ${b.non2xx} non-2xx responses`);
    bare.proc.kill();
    const fs = await start('formspam');
    const { apiKey } = await requestApiKey({ server: fs.url, hostname: 'example.com' });
    const f = await run(`${fs.url}/api/v1/classify?apiKey=${apiKey}`, body);
    if (f.non2xx) throw new Error(`formspam answered ${f.non2xx} non-2xx responses`);
    fs.proc.kill();
    const fl = await start('formspam-limits');
    const key2 = (await requestApiKey({ server: fl.url, hostname: 'example.com' })).apiKey;
    const l = await run(`${fl.url}/api/v1/classify?apiKey=${key2}`, body);
    fl.proc.kill();
    const ratio = f.requests.average / e.requests.average;
    worst = Math.min(worst, ratio);
    const n = (x, w) => x.toFixed(0).padStart(w);
    console.log(
      `${c.name.padEnd(21)} | ${n(e.requests.average, 10)}  ${String(e.latency.p50).padStart(6)}  ${String(e.latency.p99).padStart(6)} | ${n(b.requests.average, 19)}  ${String(b.latency.p99).padStart(6)} | ${n(f.requests.average, 14)}  ${String(f.latency.p50).padStart(6)}  ${String(f.latency.p99).padStart(6)} | ${n(ratio * 100, 12)}% | ${n((f.requests.average / b.requests.average) * 100, 6)}% | ${n(l.requests.average, 22)}  ${String(l.latency.p99).padStart(6)}`,
    );
  }
  console.log(worst >= 0.5 ? `OK: formspam ≥ 50 % of the echo server (worst ${(worst * 100).toFixed(0)} %)` : `OVER BUDGET: formspam at ${(worst * 100).toFixed(0)} % of the echo server (budget ≥ 50 %)`);
  if (worst < 0.5) process.exitCode = 1;
}

if (process.argv[2] === '--child') await child(process.argv[3]);
else await main();
