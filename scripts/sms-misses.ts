// Lists the SMS TRAINING-split spam that is not BAD (error analysis on training data only; never
// run it on a test split), per language, with the rules that scored and the points of a text
// model trained without the SMS family (the `sms en` fold of `formspam eval --leave-one-out`),
// so that what the rules miss is seen without the model having memorised the message.
// Run: node scripts/sms-misses.mjs [en|de|fr] > out.txt
import { classify, createDefaultProviders } from '../src/index.js';
import { inSplit, loadLabelled, LABELLED_DATASETS, type EvalRecord } from '../src/eval/datasets.js';
import { classifyWith, isTrainable, trainingExamples, type ScoredRecord } from '../src/eval/leave-one-out.js';
import { trainModel } from '../src/model/train.js';
import { enquiryRecords, phraseRecords, TEXT_MODEL_OPTIONS } from '../src/model/training-set.js';
import { MODEL_MAX_BY_FORM_TYPE, MODEL_MIN_BY_FORM_TYPE } from '../src/rules/text/model.js';

const language = process.argv[2] ?? 'en';
const dataDir = process.env.FORMSPAM_DATA ?? new URL('../../../../shared/data/', import.meta.url).pathname;
const providers = createDefaultProviders({ offline: true, textModel: true });
const records: EvalRecord[] = [];
for (const d of LABELLED_DATASETS) records.push(...inSplit(loadLabelled(dataDir, d), 'train'));
const pool = [...records, ...phraseRecords(dataDir), ...enquiryRecords()].filter(isTrainable);
const model = trainModel(trainingExamples(pool.filter((r) => r.dataset !== 'sms' && r.dataset !== 'sms-multilingual')), { ...TEXT_MODEL_OPTIONS, version: 'sms left out' });
const wanted = records.filter((r) => r.label === 'spam' && (language === 'en' ? r.dataset === 'sms' : r.dataset === 'sms-multilingual' && r.language === language));
let bad = 0;
for (const r of wanted) {
  const res = await classify({ text: r.text, disableRules: ['text.MODEL'] }, providers, { maxMatches: 1000 });
  const scored: ScoredRecord = { ...r, baseCents: Math.round(res.score * 100) };
  const c = classifyWith(model, scored, { maxByFormType: MODEL_MAX_BY_FORM_TYPE, minByFormType: MODEL_MIN_BY_FORM_TYPE });
  if (c === 'BAD') { bad++; continue; }
  const rules = Object.entries(res.text?.rules ?? {}).filter(([, v]) => v.score !== 0).map(([k, v]) => `${k}=${v.score}${v.matches ? `(${v.matches.map((m) => m.value).join('|')})` : ''}`);
  console.log(`${c} ${res.score} ${JSON.stringify(r.text)} :: ${rules.join(' ')}`);
}
console.log(`# ${language}: ${bad} of ${wanted.length} training spam BAD (rules + model without SMS)`);
