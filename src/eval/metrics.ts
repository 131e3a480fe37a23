/**
 * Confusion tables and binary metrics of the evaluation. Two readings of the three labels:
 *
 * - `bad`: BAD is the positive class (spam caught); GOOD and NEUTRAL count as "let through".
 * - `neutralAsSpam`: BAD and NEUTRAL are both counted as spam.
 *
 * Every ratio whose denominator is zero is `null`, never NaN or a made-up 0 or 1.
 */
import type { Classification } from '../core/response.js';
import type { Label } from './datasets.js';

/** Counts by true label (rows) and classification (columns). */
export type Confusion = Record<Label, Record<Classification, number>>;

export interface BinaryMetrics {
  /** Spam classified positive. */
  tp: number;
  /** Ham classified positive. */
  fp: number;
  /** Spam classified negative. */
  fn: number;
  /** Ham classified negative. */
  tn: number;
  /** tp / (tp + fp); null when nothing was classified positive. */
  precision: number | null;
  /** tp / (tp + fn); null when there is no spam. */
  recall: number | null;
  /** 2·tp / (2·tp + fp + fn), the harmonic mean of precision and recall; null when tp + fp + fn = 0. */
  f1: number | null;
  /** fp / (fp + tn); null when there is no ham. */
  falsePositiveRate: number | null;
}

export function emptyConfusion(): Confusion {
  return { spam: { GOOD: 0, NEUTRAL: 0, BAD: 0 }, ham: { GOOD: 0, NEUTRAL: 0, BAD: 0 } };
}

export function addToConfusion(confusion: Confusion, label: Label, classification: Classification): void {
  confusion[label][classification]++;
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

/** The binary metrics of a confusion table, with BAD (or BAD and NEUTRAL) as the positive class. */
export function binaryMetrics(confusion: Confusion, mode: 'bad' | 'neutralAsSpam'): BinaryMetrics {
  const { spam, ham } = confusion;
  const tp = mode === 'bad' ? spam.BAD : spam.BAD + spam.NEUTRAL;
  const fn = spam.GOOD + spam.NEUTRAL + spam.BAD - tp;
  const fp = mode === 'bad' ? ham.BAD : ham.BAD + ham.NEUTRAL;
  const tn = ham.GOOD + ham.NEUTRAL + ham.BAD - fp;
  return {
    tp,
    fp,
    fn,
    tn,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    f1: ratio(2 * tp, 2 * tp + fp + fn),
    falsePositiveRate: ratio(fp, fp + tn),
  };
}
