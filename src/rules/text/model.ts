import { defineFact, defineRule, hit, type ProbabilityBucket } from '../../core/rule.js';
import type { FormType } from '../../core/request.js';

/**
 * The points of the text model's spam probability (chosen on leave-one-out figures of the
 * training data: docs/decisions/text-model.md). Strong ham evidence takes a point off.
 */
export const MODEL_BUCKETS: readonly ProbabilityBucket[] = Object.freeze([
  { min: 0.999, score: 2 },
  { min: 0.99, score: 1 },
  { min: 0.9, score: 0.5 },
  { min: 0.02, score: 0 },
  { min: 0, score: -1 },
]);

/**
 * The most the model adds by form type. A contact form (the default) gets at most 1: the model
 * learned spam from SMS and YouTube comments, not from contact forms, so on its own it may not
 * make an enquiry BAD (the other rules must see at least 1.25). Comments keep the full buckets.
 * Chosen on leave-one-out figures: docs/decisions/text-model.md.
 */
export const MODEL_MAX_BY_FORM_TYPE: Readonly<Partial<Record<FormType, number>>> = Object.freeze({ contact: 1 });

/**
 * The least the model adds by form type. A comment form gets no point off (the −1 bucket does
 * not apply): the model's ham is mostly YouTube fan talk, so it is "sure" a comment is ham even
 * when the rules found self-promotion in it. Chosen on leave-one-out figures of the training
 * videos as comments: docs/decisions/text-model.md.
 */
export const MODEL_MIN_BY_FORM_TYPE: Readonly<Partial<Record<FormType, number>>> = Object.freeze({ comment: 0 });

/** The model's points for a probability on a form type (what the rule's formula gives). */
export function modelPoints(probability: number, formType: FormType = 'contact'): number {
  const max = MODEL_MAX_BY_FORM_TYPE[formType];
  const min = MODEL_MIN_BY_FORM_TYPE[formType];
  for (const b of MODEL_BUCKETS) {
    if (probability >= b.min) return max !== undefined && b.score > max ? max : min !== undefined && b.score < min ? min : b.score;
  }
  return 0;
}

/** The loaded text model (from the `textModel` provider): literal data for the rule. */
export const textModelFact = defineFact({
  key: 'text.model',
  provider: 'textModel',
  fetch: (provider, _request, options) => provider.load(options),
});

export default defineRule({
  id: 'text.MODEL',
  significance: 'medium',
  formula: { buckets: MODEL_BUCKETS, maxByFormType: MODEL_MAX_BY_FORM_TYPE, minByFormType: MODEL_MIN_BY_FORM_TYPE },
  skipReasons: [],
  needs: { model: textModelFact },
  description:
    'A learned text model (logistic regression over the hashed words of the normalised text, trained on public labelled data): its spam probability scores by bucket, from −1 (p < 0.02, strong ham evidence) to 2 (p ≥ 0.999), at most 1 on a contact form (the default formType), at least 0 on a comment form; the evidence names the probability and the words that weighed most.',
  score(request, { model }) {
    const { text } = request;
    if (!text) return hit([], { probability: 0.5 });
    const prediction = model.predict(text, 5);
    const matches = prediction.tokens.map((t) => ({
      field: text.segments[prediction.words.segment[t.word]!]!.field,
      value: t.token,
      index: prediction.words.from[t.word]!,
      weight: t.weight,
      reason: t.weight > 0 ? 'spam' : 'ham',
    }));
    return hit(matches, {
      probability: Math.round(prediction.probability * 10000) / 10000,
      model: model.version,
      features: prediction.features,
    });
  },
});
