// stableHidden: the fields TextInput takes as their own NFKC form without normalize('NFKC'), and
// their first hidden character without HIDDEN's search, checked against both definitions.
import { describe, expect, it } from 'vitest';
import { HIDDEN, nfkc, stableHidden, TextInput } from '../../src/text/input.js';

// Every code unit stableHidden may accept, and a few it must refuse.
const ACCEPTED: string[] = [];
for (let c = 0; c < 0x10000; c++) {
  const s = String.fromCharCode(c);
  if (stableHidden(s) !== -1 || stableHidden('a' + s) !== -1) ACCEPTED.push(s);
}
const REFUSED = ['\u0958', '\u095F', '\u0951', '\u0954', '\u0483', '\u0301', '\u0306', 'é', '\uFB01', '\u00A0', '\u200B',
  '\uFE0F', '😍', '\uD835', '\u1100', '\u1161', '\u0000'];
const PIECES = [...ACCEPTED, '\u093C', '\u093C', '\u093C', '\u094D', '\u094D', '\u0928', '\u0930', '\u0933', '\u200C',
  '\u200D', 'नमस्ते', 'ज़', 'ऩ', 'Привет', 'и\u0306', 'ё', ...REFUSED];

function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
}

/** What TextInput's segment, rawNfkc and hidden are by their definitions. */
function definition(text: string): { hidden: number; normal: string } {
  return { hidden: text.search(HIDDEN), normal: nfkc(text) };
}

function check(t: string): boolean {
  const got = stableHidden(t);
  if (got === -1) return false;
  expect(t.normalize('NFKC'), JSON.stringify(t)).toBe(t);
  const first = t.search(HIDDEN);
  expect(got, JSON.stringify(t)).toBe(first === -1 ? t.length : first);
  return true;
}

describe('stableHidden', () => {
  it('accepts Devanagari and Cyrillic letters, refuses what NFKC changes', () => {
    expect(ACCEPTED.length).toBeGreaterThan(450);
    for (const s of ['नमस्ते दुनिया', 'ज़रूर', 'Привет, мир!', 'ёжик й', 'a\u200Db', '']) expect(stableHidden(s), s).not.toBe(-1);
    for (const s of [...REFUSED, 'न\u093C', 'र\u093C', 'ळ\u093C', 'क\u094D\u093C']) expect(stableHidden(s), JSON.stringify(s)).toBe(-1);
  });

  it('every accepted code unit, alone and in every pair, is its own NFKC form', () => {
    let accepted = 0;
    for (const a of ACCEPTED) {
      check(a);
      for (const b of ACCEPTED) if (check(a + b)) accepted++;
    }
    expect(accepted).toBeGreaterThan(ACCEPTED.length * ACCEPTED.length * 0.95);
  });

  it('holds on random strings of those, Devanagari marks, Cyrillic and what it refuses', () => {
    const next = random(11);
    let accepted = 0;
    for (let k = 0; k < 40000; k++) {
      let t = '';
      const n = 1 + next(k % 2 === 0 ? 24 : 6);
      for (let p = 0; p < n; p++) t += PIECES[next(PIECES.length)];
      if (check(t)) accepted++;
    }
    expect(accepted).toBeGreaterThan(2000);
  });

  it('TextInput reads such fields as normalisation defines them', () => {
    const next = random(7);
    for (let k = 0; k < 6000; k++) {
      let t = '';
      const n = 1 + next(30);
      for (let p = 0; p < n; p++) t += PIECES[next(PIECES.length)];
      const input = new TextInput([{ field: 'a', text: t }]);
      const { hidden, normal } = definition(t);
      expect(input.hidden[0], JSON.stringify(t)).toBe(hidden);
      expect(input.rawNfkc[0], JSON.stringify(t)).toBe(normal);
      const stripped = normal.replace(/[\u200B\u2060\uFEFF\u00AD]/g, '').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, ' ');
      expect(input.segments[0]!.text, JSON.stringify(t)).toBe(stripped);
    }
  });
});
