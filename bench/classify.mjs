// npm run bench: classify() throughput and latency for a short (~150 chars), a typical
// (~800 chars) and a 10 KB submission, as ratios against a floor measured in the same run:
// JSON parse + serialise of the same request, the least any server does with it.
// Then every text rule on the 100 KB adversarial inputs (budget 50 ms each).
import { classify } from '../dist/index.js';
import { runAdversarial } from './adversarial.mjs';

const SHORT =
  'Hi, could you send me a quote for 12 hoodies with our logo printed on the front? We need them by the end of March. Thanks a lot, Jana from Brno';
const TYPICAL = [
  'Hello team,',
  'I am the office manager at a small architecture practice in Brno and we are looking for a new',
  'booking system for our meeting rooms. We have three rooms and about 25 people. I read the page',
  'about your Business plan on https://example.com/pricing but I could not find whether the price',
  'includes the calendar integration with Outlook, or whether that is an add-on. Could you also tell',
  'me if there is a discount for a yearly payment, and how long the setup usually takes? We would',
  'like to start in the second half of January if possible. A short call next week would also be',
  'fine; I am available on Tuesday and Thursday afternoons. Our current system is a shared',
  'spreadsheet, so anything is an improvement. Best regards, Petra Nováková',
].join(' ');
const LONG_PARTS = [
  TYPICAL,
  'Dobrý den, rád bych se zeptal na cenu vašich služeb pro menší firmu. Děkuji za odpověď.',
  'Guten Tag, wir interessieren uns für Ihr Angebot und hätten gerne weitere Informationen.',
  'Здравствуйте! Подскажите, пожалуйста, сроки доставки в Санкт-Петербург?',
  'Καλησπέρα σας, θα ήθελα να μάθω περισσότερα για τις υπηρεσίες σας.',
  'BUY NOW!!! Cheap followers $$$ at www.spam-example.xyz #growth 😀😀😀',
];
let LONG = '';
for (let i = 0; LONG.length < 10 * 1024; i++) LONG += LONG_PARTS[i % LONG_PARTS.length] + '\n';
LONG = LONG.slice(0, 10 * 1024);

const CASES = [
  { name: 'short (~150 chars)', request: { fields: { name: 'Jana Dvořák', message: SHORT }, email: '@example.com' }, n: 20000 },
  { name: 'typical (~800 chars)', request: { fields: { name: 'Petra Nováková', message: TYPICAL } }, n: 10000 },
  { name: '10 KB', request: { text: LONG }, n: 1000 },
];

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
  const real = await measure(async () => JSON.stringify(await classify(JSON.parse(json))), c.n);
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
