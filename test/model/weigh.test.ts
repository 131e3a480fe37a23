// The one-pass weighing of inference (weighFeatures) against the two steps training uses
// (extractFeatures, then uniqueFeatures): the same distinct features, the same sums, the same
// weights per word, for every feature configuration, and predictions equal to the two-step ones.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseModel } from '../../src/providers/index.js';
import { extractFeatures, uniqueFeatures, weighFeatures, type FeatureConfig } from '../../src/model/features.js';
import { TextInput } from '../../src/text/input.js';
import { ROOT } from '../cli/run-cli.js';

let seed = 0x5eed1234;
const rand = (): number => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x100000000;
};
const POOL = [...'abcdefghijklmnopqrstuvwxyz ABC 0123456789 .,!?$€£ \n', 'free', ' money', 'http://x.example ', 'www.', 'Ünïcödé ', 'привет ', 'καλημέρα ', '!!', '😀', '#####'];

function texts(): string[] {
  const out = [
    '',
    'a',
    'Hello, could you send me a quote? Thanks!',
    'FREE MONEY!!! Call 0906170146123 now $$$ www.win.example http://spam.example/x',
    'the the the the the the. The the! the',
    'Dobrý den, děkuji. Здравствуйте! Καλησπέρα σας.',
  ];
  for (let k = 0; k < 200; k++) {
    let s = '';
    const n = 1 + Math.floor(rand() * (k % 20 === 0 ? 3000 : 200));
    while (s.length < n) s += POOL[Math.floor(rand() * POOL.length)];
    out.push(s);
  }
  return out;
}

const input = (t: string): TextInput => new TextInput([{ field: 'name', text: t.slice(0, 20) }, { field: 'message', text: t.slice(20) }]);

const CONFIGS: FeatureConfig[] = [
  { bits: 18, unigrams: true, bigrams: true, charGrams: 0, shapes: false },
  { bits: 12, unigrams: true, bigrams: true, charGrams: 4, shapes: true },
  { bits: 10, unigrams: false, bigrams: true, charGrams: 3, shapes: true },
  { bits: 16, unigrams: true, bigrams: false, charGrams: 0, shapes: true },
];

describe('weighFeatures', () => {
  for (const config of CONFIGS) {
    it(`equals extractFeatures + uniqueFeatures (${JSON.stringify(config)})`, () => {
      const weights = new Int8Array(2 ** config.bits);
      for (let i = 0; i < weights.length; i++) weights[i] = Math.floor(rand() * 256) - 128;
      const seen = new Uint8Array(weights.length);
      for (const t of texts()) {
        const text = input(t);
        const features = extractFeatures(text, config);
        const unique = uniqueFeatures(features, seen);
        let sum = 0;
        const byWord = new Float64Array(features.words.count);
        for (let i = 0; i < unique.count; i++) {
          const w = weights[unique.slots[i]!]!;
          sum += w;
          if (unique.words[i]! >= 0) byWord[unique.words[i]!]! += w;
        }
        const weighed = weighFeatures(input(t), config, weights);
        expect(weighed.count).toBe(unique.count);
        expect(weighed.sum).toBe(sum);
        expect(weighed.words.count).toBe(features.words.count);
        expect(Array.from(weighed.byWord.subarray(0, weighed.words.count))).toEqual(Array.from(byWord));
      }
    });
  }

  it('predicts from the same sums, long texts (a set that grows) included', () => {
    const model = parseModel(readFileSync(join(ROOT, 'data/text-model.bin')));
    const config = model.header.features;
    const seen = new Uint8Array(model.weights.length);
    // 80,000 distinct words of letters (digits would all become the same shapes).
    const letters = (i: number): string => (i < 26 ? '' : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(97 + (i % 26));
    const long = 'alpha beta gamma delta '.repeat(5000) + Array.from({ length: 80000 }, (_, i) => `w${letters(i)}`).join(' ');
    for (const t of [...texts(), long]) {
      const unique = uniqueFeatures(extractFeatures(input(t), config), seen);
      let sum = 0;
      for (let i = 0; i < unique.count; i++) sum += model.weights[unique.slots[i]!]!;
      const prediction = model.predict(input(t), 5);
      expect(prediction.features).toBe(unique.count);
      const z = model.header.bias + sum * model.header.scale;
      expect(prediction.probability).toBe(z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));
    }
    expect(uniqueFeatures(extractFeatures(input(long), config), seen).count).toBeGreaterThan(32768);
  });
});
