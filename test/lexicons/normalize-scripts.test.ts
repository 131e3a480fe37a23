// Per-character folding of Greek and Cyrillic letters in the word normalisation
// (src/lexicons/normalize.ts): every letter from U+0370 to U+052F, alone, at the start, in the
// middle and at the end of a word of its script, comes out as the module comment defines it:
// lower case, marks removed, ς → σ, ё → е, й → и, ї → і, ѓ → г, ќ → к.
import { describe, expect, it } from 'vitest';
import { normalizeWords } from '../../src/lexicons/normalize.js';

const SPECIAL: Record<string, string> = { ς: 'σ', ё: 'е', Ё: 'е', й: 'и', Й: 'и', ї: 'і', ѓ: 'г', ќ: 'к' };
const LETTER = /^\p{L}$/u;
const fold = (ch: string): string => SPECIAL[ch] ?? SPECIAL[ch.toLowerCase()] ?? ch.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
const words = (text: string): string[] => {
  const w = normalizeWords([text], true);
  return Array.from({ length: w.count }, (_, i) => String.fromCharCode(...w.codes.subarray(w.start[i]!, w.end[i]!)));
};

describe('Greek and Cyrillic letters, one by one', () => {
  it('fold as defined, wherever they stand in a word', () => {
    let checked = 0;
    for (let c = 0x370; c < 0x530; c++) {
      const ch = String.fromCharCode(c);
      if (!LETTER.test(ch)) continue;
      const f = fold(ch);
      // The letter of its own script to put around it, so that the word does not mix scripts.
      const [a, b] = c < 0x400 ? ['π', 'Λ'] : ['д', 'Ж'];
      const [fa, fb] = [fold(a), fold(b)];
      expect(words(ch), `U+${c.toString(16)}`).toEqual(f.length > 0 ? [f] : []);
      expect(words(`${a}${ch}${b} ${ch}${a}${a} ${b}${b}${ch}`), `U+${c.toString(16)}`).toEqual([
        fa + f + fb,
        f + fa + fa,
        fb + fb + f,
      ]);
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
  });
});

describe('Devanagari', () => {
  it('keeps every letter and sign of the block as it is, inside a word and alone', () => {
    let checked = 0;
    for (let c = 0x900; c < 0x980; c++) {
      const ch = String.fromCharCode(c);
      if (!/^[\p{L}\p{M}]$/u.test(ch)) continue;
      expect(words(`क${ch}ख`), `U+${c.toString(16)}`).toEqual([`क${ch}ख`]);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('reads a word of signs only as no letters (a number shape), digits as digits, dandas as separators', () => {
    expect(words('\u093F\u0940 क।ख १२')).toEqual(['##', 'क', 'ख', '##']);
  });
});
