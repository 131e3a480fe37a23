// Choosing the site model's parameters without a server (docs/accuracy.md, "Learning from a
// site's reports"): the replay of bench/replay-core.mjs (classify each message, report every
// `share`-th one's true label) with the score without feedback computed once per message
// (classify, offline providers, no siteModel) and the site model's points added to it, so that
// candidates of Robinson's s and x, the minimum strength and the buckets compare in seconds.
// The tokens are the learner's (siteTokenWords); the scoring is model.ts's with the parameters
// given. With the defaults it gives bench/replay.mjs's figures. Choose on the training splits.
//
//   npm run build && node bench/replay-tune.mjs [--split train] [--share 0.5] [--min-reports 10]
//     [--s 0.45] [--x 0.5] [--min 0.05] [--buckets "0.999:1.25,0.9:0.25,0.1:0,0:-3;…"] [--show]
// (--buckets: sets of min:points separated by ";", each compared; --show: the messages whose
// BAD verdict the model changes, and the ham that is BAD either way)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { classify, createDefaultProviders } from '../dist/index.js';
import { staticTextModelProvider } from '../dist/providers/index.js';
import { inOrder, reported, rates } from './replay-core.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const m = await import(pathToFileURL(join(root, 'dist/internal/bench.js')).href);
const { values } = parseArgs({
  options: {
    split: { type: 'string', default: 'train' },
    share: { type: 'string', default: '0.5' },
    'min-reports': { type: 'string', default: '10' },
    s: { type: 'string', default: String(m.ROBINSON_S) },
    x: { type: 'string', default: String(m.ROBINSON_X) },
    min: { type: 'string', default: String(m.MIN_STRENGTH) },
    buckets: { type: 'string', default: m.SITE_MODEL_BUCKETS.map((b) => `${b.min}:${b.score}`).join(',') },
    show: { type: 'boolean', default: false },
    orders: { type: 'string', default: '1' },
    loo: { type: 'boolean', default: false },
  },
});
const data = resolve(process.env.FORMSPAM_SHARED_DATA ?? join(root, '../shared/data'));
const providers = createDefaultProviders({ offline: true });
const SALT = 0x1234abcd;
const share = Number(values.share);
const minReports = Number(values['min-reports']);
const S = Number(values.s);
const X = Number(values.x);
const MIN = Number(values.min);
const bucketSets = values.buckets.split(';').map((set) => set.split(',').map((b) => b.split(':').map(Number)));

const streams = {
  youtube: m.loadLabelled(data, 'youtube').filter((r) => r.split === values.split).map((r) => ({ text: r.text, label: r.label, formType: 'comment', source: r.source })),
  sms: m.loadLabelled(data, 'sms').filter((r) => r.split === values.split).map((r) => ({ text: r.text, label: r.label, source: r.source })),
};

// --loo: each training video a site of its own, and the SMS training split one, each scored with
// a global text model trained without it (as `formspam eval --leave-one-out` trains its folds:
// without the video; without the SMS family), so that the site's messages are as new to the
// global model as a real site's are (on the training splits they are not: the shipped model was
// trained on them, which hides what the site model's positive points do to unseen ham).
const videoOf = (r) => /^Youtube0(\d)-/.exec(r.source)?.[1];
const folds = {};
if (values.loo) {
  if (values.split !== 'train') throw new Error('--loo replays the training splits');
  const pool = m.trainingRecords(data);
  const train = (exclude, name) => {
    const model = m.trainModel(m.trainingExamples(pool.filter((r) => !exclude(r))), { ...m.TEXT_MODEL_OPTIONS, version: `replay-tune ${name}` });
    return { ...providers, textModel: staticTextModelProvider(model) };
  };
  for (const v of [...new Set(streams.youtube.map(videoOf))].sort()) {
    folds[`youtube video ${v}`] = { records: streams.youtube.filter((r) => videoOf(r) === v), providers: train((r) => r.dataset === 'youtube' && videoOf(r) === v, `youtube ${v}`) };
  }
  folds.sms = { records: streams.sms, providers: train((r) => r.dataset === 'sms' || r.dataset === 'sms-multilingual', 'sms') };
} else {
  for (const [name, records] of Object.entries(streams)) folds[name] = { records, providers };
}

/** Per message: the score in hundredths without the site model, and the learner's tokens. */
async function prepare(records, providers) {
  const out = [];
  for (const r of records) {
    const request = r.formType ? { text: r.text, formType: r.formType } : { text: r.text };
    const res = await classify(request, providers);
    out.push({ ...r, cents: Math.round(res.score * 100), tokens: [...m.siteTokenWords(m.normalizeRequest(request).text, SALT).tokens] });
  }
  return out;
}

function chi2Q(x2, v) {
  const half = x2 / 2;
  let term = Math.exp(-half);
  let sum = term;
  for (let i = 1; i < v / 2; i++) sum += term *= half / i;
  return Math.min(sum, 1);
}

