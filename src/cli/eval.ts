import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { classify } from '../engine/classifier.js';
import { createDefaultProviders } from '../providers/default.js';
import {
  commentProfileCopies,
  DATASETS,
  EvalDataError,
  evaluate,
  formatReport,
  inSplit,
  LABELLED_DATASETS,
  loadContactFormPhrases,
  loadLabelled,
  PHRASES_DATASET,
  type DatasetName,
  type EvalRecord,
  type SplitFilter,
} from '../eval/index.js';
import { EXIT, UsageError, write } from './io.js';
import { leaveOneOut, type FoldResult, type ScoredRecord } from '../eval/leave-one-out.js';
import { num, pct, table } from '../eval/run.js';
import { ENQUIRIES_DATASET, ENQUIRIES_FIXTURE, enquiryRecords, phraseRecords, TEXT_MODEL_OPTIONS } from '../model/training-set.js';
import { MODEL_MAX_BY_FORM_TYPE, MODEL_MIN_BY_FORM_TYPE } from '../rules/text/model.js';

export const EVAL_HELP = `Usage: formspam eval [options]

Runs the classifier (text rules, offline: no network) over the labelled data sets and prints,
per data set and per language, precision, recall, F1 and false-positive rate with BAD as the
positive class, the same with NEUTRAL also counted as spam, and the confusion tables.

Data sets (folders of --data): youtube (youtube-spam-collection; test = video 5),
sms (sms-spam-collection; test = 0-based index divisible by 3), sms-multilingual
(sms-spam-multilingual, columns en, de, fr; same split as sms), ud-prose (ud-prose/<lang>.jsonl:
real published prose in the 19 classifier languages, all ham, so only the false-positive rate
per language counts; test = odd runs of 10 consecutive messages of a file), contact-form-phrases
(contact-form-spam-phrases/messages.json: spam fragments only, reported as "phrases flagged",
never in precision/recall, the same for every split).

Every message is classified as { text } with the default rules, that is as a contact form.
YouTube comments are also classified as { text, formType: "comment" } and reported as the data
set youtube:comment (the comment lists of SPAM_WORDS apply); the per-language rows count each
message once, as a contact form.

Options:
      --data <dir>       the data directory (default: ../shared/data from the current directory)
      --split <split>    test, train or all (default: test)
      --dataset <name>   only this data set (repeatable, or comma-separated)
      --leave-one-out    train the text model (text.MODEL) without one data set at a time
                         (each YouTube video, each SMS language with its translations, each
                         ud-prose language, the contact-form phrases, the contact-form
                         enquiries of fixtures/contact-form-ham-en.json) and measure the rules
                         plus that model on the set left out; each YouTube video twice, as a
                         contact form and, with the same model, as a comment form (the row
                         "youtube video N (comment)"); --split defaults to train here
                         (model selection never looks at a test split); about a minute
      --json             print the report as JSON
  -h, --help             show this help

Progress goes to standard error when it is a terminal.
Exit status: 0 when the report was printed, 2 on a missing or malformed data file or bad usage.
`;

