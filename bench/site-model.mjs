// classify() with a site's own model active (text.SITE_MODEL, issue 20) against the same call
// without it, in the same run, interleaved in batches: the default offline providers with the
// text model, and the same plus a `siteModel` provider (createSiteLearner) whose key has learned
// the SMS training split (3,716 reports: active). The counts in the memory store and in a SQLite
// file (the server's default store). Beside them, the same providers with a `siteModel` provider
// whose key has fewer reports than minReports (the rule is skipped: what every key of a server
// pays before it has reports), also as a ratio to "without".
//
// The floor of the evidence: "without"'s providers plus one rule defined here through the public
// API (`defineRule`, `hit`) in text.SITE_MODEL's place, that does no work and reports exactly
// what text.SITE_MODEL reports on the same request with the memory store (taken from one real
// answer per text before the timed calls): its five matches (field, value as the same slice of
// the request's text made per call, index, weight, reason), its evidence (probability,
// spamReports, hamReports, minReports, tokens), its bucket formula (so the same score): the
// response's text.SITE_MODEL entry is checked to be byte-identical to the real rule's. Its ratio
// to "without" is what any rule reporting that evidence costs, with no model work. "floor 3": its
// first three matches only; "floor 0": no matches (the same evidence and score). Every variant is
// a `createClassifier({ providers, rules? })`'s classify(request), so the rules given to the
// floor's classifiers are prepared once, as the default rules are, and no call checks options.
// Each case also prints the µs each variant adds to "without" (p50 − p50).
//
//   npm run build && node bench/site-model.mjs
//
// BENCH_ROUNDS=n (or BENCH_BEFORE): n rounds (default 20) of 300 calls of each variant (200 for
// 10 KB), in an order reversed every round; per case, the median over the rounds of each round's
// p50, of each round's ratio to the same build's "without" and of each round's difference to it.
// BENCH_BEFORE=/path/to/other/dist: this build and another one in one process, for a
// before/after, measured in rounds as above. (Both builds' data loaded make every call slower
// than in a process of its own: compare the ratios, not the times with other runs.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LONG, SHORT, TYPICAL } from './texts.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const data = resolve(process.env.FORMSPAM_SHARED_DATA ?? join(root, '../shared/data'));
const BATCH = 25;
const ROUNDS = process.env.BENCH_ROUNDS || process.env.BENCH_BEFORE ? Number(process.env.BENCH_ROUNDS ?? 20) : 0;
/** The variants of each build, in this order; ratios and differences are to the first. */
const VARIANTS = ['without', 'memory', 'sqlite', 'not active', 'floor', 'floor 3', 'floor 0'];
const G = VARIANTS.length;

