// A/B timing of two builds in one process: this machine's timings move by up to 2× from one
// process to the next, so a before/after comparison across two `npm run bench` runs says little.
// Loads both builds, then measures classify() (JSON.parse, classify, JSON.stringify, as
// bench/classify.mjs does) on the bench cases in interleaved batches (25 calls of A, then 25 of
// B, …), so both see the same load. Prints per case the p50 of each build: the best round and
// the median of the rounds.
//
//   mkdir /tmp/before && cp -r dist /tmp/before/ && ln -s "$PWD/node_modules" /tmp/before/   # before the change, after a build
//   cp -r data /tmp/before/   # also data/ (text-model.bin, asn.bin): without it the copy runs without the text model
//   … change, npm run build …
//   node bench/ab.mjs /tmp/before/dist dist [rounds] [--prose]
// --prose: also real prose (ud-prose en/de/ru/el/fi/hu, 800 chars and 10 KB, texts in turn) and
// 800 characters of hi/ar/th/zh/id, all with the providers (bench/prose.mjs; ../shared/data).
// The providers: the default offline ones with the text model on (as bench/classify.mjs), or
// without it with --no-model (for builds without the model).
// --only=hi,ru: only the cases whose name starts with one of these.
// The build loaded first measures up to ~4 % faster at 10 KB (an A/A run shows it): run both orders.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadProse } from './prose.mjs';
import { LONG, OTHER_SCRIPTS, TYPICAL } from './texts.mjs';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const PROSE = process.argv.includes('--prose');
const MODEL = !process.argv.includes('--no-model');
const WITH = MODEL ? 'model' : 'det.';
const [distA = '/tmp/before/dist', distB = 'dist', roundsArg = '7'] = args;
const ROUNDS = Number(roundsArg);
const BATCH = 25;
const load = async (dir) => import(pathToFileURL(resolve(dir, 'index.js')).href);
const builds = [
  { name: 'A', lib: await load(distA) },
  { name: 'B', lib: await load(distB) },
];
for (const b of builds) b.offline = b.lib.createDefaultProviders({ offline: true, textModel: MODEL });

const CASES = [
  { name: 'typical (~800 chars)', request: { fields: { name: 'Petra Nováková', message: TYPICAL } }, n: 4000 },
  { name: `typical + ${WITH}`, request: { fields: { name: 'Petra Nováková', message: TYPICAL } }, n: 4000, providers: true },
  { name: '10 KB', request: { text: LONG }, n: 400 },
  { name: `10 KB + ${WITH}`, request: { text: LONG }, n: 400, providers: true },
];

if (PROSE) {
  const data = loadProse(['en', 'de', 'ru', 'el', 'fi', 'hu']);
  if (data.missing) console.log(`prose: skipped, ${data.missing}`);
  else {
    for (const [lang, t] of Object.entries(data.prose)) {
      CASES.push({ name: `${lang} prose 800 + ${WITH}`, requests: t.typical.map((m) => ({ fields: { message: m } })), n: 2000, providers: true });
      CASES.push({ name: `${lang} prose 10 KB + ${WITH}`, requests: t.long.map((m) => ({ fields: { message: m } })), n: 200, providers: true });
    }
    if (data.hindi) CASES.push({ name: `hi SMS 800 + ${WITH}`, requests: data.hindi.map((m) => ({ fields: { message: m } })), n: 2000, providers: true });
  }
  for (const [lang, t] of Object.entries(OTHER_SCRIPTS)) CASES.push({ name: `${lang} 800 + ${WITH}`, request: { fields: { message: t } }, n: 2000, providers: true });
}

const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
if (ONLY) CASES.splice(0, CASES.length, ...CASES.filter((c) => ONLY.some((p) => c.name.startsWith(p))));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

console.log(`A = ${distA}, B = ${distB}; ${ROUNDS} rounds, batches of ${BATCH}; p50 µs: best (median of rounds)`);
for (const c of CASES) {
  const jsons = (c.requests ?? [c.request]).map((r) => JSON.stringify(r));
  const turn = builds.map(() => 0);
  const run = (b) => classifyOnce(b, jsons[turn[builds.indexOf(b)]++ % jsons.length], c.providers);
  // Warm up both.
  for (const b of builds) for (let i = 0; i < 300; i++) await run(b);
  const p50s = builds.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    const times = builds.map(() => new Float64Array(c.n));
    for (let done = 0; done < c.n; done += BATCH) {
      for (let k = 0; k < builds.length; k++) {
        const b = builds[(k + r) % builds.length]; // alternate which build goes first
        const t = times[builds.indexOf(b)];
        for (let i = done; i < Math.min(done + BATCH, c.n); i++) {
          const t0 = performance.now();
          await run(b);
          t[i] = performance.now() - t0;
        }
      }
    }
    builds.forEach((_, k) => {
      times[k].sort();
      p50s[k].push(times[k][Math.floor(c.n / 2)] * 1000);
    });
  }
  const cols = p50s.map((xs) => `${Math.min(...xs).toFixed(1)} (${median(xs).toFixed(1)})`);
  const ratio = median(p50s[1]) / median(p50s[0]);
  console.log(`${c.name.padEnd(24)} A ${cols[0].padEnd(16)} B ${cols[1].padEnd(16)} B/A (medians) ${ratio.toFixed(3)}`);
}

async function classifyOnce(b, json, providers) {
  return JSON.stringify(await b.lib.classify(JSON.parse(json), providers ? b.offline : {}));
}
