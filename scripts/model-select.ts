// Model selection for text.MODEL on leave-one-out figures of the TRAINING splits only
// (choose features, regularisation, hash space and buckets on left-out data, never on a test
// split). The folds are those of `formspam eval --leave-one-out` (YouTube videos as contact
// forms and as comments, SMS languages, ud-prose languages, the phrases, the enquiries), and
// the rules score each record once, as there.
// Run: node scripts/model-select.mjs > out.txt
//   env FEATURES=uni+bi,uni (names below), BITS=16,17,18, L2=0.01,0.02, BUCKETS=<prefix>, DETAIL=1
// Per configuration one summary line: worst FPR over all folds (and which), mean recall of the
// YouTube folds as contact forms and as comments, SMS recall en/de/fr, ud-prose BAD summed over
// its 19 folds, enquiries BAD, the phrases' recall, the nonzero weights of a model on all of it.
import { classify, createDefaultProviders } from '../src/index.js';
import { commentProfileCopies, inSplit, loadLabelled, LABELLED_DATASETS, type EvalRecord } from '../src/eval/datasets.js';
import { isTrainable, leaveOneOut, trainingExamples, type ScoredRecord } from '../src/eval/leave-one-out.js';
import type { FeatureConfig } from '../src/model/features.js';
import type { Bucket } from '../src/model/model.js';
import { trainModel } from '../src/model/train.js';
import { enquiryRecords, phraseRecords, TEXT_MODEL_OPTIONS } from '../src/model/training-set.js';
import { MODEL_BUCKETS, MODEL_MAX_BY_FORM_TYPE, MODEL_MIN_BY_FORM_TYPE } from '../src/rules/text/model.js';

const dataDir = process.env.FORMSPAM_DATA ?? new URL('../../../../shared/data/', import.meta.url).pathname;
const providers = createDefaultProviders({ offline: true, textModel: true });
const records: EvalRecord[] = [];
for (const d of LABELLED_DATASETS) records.push(...inSplit(loadLabelled(dataDir, d), 'train'));
const all = [...records, ...commentProfileCopies(records), ...phraseRecords(dataDir), ...enquiryRecords()];
const scored: ScoredRecord[] = [];
for (const r of all) {
  const request = r.formType ? { text: r.text, formType: r.formType } : { text: r.text };
  const res = await classify({ ...request, disableRules: ['text.MODEL'] }, providers);
  scored.push({ ...r, baseCents: Math.round(res.score * 100) });
}
process.stderr.write(`scored ${scored.length}\n`);

const B = (pairs: [number, number][]): Bucket[] => pairs.map(([min, score]) => ({ min, score }));
const bucketSets: Record<string, readonly Bucket[]> = {
  'in use': MODEL_BUCKETS,
  '<.01 → -1': B([[0.999, 2], [0.99, 1], [0.9, 0.5], [0.01, 0], [0, -1]]),
  '<.05 → -1': B([[0.999, 2], [0.99, 1], [0.9, 0.5], [0.05, 0], [0, -1]]),
  '.95 → .5': B([[0.999, 2], [0.99, 1], [0.95, 0.5], [0.02, 0], [0, -1]]),
};
const feature = (bits: number, unigrams: boolean, bigrams: boolean, charGrams = 0, shapes = false): FeatureConfig => ({ bits, unigrams, bigrams, charGrams, shapes });
const featureSets: Record<string, (bits: number) => FeatureConfig> = {
  'uni+bi': (bits) => feature(bits, true, true),
  uni: (bits) => feature(bits, true, false),
  'uni+shape': (bits) => feature(bits, true, false, 0, true),
  'uni+bi+shape': (bits) => feature(bits, true, true, 0, true),
  'uni+c4': (bits) => feature(bits, true, false, 4),
};
const list = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',');
const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

for (const fname of list('FEATURES', 'uni+bi')) {
  for (const bits of list('BITS', '18').map(Number)) {
    for (const l2 of list('L2', String(TEXT_MODEL_OPTIONS.l2)).map(Number)) {
      for (const [bname, buckets] of Object.entries(bucketSets)) {
        if (!bname.startsWith(process.env.BUCKETS ?? 'in use')) continue;
        const t0 = Date.now();
        const features = featureSets[fname]!(bits);
        const options = { ...TEXT_MODEL_OPTIONS, features, l2, buckets };
        const res = leaveOneOut(scored, { ...options, maxByFormType: MODEL_MAX_BY_FORM_TYPE, minByFormType: MODEL_MIN_BY_FORM_TYPE });
        const worst = res.reduce((a, r) => ((r.bad.falsePositiveRate ?? 0) > (a.bad.falsePositiveRate ?? 0) ? r : a));
        const minRecall = res.filter((r) => r.spam > 0 && r.name !== 'contact-form-phrases').reduce((a, r) => ((r.bad.recall ?? 1) < (a.bad.recall ?? 1) ? r : a));
        const yt = res.filter((r) => /^youtube video \d$/.test(r.name));
        const ytc = res.filter((r) => r.name.endsWith('(comment)'));
        const sms = res.filter((r) => r.name.startsWith('sms')).map((r) => r.bad.recall!.toFixed(3)).join('/');
        const prose = res.filter((r) => r.name.startsWith('ud-prose')).reduce((a, r) => a + r.bad.fp, 0);
        const enquiries = res.find((r) => r.name === 'contact-form-enquiries')?.bad.fp;
        const phrases = res.find((r) => r.name === 'contact-form-phrases')?.bad.recall?.toFixed(3);
        const full = trainModel(trainingExamples(scored.filter(isTrainable)), { ...options, version: 'select' });
        const nonzero = full.weights.reduce((a, w) => a + (w !== 0 ? 1 : 0), 0);
        console.log(
          `${fname} | 2^${bits} | l2 ${l2} | ${bname} | worst FPR ${pct(worst.bad.falsePositiveRate)} (${worst.name}) | min R ${minRecall.bad.recall?.toFixed(3)} (${minRecall.name}) | ` +
            `R yt ${mean(yt.map((r) => r.bad.recall!)).toFixed(3)} comment ${mean(ytc.map((r) => r.bad.recall!)).toFixed(3)} (ham BAD ${ytc.reduce((a, r) => a + r.bad.fp, 0)}) | sms ${sms} | prose BAD ${prose} | enquiries BAD ${enquiries} | phrases ${phrases} | nonzero ${nonzero} | ${Date.now() - t0} ms`,
        );
        if (process.env.DETAIL) {
          for (const r of res) console.log(`   ${r.name.padEnd(26)} spam ${r.spam} ham ${r.ham}  R ${r.bad.recall?.toFixed(3) ?? '—'} (rules ${r.rulesOnly.recall?.toFixed(3) ?? '—'})  FPR ${pct(r.bad.falsePositiveRate)} (rules ${pct(r.rulesOnly.falsePositiveRate)})`);
        }
      }
    }
  }
}
