/**
 * What the bundled text model is trained on, and how: the training splits of the public data
 * (never a test split, never a NonCommercial ud-prose treebank) and the project's own 50
 * contact-form enquiries (never the held-out ones), weighted per group, with the
 * options chosen on leave-one-out figures (docs/decisions/text-model.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inSplit, loadContactFormPhrases, loadLabelled, LABELLED_DATASETS, type EvalRecord } from '../eval/datasets.js';
import { packageRoot } from '../providers/lists/paths.js';
import { isTrainable, trainingExamples } from '../eval/leave-one-out.js';
import { MODEL_BUCKETS } from '../rules/text/model.js';
import type { TrainingExample, TrainOptions } from './train.js';

/** The options of the bundled model. Changing any of them changes `data/text-model.bin`. */
export const TEXT_MODEL_OPTIONS: TrainOptions = Object.freeze({
  features: Object.freeze({ bits: 16, unigrams: true, bigrams: false, charGrams: 0, shapes: false }),
  l2: 0.03,
  learningRate: 0.1,
  epochs: 5,
  seed: 1,
  buckets: MODEL_BUCKETS,
  version: '2026-11-27.1',
});

/** The contact-form phrases as spam records (fragments of real spam; no test split). */
export function phraseRecords(dataDir: string): EvalRecord[] {
  return loadContactFormPhrases(dataDir).map((text, i) => ({
    dataset: 'contact-form-phrases',
    language: 'und',
    label: 'spam' as const,
    split: 'train' as const,
    text,
    source: `messages.json[${i}]`,
  }));
}

/** The data set name of the project's own legitimate contact-form enquiries in training. */
export const ENQUIRIES_DATASET = 'contact-form-enquiries';
/** The enquiries that train the model; `fixtures/contact-form-ham-en-holdout.json` never does. */
export const ENQUIRIES_FIXTURE = 'fixtures/contact-form-ham-en.json';

/**
 * The 50 legitimate English contact-form enquiries of `fixtures/contact-form-ham-en.json` as
 * ham (written for formspam, MIT): the only contact-form ham there is, so that the model
 * learns that "check out", "subscribe" or "call" in an enquiry are no spam. Empty when the
 * file is absent (the installed package has no fixtures).
 */
export function enquiryRecords(root = packageRoot()): EvalRecord[] {
  const file = join(root, ENQUIRIES_FIXTURE);
  if (!existsSync(file)) return [];
  const messages = (JSON.parse(readFileSync(file, 'utf8')) as { messages: string[] }).messages;
  return messages.map((text, i) => ({
    dataset: ENQUIRIES_DATASET,
    language: 'en',
    label: 'ham' as const,
    split: 'train' as const,
    text,
    source: `contact-form-ham-en.json[${i}]`,
  }));
}

/** The training records: every data set's training split that may train what ships. */
export function trainingRecords(dataDir: string): EvalRecord[] {
  const records: EvalRecord[] = [];
  for (const dataset of LABELLED_DATASETS) records.push(...inSplit(loadLabelled(dataDir, dataset), 'train'));
  records.push(...phraseRecords(dataDir));
  records.push(...enquiryRecords());
  return records.filter(isTrainable);
}

export function buildTrainingSet(dataDir: string): { examples: TrainingExample[]; summary: Record<string, { spam: number; ham: number }> } {
  const records = trainingRecords(dataDir);
  const summary: Record<string, { spam: number; ham: number }> = {};
  for (const r of records) {
    const key = r.dataset === 'ud-prose' || r.dataset === 'sms-multilingual' ? `${r.dataset} ${r.language}` : r.dataset;
    summary[key] ??= { spam: 0, ham: 0 };
    summary[key][r.label]++;
  }
  return { examples: trainingExamples(records), summary };
}
