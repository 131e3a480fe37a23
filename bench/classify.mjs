// npm run bench: classify() throughput and latency for a short (~150 chars), a typical
// (~800 chars) and a 10 KB submission, as ratios against a floor measured in the same run:
// JSON parse + serialise of the same request, the least any server does with it.
// Then real prose (ud-prose from ../shared/data, skipped with a message when absent) in six
// languages and three scripts, 800 characters and 10 KB, and 800 characters in languages beyond
// the 19 (Hindi, Arabic, Thai, Chinese, Indonesian) beside English and German, all with the
// detector; ratios to the same floor, and for the languages to English in the same run.
// Then every text rule on the 100 KB adversarial inputs (budget 50 ms each).
import { classify, createDefaultProviders } from '../dist/index.js';
import { runAdversarial } from './adversarial.mjs';

import { loadProse } from './prose.mjs';
import { LONG, OTHER_SCRIPTS, SHORT, TYPICAL } from './texts.mjs';

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

// Several texts per case, taken in turn: p50 over real, varied prose rather than one text.
async function rotating(requests, n, providers) {
  const jsons = requests.map((r) => JSON.stringify(r));
  let i = 0;
  let j = 0;
  const floor = await measure(async () => JSON.stringify(JSON.parse(jsons[i++ % jsons.length])), n);
  const real = await measure(async () => JSON.stringify(await classify(JSON.parse(jsons[j++ % jsons.length]), providers)), n);
  return { floor, real };
}
const PROSE_LANGUAGES = ['en', 'de', 'ru', 'el', 'fi', 'hu'];
const data = loadProse(PROSE_LANGUAGES);
console.log('');
if (data.missing) {
  console.log(`real prose: skipped, ${data.missing}`);
} else {
  console.log('real prose (ud-prose), + detector; texts taken in turn');
  console.log('case                  texts  classify p50 ms  p99 ms  | floor p50 ms | time ratio (p50)');
  for (const lang of PROSE_LANGUAGES) {
    const texts = data.prose[lang];
    if (!texts) {
      console.log(`${lang}: no ud-prose file, skipped`);
      continue;
    }
    for (const [label, list, n] of [['800', texts.typical, 5000], ['10 KB', texts.long, 500]]) {
      const { floor, real } = await rotating(list.map((t) => ({ fields: { message: t } })), n, OFFLINE);
      console.log(
        `${`${lang} ${label}`.padEnd(20)} ${String(list.length).padStart(6)}  ${fmt(real.p50).padStart(15)}  ${fmt(real.p99).padStart(6)}  | ${fmt(floor.p50).padStart(12)} | ${fmt(real.p50 / floor.p50, 1).padStart(6)}×`,
      );
    }
  }
}
console.log('');
console.log('800 characters beyond the 19 beside en and de, + detector (en, de: ud-prose; hi: SMS text_hi; ar, th, zh, id: bench/texts.mjs)');
console.log('case    texts  classify p50 ms  p99 ms  | floor p50 ms | time ratio (p50) | vs en');
const beyond = [];
if (!data.missing && data.prose.en) beyond.push(['en', data.prose.en.typical]);
else beyond.push(['en*', [TYPICAL]]); // * the synthetic enquiry: no ud-prose
if (!data.missing && data.prose.de) beyond.push(['de', data.prose.de.typical]);
if (!data.missing && data.hindi) beyond.push(['hi', data.hindi]);
else console.log('hi: skipped, the multilingual SMS collection is absent');
for (const [k, t] of Object.entries(OTHER_SCRIPTS)) beyond.push([k, [t]]);
let en;
for (const [lang, list] of beyond) {
  const { floor, real } = await rotating(list.map((t) => ({ fields: { message: t } })), 5000, OFFLINE);
  en ??= real.p50;
  console.log(
    `${lang.padEnd(6)} ${String(list.length).padStart(6)}  ${fmt(real.p50).padStart(15)}  ${fmt(real.p99).padStart(6)}  | ${fmt(floor.p50).padStart(12)} | ${fmt(real.p50 / floor.p50, 1).padStart(15)}× | ${fmt(real.p50 / en, 2)}`,
  );
}

const mem = process.memoryUsage();
console.log('');
console.log(`memory after the runs: rss ${(mem.rss / 2 ** 20).toFixed(1)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(1)} MiB`);
console.log('');
const { over } = runAdversarial();
process.exitCode = over.length === 0 ? 0 : 1;
