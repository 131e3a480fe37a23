import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defineRule, hit } from '../../src/index.js';
import { parseModel } from '../../src/providers/index.js';
import { serializeModel } from '../../src/model/model.js';
import { trainModel } from '../../src/model/train.js';
import { buildTrainingSet, TEXT_MODEL_OPTIONS } from '../../src/model/training-set.js';
import { classifyWith, foldsOf, isTrainable, leaveOneOut, trainingExamples, type ScoredRecord } from '../../src/eval/leave-one-out.js';
import { MODEL_BUCKETS } from '../../src/rules/text/model.js';
import type { EvalRecord } from '../../src/eval/datasets.js';
import { ROOT } from '../cli/run-cli.js';

const BUNDLED = join(ROOT, 'data/text-model.bin');
const DATA = fileURLToPath(new URL('../../../shared/data', import.meta.url));

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return `${(error as { code?: string }).code}: ${(error as Error).message}`;
  }
  return 'no error';
}

describe('the model file', () => {
  const bytes = readFileSync(BUNDLED);

  it('is the bundled model: 2^16 8-bit weights (64 KiB), the rule\'s buckets', () => {
    expect(bytes.length).toBeLessThan(70 * 1024);
    const model = parseModel(bytes);
    expect(model.weights).toBeInstanceOf(Int8Array);
    expect(model.weights.length).toBe(2 ** 16);
    expect(model.header.format).toBe(2);
    expect(model.header.buckets).toEqual(MODEL_BUCKETS);
    expect(model.header.features).toEqual(TEXT_MODEL_OPTIONS.features);
    expect(model.version).toBe(TEXT_MODEL_OPTIONS.version);
  });

  it('round-trips through serializeModel', () => {
    const model = parseModel(bytes);
    expect(Buffer.from(serializeModel(model.header, model.weights)).equals(bytes)).toBe(true);
  });

  it.each<[string, (b: Uint8Array) => Uint8Array, RegExp]>([
    ['wrong magic', (b) => Uint8Array.from([...b.subarray(0, 7), 0x21, ...b.subarray(8)]), /^INVALID_MODEL: .*not a formspam text model/],
    ['truncated weights', (b) => b.subarray(0, b.length - 2), /^INVALID_MODEL: .*65534 bytes of weights where 65536 were expected/],
    ['format 1 (16-bit weights)', (b) => Uint8Array.from([...new TextEncoder().encode('FSTXTM01'), ...b.subarray(8)]), /^INVALID_MODEL: .*format 1 \(16-bit weights\) is not supported; train the model again/],
    ['truncated header', (b) => b.subarray(0, 40), /^INVALID_MODEL: .*truncated header/],
    ['empty', () => new Uint8Array(0), /^INVALID_MODEL: .*not a formspam text model/],
  ])('refuses %s with INVALID_MODEL', (_name, damage, message) => {
    expect(code(() => parseModel(damage(bytes)))).toMatch(message);
  });

  it('refuses a header whose buckets are out of order', () => {
    const model = parseModel(bytes);
    const header = { ...model.header, buckets: [{ min: 0, score: -1 }, { min: 0.9, score: 1 }] };
    expect(code(() => parseModel(serializeModel(header, model.weights)))).toMatch(/^INVALID_MODEL: .*highest first/);
  });
});

describe.skipIf(!existsSync(DATA))('npm run train:model (skipped without ../shared/data)', () => {
  it('is deterministic: training again on the training splits gives data/text-model.bin byte for byte', () => {
    const { examples, summary } = buildTrainingSet(DATA);
    // No test split and no NonCommercial treebank in training.
    expect(Object.keys(summary).some((k) => /^ud-prose (bg|cs|el|hu|it|pl)$/.test(k))).toBe(false);
    expect(summary['ud-prose sv']).toEqual({ spam: 0, ham: 100 });
    expect(summary.youtube).toEqual({ spam: 831, ham: 755 });
    // The project's 50 enquiries train it; the 25 held-out ones never do.
    expect(summary['contact-form-enquiries']).toEqual({ spam: 0, ham: 50 });
    const holdout: string[] = JSON.parse(readFileSync(join(ROOT, 'fixtures/contact-form-ham-en-holdout.json'), 'utf8')).messages;
    expect(examples.some((e) => holdout.includes(e.text))).toBe(false);
    const model = trainModel(examples, { ...TEXT_MODEL_OPTIONS, training: { data: summary } });
    const bytes = serializeModel(model.header, model.weights);
    const digest = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    expect(digest(bytes)).toBe(digest(readFileSync(BUNDLED)));
  });
});

