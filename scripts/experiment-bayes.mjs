#!/usr/bin/env node
// EXPERIMENT, not a feature: would a SpamAssassin-style BAYES_* rule (a token-probability
// classifier trained on the public TRAINING splits, firing with a fixed score per probability
// bucket, its evidence the most telling tokens) added to the rules' sum reach the accuracy targets of docs/accuracy.md
// on the test splits, and what does it cost on data it was not trained on?
// Write-up: docs/decisions/trained-token-rule.md.
//
// Method (every hyper-parameter chosen by 4-fold cross-validation INSIDE the training splits):
// - Splits: the project's own loaders and split code (src/eval/datasets.ts), bundled with esbuild.
// - CV folds: YouTube = leave one training video out (videos 1–4); SMS = position among the
//   training records mod 4; a sms-multilingual row takes the fold of the SMS record with the
//   same English text (so a translation and its original never sit on both sides of a fold),
//   else its position mod 4.
// - Candidates: 3 tokenisers × 2 Robinson strengths × 4 bucket schemes (non-negative scores,
//   which the engine's formulas require) and, reported apart, 2 schemes with a hammy bucket at −1.
// - Selection on the CV predictions: the issue's targets as constraints (YouTube FPR ≤ 3%,
//   SMS-en precision ≥ 0.97, de/fr FPR ≤ 1%), then the highest mean F1 (BAD positive).
// - Then, once: train on all training data, report the test splits.
//
// Run (about 12 s, one core):
//   flock /tmp/formspam-build.lock node scripts/experiment-bayes.mjs [--root DIR] [--json FILE]
// --root: the tree whose src/ is bundled (default: this repository); the figures of the
// decision record were made with a `git archive e15352c` snapshot, so half-edited sources
// of the working tree did not move the baseline.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');
const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
};
const root = resolve(opt('--root') ?? repo);
const jsonOut = opt('--json');
const dataDir = process.env.FORMSPAM_DATA ?? resolve(repo, '../shared/data');

