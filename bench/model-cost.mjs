// What the text model (text.MODEL) costs in a request, for two builds in one process: per case
// four configurations interleaved in batches of 25 calls (A with the model, A with the same
// providers but no model, B with, B without), the order rotating each round, so all four
// see the same load. (Without the model, not with `disableRules: ["text.MODEL"]`: a request
// with `disableRules` plans its rules again, which costs about as much as the model.) Prints
// per case the p50 of each (median of the rounds, µs), the model's cost (with − without) and
// its share of the request, for A and for B.
//
//   mkdir /tmp/before && cp -r dist data /tmp/before/ && ln -s "$PWD/node_modules" /tmp/before/   # before the change, after a build
//   … change, npm run build …
//   node bench/model-cost.mjs /tmp/before/dist dist [rounds]
// Cases: real prose (ud-prose en/de/ru/el/fi/hu, 800 characters and 10 KB, texts in turn), the
// Hindi SMS (800), the 800-character texts of other scripts (bench/texts.mjs: hi/ar/th/zh/id)
// and the synthetic typical text; the providers are the defaults with the text model.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadProse } from './prose.mjs';
import { OTHER_SCRIPTS, TYPICAL, LONG } from './texts.mjs';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const [distA = '/tmp/before/dist', distB = 'dist', roundsArg = '5'] = args;
const ROUNDS = Number(roundsArg);
const BATCH = 25;
const load = async (dir) => import(pathToFileURL(resolve(dir, 'index.js')).href);
const builds = [];
for (const [name, dir] of [['A', distA], ['B', distB]]) {
  const lib = await load(dir);
  builds.push({
    name,
    lib,
    model: lib.createDefaultProviders({ offline: true, textModel: true }),
    none: lib.createDefaultProviders({ offline: true, textModel: false }),
  });
}
const configs = builds.flatMap((b) => [
  { build: b, model: true },
  { build: b, model: false },
]);

const CASES = [
  { name: 'typical 800', requests: [{ fields: { name: 'Petra Nováková', message: TYPICAL } }], n: 2000 },
  { name: '10 KB', requests: [{ text: LONG }], n: 200 },
];
const data = loadProse(['en', 'de', 'ru', 'el', 'fi', 'hu']);
if (data.missing) console.log(`prose: skipped, ${data.missing}`);
else {
  for (const [lang, t] of Object.entries(data.prose)) {
    CASES.push({ name: `${lang} prose 800`, requests: t.typical.map((m) => ({ fields: { message: m } })), n: 2000 });
    CASES.push({ name: `${lang} prose 10 KB`, requests: t.long.map((m) => ({ fields: { message: m } })), n: 200 });
  }
  if (data.hindi) CASES.push({ name: 'hi SMS 800', requests: data.hindi.map((m) => ({ fields: { message: m } })), n: 2000 });
}
for (const [lang, t] of Object.entries(OTHER_SCRIPTS)) CASES.push({ name: `${lang} 800`, requests: [{ fields: { message: t } }], n: 2000 });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function once(config, json) {
  return JSON.stringify(await config.build.lib.classify(JSON.parse(json), config.model ? config.build.model : config.build.none));
}

console.log(`A = ${distA}, B = ${distB}; ${ROUNDS} rounds, batches of ${BATCH}; p50 µs (median of rounds)`);
console.log(`${'case'.padEnd(18)} ${'A model'.padStart(9)} ${'A none'.padStart(9)} ${'A cost'.padStart(14)} ${'B model'.padStart(9)} ${'B none'.padStart(9)} ${'B cost'.padStart(14)}  B/A with model`);
for (const c of CASES) {
  const jsons = c.requests.map((r) => JSON.stringify(r));
  const turn = configs.map(() => 0);
  const run = (k) => once(configs[k], jsons[turn[k]++ % jsons.length]);
  for (let k = 0; k < configs.length; k++) for (let i = 0; i < 200; i++) await run(k);
  const p50s = configs.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    const times = configs.map(() => new Float64Array(c.n));
    for (let done = 0; done < c.n; done += BATCH) {
      for (let j = 0; j < configs.length; j++) {
        const k = (j + r) % configs.length;
        for (let i = done; i < Math.min(done + BATCH, c.n); i++) {
          const t0 = performance.now();
          await run(k);
          times[k][i] = performance.now() - t0;
        }
      }
    }
    times.forEach((t, k) => {
      t.sort();
      p50s[k].push(t[Math.floor(c.n / 2)] * 1000);
    });
  }
  const m = p50s.map(median);
  const cost = (w, wo) => `${(w - wo).toFixed(1)} (${(((w - wo) / w) * 100).toFixed(0)}%)`;
  console.log(
    `${c.name.padEnd(18)} ${m[0].toFixed(1).padStart(9)} ${m[1].toFixed(1).padStart(9)} ${cost(m[0], m[1]).padStart(14)} ${m[2].toFixed(1).padStart(9)} ${m[3].toFixed(1).padStart(9)} ${cost(m[2], m[3]).padStart(14)}  ${(m[2] / m[0]).toFixed(3)}`,
  );
}
