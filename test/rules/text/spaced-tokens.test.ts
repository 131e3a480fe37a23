// text.OBFUSCATION's letter-spacing pre-test read off the tokens (mayBeSpacedOut) against the
// pre-tests it goes before (MAY_SPACE and maySpaceOut): wherever those pass, it passes; and
// TextInput.separatedTokens against its definition.
import { describe, expect, it } from 'vitest';
import { isRunLetter, mayBeSpacedOut, RUN_LETTER, spacingPretests } from '../../../src/rules/text/obfuscation.js';
import { TextInput } from '../../../src/text/input.js';

const PIECES = [
  'f r e e', 'к р е д и т', 'V.I.A.G.R.A', 'c-a-s-i-n-o', 'п о р н о', 'ф и г', 'a', 'b', 'и', 'в', 'у', 'ε', 'к', 'à', 'é', 'ё',
  'ы', 'x', 'I', 'A', ' ', ' ', ' ', ' ', ' ', '.', '-', '_', '*', '/', '+', '\u00A0', '\u00A0', '·', '•', '~', '\u0301', '\u0308',
  '\u0483', '\u093C', 'ый', 'слово', 'free', 'Москве', 'c', '1', '😍', 'ж', 'है', 'कि', '中', '(', '«', '»', '"', '\n', '\t', ',',
  'и в', 'а я', 'с и в', 'a\u0301 b\u0301 c\u0301 d', 'x.\u0301y.z', 'ǅ', '\u2003',
];

function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    // The high bits: the low ones of this generator repeat with a short period.
    return Math.floor((seed / 2147483648) * n);
  };
}

describe('mayBeSpacedOut', () => {
  it('isRunLetter is RUN_LETTER on every code unit', () => {
    const re = new RegExp(`^${RUN_LETTER}$`);
    const bad: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (isRunLetter(c) !== re.test(String.fromCharCode(c))) bad.push(c);
    expect(bad).toEqual([]);
  });

  it('shortTokens lists every token whose second code unit is a combining mark', () => {
    const marks: string[] = [];
    for (let c = 0x300; c < 0x10000; c++) {
      if ((c < 0xd800 || c > 0xdfff) && /\p{M}/u.test(String.fromCharCode(c))) marks.push(String.fromCharCode(c));
    }
    expect(marks.length).toBeGreaterThan(1000);
    const input = new TextInput([{ field: 'm', text: marks.map((m) => 'q' + m).join(' ') }]);
    expect(input.shortTokens.length).toBe(marks.length);
  });

  it('passes wherever MAY_SPACE and maySpaceOut pass, and lists the separated tokens', () => {
    const next = random(17);
    let pretests = 0;
    let skipped = 0;
    for (let k = 0; k < 20000; k++) {
      const fields: { field: string; text: string }[] = [];
      const count = 1 + next(2);
      for (let f = 0; f < count; f++) {
        let t = '';
        const n = 1 + next(k % 5 === 0 ? 60 : 16);
        for (let p = 0; p < n; p++) t += PIECES[next(PIECES.length)];
        fields.push({ field: `f${f}`, text: t });
      }
      const input = new TextInput(fields);
      const spans = input.tokenSpans;
      const separated = input.separatedTokens;
      const expected: number[] = [];
      for (let t = 0; t < spans.length; t += 3) {
        // A separator before the token's last code unit (the last one separates nothing in it).
        if (/[.\-_*~/+\u00B7\u2022]/.test(input.segments[spans[t]!]!.text.slice(spans[t + 1], spans[t + 2]! - 1))) expected.push(t);
      }
      expect(separated, JSON.stringify(fields)).toEqual(expected);
      const short = input.shortTokens;
      const shortExpected: number[] = [];
      for (let t = 0; t < spans.length; t += 3) {
        const second = spans[t + 2]! - spans[t + 1]! === 1 ? -1 : input.segments[spans[t]!]!.text.charCodeAt(spans[t + 1]! + 1);
        if (second === -1 || (second >= 0x300 && !(second >= 0x370 && second <= 0x482) && !(second >= 0x48a && second <= 0x590))) shortExpected.push(t);
      }
      expect(short, JSON.stringify(fields)).toEqual(shortExpected);
      let t = 0;
      let j = 0;
      let h = 0;
      for (let g = 0; g < input.segments.length; g++) {
        const tFrom = t;
        while (t < spans.length && spans[t] === g) t += 3;
        const jFrom = j;
        while (j < separated.length && spans[separated[j]!] === g) j++;
        const hFrom = h;
        while (h < short.length && spans[short[h]!] === g) h++;
        const s = input.segments[g]!.text;
        const quick = mayBeSpacedOut(s, spans, tFrom, t, separated, jFrom, j, short, hFrom, h);
        const old = spacingPretests(s);
        if (old) {
          pretests++;
          expect(quick, JSON.stringify(s)).toBe(true);
        } else if (!quick) skipped++;
      }
    }
    expect(pretests).toBeGreaterThan(3000);
    expect(skipped).toBeGreaterThan(3000);
  });
});
