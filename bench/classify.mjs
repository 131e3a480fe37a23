// npm run bench: classify() latency with the providers a user has — the default offline
// providers with the learned text model on (`createDefaultProviders({ offline: true, textModel:
// true })`: language detection, the word lists of the detected language, text.MODEL) — for a
// short (~150 chars), a typical (~800 chars) and a 10 KB submission, beside two baselines measured
// in the same run, interleaved with it in batches (so that all three see the same machine load):
//   floor     JSON parse + serialise of the same request, the least any server does with it;
//   no model  the same default offline providers without the text model (the language detector).
// Ratios: to the floor, and with the model / without it. The cases of each table are measured in
// rounds over all of them (every case sees the same phases of the host). At steady state:
// before the first measurement, every request of every table goes through classify() with both
// providers 20 times (warmUp below).
// Then real prose (ud-prose from ../shared/data, skipped with a message when absent) in six
// languages and three scripts, 800 characters and 10 KB, and 800 characters in languages beyond
// the 19 (Hindi, Arabic, Thai, Chinese, Indonesian) beside English and German, measured the same
// way; for the languages also the ratio to English in the same run.
// Then RSS with all text data and the model loaded (bench/memory.mjs, a fresh process), and every
// text rule on the 100 KB adversarial inputs (budget 50 ms each).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { classify, createDefaultProviders } from '../dist/index.js';
import { runAdversarial } from './adversarial.mjs';

import { loadProse } from './prose.mjs';
import { LONG, OTHER_SCRIPTS, SHORT, TYPICAL } from './texts.mjs';

/** The budgets of issue 16 (p50, with the model): 800 characters and 10 KB. */
const BUDGET_800_MS = 0.1;
const BUDGET_10K_MS = 1;

/** As a user will have them once the model is on by default. */
const MODEL = createDefaultProviders({ offline: true, textModel: true });
/** The same-run baseline: the default offline providers without the model. */
const NO_MODEL = createDefaultProviders({ offline: true, textModel: false });

const CASES = [
  { name: 'short (~150 chars)', request: { fields: { name: 'Jana Dvořák', message: SHORT }, email: '@example.com' }, n: 10000 },
  { name: 'typical (~800 chars)', request: { fields: { name: 'Petra Nováková', message: TYPICAL } }, n: 10000, budget: BUDGET_800_MS },
  { name: '10 KB', request: { text: LONG }, n: 1000, budget: BUDGET_10K_MS },
];

const BATCH = 25;

/**
 * Rounds each table's cases are measured in: every case of a table gets `n / ROUNDS` calls per
 * round, the cases in an order that rotates from round to round, so that every case of the table
 * sees the same phases of the host (whose speed moves by up to 1.8× within a run here); the p50
 * and p99 are those of all of a case's calls.
 */
const ROUNDS = 8;

/**
 * Calls `from` to `to` of each of `fns`, interleaved: a batch of `BATCH` calls of each in turn
 * (which one goes first rotating), each call's time in `times[f][i]`, each batch's in `totals[f]`.
 */
async function measureInto(fns, from, to, times, totals) {
  for (let done = from, round = 0; done < to; done += BATCH, round++) {
    for (let k = 0; k < fns.length; k++) {
      const f = (k + round) % fns.length;
      const fn = fns[f];
      const t = times[f];
      const end = Math.min(done + BATCH, to);
      const start = performance.now();
      for (let i = done; i < end; i++) {
        const t0 = performance.now();
        await fn();
        t[i] = performance.now() - t0;
      }
      totals[f] += performance.now() - start;
    }
  }
}

/**
 * Floor, without the model and with it, for each of `cases` (`{ requests, n }`: the requests
 * taken in turn, `n` calls of each function), measured in {@link ROUNDS} rounds over all the
 * cases; p50, p99 and calls per second of each.
 */
