// Bytes allocated per request: JSON.parse → classify → JSON.stringify (as bench/classify.mjs) on
// the ud-prose 800-character texts of each language, with the default offline providers and the
// text model. Allocation is counted, not timed, so the figure does not move with the load: the
// young generation's used size (plus its large-object space) is read before and after each batch
// of requests, and a batch during which a scavenge ran (a size that went down) is not counted.
// Run it with a young generation large enough that most batches see no scavenge:
//
//   node --min-semi-space-size=64 --max-semi-space-size=64 bench/alloc.mjs [dist] [langs] [--by-function]
//
// dist defaults to ./dist; langs to en,de,ru,el,fi,hu. Prints per language the median bytes per
// request over the clean batches (and how many there were). What reading the statistics itself
// allocates is measured on empty batches and taken off. --by-function: also the sampling heap
// profiler's allocation by function (objects a scavenge collected included), top 30, over ru.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { Session } from 'node:inspector/promises';
import { loadProse } from './prose.mjs';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const [dist = 'dist', langsArg = 'en,de,ru,el,fi,hu'] = args;
const langs = langsArg.split(',');
const lib = await import(pathToFileURL(resolve(dist, 'index.js')).href);
const providers = lib.createDefaultProviders({ offline: true, textModel: true });
const data = loadProse(langs);
if (data.missing) throw new Error(`prose: ${data.missing}`);

const BATCH = 100;
const BATCHES = 60;
const young = () => {
  let n = 0;
  for (const s of v8.getHeapSpaceStatistics()) if (s.space_name === 'new_space' || s.space_name === 'new_large_object_space') n += s.space_used_size;
  return n;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

// What one reading costs (the statistics' own objects).
const empty = [];
for (let b = 0; b < 200; b++) {
  const a = young();
  const z = young();
  if (z >= a) empty.push(z - a);
}
const overhead = median(empty);

const one = async (json) => JSON.stringify(await lib.classify(JSON.parse(json), providers));
const rows = [];
for (const lang of langs) {
  const jsons = data.prose[lang].typical.map((m) => JSON.stringify({ fields: { message: m } }));
  for (let i = 0; i < 3000; i++) await one(jsons[i % jsons.length]);
  const per = [];
  let k = 0;
  for (let b = 0; b < BATCHES; b++) {
    const a = young();
    for (let i = 0; i < BATCH; i++) await one(jsons[k++ % jsons.length]);
    const z = young();
    if (z >= a) per.push((z - a - overhead) / BATCH);
  }
  rows.push({ lang, bytes: per.length ? Math.round(median(per)) : NaN, min: Math.round(Math.min(...per)), max: Math.round(Math.max(...per)), clean: `${per.length}/${BATCHES}` });
}
console.table(rows);

if (process.argv.includes('--by-function')) {
  const lang = langs.includes('ru') ? 'ru' : langs[0];
  const jsons = data.prose[lang].typical.map((m) => JSON.stringify({ fields: { message: m } }));
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true });
  const N = 4000;
  for (let i = 0; i < N; i++) await one(jsons[i % jsons.length]);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const m = new Map();
  const name = (n) => (n ? `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}` : '');
  const walk = (n, parent) => {
    const key = n.callFrame.url === '' && parent ? `${name(n)} ← ${name(parent)}` : name(n);
    m.set(key, (m.get(key) ?? 0) + n.selfSize);
    for (const c of n.children) walk(c, n);
  };
  walk(profile.head, null);
  let total = 0;
  for (const v of m.values()) total += v;
  console.log(`${lang}: sampled ${Math.round(total / N)} bytes per request; by function (bytes per request):`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(String(Math.round(v / N)).padStart(7), k);
}
