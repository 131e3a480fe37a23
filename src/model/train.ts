/**
 * Training of the text model: L2-regularised logistic regression on hashed features, fitted
 * with AdaGrad over a fixed number of passes in a seeded order. Deterministic: the same
 * examples, options and seed give the same weights bit for bit (no clock, no Math.random).
 */
import { TextInput } from '../text/input.js';
import { extractFeatures, uniqueFeatures, type FeatureConfig } from './features.js';
import { TextModel, type Bucket, type ModelHeader } from './model.js';

export interface TrainingExample {
  readonly text: string;
  /** 1: spam, 0: ham. */
  readonly label: 0 | 1;
  /** Weight of the example in the loss (default 1). */
  readonly weight?: number;
}

export interface TrainOptions {
  readonly features: FeatureConfig;
  /** L2 strength per update. */
  readonly l2: number;
  /** AdaGrad learning rate. */
  readonly learningRate: number;
  /** Passes over the data. */
  readonly epochs: number;
  /** Seed of the order of the examples in each pass. */
  readonly seed: number;
  readonly buckets: readonly Bucket[];
  readonly version: string;
  /** Stored in the header as is (what the model was trained on). */
  readonly training?: Readonly<Record<string, unknown>>;
}

/** A small, fast, seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The distinct feature slots of each example (computed once, reused by every pass). */
export function featurize(examples: readonly { readonly text: string }[], config: FeatureConfig): Int32Array[] {
  const seen = new Uint8Array(2 ** config.bits);
  return examples.map((e) => {
    const text = new TextInput([{ field: 'text', text: e.text }]);
    const unique = uniqueFeatures(extractFeatures(text, config), seen);
    return unique.slots.slice(0, unique.count);
  });
}

/**
 * Fits the weights. `slots` must come from {@link featurize} with `options.features`
 * (pass them when training several models on the same features).
 */
export function trainModel(examples: readonly TrainingExample[], options: TrainOptions, slots = featurize(examples, options.features)): TextModel {
  const size = 2 ** options.features.bits;
  const w = new Float64Array(size);
  const g2 = new Float64Array(size);
  let bias = 0;
  let biasG2 = 0;
  const order = examples.map((_, i) => i);
  const { l2, learningRate } = options;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const next = random(options.seed + epoch * 7919);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    for (const index of order) {
      const x = slots[index]!;
      const example = examples[index]!;
      let z = bias;
      for (let k = 0; k < x.length; k++) z += w[x[k]!]!;
      const p = z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
      const g = (p - example.label) * (example.weight ?? 1);
      for (let k = 0; k < x.length; k++) {
        const s = x[k]!;
        const grad = g + l2 * w[s]!;
        g2[s] = g2[s]! + grad * grad;
        w[s] = w[s]! - (learningRate * grad) / Math.sqrt(g2[s]! + 1e-8);
      }
      biasG2 += g * g;
      bias -= (learningRate * g) / Math.sqrt(biasG2 + 1e-8);
    }
  }
  let max = 0;
  for (let i = 0; i < size; i++) max = Math.max(max, Math.abs(w[i]!));
  // 8-bit weights: the largest |weight| is ±127; the step is max/127 (about 0.01 for the bundled model).
  const scale = max === 0 ? 1 : max / 127;
  const weights = new Int8Array(size);
  for (let i = 0; i < size; i++) weights[i] = Math.round(w[i]! / scale);
  const header: ModelHeader = {
    format: 2,
    version: options.version,
    features: options.features,
    bias,
    scale,
    buckets: options.buckets,
    training: { l2, learningRate, epochs: options.epochs, seed: options.seed, examples: examples.length, ...options.training },
  };
  return new TextModel(header, weights);
}
