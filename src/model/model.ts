/**
 * The text model of `text.MODEL`: logistic regression over hashed features
 * ({@link extractFeatures}), stored as 8-bit weights in a small binary file
 * (`data/text-model.bin`), and the probability buckets that turn its spam probability into
 * points, as SpamAssassin's BAYES_* rules do.
 *
 * File format (little-endian):
 *
 * | bytes | content |
 * |---|---|
 * | 8 | magic `FSTXTM02` |
 * | 4 | u32: length H of the header |
 * | H | UTF-8 JSON header ({@link ModelHeader}) |
 * | 2^bits | i8 weights; weight = value × `scale` |
 *
 * The weights are 8 bits so that the table (64 KiB at 16 bits, the bundled model's) stays in
 * the CPU caches a request leaves: its reads are at random places. A file of format 1
 * (`FSTXTM01`, 16-bit weights) is refused with a message of its own: train the model again
 * (`npm run train:model`).
 *
 * Parsing is a view over the file's bytes: no copy, no per-weight work at load.
 */
import { FormspamError } from '../core/errors.js';
import type { TextInput } from '../text/input.js';
import { weighFeatures, wordText, type FeatureConfig } from './features.js';
import type { Words } from '../lexicons/normalize.js';

export const MODEL_MAGIC = 'FSTXTM02';
/** The magic of format 1 (16-bit weights), refused with its own message. */
const FORMAT_1_MAGIC = 'FSTXTM01';

/** Points for a probability: the first bucket (highest `min` first) whose `min` ≤ p. */
export interface Bucket {
  readonly min: number;
  readonly score: number;
}

export interface ModelHeader {
  /** File format version (2: 8-bit weights). */
  readonly format: 2;
  /** The model's own version, e.g. `2026-11-24.1`: bumped whenever it is retrained. */
  readonly version: string;
  readonly features: FeatureConfig;
  readonly bias: number;
  /** Multiplier of the stored 8-bit weights. */
  readonly scale: number;
  /** Probability buckets, highest `min` first; the last has `min` 0. */
  readonly buckets: readonly Bucket[];
  /** What it was trained on and how (data sets with counts, hyper-parameters), for `formspam status` and docs. */
  readonly training: Readonly<Record<string, unknown>>;
}

/** One word's share of the decision: its features' weights summed (positive: spam). */
export interface TokenWeight {
  readonly word: number;
  readonly token: string;
  readonly weight: number;
}

export interface Prediction {
  /** Spam probability, 0–1. */
  readonly probability: number;
  /** The words that weighed most, by |weight|, at most `top`. */
  readonly tokens: readonly TokenWeight[];
  /** Distinct features the text had. */
  readonly features: number;
  /** The normalised words the tokens index (`segment`, `from`: where each word is). */
  readonly words: Words;
}

function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

export class TextModel {
  readonly header: ModelHeader;
  readonly weights: Int8Array;

  constructor(header: ModelHeader, weights: Int8Array) {
    if (weights.length !== 2 ** header.features.bits) {
      throw new FormspamError('INVALID_OPTIONS', `text model: ${weights.length} weights where 2^${header.features.bits} were expected`);
    }
    this.header = header;
    this.weights = weights;
  }

  get version(): string {
    return this.header.version;
  }

  /** The points of a probability, by the model's buckets. */
  pointsOf(probability: number): number {
    for (const b of this.header.buckets) if (probability >= b.min) return b.score;
    return 0;
  }

