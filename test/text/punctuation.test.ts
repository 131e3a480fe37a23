// The ASCII punctuation each field has and whether it has Latin letters, found in TextInput's
// tokens' pass (text/marks.ts, text/input.ts), against their definitions (`includes` of each
// character, a search for a Latin letter) on random texts of every kind of code unit: the rules
// that skip a field on them (SQL_INJECTION, HTML_INJECTION, the URLs) then search the same fields.
import { describe, expect, it } from 'vitest';
import { TextInput } from '../../src/text/input.js';
import { ASCII_PUNCTUATION, punctuationBits, punctuationOf } from '../../src/text/marks.js';

const PIECES = [' ', '\t', '\n', '\u00A0', '\u2028', '\u3000', 'a', 'Z', 'q', 'é', 'ß', 'ſ', '\u0250', '\u1E00', '\u1EFF', '\u1F00',
  'Привет', 'ё', 'α', 'ή', 'नमस्ते', '中文', 'مرحبا', '😍', '👍🏻', '\uFE0F', '\u20E3', '1', '9', '\uD83D', '\uDE0D', '\uDB40',
  '\u200B', '\u200D', '\u00AD', '\u0000', '\u001F', '\u007F', '\u0085', '«', '»', '—', '…', '₽', '$', '＜', '：', '％', '＃', '＆',
  '\'', '"', '`', '--', "' OR 1=1 --", 'union select', 'UNION', 'sleep(5)', '@@version', 'http://x.ru', 'www.example.com', '#tag',
  '<script>', '&amp;', '%3C', '1;', 'K', '\u212A'];

function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
}

const LATIN = /(?!\s)[A-Za-z\u0080-\u024F\u1E00-\u1EFF]/;

describe('the ASCII punctuation and Latin letters of each field', () => {
  it('punctuationBits gives each of the 32 characters a bit of its own and refuses others', () => {
    expect(ASCII_PUNCTUATION).toHaveLength(32);
    let all = 0;
    for (const c of ASCII_PUNCTUATION) {
      const b = punctuationBits(c);
      expect(b & all).toBe(0);
      all |= b;
    }
    expect(all).toBe(-1);
    for (const c of ['a', '0', ' ', '«', '＜']) expect(() => punctuationBits(c)).toThrow();
  });

  it('are their definitions on random texts', () => {
    const next = random(11);
    let withSome = 0;
    let withoutLatin = 0;
    for (let k = 0; k < 6000; k++) {
      const fields: { field: string; text: string }[] = [];
      const count = 1 + next(3);
      for (let f = 0; f < count; f++) {
        let t = '';
        const n = next(k % 4 === 0 ? 80 : 12);
        for (let p = 0; p < n; p++) t += next(4) === 0 ? ASCII_PUNCTUATION[next(32)] : PIECES[next(PIECES.length)];
        fields.push({ field: `f${f}`, text: t });
      }
      const input = new TextInput(fields);
      const punctuation = punctuationOf(input);
      expect(punctuation).toHaveLength(input.segments.length);
      input.segments.forEach(({ text }, g) => {
        for (const c of ASCII_PUNCTUATION) {
          expect((punctuation[g]! & punctuationBits(c)) !== 0, `${JSON.stringify(text)} ${c}`).toBe(text.includes(c));
        }
        expect(input.mayHaveLatin(g), JSON.stringify(text)).toBe(LATIN.test(text));
        if (punctuation[g] !== 0) withSome++;
        if (!input.mayHaveLatin(g)) withoutLatin++;
      });
    }
    expect(withSome).toBeGreaterThan(5000);
    expect(withoutLatin).toBeGreaterThan(500);
  });
});
