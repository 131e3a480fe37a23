/**
 * Runs a classifier over evaluation records and aggregates the results per data set, per
 * data set and language, and per language; formats the report as a table. The classifier is
 * passed in, so the aggregation is testable without the rules.
 */
import type { FormType } from '../core/request.js';
import type { Classification } from '../core/response.js';
import type { EvalRecord, SplitFilter } from './datasets.js';
import { addToConfusion, binaryMetrics, emptyConfusion, type BinaryMetrics, type Confusion } from './metrics.js';

/** Classifies one message text (as a form of `formType`, the default `contact` when undefined). */
export type TextClassifier = (text: string, formType?: FormType) => Promise<Classification>;

/** The results of one group of records. `dataset` or `language` is `"all"` for a group over all of them. */
export interface GroupResult {
  dataset: string;
  language: string;
  /** Records classified (errors excluded). */
  count: number;
  spam: number;
  ham: number;
  /** Records whose classification threw (excluded from the counts and metrics). */
  errors: number;
  /** True label × classification. */
  confusion: Confusion;
  /** BAD as the positive class. */
  bad: BinaryMetrics;
  /** BAD and NEUTRAL both counted as spam. */
  neutralAsSpam: BinaryMetrics;
}

/** The contact-form phrases: all spam fragments, so only the share flagged is meaningful. */
export interface PhrasesResult {
  dataset: string;
  count: number;
  errors: number;
  classifications: Record<Classification, number>;
  /** Share classified BAD (recall with BAD positive); null when there are none. */
  flaggedBad: number | null;
  /** Share classified BAD or NEUTRAL. */
  flaggedBadOrNeutral: number | null;
}

export interface EvalReport {
  split: SplitFilter;
  /** Per data set (`language: "all"`), followed by its languages when it has more than one. */
  datasets: GroupResult[];
  /**
   * Per language over all the labelled data sets evaluated (`dataset: "all"`), each message
   * once: records with a `formType` (the `youtube:comment` copies) are not counted here.
   */
  languages: GroupResult[];
  /** Null when the phrases were not evaluated. */
  phrases: PhrasesResult | null;
  /** The first few classification failures, for diagnosis. */
  errorSamples: { source: string; message: string }[];
}

export interface EvaluateOptions {
  split: SplitFilter;
  /** Classifications in flight at once (default 4). */
  concurrency?: number;
  /** Called after each classified item with the number done and the total. */
  onProgress?: (done: number, total: number) => void;
}

const MAX_ERROR_SAMPLES = 5;

async function mapBounded<T, R>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}

type Outcome = { ok: true; classification: Classification } | { ok: false; message: string };