describe('leave-one-out folds and weights', () => {
  const r = (dataset: string, language: string, label: 'spam' | 'ham', source: string, extra: Partial<EvalRecord> = {}): EvalRecord => ({ dataset, language, label, split: 'train', text: `${dataset} ${source}`, source, ...extra });
  const records = [
    r('youtube', 'en', 'spam', 'Youtube01-Psy.csv:2'),
    r('youtube', 'en', 'ham', 'Youtube03-LMFAO.csv:2'),
    r('sms', 'en', 'ham', 'SMSSpamCollection:2'),
    r('sms-multilingual', 'en', 'ham', 'data.csv:2'),
    r('sms-multilingual', 'de', 'spam', 'data.csv:3'),
    r('ud-prose', 'it', 'ham', 'it.jsonl:1', { trainable: false }),
    r('ud-prose', 'en', 'ham', 'en.jsonl:1'),
    r('youtube:comment', 'en', 'spam', 'Youtube01-Psy.csv:2', { formType: 'comment' }),
  ];

  it('has one fold per video (and per video as comments when its comment copies are there), per SMS language, per ud-prose language', () => {
    expect(foldsOf(records).map((f) => f.name)).toEqual([
      'youtube video 1',
      'youtube video 1 (comment)',
      'youtube video 3',
      'sms en',
      'sms-multilingual de',
      'ud-prose en',
      'ud-prose it',
    ]);
  });

  it('measures a video as comments on its comment copies, with the model of the video left out', () => {
    const folds = foldsOf(records);
    const contact = folds.find((f) => f.name === 'youtube video 1')!;
    const comment = folds.find((f) => f.name === 'youtube video 1 (comment)')!;
    expect(comment.modelOf).toBe('youtube video 1');
    expect(records.filter((x) => comment.isTest(x)).map((x) => `${x.dataset} ${x.source}`)).toEqual(['youtube:comment Youtube01-Psy.csv:2']);
    expect(records.filter((x) => contact.isTest(x)).map((x) => `${x.dataset} ${x.source}`)).toEqual(['youtube Youtube01-Psy.csv:2']);
    expect(records.filter((x) => comment.isExcluded(x))).toEqual(records.filter((x) => contact.isExcluded(x)));
  });

  it('leaves the translations of a held-out SMS language out of its training', () => {
    const fold = foldsOf(records).find((f) => f.name === 'sms-multilingual de')!;
    expect(records.filter((x) => fold.isExcluded(x)).map((x) => x.source)).toEqual(['SMSSpamCollection:2', 'data.csv:2', 'data.csv:3']);
    expect(records.filter((x) => fold.isTest(x)).map((x) => x.source)).toEqual(['data.csv:3']);
  });

  it('never trains on NonCommercial prose, the English copy of the SMS or the comment copies', () => {
    expect(records.filter(isTrainable).map((x) => x.source)).toEqual(['Youtube01-Psy.csv:2', 'Youtube03-LMFAO.csv:2', 'SMSSpamCollection:2', 'data.csv:3', 'en.jsonl:1']);
  });

  it('weighs spam and ham alike in total, each group alike within its class', () => {
    const train = records.filter(isTrainable);
    const examples = trainingExamples(train);
    const total = (label: 0 | 1) => examples.filter((e) => e.label === label).reduce((a, e) => a + e.weight!, 0);
    expect(total(1)).toBeCloseTo(train.length / 2, 10);
    expect(total(0)).toBeCloseTo(train.length / 2, 10);
    // Ham groups: youtube, sms en, ud-prose: a third of the ham weight each.
    expect(examples.filter((e) => e.label === 0).map((e) => e.weight)).toEqual([5 / 6, 5 / 6, 5 / 6]);
  });
});

