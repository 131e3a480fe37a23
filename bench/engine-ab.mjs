// A/B of the engine's own work per request, without the rules' and the detector's: each default
// rule replays the outcome it gave on the same text (recorded once per build with the real
// providers), the language detector replays its guesses, the text model is loaded. What is left
// is what every request pays outside the text passes: the request's checks and normalisation
// (TextInput included), the plan, the facts' fetch (promises, deadline), the rules' outcomes made
// into results, the response, its id; optionally its JSON (--json).
//
//   node bench/engine-ab.mjs /work/before-main/dist dist [rounds] [--json] [--langs=en,ru]
//
// Both builds in one process, interleaved in batches of 200 requests (A, B, A, …), the build that
// goes first alternating per round; prints per language the median over rounds of each build's
// µs per request and B/A. Times are the process's CPU time (user + system), not wall time:
// on this shared two-core machine the wall time also counts the moments the process waits for a core. Texts: the ud-prose 800-character texts (bench/prose.mjs).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadProse } from './prose.mjs';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const [distA = '/work/before-main/dist', distB = 'dist', roundsArg = '15'] = args;
const ROUNDS = Number(roundsArg);
const JSON_TOO = process.argv.includes('--json');
const langs = (process.argv.find((a) => a.startsWith('--langs='))?.slice(8) ?? 'en,de,ru,el,fi,hu').split(',');
const data = loadProse(langs);
if (data.missing) throw new Error(`prose: ${data.missing}`);

async function setUp(dist) {
  const lib = await import(pathToFileURL(resolve(dist, 'index.js')).href);
  const real = lib.createDefaultProviders({ offline: true, textModel: true });
  const model = await real.textModel.load();
  const cases = [];
  for (const lang of langs) {
    for (const message of data.prose[lang].typical) cases.push({ lang, request: { fields: { message } } });
  }
  // Record every rule's outcome and the detector's guesses per case.
  let current = 0;
  const outcomes = new Map(lib.defaultRules.map((r) => [r.id, []]));
  const guesses = [];
  const recording = lib.defaultRules.map((r) => ({
    ...r,
    score: (req, facts) => {
      const o = r.score(req, facts);
      outcomes.get(r.id)[current] = o;
      return o;
    },
  }));
  const recorder = lib.createClassifier({
    rules: recording,
    providers: { ...real, language: { detect: (text, o) => (guesses[current] = real.language.detect(text, o)) } },
  });
  for (current = 0; current < cases.length; current++) await recorder.classify(cases[current].request);
  const replaying = lib.defaultRules.map((r) => {
    const list = outcomes.get(r.id);
    return { ...r, score: () => list[current] };
  });
  const providers = {
    language: { detect: () => guesses[current] },
    textModel: { name: 'replay', load: () => Promise.resolve(model) },
  };
  const classifier = lib.createClassifier({ rules: replaying, providers });
  const expected = [];
  for (current = 0; current < cases.length; current++) expected.push(JSON.stringify({ ...(await recorder.classify(cases[current].request)), id: '' }));
  for (current = 0; current < cases.length; current++) {
    const got = JSON.stringify({ ...(await classifier.classify(cases[current].request)), id: '' });
    if (got !== expected[current]) throw new Error(`${dist}: the replay differs from the real classification on case ${current}`);
  }
  return {
    cases,
    responses: expected,
    async one(k) {
      current = k;
      const r = await classifier.classify(cases[k].request);
      return JSON_TOO ? JSON.stringify(r).length : 0;
    },
  };
}

const builds = [
  { name: 'A', ...(await setUp(distA)) },
  { name: 'B', ...(await setUp(distB)) },
];
if (builds[0].responses.join('\n') !== builds[1].responses.join('\n')) console.log('note: the two builds give different responses');

const BATCH = 200;
const byLang = new Map(langs.map((l) => [l, builds.map(() => [])]));
const idx = new Map(langs.map((l) => [l, builds[0].cases.flatMap((c, k) => (c.lang === l ? [k] : []))]));
// Warm-up.
for (const b of builds) for (let i = 0; i < 3000; i++) await b.one(i % b.cases.length);
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  for (const lang of langs) {
    const ks = idx.get(lang);
    const t = [0, 0];
    for (let rep = 0; rep < 10; rep++) {
      for (const bi of order) {
        const b = builds[bi];
        const t0 = process.cpuUsage();
        for (let i = 0; i < BATCH; i++) await b.one(ks[(rep * BATCH + i) % ks.length]);
        const d = process.cpuUsage(t0);
        t[bi] += (d.user + d.system) / 1000;
      }
    }
    for (const bi of [0, 1]) byLang.get(lang)[bi].push((t[bi] / (10 * BATCH)) * 1000);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rows = [];
for (const [lang, [a, b]] of byLang) {
  const ratios = a.map((x, i) => b[i] / x);
  rows.push({ lang, 'A µs': median(a).toFixed(2), 'B µs': median(b).toFixed(2), 'B/A (median of rounds)': median(ratios).toFixed(3), 'B/A min–max': `${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}` });
}
console.log(`engine only${JSON_TOO ? ' + JSON.stringify' : ''}, ${ROUNDS} rounds, A=${distA} B=${distB}`);
console.table(rows);
