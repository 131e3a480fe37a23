// classify() with a site's own model active (text.SITE_MODEL, issue 20) against the same call
// without it, in the same run, interleaved in batches: the default offline providers with the
// text model, and the same plus a `siteModel` provider (createSiteLearner) whose key has learned
// the SMS training split (3,716 reports: active). The counts in the memory store and in a SQLite
// file (the server's default store). Beside them, the same providers with a `siteModel` provider
// whose key has fewer reports than minReports (the rule is skipped: what every key of a server
// pays before it has reports), also as a ratio to "without".
//
//   npm run build && node bench/site-model.mjs
//
// BENCH_BEFORE=/path/to/other/dist: this build and another one in one process, for a before/after:
// BENCH_ROUNDS rounds (default 20) of 300 calls of each of the eight (200 for 10 KB), in an order
// reversed every round; per case and build, the median over the rounds of each round's p50 and of
// each round's ratio to the same build's "without". (Both builds' data loaded make every call
// slower than in a process of its own: compare the ratios, not the times with other runs.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LONG, SHORT, TYPICAL } from './texts.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const data = resolve(process.env.FORMSPAM_SHARED_DATA ?? join(root, '../shared/data'));
const BATCH = 25;

const dir = mkdtempSync(join(tmpdir(), 'formspam-bench-site-'));
const builds = [{ label: '', dist: join(root, 'dist') }];
if (process.env.BENCH_BEFORE) builds.push({ label: 'before', dist: resolve(process.env.BENCH_BEFORE) });
const closers = [];
let trainCount = 0;
for (const [b, build] of builds.entries()) {
  const load = (path) => import(pathToFileURL(join(build.dist, path)).href);
  const [{ classify, createDefaultProviders }, { createMemoryStore, createSiteLearner, createSqliteStore }, { loadLabelled }] = await Promise.all([
    load('index.js'),
    load('service/index.js'),
    load('internal/bench.js'),
  ]);
  const base = createDefaultProviders({ offline: true, textModel: true });
  const train = loadLabelled(data, 'sms').filter((r) => r.split === 'train');
  trainCount = train.length;
  const stores = { memory: createMemoryStore(), sqlite: createSqliteStore({ path: join(dir, `formspam-${b}.db`) }) };
  closers.push(() => stores.sqlite.close());
  const withModel = {};
  for (const [name, store] of Object.entries(stores)) {
    const learner = createSiteLearner({ store, minReports: 10 });
    for (const r of train) await learner.learn({ text: r.text }, r.label);
    withModel[name] = { ...base, siteModel: learner.provider };
  }
  // A key with 9 reports of each label: fewer than minReports, the rule reports `skipped`.
  const idleLearner = createSiteLearner({ store: createMemoryStore(), minReports: 10 });
  for (const label of ['spam', 'ham']) for (const r of train.filter((t) => t.label === label).slice(0, 9)) await idleLearner.learn({ text: r.text }, label);
  Object.assign(build, { classify, base, withModel, inactive: { ...base, siteModel: idleLearner.provider } });
}

