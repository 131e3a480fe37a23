// npm run bench: classify() throughput and latency for a short (~150 chars), a typical
// (~800 chars) and a 10 KB submission, as ratios against a floor measured in the same run:
// JSON parse + serialise of the same request, the least any server does with it.
// Then every text rule on the 100 KB adversarial inputs (budget 50 ms each).
import { classify, createDefaultProviders } from '../dist/index.js';
import { runAdversarial } from './adversarial.mjs';

import { LONG, SHORT, TYPICAL } from './texts.mjs';

const CASES = [
  { name: 'short (~150 chars)', request: { fields: { name: 'Jana Dvořák', message: SHORT }, email: '@example.com' }, n: 20000 },
  { name: 'typical (~800 chars)', request: { fields: { name: 'Petra Nováková', message: TYPICAL } }, n: 10000 },
  { name: '10 KB', request: { text: LONG }, n: 1000 },
  // The same two texts with the default providers offline: language detection runs, and the
  // word lists of the detected language (plus English) apply instead of all 19.
  { name: 'typical + detector', request: { fields: { name: 'Petra Nováková', message: TYPICAL } }, n: 10000, providers: true },
  { name: '10 KB + detector', request: { text: LONG }, n: 1000, providers: true },
];
const OFFLINE = createDefaultProviders({ offline: true });

async function measure(fn, n) {
  for (let i = 0; i < Math.min(200, n); i++) await fn(); // warm up
  const times = new Float64Array(n);
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times[i] = performance.now() - t0;
  }
  const total = performance.now() - start;
  times.sort();
  return { opsPerSec: n / (total / 1000), p50: times[Math.floor(n * 0.5)], p99: times[Math.floor(n * 0.99)] };
}

const fmt = (x, d = 3) => x.toFixed(d);
console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
console.log('');
console.log('case                  chars  classify ops/s  p50 ms   p99 ms  | floor ops/s  p50 ms   | time ratio (p50)');
for (const c of CASES) {
  const json = JSON.stringify(c.request);
  const chars = (c.request.text ?? Object.values(c.request.fields).join('\n')).length;
  const floor = await measure(async () => JSON.stringify(JSON.parse(json)), c.n);
  const providers = c.providers ? OFFLINE : undefined;
  const real = await measure(async () => JSON.stringify(await classify(JSON.parse(json), providers)), c.n);
  console.log(
    `${c.name.padEnd(20)} ${String(chars).padStart(6)}  ${fmt(real.opsPerSec, 0).padStart(14)}  ${fmt(real.p50).padStart(6)}  ${fmt(real.p99).padStart(7)}  | ${fmt(floor.opsPerSec, 0).padStart(11)}  ${fmt(floor.p50).padStart(6)}   | ${fmt(real.p50 / floor.p50, 1).padStart(6)}×`,
  );
}
const mem = process.memoryUsage();
console.log('');
console.log(`memory after the runs: rss ${(mem.rss / 2 ** 20).toFixed(1)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(1)} MiB`);
console.log('');
const { over } = runAdversarial();
process.exitCode = over.length === 0 ? 0 : 1;
