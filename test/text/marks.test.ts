// The code units three text rules stop at (src/text/marks.ts), against the expressions each rule
// is defined by, on every code unit of the BMP; and the marks of a text, in order.
import { describe, expect, it } from 'vitest';
import { TextInput } from '../../src/text/input.js';
import { CURRENCY_SIGNS, markBits, marksOf, MAY_BE_SPECIAL, MAY_BE_UPPER, MAY_START_PRICE, pairBits } from '../../src/text/marks.js';

const NOT_SPECIAL = /^[\p{L}\p{N}\p{M}\s\p{Extended_Pictographic}\u200D\uFE0F\u20E3\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}\u{E0020}-\u{E007F}]$/v;

describe('markBits', () => {
  it('gives every code unit of the BMP the bits of the three rules’ own definitions', () => {
    const wrong: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      const high = c >= 0xd800 && c <= 0xdbff;
      const surrogate = c >= 0xd800 && c <= 0xdfff;
      let want = 0;
      if (high || /^\p{Lu}$/u.test(ch)) want |= MAY_BE_UPPER;
      if (high || /^\p{Nd}$/u.test(ch) || (c >= 65 && c <= 90) || CURRENCY_SIGNS.includes(ch)) want |= MAY_START_PRICE;
      if (surrogate || !NOT_SPECIAL.test(ch)) want |= MAY_BE_SPECIAL;
      if (markBits(c) !== want) wrong.push(`${c.toString(16)}: ${markBits(c)} not ${want}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('marksOf', () => {
  it('lists each field’s marked code units in order, offset times 8 plus the bits', () => {
    const text = new TextInput([
      { field: 'name', text: 'Ann' },
      { field: 'message', text: 'Price: $5, ok!' },
      { field: 'other', text: 'plain words' },
    ]);
    const decoded = marksOf(text).map((marks) => marks.map((e) => [e >> 3, e & 7]));
    expect(decoded).toEqual([
      [[0, MAY_BE_UPPER | MAY_START_PRICE]],
      [
        [0, MAY_BE_UPPER | MAY_START_PRICE],
        [5, MAY_BE_SPECIAL],
        [7, MAY_START_PRICE | MAY_BE_SPECIAL],
        [8, MAY_START_PRICE],
        [9, MAY_BE_SPECIAL],
        [13, MAY_BE_SPECIAL],
      ],
      [],
    ]);
    expect(marksOf(text)).toBe(marksOf(text));
  });
});

describe('pairBits and the marks of surrogate pairs', () => {
  it('gives every code point of planes 1 and 2 and of plane 14 the bits of the three rules’ own definitions', () => {
    const wrong: string[] = [];
    const check = (cp: number): void => {
      const ch = String.fromCodePoint(cp);
      let want = 0;
      if (/^\p{Lu}$/u.test(ch)) want |= MAY_BE_UPPER;
      if (/^\p{Nd}$/u.test(ch)) want |= MAY_START_PRICE;
      if (!NOT_SPECIAL.test(ch)) want |= MAY_BE_SPECIAL;
      if (pairBits(cp) !== want) wrong.push(`${cp.toString(16)}: ${pairBits(cp)} not ${want}`);
    };
    for (let cp = 0x10000; cp < 0x30000; cp++) check(cp);
    for (let cp = 0xe0000; cp < 0xe0200; cp++) check(cp);
    expect(wrong).toEqual([]);
  });

  it('marks a pair at its high half by its code point, lone surrogates by their code unit', () => {
    // 😍 (emoji: none), 𐐀 (a capital), 𐒠 (a decimal digit), 𝄞 (a symbol: special), lone halves.
    const text = new TextInput([{ field: 'message', text: 'a😍b𐐀c𐒠d𝄞e\uD83Df\uDE0Dg' }]);
    const decoded = marksOf(text)[0]!.map((e) => [e >> 3, e & 7]);
    expect(decoded).toEqual([
      [4, MAY_BE_UPPER],
      [7, MAY_START_PRICE],
      [10, MAY_BE_SPECIAL],
      [13, MAY_BE_UPPER | MAY_START_PRICE | MAY_BE_SPECIAL],
      [15, MAY_BE_SPECIAL],
    ]);
  });
});