async function compareAll(cases) {
  const runs = cases.map(({ requests, n }) => {
    const jsons = requests.map((r) => JSON.stringify(r));
    const turn = [0, 0, 0];
    const fns = [
      async () => JSON.stringify(JSON.parse(jsons[turn[0]++ % jsons.length])),
      async () => JSON.stringify(await classify(JSON.parse(jsons[turn[1]++ % jsons.length]), NO_MODEL)),
      async () => JSON.stringify(await classify(JSON.parse(jsons[turn[2]++ % jsons.length]), MODEL)),
    ];
    return { fns, n, times: fns.map(() => new Float64Array(n)), totals: fns.map(() => 0) };
  });
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < runs.length; k++) {
      const run = runs[(k + round) % runs.length];
      const from = Math.floor((run.n * round) / ROUNDS);
      const to = Math.floor((run.n * (round + 1)) / ROUNDS);
      await measureInto(run.fns, from, to, run.times, run.totals);
    }
  }
  return runs.map(({ n, times, totals }) => {
    const [floor, noModel, model] = times.map((t, f) => {
      t.sort();
      return { opsPerSec: n / (totals[f] / 1000), p50: t[Math.floor(n * 0.5)], p99: t[Math.floor(n * 0.99)] };
    });
    return { floor, noModel, model };
  });
}

const fmt = (x, d = 3) => x.toFixed(d);
const over = (p50, budget) => (budget !== undefined && p50 > budget ? ' over' : '');
console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
console.log(`p50/p99 in ms; "model": default offline providers + text model (as users will have them); "no model": the same without it;`);
console.log(`floor: JSON parse + serialise; all three interleaved in batches of ${BATCH}. Budget with the model: 800 chars ${BUDGET_800_MS} ms, 10 KB ${BUDGET_10K_MS} ms.`);
console.log('');
const PROSE_LANGUAGES = ['en', 'de', 'ru', 'el', 'fi', 'hu'];
const data = loadProse(PROSE_LANGUAGES);
const message = (t) => ({ fields: { message: t } });

/**
 * Steady state before anything is measured: every request of every table below goes through
 * both providers' classify `WARM_ROUNDS` times (JIT tiers, each language's word lists built and
 * their pages touched, the data loaded). Without it the first case measured read 20–40 % slower
 * than the same texts measured again later in the same process (en 800: 0.121 ms first, then
 * 0.085 and 0.081), whichever language came first.
 */
const WARM_ROUNDS = 20;
async function warmUp() {
  const requests = CASES.map((c) => c.request);
  if (!data.missing) {
    for (const lang of PROSE_LANGUAGES) for (const t of [...(data.prose[lang]?.typical ?? []), ...(data.prose[lang]?.long ?? [])]) requests.push(message(t));
    for (const t of data.hindi ?? []) requests.push(message(t));
  }
  for (const t of Object.values(OTHER_SCRIPTS)) requests.push(message(t));
  const jsons = requests.map((r) => JSON.stringify(r));
  for (let round = 0; round < WARM_ROUNDS; round++) {
    for (const j of jsons) {
      JSON.stringify(await classify(JSON.parse(j), MODEL));
      JSON.stringify(await classify(JSON.parse(j), NO_MODEL));
    }
  }
}
await warmUp();

console.log('case                  chars  model ops/s  p50 ms   p99 ms  | no model p50 | floor p50 | ×floor | model/no model');
const synthetic = await compareAll(CASES.map((c) => ({ requests: [c.request], n: c.n })));
for (const [i, c] of CASES.entries()) {
  const chars = (c.request.text ?? Object.values(c.request.fields).join('\n')).length;
  const { floor, noModel, model } = synthetic[i];
  console.log(
    `${c.name.padEnd(20)} ${String(chars).padStart(6)}  ${fmt(model.opsPerSec, 0).padStart(11)}  ${fmt(model.p50).padStart(6)}  ${fmt(model.p99).padStart(7)}  | ${fmt(noModel.p50).padStart(12)} | ${fmt(floor.p50).padStart(9)} | ${fmt(model.p50 / floor.p50, 1).padStart(5)}× | ${fmt(model.p50 / noModel.p50, 2).padStart(6)}${over(model.p50, c.budget)}`,
  );
}