function group(dataset: string, language: string, items: readonly (readonly [EvalRecord, Outcome])[]): GroupResult {
  const confusion = emptyConfusion();
  let errors = 0;
  for (const [record, outcome] of items) {
    if (outcome.ok) addToConfusion(confusion, record.label, outcome.classification);
    else errors++;
  }
  const spam = confusion.spam.GOOD + confusion.spam.NEUTRAL + confusion.spam.BAD;
  const ham = confusion.ham.GOOD + confusion.ham.NEUTRAL + confusion.ham.BAD;
  return {
    dataset,
    language,
    count: spam + ham,
    spam,
    ham,
    errors,
    confusion,
    bad: binaryMetrics(confusion, 'bad'),
    neutralAsSpam: binaryMetrics(confusion, 'neutralAsSpam'),
  };
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/**
 * Classifies every record (and phrase, when given) and aggregates the results. Records are
 * taken as given: filter them by split first ({@link inSplit}); `options.split` is only reported.
 */
export async function evaluate(
  records: readonly EvalRecord[],
  phrases: readonly string[] | null,
  classifyText: TextClassifier,
  options: EvaluateOptions,
): Promise<EvalReport> {
  const texts: { text: string; formType?: FormType }[] = [...records, ...(phrases ?? []).map((text) => ({ text }))];
  let done = 0;
  const outcomes = await mapBounded(texts, options.concurrency ?? 4, async ({ text, formType }): Promise<Outcome> => {
    let outcome: Outcome;
    try {
      outcome = { ok: true, classification: await classifyText(text, formType) };
    } catch (error) {
      outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    options.onProgress?.(++done, texts.length);
    return outcome;
  });
  const pairs = records.map((r, i) => [r, outcomes[i]!] as const);

  const datasets: GroupResult[] = [];
  for (const dataset of distinct(records.map((r) => r.dataset))) {
    const ofDataset = pairs.filter(([r]) => r.dataset === dataset);
    datasets.push(group(dataset, 'all', ofDataset));
    const languages = distinct(ofDataset.map(([r]) => r.language));
    if (languages.length > 1) {
      for (const language of languages) datasets.push(group(dataset, language, ofDataset.filter(([r]) => r.language === language)));
    }
  }
  const once = pairs.filter(([r]) => r.formType === undefined);
  const languages = distinct(once.map(([r]) => r.language)).map((language) =>
    group('all', language, once.filter(([r]) => r.language === language)),
  );

  const errorSamples: EvalReport['errorSamples'] = [];
  pairs.forEach(([r, o]) => {
    if (!o.ok && errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push({ source: r.source, message: o.message });
  });

  let phrasesResult: PhrasesResult | null = null;
  if (phrases) {
    const classifications: Record<Classification, number> = { GOOD: 0, NEUTRAL: 0, BAD: 0 };
    let errors = 0;
    outcomes.slice(records.length).forEach((o, i) => {
      if (o.ok) classifications[o.classification]++;
      else {
        errors++;
        if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push({ source: `messages.json[${i}]`, message: o.message });
      }
    });
    const count = classifications.GOOD + classifications.NEUTRAL + classifications.BAD;
    phrasesResult = {
      dataset: 'contact-form-phrases',
      count,
      errors,
      classifications,
      flaggedBad: count === 0 ? null : classifications.BAD / count,
      flaggedBadOrNeutral: count === 0 ? null : (classifications.BAD + classifications.NEUTRAL) / count,
    };
  }
  return { split: options.split, datasets, languages, phrases: phrasesResult, errorSamples };
}

/** A ratio with three decimals, `—` when undefined. */
export function num(value: number | null): string {
  return value === null ? '—' : value.toFixed(3);
}

/** A share as a percentage with one decimal, `—` when undefined. */
export function pct(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`;
}

/** Aligned columns: the first `left` columns to the left, the others (numbers) to the right. */
export function table(rows: string[][], left: number, indent = ''): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r) => indent + r.map((cell, c) => (c < left ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ').trimEnd())
    .join('\n');
}

/** The report as readable text: a metrics table, the confusion tables, the phrases line. */
export function formatReport(report: EvalReport): string {
  const out: string[] = [`formspam eval: ${report.split} split`, ''];
  const groups = [...report.datasets, ...(report.datasets.length > 1 || report.languages.length > 1 ? report.languages : [])];
  if (groups.length > 0) {
    const header = ['dataset', 'lang', 'n', 'spam', 'ham', 'P', 'R', 'F1', 'FPR', 'P(N+B)', 'R(N+B)', 'F1(N+B)', 'FPR(N+B)'];
    const rows = groups.map((g) => [
      g.dataset,
      g.language,
      String(g.count),
      String(g.spam),
      String(g.ham),
      num(g.bad.precision),
      num(g.bad.recall),
      num(g.bad.f1),
      pct(g.bad.falsePositiveRate),
      num(g.neutralAsSpam.precision),
      num(g.neutralAsSpam.recall),
      num(g.neutralAsSpam.f1),
      pct(g.neutralAsSpam.falsePositiveRate),
    ]);
    out.push('P, R, F1, FPR: BAD is spam.  (N+B): NEUTRAL also counted as spam.  —: undefined (division by zero).', '');
    out.push(table([header, ...rows], 2), '');
    out.push('Confusion tables (true label × classification):', '');
    for (const g of groups) {
      out.push(`${g.dataset} / ${g.language}${g.errors > 0 ? ` (${g.errors} errors excluded)` : ''}`);
      out.push(
        table([
          ['', 'GOOD', 'NEUTRAL', 'BAD'],
          ['spam', String(g.confusion.spam.GOOD), String(g.confusion.spam.NEUTRAL), String(g.confusion.spam.BAD)],
          ['ham', String(g.confusion.ham.GOOD), String(g.confusion.ham.NEUTRAL), String(g.confusion.ham.BAD)],
        ], 1, '  '),
        '',
      );
    }
  }
  const p = report.phrases;
  if (p) {
    out.push(
      `contact-form-phrases (all spam fragments, not a held-out set; no precision/recall): ${p.count} phrases, ` +
        `flagged BAD ${pct(p.flaggedBad)}, BAD or NEUTRAL ${pct(p.flaggedBadOrNeutral)} ` +
        `(GOOD ${p.classifications.GOOD}, NEUTRAL ${p.classifications.NEUTRAL}, BAD ${p.classifications.BAD})`,
      '',
    );
  }
  for (const e of report.errorSamples) out.push(`error: ${e.source}: ${e.message}`);
  return `${out.join('\n').trimEnd()}\n`;
}
