// Model selection for text.MODEL on leave-one-out figures of the TRAINING splits only
// (choose features, regularisation and buckets on left-out data, never on a test split).
// The project's contact-form enquiries (fixtures/contact-form-ham-en.json) are a fold too.
// Run: node scripts/model-select.mjs [--grid small|full] > out.txt  (env FEATURES, L2, BUCKETS, DETAIL, CAP=0)
import { classify, createDefaultProviders } from '../src/index.js';
import { inSplit, loadContactFormPhrases, loadLabelled, LABELLED_DATASETS, type EvalRecord } from '../src/eval/datasets.js';
import { leaveOneOut, type ScoredRecord } from '../src/eval/leave-one-out.js';
import type { FeatureConfig } from '../src/model/features.js';
import type { Bucket } from '../src/model/model.js';
import { enquiryRecords } from '../src/model/training-set.js';
import { MODEL_MAX_BY_FORM_TYPE } from '../src/rules/text/model.js';

const dataDir = process.env.FORMSPAM_DATA ?? new URL('../../../../shared/data/', import.meta.url).pathname;
const split = (process.env.SPLIT ?? 'train') as 'train' | 'all';
const providers = createDefaultProviders({ offline: true });
const records: EvalRecord[] = [];
for (const d of LABELLED_DATASETS) records.push(...inSplit(loadLabelled(dataDir, d), split));
loadContactFormPhrases(dataDir).forEach((text, i) => records.push({ dataset: 'contact-form-phrases', language: 'und', label: 'spam', split: 'train', text, source: `messages.json[${i}]` }));
records.push(...enquiryRecords());
const scored: ScoredRecord[] = [];
for (const r of records) {
  const res = await classify({ text: r.text, disableRules: [] }, providers);
  const model = (res.text?.rules as Record<string, { score: number }> | undefined)?.MODEL?.score ?? 0;
  scored.push({ ...r, baseCents: Math.round((res.score - model) * 100) });
}
process.stderr.write(`scored ${scored.length}\n`);

const B = (pairs: [number, number][]): Bucket[] => pairs.map(([min, score]) => ({ min, score }));
const bucketSets: Record<string, Bucket[]> = {
  'pos 0.8/.95/.99 → .5/1/2': B([[0.99, 2], [0.95, 1], [0.8, 0.5], [0, 0]]),
  'pos .9/.99/.999 → .5/1/2': B([[0.999, 2], [0.99, 1], [0.9, 0.5], [0, 0]]),
  'pos .95/.99/.999 → 1/1.5/2.5': B([[0.999, 2.5], [0.99, 1.5], [0.95, 1], [0, 0]]),
  'posneg .8/.95/.99 → .5/1/2, <.05 → -1': B([[0.99, 2], [0.95, 1], [0.8, 0.5], [0.05, 0], [0, -1]]),
  'posneg .9/.99/.999 → .5/1/2, <.02 → -1': B([[0.999, 2], [0.99, 1], [0.9, 0.5], [0.02, 0], [0, -1]]),
  'posneg .95/.99/.999 → 1/1.5/2.5, <.01 → -1.5': B([[0.999, 2.5], [0.99, 1.5], [0.95, 1], [0.01, 0], [0, -1.5]]),
};
const featureSets: Record<string, FeatureConfig> = {
  'uni': { bits: 18, unigrams: true, bigrams: false, charGrams: 0, shapes: false },
  'uni+bi': { bits: 18, unigrams: true, bigrams: true, charGrams: 0, shapes: false },
  'uni+c4': { bits: 18, unigrams: true, bigrams: false, charGrams: 4, shapes: false },
  'uni+bi+c4+shape': { bits: 18, unigrams: true, bigrams: true, charGrams: 4, shapes: true },
  'uni+c3+shape': { bits: 18, unigrams: true, bigrams: false, charGrams: 3, shapes: true },
};
const grid = process.argv.includes('--full');
const only = process.env.FEATURES?.split(',');
for (const [fname, features] of Object.entries(featureSets)) {
  if (only && !only.includes(fname)) continue;
  for (const l2 of grid ? [1e-4, 1e-3, 1e-2] : (process.env.L2 ?? '0.001').split(',').map(Number)) {
    for (const [bname, buckets] of Object.entries(bucketSets)) {
      if (process.env.BUCKETS && !bname.startsWith(process.env.BUCKETS)) continue;
      const t0 = Date.now();
      // CAP=0: without the contact form's cap of the model's points.
      const maxByFormType = process.env.CAP === '0' ? undefined : MODEL_MAX_BY_FORM_TYPE;
      const res = leaveOneOut(scored, { features, l2, learningRate: 0.1, epochs: 5, seed: 1, buckets, maxByFormType });
      const worstFpr = Math.max(...res.map((r) => r.bad.falsePositiveRate ?? 0));
      const spamFolds = res.filter((r) => r.spam > 0);
      const minRecall = Math.min(...spamFolds.map((r) => r.bad.recall ?? 1));
      const meanRecall = spamFolds.reduce((a, r) => a + (r.bad.recall ?? 0), 0) / spamFolds.length;
      const proseBad = res.filter((r) => r.name.startsWith('ud-prose')).reduce((a, r) => a + r.bad.fp, 0);
      const proseWorst = Math.max(...res.filter((r) => r.name.startsWith('ud-prose')).map((r) => r.bad.falsePositiveRate ?? 0));
      console.log(`${fname} | l2 ${l2} | ${bname} | worstFPR ${(worstFpr * 100).toFixed(1)}% minR ${minRecall.toFixed(3)} meanR ${meanRecall.toFixed(3)} | prose BAD ${proseBad} worst ${(proseWorst * 100).toFixed(2)}% | ${Date.now() - t0} ms`);
      if (process.env.DETAIL) for (const r of res) console.log(`   ${r.name.padEnd(26)} spam ${r.spam} ham ${r.ham}  R ${r.bad.recall?.toFixed(3) ?? '—'} (rules ${r.rulesOnly.recall?.toFixed(3) ?? '—'})  FPR ${r.bad.falsePositiveRate === null ? '—' : (r.bad.falsePositiveRate * 100).toFixed(1) + '%'} (rules ${r.rulesOnly.falsePositiveRate === null ? '—' : (r.rulesOnly.falsePositiveRate * 100).toFixed(1) + '%'})`);
    }
  }
}