const dir = mkdtempSync(join(tmpdir(), 'formspam-bench-site-'));
const builds = [{ label: '', dist: join(root, 'dist') }];
if (process.env.BENCH_BEFORE) builds.push({ label: 'before', dist: resolve(process.env.BENCH_BEFORE) });
const closers = [];
let trainCount = 0;
for (const [b, build] of builds.entries()) {
  const load = (path) => import(pathToFileURL(join(build.dist, path)).href);
  const [{ createClassifier, createDefaultProviders, defaultRules, defineRule, hit, miss }, { createMemoryStore, createSiteLearner, createSqliteStore }, { loadLabelled }] = await Promise.all([
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
  const real = defaultRules.find((r) => r.id === 'text.SITE_MODEL');
  /** The default rules with `rule` in text.SITE_MODEL's place (the same order in the response). */
  const withRule = (rule) => defaultRules.map((r) => (r.id === 'text.SITE_MODEL' ? rule : r));
  /** A rule in text.SITE_MODEL's place that keeps the normalised text's segments of each request it sees. */
  const probe = (seen) => defineRule({ id: 'text.SITE_MODEL', significance: real.significance, formula: real.formula, description: 'probe', score: (request) => (seen.push(request.text.segments.map((s) => ({ field: s.field, text: s.text }))), miss()) });
  /**
   * The floor: `{ rule, misaligned }`, a rule in text.SITE_MODEL's place that reports what the real rule reported on the
   * i-th request of `specs` (the requests are classified in turn, as the bench calls them), its
   * first `keep` matches: each match's value sliced from the request's text per call, as the
   * real rule slices it, and a new evidence object per call, as the real rule makes one;
   * `misaligned()` tells whether it saw a request whose text was not the one it expected.
   */
  const floorRule = (specs, keep) => {
    let i = 0;
    let misaligned = false;
    const rule = defineRule({
      id: 'text.SITE_MODEL',
      significance: real.significance,
      formula: real.formula,
      description: "text.SITE_MODEL's answer on the bench's requests, with no model work",
      score(request) {
        const spec = specs[i++ % specs.length];
        const { text } = request;
        if (text.joined.length !== spec.length) misaligned = true;
        const e = spec.evidence;
        const evidence = { probability: e.probability, spamReports: e.spamReports, hamReports: e.hamReports, minReports: e.minReports, tokens: e.tokens };
        if (spec.miss) return miss(evidence);
        const n = Math.min(keep, spec.matches.length);
        const matches = new Array(n);
        for (let j = 0; j < n; j++) {
          const m = spec.matches[j];
          matches[j] = m.segment === -1
            ? { value: m.value, weight: m.weight, reason: m.reason }
            : { field: text.segments[m.segment].field, value: text.segments[m.segment].text.slice(m.from, m.to), index: m.from, weight: m.weight, reason: m.reason };
        }
        return hit(matches, evidence);
      },
    });
    return { rule, misaligned: () => misaligned };
  };
  Object.assign(build, {
    createClassifier, base, withModel, probe, floorRule, withRule,
    inactive: { ...base, siteModel: idleLearner.provider },
  });
}

/** What text.SITE_MODEL answered on each of `requests` (memory store), as the floor rule's specs. */
async function floorSpecs(build, requests) {
  const seen = [];
  const probing = build.createClassifier({ providers: build.base, rules: build.withRule(build.probe(seen)) });
  const real = build.createClassifier({ providers: build.withModel.memory });
  const specs = [];
  for (const [i, request] of requests.entries()) {
    await probing.classify(structuredClone(request));
    const segments = seen[i];
    const entry = (await real.classify(structuredClone(request))).text.rules.SITE_MODEL;
    if (entry.skipped !== undefined) throw new Error(`the site model is not active: ${JSON.stringify(entry)}`);
    const { evidence } = entry;
    const matches = (entry.matches ?? []).map((m) => {
      if (m.index === undefined) return { segment: -1, value: m.value, weight: m.weight, reason: m.reason };
      const segment = segments.findIndex((s) => s.field === m.field && s.text.slice(m.index, m.index + m.value.length) === m.value);
      if (segment === -1) throw new Error(`match not found in the request's text: ${JSON.stringify(m)}`);
      return { segment, from: m.index, to: m.index + m.value.length, weight: m.weight, reason: m.reason };
    });
    specs.push({ length: segments.map((s) => s.text).join('\n').length, evidence, matches, miss: entry.matches === undefined, entry: JSON.stringify(entry) });
  }
  return specs;
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
  const p50 = times.map((t) => (t.sort(), t[Math.floor(n * 0.5)]));
  return { p50, ratio: p50.map((x, k) => x / p50[k - (k % G)]), diff: p50.map((x, k) => x - p50[k - (k % G)]) };
}

/** Rounds of `per` calls of each function, the order reversed every round; medians over the rounds of each one's p50, of its ratio to and of its difference from the first of its group. */
async function measureRounds(fns, rounds, per, warm = 200) {
  for (const fn of fns) for (let i = 0; i < warm; i++) await fn();
  const p50s = fns.map(() => []);
  const ratios = fns.map(() => []);
  const diffs = fns.map(() => []);
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
      ratios[k].push(p[k] / p[k - (k % G)]);
      diffs[k].push(p[k] - p[k - (k % G)]);
    }
  }
  const median = (a) => a.sort((x, y) => x - y)[a.length >> 1];
  return { p50: p50s.map(median), ratio: ratios.map(median), diff: diffs.map(median) };
}