/** model.ts's scoreTokens with S, X and MIN. */
function probability(tokens, counts) {
  let fs = [];
  for (const t of tokens) {
    const c = counts.tokens.get(t);
    if (!c) continue;
    const n = c.spam + c.ham;
    const rs = Math.min(c.spam / counts.spam, 1);
    const rh = Math.min(c.ham / counts.ham, 1);
    const f = (S * X + n * (rs / (rs + rh))) / (S + n);
    if (Math.abs(f - 0.5) >= MIN) fs.push(f);
  }
  if (fs.length === 0) return 0.5;
  if (fs.length > m.MAX_TOKENS) fs = fs.sort((a, b) => Math.abs(b - 0.5) - Math.abs(a - 0.5)).slice(0, m.MAX_TOKENS);
  let lnF = 0;
  let ln1F = 0;
  for (const f of fs) {
    lnF += Math.log(f);
    ln1F += Math.log(1 - f);
  }
  return (1 + chi2Q(-2 * lnF, 2 * fs.length) - chi2Q(-2 * ln1F, 2 * fs.length)) / 2;
}

const verdict = (cents) => (cents < 100 ? 'GOOD' : cents <= 200 ? 'NEUTRAL' : 'BAD');
const points = (p, buckets) => buckets.find(([min]) => p >= min)[1];

function run(messages, buckets) {
  const counts = { spam: 0, ham: 0, tokens: new Map() };
  const learner = { tp: 0, fn: 0, fp: 0, tn: 0, heldHam: 0 };
  const control = { tp: 0, fn: 0, fp: 0, tn: 0, heldHam: 0 };
  const tally = (c, label, v) => {
    if (label === 'spam') v === 'BAD' ? c.tp++ : c.fn++;
    else {
      v === 'BAD' ? c.fp++ : c.tn++;
      if (v !== 'GOOD') c.heldHam++;
    }
  };
  let activeAt = -1;
  const shown = [];
  for (let i = 0; i < messages.length; i++) {
    const msg = messages[i];
    if (activeAt !== -1) {
      const p = probability(msg.tokens, counts);
      const a = verdict(msg.cents + Math.round(points(p, buckets) * 100));
      const b = verdict(msg.cents);
      tally(learner, msg.label, a);
      tally(control, msg.label, b);
      const text = msg.text.slice(0, 100).replace(/\s+/g, ' ');
      if ((a === 'BAD') !== (b === 'BAD')) shown.push(`${msg.label} ${b}→${a} p=${p.toFixed(4)} score ${msg.cents / 100}: ${text}`);
      else if (msg.label === 'ham' && a === 'BAD') shown.push(`ham BAD either way p=${p.toFixed(4)} score ${msg.cents / 100}: ${text}`);
    }
    if (reported(i, share)) {
      counts[msg.label]++;
      for (const t of msg.tokens) {
        let c = counts.tokens.get(t);
        if (!c) counts.tokens.set(t, (c = { spam: 0, ham: 0 }));
        c[msg.label]++;
      }
      if (activeAt === -1 && counts.spam >= minReports && counts.ham >= minReports) activeAt = i + 1;
    }
  }
  return { activeAt, learner: rates(learner), control: rates(control), shown };
}

const g = (c) => `recall ${c.tp}/${c.tp + c.fn}  FP ${c.fp}/${c.fp + c.tn}  ham held ${c.heldHam}`;
const prepared = {};
for (const [name, fold] of Object.entries(folds)) prepared[name] = await prepare(fold.records, fold.providers);
for (const buckets of bucketSets) {
  const all = { learner: { tp: 0, fn: 0, fp: 0, tn: 0, heldHam: 0 }, control: { tp: 0, fn: 0, fp: 0, tn: 0, heldHam: 0 } };
  console.log(`${values.split} split, share ${share}, minReports ${minReports}, s ${S}, x ${X}, min strength ${MIN}, buckets ${buckets.map((b) => b.join(':')).join(',')}`);
  for (const [name, messages] of Object.entries(prepared)) {
    const K = Number(values.orders);
    const sum = { learner: { tp: 0, fn: 0, fp: 0, tn: 0, heldHam: 0 }, control: { tp: 0, fn: 0, fp: 0, tn: 0, heldHam: 0 } };
    for (let k = 0; k < K; k++) {
      const r = run(inOrder(messages, k), buckets);
      for (const side of ['learner', 'control']) for (const f of Object.keys(sum[side])) (sum[side][f] += r[side][f]), (all[side][f] += r[side][f]);
      console.log(`  ${name}${K > 1 ? ` order ${k}` : ''} (active after ${r.activeAt}): feedback ${g(r.learner)}; none ${g(r.control)}`);
      if (values.show) for (const l of r.shown) console.log(`    ${l}`);
    }
    if (K > 1) console.log(`  ${name}, ${K} orders summed: feedback ${g(sum.learner)}; none ${g(sum.control)}`);
  }
  if (Object.keys(prepared).length > 2) console.log(`  all streams summed: feedback ${g(all.learner)}; none ${g(all.control)}`);
}
