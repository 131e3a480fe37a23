// npm run bench: the service's overhead. `formspam serve` (the built CLI, rate limits off, memory
// store, offline) against a bare node:http server that only parses, calls classify() with the
// same offline providers and writes the result, side by side with autocannon in one run (each
// server in its own process, measured one after the other). Budget (issue 17): `formspam serve`
// ≥ 80 % of the bare server's requests per second; p99 reported. Also shown: a server that only
// parses and echoes the JSON (the HTTP floor), `formspam/node` in-process with pino logging, and
// `formspam serve` with its default rate limits.
import { fork, spawn } from 'node:child_process';
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
    // Logging as `formspam serve` does by default (pino, level info, one line per request,
    // synchronous writes), to /dev/null instead of standard output.
    const { pino } = await import('pino');
    const logger = pino({ level: 'info', base: { service: 'formspam' }, redact: { paths: ['secret', '*.secret', 'apiKey', '*.apiKey', 'authorization', '*.authorization'], censor: '[redacted]' } }, pino.destination({ dest: '/dev/null', sync: true }));
    server = createServer(createHandler({ offline: true, store: createMemoryStore(), rateLimits: limits && { classifyPerIp: { limit: 1e9, windowSeconds: 60 }, classifyPerKey: { limit: 1e9, windowSeconds: 60 } }, m2m: { maxNumber: 1000 }, metrics: true, logger }));
  }
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
}

/** `formspam serve` from the built CLI on a free port; its JSON log lines are read for the port, then dropped. */
async function startServe(args) {
  const cli = new URL('../dist/cli/main.js', import.meta.url).pathname;
  const proc = spawn(process.execPath, [cli, 'serve', '--port', '0', '--store', 'memory', '--offline', '--m2m-max-number', '1000', ...args], {
    env: { ...process.env, FORMSPAM_MASTER_KEY: '' },
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
    proc.once('exit', (code) => reject(new Error(`formspam serve exited with ${code}`)));
  });
  proc.stdout.removeAllListeners('data');
  proc.stdout.resume(); // keep reading (and dropping) its per-request log lines
  return { proc, url: `http://127.0.0.1:${port}` };
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
  console.log('case                  | echo req/s  p99 ms | bare classify req/s  p50 ms  p99 ms | formspam serve req/s  p50 ms  p99 ms | serve/bare | formspam/node req/s  p99 ms | serve with rate limits: 2xx/s  p99 ms');
  let worst = Infinity;
  const n = (x, w) => x.toFixed(0).padStart(w);
  const ms = (x, w) => String(x).padStart(w);
  for (const c of cases) {
    const body = JSON.stringify(c.request);
    const echo = await start('echo');
    const e = await run(echo.url, body);
    echo.proc.kill();
    const bare = await start('classify');
    const b = await run(bare.url, body);
    if (b.non2xx) throw new Error(`the bare classify server answered ${b.non2xx} non-2xx responses`);
    bare.proc.kill();
    const serve = await startServe(['--no-rate-limits']);
    const key = (await requestApiKey({ server: serve.url, hostname: 'example.com' })).apiKey;
    const f = await run(`${serve.url}/api/v1/classify?apiKey=${key}`, body);
    if (f.non2xx) throw new Error(`formspam serve answered ${f.non2xx} non-2xx responses`);
    serve.proc.kill();
    const node = await start('formspam');
    const key2 = (await requestApiKey({ server: node.url, hostname: 'example.com' })).apiKey;
    const a = await run(`${node.url}/api/v1/classify?apiKey=${key2}`, body);
    if (a.non2xx) throw new Error(`formspam/node answered ${a.non2xx} non-2xx responses`);
    node.proc.kill();
    const limited = await startServe([]);
    const key3 = (await requestApiKey({ server: limited.url, hostname: 'example.com' })).apiKey;
    const l = await run(`${limited.url}/api/v1/classify?apiKey=${key3}`, body);
    limited.proc.kill();
    // Past the default per-IP limit the server answers 429 (fast): count the classifications only.
    const lOk = (l.requests.total - (l.non2xx ?? 0)) / DURATION;
    const ratio = f.requests.average / b.requests.average;
    worst = Math.min(worst, ratio);
    console.log(
      `${c.name.padEnd(21)} | ${n(e.requests.average, 10)}  ${ms(e.latency.p99, 6)} | ${n(b.requests.average, 19)}  ${ms(b.latency.p50, 6)}  ${ms(b.latency.p99, 6)} | ${n(f.requests.average, 20)}  ${ms(f.latency.p50, 6)}  ${ms(f.latency.p99, 6)} | ${n(ratio * 100, 9)}% | ${n(a.requests.average, 19)}  ${ms(a.latency.p99, 6)} | ${n(lOk, 28)}  ${ms(l.latency.p99, 6)} (${l.non2xx ?? 0} × 429)`,
    );
  }
  console.log(worst >= 0.8 ? `OK: formspam serve ≥ 80 % of the bare classify server (worst ${(worst * 100).toFixed(0)} %)` : `OVER BUDGET: formspam serve at ${(worst * 100).toFixed(0)} % of the bare classify server (budget ≥ 80 %)`);
  if (worst < 0.8) process.exitCode = 1;
}

if (process.argv[2] === '--child') await child(process.argv[3]);
else await main();
