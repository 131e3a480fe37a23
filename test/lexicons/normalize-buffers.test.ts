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

  it('a short text written in place gives what the scratch arrays give (the same text with white space that sends it there)', () => {
    // Pieces of every path of the scan: ASCII, accented and two-letter folds, Cyrillic, Greek,
    // Devanagari letters, signs and digits, leet, numbers, letter-spaced runs, invisible
    // characters, apostrophes, sentence ends, astral letters and emoji.
    const PIECES = ['free', 'Ünïcode', 'ß', 'Æ', 'привет', 'Й', 'ё', 'крεдит', 'frее', 'καλημέρα', 'ς', 'हिन्दी', 'क़', 'है', '१२३', '।', 'v1agra', '$ex', '|', '0800123456', '£1000',
      'f r e e', 'v.i.a.g.r.a', 'в и а г р а', 'vi\u200Bagra', 'fr\u00ADee', "don't", '’', '. ', '! ', '? ', ' ', '  ', '\n', ',', '𝐀𝐁', '😍', '\u{E0041}', '\uDB40', 'a', 'I', 'x'];
    let seed = 99;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    const columns = (w: Words) => [w.count, w.codes, w.start, w.end, w.from, w.to, w.segment, w.clause].map((c) => (typeof c === 'number' ? c : Array.from(c)));
    let words = 0;
    for (let t = 0; t < 3000; t++) {
      const fields = Array.from({ length: 1 + next(3) }, () => Array.from({ length: next(60) }, () => PIECES[next(PIECES.length)]).join(next(2) ? ' ' : ''));
      const short = normalizeWords(fields, true);
      const long = normalizeWords([...fields.slice(0, -1), fields[fields.length - 1] + ' '.repeat(2000)], true);
      expect(columns(short), JSON.stringify(fields)).toEqual(columns(long));
      words += short.count;
    }
    expect(words).toBeGreaterThan(40000);
  });
});