console.log('');
if (data.missing) {
  console.log(`real prose: skipped, ${data.missing}`);
} else {
  console.log(`real prose (ud-prose); texts taken in turn; every case of the table measured in ${ROUNDS} rounds over all of them`);
  console.log('case                  texts  model p50 ms  p99 ms  | no model p50 | floor p50 | ×floor | model/no model | vs en');
  const en = {};
  const proseCases = [];
  for (const lang of PROSE_LANGUAGES) {
    const texts = data.prose[lang];
    if (!texts) {
      console.log(`${lang}: no ud-prose file, skipped`);
      continue;
    }
    proseCases.push({ lang, label: '800', list: texts.typical, n: 4000, budget: BUDGET_800_MS });
    proseCases.push({ lang, label: '10 KB', list: texts.long, n: 400, budget: BUDGET_10K_MS });
  }
  const proseResults = await compareAll(proseCases.map((c) => ({ requests: c.list.map(message), n: c.n })));
  for (const [i, { lang, label, list, budget }] of proseCases.entries()) {
    const { floor, noModel, model } = proseResults[i];
    en[label] ??= model.p50;
    console.log(
      `${`${lang} ${label}`.padEnd(20)} ${String(list.length).padStart(6)}  ${fmt(model.p50).padStart(12)}  ${fmt(model.p99).padStart(6)}  | ${fmt(noModel.p50).padStart(12)} | ${fmt(floor.p50).padStart(9)} | ${fmt(model.p50 / floor.p50, 1).padStart(5)}× | ${fmt(model.p50 / noModel.p50, 2).padStart(14)} | ${fmt(model.p50 / en[label], 2)}${over(model.p50, budget)}`,
    );
  }
}
console.log('');
console.log('800 characters beyond the 19 beside en and de (en, de: ud-prose; hi: SMS text_hi; ar, th, zh, id: bench/texts.mjs)');
console.log('case    texts  model p50 ms  p99 ms  | no model p50 | floor p50 | ×floor | model/no model | vs en');
const beyond = [];
if (!data.missing && data.prose.en) beyond.push(['en', data.prose.en.typical]);
else beyond.push(['en*', [TYPICAL]]); // * the synthetic enquiry: no ud-prose
if (!data.missing && data.prose.de) beyond.push(['de', data.prose.de.typical]);
if (!data.missing && data.hindi) beyond.push(['hi', data.hindi]);
else console.log('hi: skipped, the multilingual SMS collection is absent');
for (const [k, t] of Object.entries(OTHER_SCRIPTS)) beyond.push([k, [t]]);
let en;
const beyondResults = await compareAll(beyond.map(([, list]) => ({ requests: list.map(message), n: 4000 })));
for (const [i, [lang, list]] of beyond.entries()) {
  const { floor, noModel, model } = beyondResults[i];
  en ??= model.p50;
  console.log(
    `${lang.padEnd(6)} ${String(list.length).padStart(6)}  ${fmt(model.p50).padStart(12)}  ${fmt(model.p99).padStart(6)}  | ${fmt(noModel.p50).padStart(12)} | ${fmt(floor.p50).padStart(9)} | ${fmt(model.p50 / floor.p50, 1).padStart(5)}× | ${fmt(model.p50 / noModel.p50, 2).padStart(14)} | ${fmt(model.p50 / en, 2)}${over(model.p50, BUDGET_800_MS)}`,
  );
}

// Memory: this process after the runs (garbage included), and a fresh one with all text data and
// the text model loaded, after GCs (bench/memory.mjs).
const mem = process.memoryUsage();
console.log('');
console.log(`memory after the runs: rss ${(mem.rss / 2 ** 20).toFixed(1)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(1)} MiB`);
process.stdout.write(execFileSync(process.execPath, ['--expose-gc', fileURLToPath(new URL('./memory.mjs', import.meta.url))], { encoding: 'utf8' }));
console.log('');
const { over: adversarialOver } = runAdversarial();
process.exitCode = adversarialOver.length === 0 ? 0 : 1;
