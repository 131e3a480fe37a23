// The cost of options given per call: classify(request, providers, options) with options
// (weights, a timeout) checks and prepares them on every call, where createClassifier(options)
// prepares them once. Measured in one process, in interleaved batches, as p50 µs per request
// (JSON.parse, classify, JSON.stringify, as bench/classify.mjs), against a second build when one
// is given (e.g. a build that kept a cache keyed by options objects):
//
//   node bench/classifier.mjs [dist] [other-dist] [rounds]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TYPICAL } from './texts.mjs';

const [distA = 'dist', distB, roundsArg = '7'] = process.argv.slice(2);
const ROUNDS = Number(roundsArg);
const BATCH = 25;
const N = 4000;
const load = async (dir) => import(pathToFileURL(resolve(dir, 'index.js')).href);
const a = await load(distA);
const b = distB === undefined ? undefined : await load(distB);

const OPTIONS = { weights: { 'text.URL': 1 }, timeoutMs: 1500 };
const json = JSON.stringify({ fields: { name: 'Petra Nováková', message: TYPICAL } });
const providers = {};

const variants = [
  { name: `A classify(request, {}): default options`, run: () => a.classify(JSON.parse(json), providers) },
  { name: `A classify(request, {}, options): options per call`, run: () => a.classify(JSON.parse(json), providers, OPTIONS) },
];
if (a.createClassifier) {
  const classifier = a.createClassifier({ ...OPTIONS, providers });
  variants.push({ name: 'A createClassifier(options).classify(request)', run: () => classifier.classify(JSON.parse(json)) });
}
if (b) {
  variants.push({ name: `B classify(request, {}, options): options per call`, run: () => b.classify(JSON.parse(json), providers, OPTIONS) });
  if (b.createClassifier) {
    const classifier = b.createClassifier({ ...OPTIONS, providers });
    variants.push({ name: 'B createClassifier(options).classify(request)', run: () => classifier.classify(JSON.parse(json)) });
  }
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
for (const v of variants) for (let i = 0; i < 300; i++) JSON.stringify(await v.run());
const p50s = variants.map(() => []);
for (let r = 0; r < ROUNDS; r++) {
  const times = variants.map(() => new Float64Array(N));
  for (let done = 0; done < N; done += BATCH) {
    for (let k = 0; k < variants.length; k++) {
      const j = (k + r) % variants.length;
      for (let i = done; i < done + BATCH; i++) {
        const t0 = performance.now();
        JSON.stringify(await variants[j].run());
        times[j][i] = performance.now() - t0;
      }
    }
  }
  times.forEach((t, j) => p50s[j].push(median(t) * 1000));
}
console.log(`A = ${distA}${b ? `, B = ${distB}` : ''}; typical request (~800 chars), no providers; ${ROUNDS} rounds; p50 µs: best (median of rounds)`);
const base = median(p50s[0]);
for (const [j, v] of variants.entries()) {
  const m = median(p50s[j]);
  console.log(`${v.name.padEnd(56)} ${Math.min(...p50s[j]).toFixed(1).padStart(7)} (${m.toFixed(1)})  ${(m / base).toFixed(3)}× of the first`);
}