// The SMS test split's texts, one after another (the three cases above repeat one text each):
// each text called once before the timed calls, so that the count cache has its tokens, as it
// has a site's frequent words; texts of their own scattered over the cache's table.
const smsTest = (await import(pathToFileURL(join(builds[0].dist, 'internal/bench.js')).href)).loadLabelled(data, 'sms').filter((r) => r.split === 'test');
const CASES = [
  { name: 'short (~150 chars)', request: { fields: { name: 'Jana Dvořák', message: SHORT } }, n: 5000 },
  { name: 'typical (~800 chars)', request: { fields: { name: 'Petra Nováková', message: TYPICAL } }, n: 5000 },
  { name: '10 KB', request: { text: LONG }, n: 2000 },
  { name: `SMS test (${smsTest.length} texts)`, requests: smsTest.map((r) => ({ fields: { message: r.text } })), n: 5000, warm: smsTest.length },
];
const how = ROUNDS ? `${builds.length > 1 ? 'two builds, ' : ''}${ROUNDS} rounds, medians over the rounds` : `interleaved in batches of ${BATCH}`;
console.log(`node ${process.version}; p50 in ms; ${how}; the key learned ${trainCount} SMS reports; every variant a createClassifier()'s classify(request)`);
console.log(`floor: text.SITE_MODEL's answer (memory store) reported by a rule that does no work, 5 matches; floor 3: 3 matches; floor 0: none (the same evidence and score)`);
console.log('case                  without p50 | memory p50  ratio | sqlite p50  ratio | not active p50  ratio | floor p50  ratio | floor 3  ratio | floor 0  ratio');
for (const c of CASES) {
  const requests = c.requests ?? [c.request];
  const jsons = requests.map((r) => JSON.stringify(r));
  const fns = [];
  const floors = [];
  for (const build of builds) {
    const { createClassifier, withRule, floorRule } = build;
    const run = (classifier) => {
      let i = 0;
      return async () => JSON.stringify(await classifier.classify(JSON.parse(jsons[i++ % jsons.length])));
    };
    const first = JSON.parse(jsons[0]);
    const idle = await createClassifier({ providers: build.inactive }).classify(first);
    if (idle.text.rules.SITE_MODEL?.skipped !== 'too-few-reports') throw new Error(`the idle key's model is not skipped: ${JSON.stringify(idle.text.rules.SITE_MODEL)}`);
    const specs = await floorSpecs(build, requests);
    // The floor's answer checked against the real rule's on every request, before the timed calls.
    const check = createClassifier({ providers: build.base, rules: withRule(floorRule(specs, 5).rule) });
    for (const [i, spec] of specs.entries()) {
      const entry = JSON.stringify((await check.classify(JSON.parse(jsons[i]))).text.rules.SITE_MODEL);
      if (entry !== spec.entry) throw new Error(`the floor's entry differs from text.SITE_MODEL's on request ${i}:\n${entry}\n${spec.entry}`);
    }
    const rules = [floorRule(specs, 5), floorRule(specs, 3), floorRule(specs, 0)];
    floors.push(...rules);
    fns.push(
      run(createClassifier({ providers: build.base })),
      run(createClassifier({ providers: build.withModel.memory })),
      run(createClassifier({ providers: build.withModel.sqlite })),
      run(createClassifier({ providers: build.inactive })),
      ...rules.map((floor) => run(createClassifier({ providers: build.base, rules: withRule(floor.rule) }))),
    );
  }
  const { p50, ratio, diff } = ROUNDS ? await measureRounds(fns, ROUNDS, c.n >= 5000 ? 300 : 200, c.warm) : await measure(fns, c.n, c.warm);
  if (floors.some((f) => f.misaligned())) throw new Error(`${c.name}: a floor rule saw a request out of turn`);
  const digits = ROUNDS ? 3 : 2;
  for (const [b, build] of builds.entries()) {
    const f = (k) => p50[G * b + k].toFixed(3);
    const r = (k) => ratio[G * b + k].toFixed(digits);
    const name = build.label || builds.length > 1 ? `${c.name} (${build.label || 'this build'})` : c.name;
    console.log(`${name.padEnd(20)} ${f(0).padStart(12)} | ${f(1).padStart(10)}  ${r(1)} | ${f(2).padStart(10)}  ${r(2)} | ${f(3).padStart(14)}  ${r(3)} | ${f(4).padStart(9)}  ${r(4)} | ${f(5).padStart(7)}  ${r(5)} | ${f(6).padStart(7)}  ${r(6)}`);
    const us = VARIANTS.slice(1).map((v, j) => `${v} ${diff[G * b + j + 1] >= 0 ? '+' : ''}${(diff[G * b + j + 1] * 1000).toFixed(1)}`);
    console.log(`${''.padEnd(20)} µs added to without (p50 − p50${ROUNDS ? ', median of the rounds' : ''}): ${us.join(', ')}`);
  }
}
for (const close of closers) await close();
rmSync(dir, { recursive: true, force: true });