interface Streams {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

const SPLITS: readonly SplitFilter[] = ['test', 'train', 'all'];

function datasetsOf(values: readonly string[] | undefined): DatasetName[] {
  if (!values || values.length === 0) return [...DATASETS];
  const names = values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  for (const name of names) {
    if (!(DATASETS as readonly string[]).includes(name)) {
      throw new UsageError(`--dataset ${JSON.stringify(name)} is not a data set; use one of ${DATASETS.join(', ')}`);
    }
  }
  return DATASETS.filter((d) => names.includes(d));
}

export async function runEval(argv: string[], io: Streams): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      data: { type: 'string' },
      split: { type: 'string' },
      dataset: { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
      'leave-one-out': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: false,
    strict: true,
  });
  if (values.help) {
    await write(io.stdout, EVAL_HELP);
    return EXIT.OK;
  }
  const loo = values['leave-one-out'] === true;
  const split = (values.split ?? (loo ? 'train' : 'test')) as SplitFilter;
  if (!SPLITS.includes(split)) throw new UsageError(`--split must be test, train or all, not ${JSON.stringify(values.split)}`);
  const datasets = datasetsOf(values.dataset);
  const dataDir = resolve(values.data ?? '../shared/data');

  try {
    if (!existsSync(dataDir) || !statSync(dataDir).isDirectory()) {
      throw new EvalDataError(
        'DATA_NOT_FOUND',
        `data directory ${dataDir} is missing${values.data === undefined ? ' (the default is ../shared/data from the current directory; pass --data <dir>)' : ''}`,
      );
    }
    const records: EvalRecord[] = [];
    for (const dataset of LABELLED_DATASETS) {
      if (datasets.includes(dataset)) records.push(...inSplit(loadLabelled(dataDir, dataset), split));
    }
    // The model also trains on the project's contact-form enquiries: left out like a data set.
    if (loo) {
      const enquiries = datasets.includes(PHRASES_DATASET) ? enquiryRecords() : [];
      if (datasets.includes(PHRASES_DATASET) && enquiries.length === 0) {
        io.stderr.write(
          `formspam eval --leave-one-out: ${ENQUIRIES_FIXTURE} is not beside this build (an installed package has no fixtures/): ` +
            `the ${ENQUIRIES_DATASET} row is missing, and every other fold trains without those 50 enquiries, so its figures differ from docs/accuracy.md. ` +
            'Run it from a clone of the repository for the documented table.\n',
        );
      }
      const phrases = datasets.includes(PHRASES_DATASET) ? [...phraseRecords(dataDir), ...enquiries] : [];
      return await runLeaveOneOut(records, phrases, split, values.json === true, io);
    }
    records.push(...commentProfileCopies(records));
    const phrases = datasets.includes(PHRASES_DATASET) ? loadContactFormPhrases(dataDir) : null;

    const providers = createDefaultProviders({ offline: true, textModel: true });
    const progress = io.stderr.isTTY === true;
    let shown = 0;
    const report = await evaluate(records, phrases, async (text, formType) => (await classify(formType ? { text, formType } : { text }, providers)).classification, {
      split,
      onProgress: progress
        ? (done, total) => {
            if (done === total || done - shown >= 250) {
              shown = done;
              io.stderr.write(`\rformspam eval: ${done}/${total} classified${done === total ? '\n' : ''}`);
            }
          }
        : undefined,
    });
    await write(io.stdout, values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
    return EXIT.OK;
  } catch (error) {
    if (!(error instanceof EvalDataError)) throw error;
    await write(io.stderr, `${JSON.stringify({ error: { code: error.code, message: error.message } })}\n`);
    return EXIT.INVALID_INPUT;
  }
}

/** `--leave-one-out`: the rules score each record once; each fold adds its own model's points. */
async function runLeaveOneOut(records: EvalRecord[], phrases: EvalRecord[], split: SplitFilter, json: boolean, io: Streams): Promise<number> {
  const providers = createDefaultProviders({ offline: true, textModel: true });
  // YouTube videos are measured as contact forms and, as the copies youtube:comment, as comments.
  const all = [...records, ...commentProfileCopies(records), ...phrases];
  const progress = io.stderr.isTTY === true;
  const scored: ScoredRecord[] = [];
  for (const r of all) {
    const request = r.formType ? { text: r.text, formType: r.formType } : { text: r.text };
    const result = await classify({ ...request, disableRules: ['text.MODEL'] }, providers);
    scored.push({ ...r, baseCents: Math.round(result.score * 100) });
    if (progress && scored.length % 500 === 0) io.stderr.write(`\rformspam eval --leave-one-out: ${scored.length}/${all.length} scored by the rules`);
  }
  const folds = leaveOneOut(scored, {
    ...TEXT_MODEL_OPTIONS,
    maxByFormType: MODEL_MAX_BY_FORM_TYPE,
    minByFormType: MODEL_MIN_BY_FORM_TYPE,
    onFold: progress ? (i, n, name) => io.stderr.write(`\rformspam eval --leave-one-out: fold ${i + 1}/${n} (${name})`.padEnd(70)) : undefined,
  });
  if (progress) io.stderr.write('\n');
  if (json) {
    await write(io.stdout, `${JSON.stringify({ split, model: { ...TEXT_MODEL_OPTIONS, version: undefined }, folds }, null, 2)}\n`);
    return EXIT.OK;
  }
  const rows = [['left out', 'spam', 'ham', 'R', 'FPR', 'R rules only', 'FPR rules only']];
  for (const f of folds as FoldResult[]) {
    rows.push([f.name, String(f.spam), String(f.ham), num(f.bad.recall), pct(f.bad.falsePositiveRate), num(f.rulesOnly.recall), pct(f.rulesOnly.falsePositiveRate)]);
  }
  await write(
    io.stdout,
    `formspam eval --leave-one-out: ${split} split; each row: a model trained without that data set, the rules plus that model measured on it (BAD is spam)\n\n${table(rows, 1)}\n`,
  );
  return EXIT.OK;
}
