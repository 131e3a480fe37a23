// TextInput's tokens and collapsedLength against their definitions (/\S+/g over each normalised
// field; collapsedLength of the joined text, text/length.ts), on random texts of
// every kind of white space, scripts, emoji and lone surrogates.
import { describe, expect, it } from 'vitest';
import { isSpace, TextInput } from '../../src/text/input.js';
import { collapsedLength } from '../../src/text/length.js';

const SPACES = [' ', '\t', '\n', '\r', '\u000B', '\u000C', '\u00A0', '\u1680', '\u2000', '\u2005', '\u200A', '\u2028', '\u2029',
  '\u202F', '\u205F', '\u3000', '\uFEFF'];
const OTHERS = ['a', 'Z', '!', '~', '\u007F', '\u0085', '\u009F', '\u00A1', 'é', 'ß', 'Привет', 'ё', 'α', 'ή', 'नमस्ते', '\u167F',
  '\u1681', '\u180E', '\u200B', '\u200C', '\u200D', '\u200E', '\u2027', '\u202A', '\u2060', '«', '—', '😍', '👍🏻', '\uFE0F',
  '\uD83D', '\uDE0D', '\uDC00', '中文', 'مرحبا', '\u0000', '\u001F', '1', '@screened-12', 'www.example.com'];

function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    // The high bits: the low ones of this generator repeat with a short period.
    return Math.floor((seed / 2147483648) * n);
  };
}

describe('TextInput tokens', () => {
  it('isSpace is /\\s/ on every code unit', () => {
    const bad: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (isSpace(c) !== /\s/.test(String.fromCharCode(c))) bad.push(c);
    expect(bad).toEqual([]);
  });

  it('tokens and collapsedLength are their definitions on random texts', () => {
    const next = random(5);
    let tokens = 0;
    for (let k = 0; k < 8000; k++) {
      const fields: { field: string; text: string }[] = [];
      const count = 1 + next(3);
      for (let f = 0; f < count; f++) {
        let t = '';
        const n = next(k % 3 === 0 ? 60 : 14);
        for (let p = 0; p < n; p++) t += next(3) === 0 ? SPACES[next(SPACES.length)] : OTHERS[next(OTHERS.length)];
        fields.push({ field: `f${f}`, text: t });
      }
      const input = new TextInput(fields);
      const expected: { field: string; value: string; index: number }[] = [];
      for (const { field, text } of input.segments) for (const m of text.matchAll(/\S+/g)) expected.push({ field, value: m[0], index: m.index });
      expect(input.tokens, JSON.stringify(fields)).toEqual(expected);
      expect(input.collapsedLength, JSON.stringify(fields)).toBe(collapsedLength(input.joined));
      tokens += expected.length;
    }
    expect(tokens).toBeGreaterThan(40000);
  });
});