  /** The spam probability of a text and the words that weighed most. Pure. */
  predict(text: TextInput, top = 5): Prediction {
    const { header, weights } = this;
    const weighed = weighFeatures(text, header.features, weights);
    const { sum, byWord, words } = weighed;
    const wordCount = words.count;
    const probability = sigmoid(header.bias + sum * header.scale);
    // The `top` words of largest |weight| (the first of equal ones first): a small insertion
    // list of word indices, linear in the words; an object per word kept only.
    const scale = header.scale;
    const best: number[] = [];
    for (let i = 0; top > 0 && i < wordCount; i++) {
      const magnitude = Math.abs(byWord[i]! * scale);
      if (magnitude < 0.05) continue;
      let at = best.length;
      if (at === top && magnitude <= Math.abs(byWord[best[at - 1]!]! * scale)) continue;
      if (at === top) at--;
      while (at > 0 && Math.abs(byWord[best[at - 1]!]! * scale) < magnitude) {
        best[at] = best[at - 1]!;
        at--;
      }
      best[at] = i;
    }
    const tokens = best.map((i) => ({ word: i, token: wordText(words, i), weight: Math.round(byWord[i]! * scale * 100) / 100 }));
    return { probability, tokens, features: weighed.count, words };
  }
}

function invalidModel(message: string): never {
  throw new FormspamError('INVALID_MODEL', `text model: ${message}`);
}

function checkBuckets(buckets: unknown): asserts buckets is Bucket[] {
  if (!Array.isArray(buckets) || buckets.length === 0) invalidModel('`buckets` must be a non-empty array');
  let previous = Infinity;
  for (const b of buckets as unknown[]) {
    const { min, score } = (b ?? {}) as { min?: unknown; score?: unknown };
    if (typeof min !== 'number' || !(min >= 0 && min <= 1) || !(min < previous)) invalidModel('bucket minimums must be numbers in [0, 1], highest first');
    if (typeof score !== 'number' || !Number.isFinite(score)) invalidModel('bucket scores must be finite numbers');
    previous = min;
  }
  if ((buckets as Bucket[])[(buckets as Bucket[]).length - 1]!.min !== 0) invalidModel('the last bucket must start at 0');
}

/** Reads a model file's bytes. Throws `FormspamError` `INVALID_MODEL` when they are not one. */
export function parseModel(bytes: Uint8Array): TextModel {
  const magic = new TextDecoder().decode(bytes.subarray(0, 8));
  if (bytes.length >= 12 && magic === FORMAT_1_MAGIC) invalidModel('format 1 (16-bit weights) is not supported; train the model again (npm run train:model)');
  if (bytes.length < 12 || magic !== MODEL_MAGIC) invalidModel(`not a formspam text model (magic ${JSON.stringify(magic)})`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(8, true);
  if (12 + headerLength > bytes.length) invalidModel('truncated header');
  let header: ModelHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength))) as ModelHeader;
  } catch (error) {
    invalidModel(`header is not JSON: ${(error as Error).message}`);
  }
  if (header?.format !== 2) invalidModel(`unknown format ${JSON.stringify(header?.format)}`);
  const bits = header.features?.bits;
  if (!Number.isInteger(bits) || bits < 8 || bits > 24) invalidModel('features.bits must be an integer from 8 to 24');
  if (!Number.isFinite(header.scale) || !Number.isFinite(header.bias)) invalidModel('scale and bias must be finite numbers');
  checkBuckets(header.buckets);
  const start = 12 + headerLength;
  const expected = 2 ** bits;
  if (bytes.length - start !== expected) invalidModel(`${bytes.length - start} bytes of weights where ${expected} were expected`);
  return new TextModel(header, new Int8Array(bytes.buffer, bytes.byteOffset + start, expected));
}

/** The bytes of a model file. */
export function serializeModel(header: ModelHeader, weights: Int8Array): Uint8Array {
  const encoder = new TextEncoder();
  const head = encoder.encode(JSON.stringify(header));
  const out = new Uint8Array(12 + head.length + weights.length);
  out.set(encoder.encode(MODEL_MAGIC), 0);
  new DataView(out.buffer).setUint32(8, head.length, true);
  out.set(head, 12);
  out.set(new Uint8Array(weights.buffer, weights.byteOffset, weights.length), 12 + head.length);
  return out;
}
