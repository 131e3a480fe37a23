/**
 * Leave-one-out evaluation of the text model (`formspam eval --leave-one-out`): for each data
 * set (each YouTube video, each SMS language, each ud-prose language, the contact-form
 * phrases, the contact-form enquiries) a model is trained on everything else and the whole classifier (the rules plus that
 * model) is measured on the data set left out. A model that is excellent inside its training
 * domain and poor outside it shows here, not on a test split.
 *
 * YouTube videos are measured twice: as contact forms (`youtube video N`, the records as they
 * are) and as comment forms (`youtube video N (comment)`, the `youtube:comment` copies, scored
 * by the rules with `formType: "comment"`), both with the same model (trained without video N).
 *
 * The rules do not depend on the model, so each record is classified by the rules once
 * (`baseCents`, with the record's form type) and each fold only adds its model's points, capped
 * and floored by the record's form type as the rule's formula does: the figures are exactly
 * those of `classify` with the fold's model.
 */
import { classificationOf, type Classification } from '../core/response.js';
import type { FeatureConfig } from '../model/features.js';
import { featurize, trainModel, type TrainingExample } from '../model/train.js';
import type { Bucket, TextModel } from '../model/model.js';
import { TextInput } from '../text/input.js';
import type { EvalRecord } from './datasets.js';
import type { FormType } from '../core/request.js';
import { addToConfusion, binaryMetrics, emptyConfusion, type BinaryMetrics, type Confusion } from './metrics.js';

/** A record as the model sees it, with the score the rules gave it. */
export interface ScoredRecord extends EvalRecord {
  /** Score of every rule but text.MODEL, in hundredths. */
  baseCents: number;
}

export interface Fold {
  readonly name: string;
  /** The records measured. */
  isTest(r: EvalRecord): boolean;
  /** Records that may not be trained on in this fold (the left-out set and its translations). */
  isExcluded(r: EvalRecord): boolean;
  /** The fold whose model this one shares (the same records left out), when not its own. */
  readonly modelOf?: string;
}

const SMS_FAMILY = new Set(['sms', 'sms-multilingual']);

function videoOf(r: EvalRecord): number | null {
  const m = /^Youtube0(\d)-/.exec(r.source);
  return r.dataset === 'youtube' && m ? Number(m[1]) : null;
}

/** The video of a comment-form copy of a YouTube record (`youtube:comment`). */
function commentVideoOf(r: EvalRecord): number | null {
  const m = /^Youtube0(\d)-/.exec(r.source);
  return r.dataset === 'youtube:comment' && m ? Number(m[1]) : null;
}

/**
 * The folds over a set of records: one per YouTube video (and one per video as comments when
 * the records hold its `youtube:comment` copies: same model), per SMS language (the translations
 * of the held-out messages leave training too: they are the same messages), per ud-prose
 * language, the contact-form phrases and the contact-form enquiries.
 */
export function foldsOf(records: readonly EvalRecord[]): Fold[] {
  const folds: Fold[] = [];
  const videos = [...new Set(records.map(videoOf).filter((v): v is number => v !== null))].sort();
  for (const v of videos) {
    const name = `youtube video ${v}`;
    folds.push({ name, isTest: (r) => videoOf(r) === v, isExcluded: (r) => videoOf(r) === v });
    if (records.some((r) => commentVideoOf(r) === v)) {
      folds.push({ name: `${name} (comment)`, isTest: (r) => commentVideoOf(r) === v, isExcluded: (r) => videoOf(r) === v, modelOf: name });
    }
  }
  if (records.some((r) => r.dataset === 'sms')) {
    folds.push({ name: 'sms en', isTest: (r) => r.dataset === 'sms', isExcluded: (r) => SMS_FAMILY.has(r.dataset) });
  }
  for (const language of ['de', 'fr']) {
    if (records.some((r) => r.dataset === 'sms-multilingual' && r.language === language)) {
      folds.push({
        name: `sms-multilingual ${language}`,
        isTest: (r) => r.dataset === 'sms-multilingual' && r.language === language,
        isExcluded: (r) => SMS_FAMILY.has(r.dataset),
      });
    }
  }
  const prose = [...new Set(records.filter((r) => r.dataset === 'ud-prose').map((r) => r.language))].sort();
  for (const language of prose) {
    const of = (r: EvalRecord) => r.dataset === 'ud-prose' && r.language === language;
    folds.push({ name: `ud-prose ${language}`, isTest: of, isExcluded: of });
  }
  for (const dataset of ['contact-form-phrases', 'contact-form-enquiries']) {
    if (records.some((r) => r.dataset === dataset)) {
      const of = (r: EvalRecord) => r.dataset === dataset;
      folds.push({ name: dataset, isTest: of, isExcluded: of });
    }
  }
  return folds;
}

/**
 * Whether a record may train the model: its licence allows it (`trainable`), it is not a
 * second copy of a message (the English column of sms-multilingual repeats the SMS corpus;
 * the `youtube:comment` copies repeat YouTube).
 */
export function isTrainable(r: EvalRecord): boolean {
  return r.trainable !== false && r.formType === undefined && !(r.dataset === 'sms-multilingual' && r.language === 'en');
}

