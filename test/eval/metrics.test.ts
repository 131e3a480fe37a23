import { describe, expect, it } from 'vitest';
import { binaryMetrics, emptyConfusion, type Confusion } from '../../src/eval/metrics.js';
import { evaluate, formatReport } from '../../src/eval/run.js';
import { commentProfileCopies, type EvalRecord } from '../../src/eval/datasets.js';
import type { FormType } from '../../src/core/request.js';
import type { Classification } from '../../src/core/response.js';

const table = (spam: [number, number, number], ham: [number, number, number]): Confusion => ({
  spam: { GOOD: spam[0], NEUTRAL: spam[1], BAD: spam[2] },
  ham: { GOOD: ham[0], NEUTRAL: ham[1], BAD: ham[2] },
});

describe('binaryMetrics', () => {
  // spam: 10 GOOD, 20 NEUTRAL, 70 BAD; ham: 880 GOOD, 100 NEUTRAL, 20 BAD.
  const c = table([10, 20, 70], [880, 100, 20]);

  it('counts BAD as the positive class', () => {
    const m = binaryMetrics(c, 'bad');
    expect(m).toMatchObject({ tp: 70, fn: 30, fp: 20, tn: 980 });
    expect(m.precision).toBeCloseTo(70 / 90, 12);
    expect(m.recall).toBeCloseTo(0.7, 12);
    expect(m.f1).toBeCloseTo((2 * (70 / 90) * 0.7) / (70 / 90 + 0.7), 12);
    expect(m.f1).toBeCloseTo(140 / 190, 12);
    expect(m.falsePositiveRate).toBeCloseTo(0.02, 12);
  });

  it('counts NEUTRAL as spam in neutralAsSpam', () => {
    const m = binaryMetrics(c, 'neutralAsSpam');
    expect(m).toMatchObject({ tp: 90, fn: 10, fp: 120, tn: 880 });
    expect(m.precision).toBeCloseTo(90 / 210, 12);
    expect(m.recall).toBeCloseTo(0.9, 12);
    expect(m.f1).toBeCloseTo(180 / 310, 12);
    expect(m.falsePositiveRate).toBeCloseTo(0.12, 12);
  });

  it('is exact on a perfect classifier', () => {
    expect(binaryMetrics(table([0, 0, 5], [5, 0, 0]), 'bad')).toEqual({
      tp: 5, fp: 0, fn: 0, tn: 5, precision: 1, recall: 1, f1: 1, falsePositiveRate: 0,
    });
  });

  it('reports null, never NaN, for zero divisions', () => {
    // Nothing classified BAD: precision undefined; recall and F1 are 0.
    expect(binaryMetrics(table([3, 0, 0], [4, 1, 0]), 'bad')).toEqual({
      tp: 0, fp: 0, fn: 3, tn: 5, precision: null, recall: 0, f1: 0, falsePositiveRate: 0,
    });
    // No spam: recall undefined; no ham: false-positive rate undefined.
    expect(binaryMetrics(table([0, 0, 0], [2, 0, 0]), 'bad')).toEqual({
      tp: 0, fp: 0, fn: 0, tn: 2, precision: null, recall: null, f1: null, falsePositiveRate: 0,
    });
    expect(binaryMetrics(table([1, 0, 1], [0, 0, 0]), 'neutralAsSpam')).toMatchObject({ falsePositiveRate: null, precision: 1, recall: 0.5 });
    const empty = binaryMetrics(emptyConfusion(), 'bad');
    expect(empty).toEqual({ tp: 0, fp: 0, fn: 0, tn: 0, precision: null, recall: null, f1: null, falsePositiveRate: null });
  });
});

