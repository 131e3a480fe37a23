// stableHidden: the fields TextInput takes as their own NFKC form without normalize('NFKC'), and
// their first hidden character without HIDDEN's search, checked against both definitions.
import { describe, expect, it } from 'vitest';
import { HIDDEN, nfkc, stableHidden, TextInput } from '../../src/text/input.js';

// Every code unit stableHidden may accept, every astral code point, and a few it must refuse.
const ACCEPTED: string[] = [];
for (let c = 0; c < 0x10000; c++) {
  const s = String.fromCharCode(c);
  if (stableHidden(s) !== -1 || stableHidden('a' + s) !== -1) ACCEPTED.push(s);
}
const EMOJI: string[] = [];
for (let cp = 0x10000; cp < 0x110000; cp++) {
  const s = String.fromCodePoint(cp);
  if (stableHidden(s) !== -1) EMOJI.push(s);
}
const REFUSED = ['\u0958', '\u095F', '\u0951', '\u0954', '\u0483', '\u0301', '\u0306', 'é', '\uFB01', '\u00A0', '\u200B',
  '\uD835', '\u1100', '\u1161', '\u0000', '…', '№', '™', '‼', '½', '²', '\u00AD', '\u202A', '\u202F', '\uFE00', '\uFEFF',
  '\u2011', '\u2033', '\u219A', '\u2329', '🄰', '🈀', '🯰', '\uDB40\uDC01', '\uD83D', '\uDE0D', '\uD83D\uD83D'];
const PIECES = [...ACCEPTED, '\u093C', '\u093C', '\u093C', '\u094D', '\u094D', '\u0928', '\u0930', '\u0933', '\u200C',
  '\u200D', '\uFE0F', '\uFE0F', '«', '»', '—', 'नमस्ते', 'ज़', 'ऩ', 'Привет', 'и\u0306', 'ё', '😍', '👍🏻', '❤\uFE0F',
  '👩\u200D💻', '🇷🇺', '#\uFE0F\u20E3', ...EMOJI.filter((_, i) => i % 16 === 0), ...REFUSED];

/** The code points that are a later part of some code point's canonical decomposition: those may compose with what precedes them. */
const SECONDARY = new Set<number>();
for (let cp = 0; cp < 0x110000; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const d = [...String.fromCodePoint(cp).normalize('NFD')];
  for (let i = 1; i < d.length; i++) SECONDARY.add(d[i]!.codePointAt(0)!);
}

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
  it('accepts Devanagari and Cyrillic letters, emoji and the punctuation of prose, refuses what NFKC changes', () => {
    expect(ACCEPTED.length).toBeGreaterThan(1900);
    for (const s of ['नमस्ते दुनिया', 'ज़रूर', 'Привет, мир!', 'ёжик й', 'a\u200Db', '', '«Привет» — 😍👍🏻', '❤\uFE0F ₽ ✅ ⠀', '🇷🇺 #\uFE0F\u20E3']) {
      expect(stableHidden(s), s).not.toBe(-1);
    }
    for (const s of [...REFUSED, 'न\u093C', 'र\u093C', 'ळ\u093C', 'क\u094D\u093C', 'Привет…', '😍\uD83D', '«\u0301']) {
      expect(stableHidden(s), JSON.stringify(s)).toBe(-1);
    }
    // The emoji accepted: the regional indicators and U+1F300–U+1FAFF, nothing else of the astral planes.
    const emoji = EMOJI.map((s) => s.codePointAt(0)!);
    expect(emoji.length).toBe(26 + 0x1fb00 - 0x1f300);
    expect(emoji.every((cp) => (cp >= 0x1f1e6 && cp <= 0x1f1ff) || (cp >= 0x1f300 && cp <= 0x1faff))).toBe(true);
  });

  it('every accepted unit but ASCII, Devanagari and Cyrillic is a starter that NFKC never changes and nothing composes with', () => {
    const bad: string[] = [];
    for (const s of [...ACCEPTED, ...EMOJI]) {
      const c = s.codePointAt(0)!;
      if (c < 0x80 || (c >= 0x400 && c <= 0x4ff) || (c >= 0x900 && c <= 0x97f) || c === 0x200c || c === 0x200d) continue;
      const starter = ('a\u0315' + s).normalize('NFD') === 'a\u0315' + s && ('a' + s + '\u0315').normalize('NFD') === 'a' + s + '\u0315';
      if (s.normalize('NFKD') !== s || SECONDARY.has(c) || !starter) bad.push(c.toString(16));
      // Of HIDDEN, only the two variation selectors; nothing the stripping removes.
      if (HIDDEN.test(s) && c !== 0xfe0e && c !== 0xfe0f) bad.push(c.toString(16));
    }
    expect(bad).toEqual([]);
  });

  it('every accepted code unit, alone and in every pair, is its own NFKC form; every emoji with each of them', () => {
    let accepted = 0;
    const bad: string[] = [];
    for (const a of ACCEPTED) {
      check(a);
      for (const b of ACCEPTED) {
        const t = a + b;
        if (stableHidden(t) === -1) continue;
        accepted++;
        if (t.normalize('NFKC') !== t) bad.push(t);
      }
    }
    expect(bad).toEqual([]);
    expect(accepted).toBeGreaterThan(ACCEPTED.length * ACCEPTED.length * 0.95);
    for (const e of EMOJI) {
      check(e);
      for (let i = e.codePointAt(0)! % 7; i < ACCEPTED.length; i += 7) {
        for (const t of [e + ACCEPTED[i], ACCEPTED[i] + e]) if (stableHidden(t) !== -1 && t.normalize('NFKC') !== t) bad.push(t);
      }
    }
    expect(bad).toEqual([]);
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
