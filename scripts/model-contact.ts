// Figures behind text.MODEL's contact-form choices (docs/decisions/text-model.md), on the
// TRAINING splits only, beside `formspam eval --leave-one-out`:
// - enquiries: the 50 contact-form enquiries of fixtures/contact-form-ham-en.json in two halves
//   (even, odd), each scored by a model trained without it (with ENQUIRIES=0: trained on none);
// - SMS in domain: the SMS training messages in two halves (each with its translations), each
//   scored by a model trained on the other half and everything else (leave-one-out leaves the
//   whole SMS family out, so it cannot show what the model adds in its own domain);
// - YouTube videos 1–4 as comments (formType "comment"), each by a model trained without it.
// Each line: the bucket set with and without the contact form's cap. The held-out enquiries
// (fixtures/contact-form-ham-en-holdout.json) are never read.
// Run: node scripts/model-contact.mjs   (env ENQUIRIES=0, L2)
import { classify, createDefaultProviders } from '../src/index.js';
import { inSplit, loadLabelled, LABELLED_DATASETS, type EvalRecord } from '../src/eval/datasets.js';
import { foldsOf, isTrainable, trainingExamples } from '../src/eval/leave-one-out.js';
import { featurize, trainModel } from '../src/model/train.js';
import { enquiryRecords, ENQUIRIES_DATASET, phraseRecords, TEXT_MODEL_OPTIONS } from '../src/model/training-set.js';
import { MODEL_BUCKETS, MODEL_MAX_BY_FORM_TYPE } from '../src/rules/text/model.js';
import { TextInput } from '../src/text/input.js';
import type { Bucket } from '../src/model/model.js';

const dataDir = process.env.FORMSPAM_DATA ?? new URL('../../../../shared/data/', import.meta.url).pathname;
const l2 = Number(process.env.L2 ?? TEXT_MODEL_OPTIONS.l2);
const withEnquiries = process.env.ENQUIRIES !== '0';
const providers = createDefaultProviders({ offline: true, textModel: false });
const records: EvalRecord[] = [];
for (const d of LABELLED_DATASETS) records.push(...inSplit(loadLabelled(dataDir, d), 'train'));
records.push(...phraseRecords(dataDir), ...enquiryRecords());

interface Scored { r: EvalRecord; contact: number; comment?: number; p?: number; pIn?: number }
const scored: Scored[] = [];
for (const r of records) {
  const contact = Math.round((await classify({ text: r.text }, providers)).score * 100);
  const s: Scored = { r, contact };
  if (r.dataset === 'youtube') s.comment = Math.round((await classify({ text: r.text, formType: 'comment' }, providers)).score * 100);
  scored.push(s);
}
const trainable = (r: EvalRecord) => (r.dataset === ENQUIRIES_DATASET ? withEnquiries : isTrainable(r));
const pool = records.map((_, i) => i).filter((i) => trainable(records[i]!));
const slots = featurize(records, TEXT_MODEL_OPTIONS.features);
const index = (r: EvalRecord) => Number(/(\d+)\]?$/.exec(r.source)![1]);
const smsIndex = (r: EvalRecord) => (r.dataset === 'sms' ? index(r) - 1 : r.dataset === 'sms-multilingual' ? index(r) - 2 : -1);
function fit(exclude: (r: EvalRecord) => boolean, name: string) {
  const train = pool.filter((i) => !exclude(records[i]!));
  return trainModel(trainingExamples(train.map((i) => records[i]!)), { ...TEXT_MODEL_OPTIONS, l2, version: name }, train.map((i) => slots[i]!));
}
const probability = (model: ReturnType<typeof fit>, r: EvalRecord) => model.predict(new TextInput([{ field: 'text', text: r.text }]), 0).probability;
// Enquiries in halves; YouTube videos (leave-one-out folds).
for (const half of [0, 1]) {
  const of = (r: EvalRecord) => r.dataset === ENQUIRIES_DATASET && index(r) % 2 === half;
  const model = fit(of, `enquiries ${half}`);
  for (const s of scored) if (of(s.r)) s.p = probability(model, s.r);
}
for (const fold of foldsOf(records).filter((f) => f.name.startsWith('youtube video'))) {
  const model = fit((r) => fold.isExcluded(r), fold.name);
  for (const s of scored) if (fold.isTest(s.r)) s.p = probability(model, s.r);
}
for (const half of [0, 1]) {
  const of = (r: EvalRecord) => smsIndex(r) >= 0 && smsIndex(r) % 2 === half;
  const model = fit(of, `sms ${half}`);
  for (const s of scored) if (of(s.r) && !(s.r.dataset === 'sms-multilingual' && s.r.language === 'en')) s.pIn = probability(model, s.r);
}

function points(buckets: readonly Bucket[], p: number, max: number | undefined): number {
  for (const b of buckets) if (p >= b.min) return max !== undefined && b.score > max ? max : b.score;
  return 0;
}
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
function report(name: string, buckets: readonly Bucket[], cap: boolean) {
  const contactMax = cap ? MODEL_MAX_BY_FORM_TYPE.contact : undefined;
  const enquiries = scored.filter((s) => s.r.dataset === ENQUIRIES_DATASET);
  const added = enquiries.map((s) => points(buckets, s.p!, contactMax));
  const ps = enquiries.map((s) => s.p!).sort((a, b) => a - b);
  const parts = [`enquiries: BAD ${enquiries.filter((s, i) => s.contact + Math.round(added[i]! * 100) > 200).length}, model > 0: ${added.filter((a) => a > 0).length}, median p ${ps[ps.length >> 1]!.toFixed(3)}`];
  const sms: string[] = [];
  for (const [label, of] of [['en', (r: EvalRecord) => r.dataset === 'sms'], ['de', (r: EvalRecord) => r.dataset === 'sms-multilingual' && r.language === 'de'], ['fr', (r: EvalRecord) => r.dataset === 'sms-multilingual' && r.language === 'fr']] as const) {
    const set = scored.filter((s) => of(s.r) && s.pIn !== undefined);
    const bad = (s: Scored) => s.contact + Math.round(points(buckets, s.pIn!, contactMax) * 100) > 200;
    const spam = set.filter((s) => s.r.label === 'spam');
    const ham = set.filter((s) => s.r.label === 'ham');
    sms.push(`${label} R ${(spam.filter(bad).length / spam.length).toFixed(3)} FPR ${pct(ham.filter(bad).length, ham.length)}`);
  }
  parts.push(`SMS in domain: ${sms.join(', ')}`);
  const yt: string[] = [];
  for (const v of [1, 2, 3, 4]) {
    const set = scored.filter((s) => s.r.dataset === 'youtube' && s.r.source.startsWith(`Youtube0${v}-`));
    const bad = (s: Scored) => s.comment! + Math.round(points(buckets, s.p!, undefined) * 100) > 200;
    const spam = set.filter((s) => s.r.label === 'spam');
    const ham = set.filter((s) => s.r.label === 'ham');
    yt.push(`${v} R ${(spam.filter(bad).length / spam.length).toFixed(3)} FPR ${pct(ham.filter(bad).length, ham.length)}`);
  }
  parts.push(`YouTube as comments: ${yt.join(', ')}`);
  console.log(`${name}${cap ? ', contact cap' : ''}${withEnquiries ? '' : ' (not trained on enquiries)'}\n  ${parts.join('\n  ')}`);
}
const rules: Bucket[] = [{ min: 0, score: 0 }];
report('rules alone', rules, false);
report('buckets', MODEL_BUCKETS, false);
report('buckets', MODEL_BUCKETS, true);