describe('evaluate', () => {
  const record = (dataset: string, language: string, label: 'spam' | 'ham', text: string): EvalRecord => ({
    dataset, language, label, text, split: 'test', source: `${dataset}:${text}`,
  });
  const records = [
    record('a', 'en', 'spam', 'BAD'),
    record('a', 'en', 'spam', 'NEUTRAL'),
    record('a', 'en', 'ham', 'GOOD'),
    record('b', 'de', 'spam', 'GOOD'),
    record('b', 'de', 'ham', 'BAD'),
    record('b', 'fr', 'ham', 'THROW'),
    record('b', 'fr', 'spam', 'BAD'),
  ];
  // The "classifier" answers with the text itself, or throws.
  const classifier = async (text: string): Promise<Classification> => {
    if (text === 'THROW') throw new Error('boom');
    return text as Classification;
  };

  it('aggregates per data set, per data set and language, and per language', async () => {
    const report = await evaluate(records, ['BAD', 'NEUTRAL', 'GOOD', 'BAD'], classifier, { split: 'test', concurrency: 3 });
    expect(report.datasets.map((g) => `${g.dataset}/${g.language}:${g.count}`)).toEqual(['a/all:3', 'b/all:3', 'b/de:2', 'b/fr:1']);
    expect(report.languages.map((g) => `${g.dataset}/${g.language}:${g.count}`)).toEqual(['all/en:3', 'all/de:2', 'all/fr:1']);
    const a = report.datasets[0]!;
    expect(a.confusion).toEqual(table([0, 1, 1], [1, 0, 0]));
    expect(a.bad).toMatchObject({ precision: 1, recall: 0.5, falsePositiveRate: 0 });
    expect(a.neutralAsSpam).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    const b = report.datasets[1]!;
    expect(b).toMatchObject({ count: 3, spam: 2, ham: 1, errors: 1 });
    expect(b.bad).toMatchObject({ tp: 1, fp: 1, fn: 1, tn: 0, precision: 0.5, recall: 0.5, f1: 0.5, falsePositiveRate: 1 });
    expect(report.errorSamples).toEqual([{ source: 'b:THROW', message: 'boom' }]);
    expect(report.phrases).toEqual({
      dataset: 'contact-form-phrases', count: 4, errors: 0,
      classifications: { GOOD: 1, NEUTRAL: 1, BAD: 2 }, flaggedBad: 0.5, flaggedBadOrNeutral: 0.75,
    });
  });

  it('passes a record\'s formType to the classifier and leaves such copies out of the language totals', async () => {
    const seen: string[] = [];
    const byFormType = async (text: string, formType?: FormType): Promise<Classification> => {
      seen.push(`${text}:${formType ?? '-'}`);
      return formType === 'comment' ? 'BAD' : (text as Classification);
    };
    const base = [record('youtube', 'en', 'spam', 'NEUTRAL'), record('youtube', 'en', 'ham', 'GOOD')];
    const report = await evaluate([...base, ...commentProfileCopies(base)], null, byFormType, { split: 'test', concurrency: 1 });
    expect(seen).toEqual(['NEUTRAL:-', 'GOOD:-', 'NEUTRAL:comment', 'GOOD:comment']);
    expect(report.datasets.map((g) => `${g.dataset}/${g.language}:${g.count}`)).toEqual(['youtube/all:2', 'youtube:comment/all:2']);
    expect(report.datasets[1]!.confusion).toEqual(table([0, 0, 1], [0, 0, 1]));
    expect(report.languages.map((g) => `${g.dataset}/${g.language}:${g.count}`)).toEqual(['all/en:2']);
    expect(report.languages[0]!.confusion).toEqual(table([0, 1, 0], [1, 0, 0]));
  });

  it('reports progress up to the total', async () => {
    const seen: number[] = [];
    await evaluate(records.slice(0, 3), null, classifier, { split: 'test', onProgress: (done, total) => seen.push(done * 100 + total) });
    expect(seen).toEqual([103, 203, 303]);
  });

  it('formats a table with dashes for undefined ratios', async () => {
    const report = await evaluate([record('x', 'en', 'ham', 'GOOD')], null, classifier, { split: 'test' });
    const text = formatReport(report);
    expect(text).toContain('formspam eval: test split');
    expect(text).toMatch(/^x\s+all\s+1\s+0\s+1\s+—\s+—\s+—\s+0\.0%/m);
    expect(text).not.toContain('NaN');
  });
});
