// classify() with a site's own model active (text.SITE_MODEL, issue 20) against the same call
// without it, in the same run, interleaved in batches: the default offline providers with the
// text model, and the same plus a `siteModel` provider (createSiteLearner) whose key has learned
// the SMS training split (3,716 reports: active). The counts in the memory store and in a SQLite
// file (the server's default store). Beside them, the same providers with a `siteModel` provider
// whose key has fewer reports than minReports (the rule is skipped: what every key of a server
// pays before it has reports), also as a ratio to "without".
//
//   npm run build && node bench/site-model.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { classify, createDefaultProviders } from '../dist/index.js';
import { createMemoryStore, createSiteLearner, createSqliteStore } from '../dist/service/index.js';
import { LONG, SHORT, TYPICAL } from './texts.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const { loadLabelled } = await import(pathToFileURL(join(root, 'dist/internal/bench.js')).href);
const data = resolve(process.env.FORMSPAM_SHARED_DATA ?? join(root, '../shared/data'));
const BATCH = 25;

const base = createDefaultProviders({ offline: true, textModel: true });
const train = loadLabelled(data, 'sms').filter((r) => r.split === 'train');
const dir = mkdtempSync(join(tmpdir(), 'formspam-bench-site-'));
const stores = { memory: createMemoryStore(), sqlite: createSqliteStore({ path: join(dir, 'formspam.db') }) };
const withModel = {};
for (const [name, store] of Object.entries(stores)) {
  const learner = createSiteLearner({ store, minReports: 10 });
  for (const r of train) await learner.learn({ text: r.text }, r.label);
  withModel[name] = { ...base, siteModel: learner.provider };
}
// A key with 9 reports of each label: fewer than minReports, the rule reports `skipped`.
const idleLearner = createSiteLearner({ store: createMemoryStore(), minReports: 10 });
for (const label of ['spam', 'ham']) for (const r of train.filter((t) => t.label === label).slice(0, 9)) await idleLearner.learn({ text: r.text }, label);
const inactive = { ...base, siteModel: idleLearner.provider };

async function measure(fns, n) {
  for (const fn of fns) for (let i = 0; i < Math.min(200, n); i++) await fn();
  const times = fns.map(() => new Float64Array(n));
  for (let done = 0, round = 0; done < n; done += BATCH, round++) {
    for (let k = 0; k < fns.length; k++) {
      const f = (k + round) % fns.length;
      const end = Math.min(done + BATCH, n);
      for (let i = done; i < end; i++) {
        const t0 = performance.now();
        await fns[f]();
        times[f][i] = performance.now() - t0;
      }
    }
  }
  return times.map((t) => {
    t.sort();
    return { p50: t[Math.floor(n * 0.5)], p99: t[Math.floor(n * 0.99)] };
  });
}

const CASES = [
  { name: 'short (~150 chars)', request: { fields: { name: 'Jana Dvořák', message: SHORT } }, n: 5000 },
  { name: 'typical (~800 chars)', request: { fields: { name: 'Petra Nováková', message: TYPICAL } }, n: 5000 },
  { name: '10 KB', request: { text: LONG }, n: 500 },
];
console.log(`node ${process.version}; p50/p99 in ms; interleaved in batches of ${BATCH}; the key learned ${train.length} SMS reports`);
console.log('case                  without p50 | memory p50  ratio | sqlite p50  ratio | not active p50  ratio');
for (const c of CASES) {
  const json = JSON.stringify(c.request);
  const run = (providers) => async () => JSON.stringify(await classify(JSON.parse(json), providers));
  const check = await classify(c.request, withModel.memory);
  if (check.text.rules.SITE_MODEL?.skipped !== undefined) throw new Error(`the site model is not active: ${JSON.stringify(check.text.rules.SITE_MODEL)}`);
  const idle = await classify(c.request, inactive);
  if (idle.text.rules.SITE_MODEL?.skipped !== 'too-few-reports') throw new Error(`the idle key's model is not skipped: ${JSON.stringify(idle.text.rules.SITE_MODEL)}`);
  const [without, memory, sqlite, notActive] = await measure([run(base), run(withModel.memory), run(withModel.sqlite), run(inactive)], c.n);
  const f = (x) => x.toFixed(3);
  const r = (x) => (x.p50 / without.p50).toFixed(2);
  console.log(`${c.name.padEnd(20)} ${f(without.p50).padStart(12)} | ${f(memory.p50).padStart(10)}  ${r(memory)} | ${f(sqlite.p50).padStart(10)}  ${r(sqlite)} | ${f(notActive.p50).padStart(14)}  ${r(notActive)}`);
}
await stores.sqlite.close();
rmSync(dir, { recursive: true, force: true });
