// The detector's sample tells an astral letter (kept) from any other astral code point (a word
// break) by charFlags' LETTER bit: it is /\p{L}/u on every code point of planes 1 to 3 and 14.
import { describe, expect, it } from 'vitest';
import { charFlags, LETTER } from '../../src/text/chars.js';

describe('astral letters', () => {
  it('charFlags LETTER is /\\p{L}/u beyond the BMP', () => {
    const wrong: number[] = [];
    let letters = 0;
    const planes = [[0x10000, 0x40000], [0xe0000, 0xf0000]];
    for (const [from, to] of planes) {
      for (let cp = from!; cp < to!; cp++) {
        const expected = /\p{L}/u.test(String.fromCodePoint(cp));
        if (((charFlags(cp) & LETTER) !== 0) !== expected) wrong.push(cp);
        if (expected) letters++;
      }
    }
    expect(wrong).toEqual([]);
    expect(letters).toBeGreaterThan(90000);
  });
});