/** The group a record's weight is shared within: data set and language. */
function groupOf(r: EvalRecord): string {
  if (r.dataset === 'sms-multilingual' || r.dataset === 'sms') return `sms ${r.language}`;
  if (r.dataset === 'ud-prose') return 'ud-prose';
  return r.dataset;
}

/**
 * Training examples with weights: spam and ham weigh the same in total, and within a class
 * each group (YouTube, SMS per language, ud-prose, phrases) weighs the same, so that the large
 * groups do not decide alone what a language or a domain looks like.
 */
export function trainingExamples(records: readonly EvalRecord[]): TrainingExample[] {
  const counts = new Map<string, number>();
  const groups = new Map<string, Set<string>>([['spam', new Set()], ['ham', new Set()]]);
  for (const r of records) {
    const key = `${r.label} ${groupOf(r)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    groups.get(r.label)!.add(groupOf(r));
  }
  const total = records.length;
  return records.map((r) => {
    const share = total / 2 / groups.get(r.label)!.size;
    return { text: r.text, label: r.label === 'spam' ? 1 : 0, weight: share / counts.get(`${r.label} ${groupOf(r)}`)! };
  });
}

export interface FoldResult {
  name: string;
  spam: number;
  ham: number;
  confusion: Confusion;
  /** BAD as the positive class, the rules with the fold's model. */
  bad: BinaryMetrics;
  /** The rules alone, for comparison. */
  rulesOnly: BinaryMetrics;
}

/** The most (`maxByFormType`) and the least (`minByFormType`) a model adds by form type. */
export interface FormTypeLimits {
  maxByFormType?: Readonly<Partial<Record<FormType, number>>>;
  minByFormType?: Readonly<Partial<Record<FormType, number>>>;
}

/**
 * Classification of a record with a model's points added to the rules' score, capped and
 * floored by the record's form type as `text.MODEL`'s formula does (`maxByFormType`,
 * `minByFormType`).
 */
export function classifyWith(model: TextModel, record: ScoredRecord, limits: FormTypeLimits = {}): Classification {
  const p = model.predict(new TextInput([{ field: 'text', text: record.text }]), 0).probability;
  const formType = record.formType ?? 'contact';
  const max = limits.maxByFormType?.[formType];
  const min = limits.minByFormType?.[formType];
  let points = model.pointsOf(p);
  if (max !== undefined && points > max) points = max;
  if (min !== undefined && points < min) points = min;
  return classificationOf(record.baseCents + Math.round(points * 100));
}

export interface LeaveOneOutOptions {
  features: FeatureConfig;
  l2: number;
  learningRate: number;
  epochs: number;
  seed: number;
  buckets: readonly Bucket[];
  /** The most the model adds by form type (as `text.MODEL`'s formula); none when absent. */
  maxByFormType?: Readonly<Partial<Record<FormType, number>>>;
  /** The least the model adds by form type (as `text.MODEL`'s formula); none when absent. */
  minByFormType?: Readonly<Partial<Record<FormType, number>>>;
  /** Called before each fold. */
  onFold?: (index: number, total: number, name: string) => void;
}

function metrics(fold: Fold, records: readonly ScoredRecord[], classify: (r: ScoredRecord) => Classification): { confusion: Confusion; bad: BinaryMetrics } {
  const confusion = emptyConfusion();
  for (const r of records) if (fold.isTest(r)) addToConfusion(confusion, r.label, classify(r));
  return { confusion, bad: binaryMetrics(confusion, 'bad') };
}

/** Trains one model per fold and measures it on the fold's records. */
export function leaveOneOut(records: readonly ScoredRecord[], options: LeaveOneOutOptions): FoldResult[] {
  const folds = foldsOf(records);
  const pool = records.filter(isTrainable);
  const slots = featurize(pool, options.features);
  const results: FoldResult[] = [];
  const models = new Map<string, TextModel>();
  folds.forEach((fold, index) => {
    options.onFold?.(index, folds.length, fold.name);
    let model = fold.modelOf === undefined ? undefined : models.get(fold.modelOf);
    if (model === undefined) {
      const keep = pool.map((r) => !fold.isExcluded(r));
      const train = pool.filter((_, i) => keep[i]);
      model = trainModel(trainingExamples(train), { ...options, version: `leave-one-out ${fold.name}` }, slots.filter((_, i) => keep[i]));
      models.set(fold.name, model);
    }
    const limits = { maxByFormType: options.maxByFormType, minByFormType: options.minByFormType };
    const withModel = metrics(fold, records, (r) => classifyWith(model, r, limits));
    const rules = metrics(fold, records, (r) => classificationOf(r.baseCents));
    results.push({
      name: fold.name,
      spam: withModel.confusion.spam.GOOD + withModel.confusion.spam.NEUTRAL + withModel.confusion.spam.BAD,
      ham: withModel.confusion.ham.GOOD + withModel.confusion.ham.NEUTRAL + withModel.confusion.ham.BAD,
      confusion: withModel.confusion,
      bad: withModel.bad,
      rulesOnly: rules.bad,
    });
  });
  return results;
}
