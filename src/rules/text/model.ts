import { defineFact, defineRule, hit, type ProbabilityBucket } from '../../rule.js';

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

/** The loaded text model (from the `textModel` provider): literal data for the rule. */
export const textModelFact = defineFact({
  key: 'text.model',
  provider: 'textModel',
  fetch: (provider, _request, options) => provider.load(options),
});

export default defineRule({
  id: 'text.MODEL',
  significance: 'medium',
  formula: { buckets: MODEL_BUCKETS },
  needs: { model: textModelFact },
  description:
    'A learned text model (logistic regression over hashed words, word pairs and character n-grams of the normalised text, trained on public labelled data): its spam probability scores by bucket, from −1 (p < 0.02, strong ham evidence) to 2 (p ≥ 0.999); the evidence names the probability and the words that weighed most.',
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