async function measure(fns, n, warm = Math.min(200, n)) {
  for (const fn of fns) for (let i = 0; i < warm; i++) await fn();
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

/** Rounds of `per` calls of each function, the order reversed every round; medians over the rounds of each one's p50 and of its ratio to the first of its four. */
async function measureRounds(fns, rounds, per, warm = 200) {
  for (const fn of fns) for (let i = 0; i < warm; i++) await fn();
  const p50s = fns.map(() => []);
  const ratios = fns.map(() => []);
  const t = new Float64Array(per);
  for (let round = 0; round < rounds; round++) {
    const order = fns.map((_, k) => k);
    if (round % 2 === 1) order.reverse();
    const p = new Array(fns.length);
    for (const k of order) {
      for (let i = 0; i < per; i++) {
        const t0 = performance.now();
        await fns[k]();
        t[i] = performance.now() - t0;
      }
      t.sort();
      p[k] = t[per >> 1];
    }
    for (let k = 0; k < fns.length; k++) {
      p50s[k].push(p[k]);
      ratios[k].push(p[k] / p[k - (k % 4)]);
    }
  }
  const median = (a) => a.sort((x, y) => x - y)[a.length >> 1];
  return { p50: p50s.map(median), ratio: ratios.map(median) };
}

// The SMS test split's texts, one after another (the three cases above repeat one text each):
// each text called once before the timed calls, so that the count cache has its tokens, as it
// has a site's frequent words; texts of their own scattered over the cache's table.
const smsTest = (await import(pathToFileURL(join(builds[0].dist, 'internal/bench.js')).href)).loadLabelled(data, 'sms').filter((r) => r.split === 'test');
const CASES = [
  { name: 'short (~150 chars)', request: { fields: { name: 'Jana Dvořák', message: SHORT } }, n: 5000 },
  { name: 'typical (~800 chars)', request: { fields: { name: 'Petra Nováková', message: TYPICAL } }, n: 5000 },
  { name: '10 KB', request: { text: LONG }, n: 500 },
  { name: `SMS test (${smsTest.length} texts)`, requests: smsTest.map((r) => ({ fields: { message: r.text } })), n: 5000, warm: smsTest.length },
];
const how = builds.length > 1 ? `two builds, ${process.env.BENCH_ROUNDS ?? 20} rounds, medians over the rounds` : `interleaved in batches of ${BATCH}`;
console.log(`node ${process.version}; p50 in ms; ${how}; the key learned ${trainCount} SMS reports`);
console.log('case                  without p50 | memory p50  ratio | sqlite p50  ratio | not active p50  ratio');
for (const c of CASES) {
  const jsons = (c.requests ?? [c.request]).map((r) => JSON.stringify(r));
  const fns = [];
  for (const build of builds) {
    const { classify } = build;
    const run = (providers) => {
      let i = 0;
      return async () => JSON.stringify(await classify(JSON.parse(jsons[i++ % jsons.length]), providers));
    };
    const first = JSON.parse(jsons[0]);
    const check = await classify(first, build.withModel.memory);
    if (check.text.rules.SITE_MODEL?.skipped !== undefined) throw new Error(`the site model is not active: ${JSON.stringify(check.text.rules.SITE_MODEL)}`);
    const idle = await classify(first, build.inactive);
    if (idle.text.rules.SITE_MODEL?.skipped !== 'too-few-reports') throw new Error(`the idle key's model is not skipped: ${JSON.stringify(idle.text.rules.SITE_MODEL)}`);
    fns.push(run(build.base), run(build.withModel.memory), run(build.withModel.sqlite), run(build.inactive));
  }
  if (builds.length > 1) {
    const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
    const per = c.n >= 5000 ? 300 : 200;
    const { p50, ratio } = await measureRounds(fns, rounds, per, c.warm);
    for (const [b, build] of builds.entries()) {
      const f = (k) => p50[4 * b + k].toFixed(3);
      const r = (k) => ratio[4 * b + k].toFixed(3);
      const name = `${c.name} (${build.label || 'this build'})`;
      console.log(`${name.padEnd(20)} ${f(0).padStart(12)} | ${f(1).padStart(10)}  ${r(1)} | ${f(2).padStart(10)}  ${r(2)} | ${f(3).padStart(14)}  ${r(3)}`);
    }
    continue;
  }
  const results = await measure(fns, c.n, c.warm);
  for (const [b, build] of builds.entries()) {
    const [without, memory, sqlite, notActive] = results.slice(4 * b, 4 * b + 4);
    const f = (x) => x.toFixed(3);
    const r = (x) => (x.p50 / without.p50).toFixed(2);
    const name = build.label ? `${c.name} (${build.label})` : c.name;
    console.log(`${name.padEnd(20)} ${f(without.p50).padStart(12)} | ${f(memory.p50).padStart(10)}  ${r(memory)} | ${f(sqlite.p50).padStart(10)}  ${r(sqlite)} | ${f(notActive.p50).padStart(14)}  ${r(notActive)}`);
  }
}
for (const close of closers) await close();
rmSync(dir, { recursive: true, force: true });
