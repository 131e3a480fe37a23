// The text model's evidence tokens (wordText) against their definition (the word's codes as a
// string, String.fromCharCode over the typed array) on random texts of every script, marks,
// surrogates, digits and words cut at 64 codes.
import { describe, expect, it } from 'vitest';
import { normalizeWords } from '../../src/lexicons/normalize.js';
import { wordText } from '../../src/model/features.js';

const PIECES = [' ', ' ', '\n', 'free', 'FREE', 'Straße', 'привет', 'Ёлка', 'йод', 'καλημέρα', 'नमस्ते', '中文', '😍', '\uD83D', '\uDE0D', 'l1ke',
  '86688', '£1000', "it's", 'f r e e', 'a'.repeat(70), 'ж'.repeat(65), 'x\u0301', 'ﬁ', 'İ', 'ς', 'é', '-', '.', '@', '$'];

describe('wordText', () => {
  it('is the word\'s codes as a string', () => {
    let seed = 41;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * n);
    };
    let words = 0;
    for (let k = 0; k < 3000; k++) {
      let t = '';
      const n = 1 + next(20);
      for (let p = 0; p < n; p++) t += PIECES[next(PIECES.length)];
      const w = normalizeWords([t], true);
      for (let i = 0; i < w.count; i++) {
        const want = String.fromCharCode(...w.codes.subarray(w.start[i]!, w.end[i]!));
        expect(wordText(w, i), JSON.stringify(t)).toBe(want);
        words++;
      }
    }
    expect(words).toBeGreaterThan(10000);
  });
});