describe('leave-one-out as comments', () => {
  const examples = [
    ...['win a free prize now', 'free prize claim now', 'claim your free prize', 'win cash now free'].map((text) => ({ text, label: 1 as const })),
    ...['see you at lunch', 'the meeting is at noon', 'lunch at noon then', 'see you at the meeting'].map((text) => ({ text, label: 0 as const })),
  ];
  const options = { features: { bits: 12, unigrams: true, bigrams: true, charGrams: 0, shapes: false }, l2: 0, learningRate: 0.5, epochs: 40, seed: 1, buckets: MODEL_BUCKETS };
  const tiny = trainModel(examples, { ...options, version: 'test-tiny' });
  const scored = (text: string, baseCents: number, formType?: 'comment'): ScoredRecord => ({ dataset: formType ? 'youtube:comment' : 'youtube', language: 'en', label: 'spam', split: 'train', text, source: 'Youtube01-Psy.csv:2', baseCents, ...(formType && { formType }) });

  it('adds the model\'s points capped and floored by the record\'s form type', () => {
    const ham = 'see you at the meeting at noon for lunch';
    const spam = 'win a free prize now, claim now';
    // −1 (p < 0.02) on a contact form; floored at 0 on a comment form.
    expect(classifyWith(tiny, scored(ham, 250), { minByFormType: { comment: 0 } })).toBe('NEUTRAL');
    expect(classifyWith(tiny, scored(ham, 250, 'comment'), { minByFormType: { comment: 0 } })).toBe('BAD');
    expect(classifyWith(tiny, scored(ham, 250, 'comment'))).toBe('NEUTRAL');
    // 2 (p ≥ 0.999) on a comment form; capped at 1 on a contact form.
    expect(classifyWith(tiny, scored(spam, 50, 'comment'), { maxByFormType: { contact: 1 } })).toBe('BAD');
    expect(classifyWith(tiny, scored(spam, 50), { maxByFormType: { contact: 1 } })).toBe('NEUTRAL');
  });

  it('reports a video as comments next to it as a contact form, the rules\' comment scores plus the same model', () => {
    const record = (source: string, label: 'spam' | 'ham', text: string, baseCents: number, formType?: 'comment'): ScoredRecord => ({
      dataset: formType ? 'youtube:comment' : 'youtube',
      language: 'en',
      label,
      split: 'train',
      text,
      source,
      baseCents,
      ...(formType && { formType }),
    });
    const records: ScoredRecord[] = [
      ...examples.map((e, i) => record(`Youtube02-KatyPerry.csv:${i + 2}`, e.label === 1 ? 'spam' : 'ham', e.text, 0)),
      // Video 1: a spam comment the rules score 2.5 as a comment, 1.5 as a contact form.
      record('Youtube01-Psy.csv:2', 'spam', 'see you at lunch then', 150),
      record('Youtube01-Psy.csv:2', 'spam', 'see you at lunch then', 250, 'comment'),
    ];
    const run = (minByFormType?: { comment: number }) => leaveOneOut(records, { ...options, maxByFormType: { contact: 1 }, minByFormType }).filter((f) => f.name.startsWith('youtube video 1'));
    expect(run().map((f) => [f.name, f.spam, f.bad.recall, f.rulesOnly.recall])).toEqual([
      ['youtube video 1', 1, 0, 0],
      ['youtube video 1 (comment)', 1, 0, 1], // the model's −1 takes the comment's 2.5 down to 1.5
    ]);
    expect(run({ comment: 0 }).map((f) => [f.name, f.bad.recall])).toEqual([
      ['youtube video 1', 0],
      ['youtube video 1 (comment)', 1],
    ]);
  });
});

describe('defineRule with a buckets formula', () => {
  it.each([
    ['empty', []],
    ['not highest first', [{ min: 0.5, score: 1 }, { min: 0.9, score: 2 }]],
    ['a min above 1', [{ min: 1.5, score: 1 }]],
    ['an infinite score', [{ min: 0, score: Infinity }]],
  ])('refuses %s buckets with INVALID_OPTIONS', (_name, buckets) => {
    expect(code(() => defineRule({ id: 'text.X', significance: 'low', formula: { buckets }, description: 'x', score: () => hit([]) }))).toMatch(/^INVALID_OPTIONS: .*buckets/);
  });

  it.each(['maxByFormType', 'minByFormType'])('refuses a %s that is not finite numbers', (key) => {
    const formula = { buckets: [{ min: 0, score: 1 }], [key]: { comment: Number.NaN } };
    expect(code(() => defineRule({ id: 'text.X', significance: 'low', formula, description: 'x', score: () => hit([]) }))).toBe(`INVALID_OPTIONS: defineRule(text.X): ${key} must map form types to finite numbers`);
  });
});
