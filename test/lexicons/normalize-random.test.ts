// normalizeWords (src/lexicons/normalize.ts) against its reference (normalize-reference.ts, one
// dispatch per code unit): the same words, codes, offsets, fields and clauses on random texts of
// Devanagari, Cyrillic, Greek, Latin, their mixtures and everything the scan treats apart.
import { describe, expect, it } from 'vitest';
import { normalizeWords, type Words } from '../../src/lexicons/normalize.js';
import { normalizeWords as reference } from './normalize-reference.js';

const PIECES = [
  // Devanagari: letters, vowel signs, virama, nukta, anusvara, digits, dandas, a long run (cut at 64 codes).
  'ह', 'ै', 'क', '्', 'ष', 'ि', 'ं', '़', 'क़', 'है', 'में', 'नहीं', 'प्राप्त', '०', '१२३', '।', '॥', '॰', 'ॐ', 'ऽ', 'क'.repeat(70), 'कि'.repeat(40),
  // Cyrillic, Greek, Latin and look-alikes, leet, numbers, long words.
  'привет', 'Й', 'ё', 'крεдит', 'frее', 'ЗAPAБOTOK', 'καλημέρα', 'ς', 'free', 'Ünïcode', 'ß', 'Æ', 'v1agra', '$ex', '|', '0800123456', '£1000', 'x'.repeat(80),
  // Cyrillic runs: capitals, й/Й inside, runs past 64 codes, a run starting after other codes of its word.
  'ПРИВЕТ', 'Москва', 'йод', 'войной', 'ЁЛКА', 'тест'.repeat(20), 'Щ'.repeat(70), 'x'.repeat(30) + 'я'.repeat(40), 'ß'.repeat(31) + 'жж', 'ä'.repeat(63) + 'ж',
  // What the scan treats apart: letter spacing, invisible characters, apostrophes, sentence ends, tags, astral letters and emoji.
  'f r e e', 'v.i.a.g.r.a', 'в и а г р а', 'क ि', '\u200B', '\u200C', '\u200D', '\u00AD', '\u2060', '\uFE0F', "'", '’', 'ʼ', "don't", '. ', '! ', '? ', '.', '!',
  '\u{E0041}', '\u{E0100}', '\uDB40', '𝐀𝐁', '😍', '\uD83D', ' ', '  ', '\n', '\t', ',', '-', '(', ')', '"', 'a', 'I', '5', 'ا', '中',
];

const columns = (w: Words) => [w.count, w.codes, w.start, w.end, w.from, w.to, w.segment, w.clause].map((c) => (typeof c === 'number' ? c : Array.from(c)));

describe('normalizeWords against its reference', () => {
  it('gives the same words on random texts of every script it reads apart, scanned and not', () => {
    let seed = 2828;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    let words = 0;
    for (let t = 0; t < 6000; t++) {
      const fields = Array.from({ length: 1 + next(3) }, () => Array.from({ length: next(50) }, () => PIECES[next(PIECES.length)]).join(['', ' ', '  '][next(3)]!));
      const scan = next(4) !== 0;
      const got = normalizeWords(fields, scan);
      expect(columns(got), JSON.stringify(fields)).toEqual(columns(reference(fields, scan)));
      words += got.count;
    }
    expect(words).toBeGreaterThan(100000);
  });

  it('gives the same words on random code units (any BMP unit, surrogates alone)', () => {
    let seed = 77;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    for (let t = 0; t < 3000; t++) {
      let s = '';
      const n = next(120);
      for (let i = 0; i < n; i++) {
        const r = next(10);
        s += String.fromCharCode(r < 3 ? 0x900 + next(0x80) : r < 5 ? 0x20 + next(0x60) : r < 6 ? 0x400 + next(0x100) : r < 7 ? 0x2000 + next(0x70) : next(0x10000));
      }
      expect(columns(normalizeWords([s], true)), JSON.stringify(s)).toEqual(columns(reference([s], true)));
    }
  });
});