// ---------------------------------------------------------------- the project's code
const cacheDir = join(repo, 'node_modules/.cache/formspam');
mkdirSync(cacheDir, { recursive: true });
const outfile = join(cacheDir, `experiment-bayes-${createHash('sha1').update(root).digest('hex').slice(0, 8)}.mjs`);
await build({
  stdin: {
    contents: "export { classify, createDefaultProviders } from './src/index.ts';\nexport * from './src/eval/datasets.ts';\n",
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile,
  packages: 'external',
  logLevel: 'warning',
});
const fs = await import(pathToFileURL(outfile).href);

const youtube = fs.loadYoutube(dataDir);
const sms = fs.loadSms(dataDir);
const multi = fs.loadSmsMultilingual(dataDir);
const phrases = fs.loadContactFormPhrases(dataDir);
const records = [...youtube, ...sms, ...multi];
for (const r of records) r.group = r.dataset === 'sms-multilingual' ? `ml-${r.language}` : r.dataset; // youtube, sms, ml-en, ml-de, ml-fr

// The 19-language table of test/lexicons/lexicons.test.ts: 5 legitimate contact-form
// submissions and 5 spam per language, written by the project (never trained on).
const table = (() => {
  try {
    const src = readFileSync(join(root, 'test/lexicons/lexicons.test.ts'), 'utf8');
    const start = src.indexOf('const CASES');
    const open = src.indexOf('= {', start) + 2;
    const end = src.indexOf('\n};', open);
    return Function(`return (${src.slice(open, end + 2)});`)();
  } catch {
    return {};
  }
})();
const tableLegit = Object.entries(table).flatMap(([l, c]) => c.legit.map((text) => ({ language: l, text })));
const tableSpam = Object.entries(table).flatMap(([l, c]) => c.spam.map((text) => ({ language: l, text })));

// ---------------------------------------------------------------- rule scores (once)
const providers = fs.createDefaultProviders({ offline: true });
async function ruleCents(text) {
  const res = await fs.classify({ text }, providers);
  return Math.round(res.score * 100);
}
const label = (cents) => (cents < 100 ? 'GOOD' : cents <= 200 ? 'NEUTRAL' : 'BAD');
let t0 = performance.now();
for (const r of records) r.cents = await ruleCents(r.text);
const phraseCents = [];
for (const p of phrases) phraseCents.push(await ruleCents(p));
for (const m of [...tableLegit, ...tableSpam]) m.cents = await ruleCents(m.text);
const rulesMs = performance.now() - t0;
const classified = records.length + phrases.length + tableLegit.length + tableSpam.length;

// ---------------------------------------------------------------- tokenisers
const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"']+/giu;
const WORD_RE = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)?/gu;
function words(text) {
  const tokens = [];
  let t = text.normalize('NFKC');
  t = t.replace(URL_RE, (u) => {
    const host = u.replace(/^(?:https?:\/\/)?(?:www\.)?/i, '').split(/[/?#:]/)[0].toLowerCase();
    tokens.push('url:*', `url:${host}`);
    return ' ';
  });
  for (const m of t.toLowerCase().matchAll(WORD_RE)) {
    const w = m[0];
    if (w.length <= 40 && (w.length >= 2 || /\d/.test(w))) tokens.push(w);
  }
  return { tokens, text: t };
}
/** Words plus a few shape tokens: number lengths, currency signs, "!", shouted words, emoji. */
function meta(text) {
  const { tokens, text: t } = words(text);
  for (const m of t.matchAll(/\d+/g)) tokens.push(`num:${m[0].length >= 9 ? '9+' : m[0].length}`);
  for (const m of t.matchAll(/[£$€¥₹]/gu)) tokens.push(`cur:${m[0]}`);
  if (/!/.test(t)) tokens.push('punct:!');
  if (/!{2,}/.test(t)) tokens.push('punct:!!');
  if (/\b\p{Lu}{3,}\b/u.test(t)) tokens.push('shape:CAPS');
  if (/\p{Extended_Pictographic}/u.test(t)) tokens.push('shape:emoji');
  return { tokens, text: t };
}
/** meta plus word bigrams. */
function metaBigrams(text) {
  const { tokens } = meta(text);
  const ws = words(text).tokens.filter((w) => !w.startsWith('url:'));
  for (let i = 1; i < ws.length; i++) tokens.push(`${ws[i - 1]} ${ws[i]}`);
  return { tokens };
}
const TOKENISERS = { words, meta, 'meta+bigrams': metaBigrams };
const tokenCache = new Map();
function tokensOf(name, text) {
  let byName = tokenCache.get(name);
  if (!byName) tokenCache.set(name, (byName = new Map()));
  let set = byName.get(text);
  if (!set) byName.set(text, (set = [...new Set(TOKENISERS[name](text).tokens)]));
  return set;
}

// ---------------------------------------------------------------- the token model
// Document frequencies per class; Robinson's f(w) = (s·x + n·p(w)) / (s + n) with
// p(w) = (b/nSpam) / (b/nSpam + g/nHam); the at most 150 tokens with |f − 0.5| ≥ 0.346
// (SpamAssassin's defaults, not tuned) combined with Fisher's chi-square method.
const X = 0.5;
const MIN_STRENGTH = 0.346;
const MAX_TOKENS = 150;
function train(items, tokeniser) {
  const counts = new Map();
  let nSpam = 0;
  let nHam = 0;
  for (const r of items) {
    const spam = r.label === 'spam';
    if (spam) nSpam++;
    else nHam++;
    for (const tok of tokensOf(tokeniser, r.text)) {
      let c = counts.get(tok);
      if (!c) counts.set(tok, (c = [0, 0]));
      c[spam ? 0 : 1]++;
    }
  }
  return { counts, nSpam, nHam, tokeniser };
}
function chi2Q(x2, v) {
  const m = x2 / 2;
  let term = Math.exp(-m);
  let sum = term;
  for (let i = 1; i < v / 2; i++) {
    term *= m / i;
    sum += term;
  }
  return Math.min(sum, 1);
}
function predict(model, s, text, evidence = false) {
  const fs_ = [];
  for (const tok of tokensOf(model.tokeniser, text)) {
    const c = model.counts.get(tok);
    if (!c) continue;
    const b = c[0] / Math.max(model.nSpam, 1);
    const g = c[1] / Math.max(model.nHam, 1);
    const p = b / (b + g);
    const n = c[0] + c[1];
    const f = (s * X + n * p) / (s + n);
    if (Math.abs(f - 0.5) >= MIN_STRENGTH) fs_.push([tok, f]);
  }
  if (fs_.length === 0) return evidence ? { p: 0.5, tokens: [] } : 0.5;
  fs_.sort((a, b) => Math.abs(b[1] - 0.5) - Math.abs(a[1] - 0.5));
  const used = fs_.slice(0, MAX_TOKENS);
  let lnF = 0;
  let ln1F = 0;
  for (const [, f] of used) {
    lnF += Math.log(Math.max(f, 1e-9));
    ln1F += Math.log(Math.max(1 - f, 1e-9));
  }
  const H = chi2Q(-2 * lnF, 2 * used.length);
  const S = chi2Q(-2 * ln1F, 2 * used.length);
  const p = (1 + H - S) / 2;
  return evidence ? { p, tokens: used.slice(0, 5).map(([t, f]) => `${t} ${f.toFixed(3)}`) } : p;
}

// Bucket schemes: [minimum probability, cents], first match wins. "h" schemes add a hammy
// bucket below 0.01 at −1 (like BAYES_00), which the engine's non-negative formulas cannot express.
const SCHEMES = {
  '0.80/0.95/0.99 → 1/2/3': [[0.99, 300], [0.95, 200], [0.8, 100]],
  '0.95/0.99/0.999 → 1/2/3': [[0.999, 300], [0.99, 200], [0.95, 100]],
  '0.80/0.95/0.99 → 0.5/1/2': [[0.99, 200], [0.95, 100], [0.8, 50]],
  '0.95/0.99/0.999 → 1/1.5/2': [[0.999, 200], [0.99, 150], [0.95, 100]],
};
const HAMMY_SCHEMES = {
  '0.95/0.99/0.999 → 1/2/3, <0.01 → −1': [[0.999, 300], [0.99, 200], [0.95, 100], [0.01, 0], [0, -100]],
  '0.80/0.95/0.99 → 1/2/3, <0.01 → −1': [[0.99, 300], [0.95, 200], [0.8, 100], [0.01, 0], [0, -100]],
};
const ALL_SCHEMES = { ...SCHEMES, ...HAMMY_SCHEMES };
function bucketCents(scheme, p) {
  for (const [min, cents] of scheme) if (p >= min) return cents;
  return 0;
}

// ---------------------------------------------------------------- metrics
function metrics(items, badOf) {
  let tp = 0, fp = 0, fn = 0, tn = 0;
  for (const it of items) {
    const bad = badOf(it);
    if (it.label === 'spam') bad ? tp++ : fn++;
    else bad ? fp++ : tn++;
  }
  const P = tp + fp ? tp / (tp + fp) : null;
  const R = tp + fn ? tp / (tp + fn) : null;
  return { n: items.length, spam: tp + fn, ham: fp + tn, tp, fp, fn, tn, P, R, F1: 2 * tp + fp + fn ? (2 * tp) / (2 * tp + fp + fn) : null, FPR: fp + tn ? fp / (fp + tn) : null };
}
const TARGETS = {
  youtube: (m) => m.FPR <= 0.03,
  sms: (m) => m.P >= 0.97,
  'ml-de': (m) => m.FPR <= 0.01,
  'ml-fr': (m) => m.FPR <= 0.01,
};
const GROUPS = ['youtube', 'sms', 'ml-en', 'ml-de', 'ml-fr'];

// ---------------------------------------------------------------- folds
const trainRecs = records.filter((r) => r.split === 'train');
const testRecs = records.filter((r) => r.split === 'test');
{
  let i = 0;
  const smsFold = new Map();
  for (const r of trainRecs.filter((r) => r.group === 'sms')) {
    r.fold = i++ % 4;
    if (!smsFold.has(r.text)) smsFold.set(r.text, r.fold);
  }
  for (const r of trainRecs.filter((r) => r.group === 'youtube')) r.fold = Number(/Youtube0(\d)/.exec(r.source)[1]) - 1;
  const rowFold = new Map();
  let j = 0;
  for (const r of trainRecs.filter((r) => r.group === 'ml-en')) {
    const fold = smsFold.get(r.text) ?? j % 4;
    j++;
    rowFold.set(r.source, fold);
  }
  for (const r of trainRecs.filter((r) => r.dataset === 'sms-multilingual')) r.fold = rowFold.get(r.source);
}
// Training sets. ml-en repeats the SMS corpus, so it is never trained on (sms is); it is
// still predicted and reported.
const DOMAIN_OF = { youtube: 'youtube', sms: 'sms', 'ml-en': 'sms', 'ml-de': 'ml-de', 'ml-fr': 'ml-fr' };
const TRAIN_GROUPS = { combined: ['youtube', 'sms', 'ml-de', 'ml-fr'], youtube: ['youtube'], sms: ['sms'], 'ml-de': ['ml-de'], 'ml-fr': ['ml-fr'] };

// ---------------------------------------------------------------- cross-validation
t0 = performance.now();
const S_VALUES = [0.2, 1];
/** Probabilities of every training record from the models not trained on its fold. */
function cvProbs(tokeniser, s) {
  const pComb = new Map();
  const pDom = new Map();
  for (let k = 0; k < 4; k++) {
    const held = trainRecs.filter((r) => r.fold === k);
    const rest = trainRecs.filter((r) => r.fold !== k);
    const comb = train(rest.filter((r) => TRAIN_GROUPS.combined.includes(r.group)), tokeniser);
    const dom = {};
    for (const d of ['youtube', 'sms', 'ml-de', 'ml-fr']) dom[d] = train(rest.filter((r) => r.group === d), tokeniser);
    for (const r of held) {
      pComb.set(r, predict(comb, s, r.text));
      pDom.set(r, predict(dom[DOMAIN_OF[r.group]], s, r.text));
    }
  }
  return { pComb, pDom };
}
const cv = []; // { tokeniser, s, model: combined|per-domain, scheme, perGroup, ok, objective }
for (const tokeniser of Object.keys(TOKENISERS)) {
  for (const s of S_VALUES) {
    const { pComb, pDom } = cvProbs(tokeniser, s);
    for (const [kind, probs] of [['combined', pComb], ['per-domain', pDom]]) {
      for (const [scheme, buckets] of Object.entries(ALL_SCHEMES)) {
        const perGroup = {};
        for (const g of GROUPS) {
          perGroup[g] = metrics(trainRecs.filter((r) => r.group === g), (r) => r.cents + bucketCents(buckets, probs.get(r)) > 200);
        }
        cv.push({ tokeniser, s, kind, scheme, hammy: scheme in HAMMY_SCHEMES, perGroup });
      }
    }
  }
}
const cvMs = performance.now() - t0;
const baselineCv = Object.fromEntries(GROUPS.map((g) => [g, metrics(trainRecs.filter((r) => r.group === g), (r) => r.cents > 200)]));

// Selection: constraints met (count), then mean F1 over the constrained groups.
function pick(rows, groups) {
  const score = (row) => {
    const met = groups.filter((g) => TARGETS[g](row.perGroup[g])).length;
    const f1 = groups.reduce((a, g) => a + row.perGroup[g].F1, 0) / groups.length;
    return [met, f1];
  };
  return [...rows].sort((a, b) => {
    const [ma, fa] = score(a);
    const [mb, fb] = score(b);
    return mb - ma || fb - fa;
  })[0];
}
const chosen = {
  combined: pick(cv.filter((r) => r.kind === 'combined' && !r.hammy), ['youtube', 'sms', 'ml-de', 'ml-fr']),
  'combined, hammy bucket': pick(cv.filter((r) => r.kind === 'combined' && r.hammy), ['youtube', 'sms', 'ml-de', 'ml-fr']),
};
for (const d of ['youtube', 'sms', 'ml-de', 'ml-fr']) chosen[`per-domain ${d}`] = pick(cv.filter((r) => r.kind === 'per-domain' && !r.hammy), [d]);

// Per fold (YouTube: per held-out video) for the chosen configurations: the spread the CV sees.
const perFold = {};
for (const [name, c] of Object.entries(chosen)) {
  const probs = cvProbs(c.tokeniser, c.s)[c.kind === 'combined' ? 'pComb' : 'pDom'];
  const groups = name.startsWith('per-domain') ? [name.slice(11)] : ['youtube', 'sms', 'ml-de', 'ml-fr'];
  perFold[name] = {};
  for (const g of groups) {
    perFold[name][g] = [0, 1, 2, 3].map((k) => {
      const items = trainRecs.filter((r) => r.group === g && r.fold === k);
      return { fold: k, rules: metrics(items, (r) => r.cents > 200), withToken: metrics(items, (r) => r.cents + bucketCents(ALL_SCHEMES[c.scheme], probs.get(r)) > 200) };
    });
  }
}

// ---------------------------------------------------------------- the test splits, once
const fullComb = (c) => train(trainRecs.filter((r) => TRAIN_GROUPS.combined.includes(r.group)), c.tokeniser);
const fullDom = (d, c) => train(trainRecs.filter((r) => r.group === d), c.tokeniser);
const models = {
  combined: { cfg: chosen.combined, model: fullComb(chosen.combined) },
  'combined, hammy bucket': { cfg: chosen['combined, hammy bucket'], model: fullComb(chosen['combined, hammy bucket']) },
};
for (const d of ['youtube', 'sms', 'ml-de', 'ml-fr']) models[`per-domain ${d}`] = { cfg: chosen[`per-domain ${d}`], model: fullDom(d, chosen[`per-domain ${d}`]) };
const addCents = (m, text) => bucketCents(ALL_SCHEMES[m.cfg.scheme], predict(m.model, m.cfg.s, text));

const trainTexts = (groups) => new Set(trainRecs.filter((r) => groups.includes(r.group)).map((r) => r.text));
const seenComb = trainTexts(TRAIN_GROUPS.combined);
const test = {};
for (const g of GROUPS) {
  const items = testRecs.filter((r) => r.group === g);
  const dom = models[`per-domain ${DOMAIN_OF[g]}`];
  const seenDom = trainTexts([DOMAIN_OF[g]]);
  const row = {
    rules: metrics(items, (r) => r.cents > 200),
    'rules + token rule (combined)': metrics(items, (r) => r.cents + addCents(models.combined, r.text) > 200),
    'rules + token rule (combined, hammy bucket)': metrics(items, (r) => r.cents + addCents(models['combined, hammy bucket'], r.text) > 200),
    'rules + token rule (per-domain)': metrics(items, (r) => r.cents + addCents(dom, r.text) > 200),
  };
  const unseen = items.filter((r) => !seenComb.has(r.text));
  test[g] = {
    ...row,
    exactTextInTraining: { combined: items.length - unseen.length, perDomain: items.filter((r) => seenDom.has(r.text)).length, of: items.length },
    'unseen texts: rules': metrics(unseen, (r) => r.cents > 200),
    'unseen texts: rules + token rule (combined)': metrics(unseen, (r) => r.cents + addCents(models.combined, r.text) > 200),
  };
}

// Diagnostic (not used for any choice): the SMS test ham the rules alone classify BAD. A
// non-negative add-on can only add BAD, so precision >= 0.97 needs TP >= 0.97/0.03 × FP.
const smsDiag = (() => {
  const ham = testRecs.filter((r) => r.group === 'sms' && r.label === 'ham' && r.cents > 200);
  const spam = testRecs.filter((r) => r.group === 'sms' && r.label === 'spam').length;
  const hm = models['combined, hammy bucket'];
  const rows = ham.map((r) => ({ rules: r.cents / 100, hammy: addCents(hm, r.text) / 100, text: r.text.slice(0, 70) }));
  return { rulesHamBad: ham.length, spam, tpNeededForP097: Math.ceil((0.97 / 0.03) * ham.length), stillBadWithHammyBucket: rows.filter((x) => x.rules * 100 + x.hammy * 100 > 200).length, rows };
})();

// Domain shift: a model trained on one kind of data, used on the other (the deployment case).
const shift = {};
{
  const smsOnly = { cfg: chosen['per-domain sms'], model: fullDom('sms', chosen['per-domain sms']) };
  const ytOnly = { cfg: chosen['per-domain youtube'], model: fullDom('youtube', chosen['per-domain youtube']) };
  const yt = testRecs.filter((r) => r.group === 'youtube');
  const smsT = testRecs.filter((r) => r.group === 'sms');
  shift['SMS-trained → YouTube test'] = { rules: metrics(yt, (r) => r.cents > 200), 'rules + token rule': metrics(yt, (r) => r.cents + addCents(smsOnly, r.text) > 200) };
  shift['YouTube-trained → SMS test'] = { rules: metrics(smsT, (r) => r.cents > 200), 'rules + token rule': metrics(smsT, (r) => r.cents + addCents(ytOnly, r.text) > 200) };
  for (const lang of ['de', 'fr']) {
    const ml = testRecs.filter((r) => r.group === `ml-${lang}`);
    shift[`SMS-en-trained → SMS ${lang} test`] = { rules: metrics(ml, (r) => r.cents > 200), 'rules + token rule': metrics(ml, (r) => r.cents + addCents(smsOnly, r.text) > 200) };
  }
  shift.models = { smsOnly, ytOnly };
}

// Contact-form phrases and the 19-language table: share flagged BAD.
const flagged = (items, centsOf, extra) => items.filter((it, i) => centsOf(it, i) + (extra ? extra(it) : 0) > 200).length;
const outside = {};
const modelList = {
  combined: models.combined,
  'combined, hammy bucket': models['combined, hammy bucket'],
  'SMS only': shift.models.smsOnly,
  'YouTube only': shift.models.ytOnly,
};
outside.phrases = { n: phrases.length, rules: flagged(phrases, (_, i) => phraseCents[i]) };
outside.tableLegit = { n: tableLegit.length, rules: flagged(tableLegit, (m) => m.cents) };
outside.tableSpam = { n: tableSpam.length, rules: flagged(tableSpam, (m) => m.cents) };
for (const [name, m] of Object.entries(modelList)) {
  outside.phrases[name] = flagged(phrases, (_, i) => phraseCents[i], (p) => addCents(m, p));
  outside.tableLegit[name] = flagged(tableLegit, (x) => x.cents, (x) => addCents(m, x.text));
  outside.tableSpam[name] = flagged(tableSpam, (x) => x.cents, (x) => addCents(m, x.text));
}
// Where the token rule fires on phrases / legitimate table messages (combined model).
const phraseBuckets = {};
for (const p of phrases) {
  const c = addCents(models.combined, p);
  phraseBuckets[c] = (phraseBuckets[c] ?? 0) + 1;
}
const legitFired = tableLegit
  .map((x) => ({ ...x, add: addCents(models.combined, x.text), ev: predict(models.combined.model, models.combined.cfg.s, x.text, true) }))
  .filter((x) => x.add > 0)
  .map((x) => ({ language: x.language, rules: x.cents / 100, token: x.add / 100, p: x.ev.p.toFixed(4), tokens: x.ev.tokens, text: x.text.slice(0, 90) }));

// ---------------------------------------------------------------- size and cost
function size(m) {
  const entries = m.model.counts.size;
  const obj = Object.fromEntries([...m.model.counts]);
  const json = JSON.stringify({ nSpam: m.model.nSpam, nHam: m.model.nHam, counts: obj });
  const bytes = Buffer.byteLength(json);
  const gzipBytes = gzipSync(json).length;
  let useful = 0;
  for (const [, c] of m.model.counts) {
    const b = c[0] / m.model.nSpam;
    const g = c[1] / m.model.nHam;
    const n = c[0] + c[1];
    const f = (m.cfg.s * X + (n * b) / (b + g)) / (m.cfg.s + n);
    if (Math.abs(f - 0.5) >= MIN_STRENGTH) useful++;
  }
  return { entries, jsonBytes: bytes, gzipBytes, entriesThatCanFire: useful };
}
const texts = testRecs.map((r) => r.text);
const costOf = (m) => {
  // tokenising and scoring every test message once, the token cache emptied first
  tokenCache.get(m.model.tokeniser)?.clear();
  let sink = 0;
  const a = performance.now();
  for (const t of texts) sink += predict(m.model, m.cfg.s, t);
  const ms = performance.now() - a;
  // ~800-character texts (test messages joined), the size of the bench's "typical" submission
  const long = [];
  for (let i = 0, cur = ''; i < texts.length && long.length < 300; i++) {
    cur += `${texts[i]}\n`;
    if (cur.length >= 800) {
      long.push(cur.slice(0, 800));
      cur = '';
    }
  }
  tokenCache.get(m.model.tokeniser)?.clear();
  const b = performance.now();
  for (const t of long) sink += predict(m.model, m.cfg.s, t);
  const msLong = performance.now() - b;
  return { messages: texts.length, usPerMessage: Math.round((ms * 1000) / texts.length), texts800: long.length, usPer800Chars: Math.round((msLong * 1000) / long.length), sink: Math.round(sink) };
};
const cost = { combined: { ...size(models.combined), ...costOf(models.combined) } };
for (const d of ['youtube', 'sms', 'ml-de', 'ml-fr']) cost[`per-domain ${d}`] = size(models[`per-domain ${d}`]);

// Evidence example: the top tokens of a few YouTube test spam messages, as the rule would report them.
const examples = testRecs
  .filter((r) => r.group === 'youtube' && r.label === 'spam')
  .slice(0, 3)
  .map((r) => ({ text: r.text.slice(0, 80), rules: r.cents / 100, ...predict(models.combined.model, models.combined.cfg.s, r.text, true) }));

// ---------------------------------------------------------------- report
const f = (v, d = 3) => (v === null || v === undefined ? '—' : v.toFixed(d));
const pc = (v) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);
const line = (name, m) => `  ${name.padEnd(46)} P ${f(m.P)}  R ${f(m.R)}  F1 ${f(m.F1)}  FPR ${pc(m.FPR).padStart(5)}  ham BAD ${m.fp}/${m.ham}  spam BAD ${m.tp}/${m.spam}`;
const out = [];
out.push(`root ${root}; ${records.length} labelled records (${trainRecs.length} train, ${testRecs.length} test), ${phrases.length} phrases, ${tableLegit.length}+${tableSpam.length} table messages`);
out.push(`rules: ${classified} classifications in ${(rulesMs / 1000).toFixed(1)} s; CV: ${cv.length} candidate rows in ${(cvMs / 1000).toFixed(1)} s`);
out.push('', 'Cross-validation on the training splits, rules alone:');
for (const g of GROUPS) out.push(line(g, baselineCv[g]));
out.push('', 'Chosen by cross-validation (training splits only):');
for (const [name, c] of Object.entries(chosen)) {
  out.push(` ${name}: tokeniser ${c.tokeniser}, s ${c.s}, buckets ${c.scheme}`);
  for (const g of GROUPS) out.push(line(`CV ${g}`, c.perGroup[g]));
}
out.push('', 'Per CV fold (YouTube: held-out video 1–4), rules alone → rules + token rule:');
for (const [name, byGroup] of Object.entries(perFold)) {
  for (const [g, folds] of Object.entries(byGroup)) {
    out.push(`  ${name} / ${g}: ` + folds.map((x) => `[${x.fold}] F1 ${f(x.rules.F1, 2)}→${f(x.withToken.F1, 2)} P ${f(x.rules.P, 2)}→${f(x.withToken.P, 2)} FPR ${pc(x.rules.FPR)}→${pc(x.withToken.FPR)}`).join('  '));
  }
}
out.push('', 'Every non-hammy combined candidate (CV, F1 youtube / sms / de / fr; FPR youtube; P sms):');
for (const r of cv.filter((r) => r.kind === 'combined' && !r.hammy)) {
  const p = r.perGroup;
  out.push(`  ${r.tokeniser.padEnd(13)} s=${String(r.s).padEnd(4)} ${r.scheme.padEnd(26)} F1 ${f(p.youtube.F1)} ${f(p.sms.F1)} ${f(p['ml-de'].F1)} ${f(p['ml-fr'].F1)}  ytFPR ${pc(p.youtube.FPR)}  smsP ${f(p.sms.P)} deFPR ${pc(p['ml-de'].FPR)} frFPR ${pc(p['ml-fr'].FPR)}`);
}
out.push('', 'TEST splits (BAD positive):');
for (const g of GROUPS) {
  out.push(` ${g}  (exact text in the combined training data: ${test[g].exactTextInTraining.combined}/${test[g].exactTextInTraining.of}; in the per-domain training data: ${test[g].exactTextInTraining.perDomain})`);
  for (const [k, m] of Object.entries(test[g])) if (k !== 'exactTextInTraining') out.push(line(k, m));
}
out.push('', 'Domain shift (test splits):');
for (const [k, v] of Object.entries(shift)) {
  if (k === 'models') continue;
  out.push(` ${k}`);
  for (const [n, m] of Object.entries(v)) out.push(line(n, m));
}
out.push('', 'Flagged BAD, never trained on:');
for (const [k, v] of Object.entries(outside)) out.push(`  ${k} (n ${v.n}): ${Object.entries(v).filter(([n]) => n !== 'n').map(([n, c]) => `${n} ${c} (${((c / v.n) * 100).toFixed(1)}%)`).join(', ')}`);
out.push(`  token-rule cents on the phrases (combined): ${JSON.stringify(phraseBuckets)}`);
out.push(`  legitimate table messages on which the combined token rule fires: ${legitFired.length}`);
for (const x of legitFired) out.push(`    ${x.language} rules ${x.rules} + token ${x.token} (p ${x.p}; ${x.tokens.join(', ')}): ${JSON.stringify(x.text)}`);
out.push('', `SMS test, ham BAD by the rules alone: ${smsDiag.rulesHamBad}; P >= 0.97 would need >= ${smsDiag.tpNeededForP097} spam BAD of ${smsDiag.spam}; still BAD with the hammy bucket: ${smsDiag.stillBadWithHammyBucket}`);
for (const x of smsDiag.rows) out.push(`    rules ${x.rules} token ${x.hammy}: ${JSON.stringify(x.text)}`);
out.push('', 'Model size and cost:');
for (const [k, v] of Object.entries(cost)) out.push(`  ${k}: ${JSON.stringify(v)}`);
out.push('', 'Evidence examples (combined model, YouTube test spam):');
for (const e of examples) out.push(`  rules ${e.rules}, p ${e.p.toFixed(4)}: ${e.tokens.join(', ')}  ← ${JSON.stringify(e.text)}`);
console.log(out.join('\n'));
if (jsonOut) {
  writeFileSync(jsonOut, JSON.stringify({ root, baselineCv, chosen, cv, test, shift: Object.fromEntries(Object.entries(shift).filter(([k]) => k !== 'models')), outside, phraseBuckets, smsDiag, perFold, legitFired, cost, examples }, null, 1));
}
