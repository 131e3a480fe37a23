// normalizeWords copies each text's words out to a piece of a shared buffer: a text without
// words (even the first one) and texts that fill buffers to the end work, and the words of one
// text are never overwritten by those of another.
import { describe, expect, it } from 'vitest';
import { normalizeWords, type Words } from '../../src/lexicons/normalize.js';

const ALPHA = 'abcdefghjkmnpqrstuvwyzo';
const list = (w: Words): string[] =>
  Array.from({ length: w.count }, (_, i) => String.fromCharCode(...w.codes.subarray(w.start[i]!, w.end[i]!)));

describe('normalizeWords output buffers', () => {
  it('a text without words, first of all, then texts of every size, each keeping its words', () => {
    expect(normalizeWords(['']).count).toBe(0);
    expect(normalizeWords(['!!! ...'], true).count).toBe(0);
    let seed = 3;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const kept: { words: Words; expected: string[] }[] = [];
    for (let t = 0; t < 3000; t++) {
      const n = random() < 0.1 ? 0 : Math.floor(random() ** 3 * 600);
      // Letters only (digits in a word are read as leet: "w0x" is "wox").
      const expected = Array.from({ length: n }, (_, i) => `w${ALPHA[(t + i) % 23]}${ALPHA[(t * 7 + i) % 17]}x`);
      const words = normalizeWords([expected.join(' ')], true);
      expect(list(words)).toEqual(expected);
      kept.push({ words, expected });
    }
    for (const { words, expected } of kept) {
      expect(list(words)).toEqual(expected);
      expect(Array.from(words.segment)).toEqual(expected.map(() => 0));
    }
  });
});
