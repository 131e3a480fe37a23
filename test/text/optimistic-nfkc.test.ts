// TextInput reads the fields that are not plain ASCII (and not stableHidden's) as they came in its
// tokens' pass, and normalises only the ones its table (MAY_CHANGE_UNIT, mayChangeUnit) or the
// marks (pairMayChange, lone surrogates) say NFKC or the stripping may change. Checked here: the
// table against NFKC itself, the canonical combining classes and every decomposition (a code unit
// it passes is its own NFKC form, of class 0, and no second half of a composition), and TextInput's
// segments, rawNfkc, hidden, joined, tokens and marks against their definitions (normalizeText,
// nfkc, HIDDEN's search, /\S+/g) on random texts of every kind of code unit.
import { describe, expect, it } from 'vitest';
import { pairMayChange } from '../../src/text/marks.js';
import { HIDDEN, mayChangeUnit, nfkc, normalizeText, TextInput, withoutReadingAsCame } from '../../src/text/input.js';

const STRIP = /[\u200B\u2060\uFEFF\u00AD\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Every code point that is not the first of the canonical decomposition of some code point: the
 * ones that may compose with the code point before them (and the marks among them).
 */
function compositionSeconds(): Set<number> {
  const seconds = new Set<number>();
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const s = String.fromCodePoint(cp);
    const d = s.normalize('NFD');
    if (d === s) continue;
    const parts = [...d];
    for (let k = 1; k < parts.length; k++) seconds.add(parts[k]!.codePointAt(0)!);
  }
  return seconds;
}

/**
 * Whether `s` (one code point) has canonical combining class 0: the first code point of its
 * canonical decomposition (itself when it has none) stops U+0301 and U+0334 from being reordered
 * around it.
 */
function classZero(s: string): boolean {
  const first = String.fromCodePoint(s.normalize('NFD').codePointAt(0)!);
  return ('a\u0301' + first + '\u0334').normalize('NFD') === 'a\u0301' + first + '\u0334';
}

function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
}

const PIECES = [
  'Привет', 'мир', 'ёжик', 'Hello', 'world', 'Nováková', 'οποίο', 'Ελλάδα', 'azért', 'नमस्ते', 'ज़', 'क\u093C', 'مرحباً',
  'สำหรับ', '您好，', '한국어', '\u1100\u1161', '가\u11A8', ' ', ' ', ' ', '  ', '\n', '\t', '\r\n', '\u00A0', '\u2000', '\u2028',
  '\u1680', '\u3000', '\u202F', '\u205F', '\uFEFF', '\u200B', '\u2060', '\u00AD', '\u0000', '\u0007', '\u000B', '\u000C', '\u001F',
  '\u007F', '\u0085', '\u009F', '\u200C', '\u200D', '\u200E', '\u202A', '\u2066', '\u034F', '\u061C', '\u180E', '\uFE0F', '\uFE00',
  '\u20E3', '#\uFE0F\u20E3', '1\u20E3', '😍', '👍🏻', '❤️', '❤', '✅', '☺', '♀\uFE0F', '👨\u200D👩\u200D👧', '🇷🇺', '🏴\uDB40\uDC67\uDB40\uDC62\uDB40\uDC65\uDB40\uDC6E\uDB40\uDC67\uDB40\uDC7F',
  '\uDB40\uDD00', '𝐁𝐨𝐥𝐝', '𝟙', '🄰', '🈀', '\uD83E\uDFF0', '\uD835', '\uDC00', '\uD83D', 'ﬁ', '²', '½', 'ｆｕｌｌ', '！', '㍿', 'ﷺ', 'Å',
  'e\u0301', 'и\u0306', 'й', 'е\u0308', '\u0301', '\u0483', '\u064B', '\u0651', '\u0E33', '«', '»', '—', '–', '…', '№', '₽', '€',
  '\u2800', '.', ',', '!', '?', '-', '_', '*', '"', "'", '://', '@screened-12', 'www.', '10', '١٢', 'Ǆ', 'ǅ', 'ß', 'İ', 'Σ',
];

/** The pieces that are their own NFKC form with nothing to strip (alone). */
const KEPT = PIECES.filter((p) => p.normalize('NFKC') === p && !STRIP.test(p));
/** Of those, the ones without a combining mark (but VS16, the keycap) or a Hangul jamo, astral letter or lone surrogate. */
const PLAIN = KEPT.filter((p) => !/[^\P{M}\uFE0F\u20E3]|[\u1100-\u11FF]|[\u{10000}-\u{10FFFF}]/u.test(p.replace(/\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}\u{E0020}-\u{E007F}]/gu, '')) && !/\p{Cs}/u.test(p));

/** Astral code points NFKC changes or that may compose (mathematical letters, enclosed ones, a mark). */
const ASTRAL_CHANGING = ['𝐁𝐨𝐥𝐝', '𝟙', '🄰', '🈀', '\uD83E\uDFF0', '\u{1D165}', '\u{110BA}', 'e\u{1D165}'];

function randomText(next: (n: number) => number): string {
  let t = '';
  const n = 1 + next(next(2) === 0 ? 30 : 6);
  const pool = next(4);
  const pieces = pool === 0 ? PIECES : pool === 1 ? KEPT : PLAIN;
  for (let p = 0; p < n; p++) t += pieces[next(pieces.length)];
  // Plain text with one astral code point that NFKC changes after its start: the marks, not the
  // table, tell the pass.
  if (pool === 3) t += ASTRAL_CHANGING[next(ASTRAL_CHANGING.length)]! + PLAIN[next(PLAIN.length)]!;
  return t;
}

describe('TextInput reads fields as they came where NFKC and the stripping change nothing', () => {
  it('the table passes only code units that are their own NFKC form, of class 0, no composition second and not stripped', () => {
    const seconds = compositionSeconds();
    expect(seconds.has(0x301) && seconds.has(0x1161) && seconds.has(0x11a8) && seconds.has(0x9be)).toBe(true);
    let passed = 0;
    for (let c = 0; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) {
        expect(mayChangeUnit(c)).toBe(false); // surrogates: the marks read them
        continue;
      }
      if (mayChangeUnit(c)) continue;
      passed++;
      const s = String.fromCharCode(c);
      const name = c.toString(16);
      expect(s.normalize('NFKC'), name).toBe(s);
      expect(STRIP.test(s), name).toBe(false);
      expect(seconds.has(c), name).toBe(false);
      expect(classZero(s), name).toBe(true);
    }
    // Most of the BMP (letters of every script, punctuation, symbols, the emoji of the BMP).
    expect(passed).toBeGreaterThan(40000);
    for (const s of ['а', 'Я', 'ё', 'é', 'ά', '«', '»', '—', '❤', '✅', '\uFE0F', '\u200D', '\u200C', '\u20E3', '\u2028', '\u1680']) expect(mayChangeUnit(s.charCodeAt(0)), s).toBe(false);
    for (const s of ['\u00A0', '\u3000', '\u2000', '\u202F', 'ﬁ', '²', '！', '\u0301', '\u093C', '\u0E33', '\u1161', '\u11A8', '\u200B', '\u00AD', '\uFEFF', '\u0000', '\u0085']) expect(mayChangeUnit(s.charCodeAt(0)), JSON.stringify(s)).toBe(true);
  });

  it('pairMayChange passes only astral code points that are their own NFKC form, of class 0 and no composition second', () => {
    const seconds = compositionSeconds();
    let passed = 0;
    const planes: [number, number][] = [[0x10000, 0x30000], [0xe0000, 0xe1000]];
    for (const [from, to] of planes) {
      for (let cp = from; cp < to; cp++) {
        if (pairMayChange(cp)) continue;
        passed++;
        const s = String.fromCodePoint(cp);
        const name = cp.toString(16);
        expect(s.normalize('NFKC'), name).toBe(s);
        expect(seconds.has(cp), name).toBe(false);
        expect(classZero(s), name).toBe(true);
      }
    }
    expect(passed).toBeGreaterThan(40000);
    for (const s of ['😍', '🏻', '🇷', '\u{E0067}', '\u{E007F}', '🤗', '\u{E0100}']) expect(pairMayChange(s.codePointAt(0)!), s).toBe(false);
    for (const s of ['𝐁', '𝟙', '🄰', '🈀', '\u{1FBF0}', '\u{1D165}', '\u{110BA}', '\u{1133E}', '\u{20000}']) expect(pairMayChange(s.codePointAt(0)!), s).toBe(true);
  });

  it('segments, rawNfkc, hidden, joined, tokens and marks are their definitions on random texts', () => {
    const next = random(29);
    let asCame = 0;
    let normalised = 0;
    for (let k = 0; k < 12000; k++) {
      const fields = 1 + (next(4) === 0 ? next(4) : 0);
      const segments = Array.from({ length: fields }, (_, g) => ({ field: `f${g}`, text: randomText(next) }));
      const input = new TextInput(segments);
      for (let g = 0; g < fields; g++) {
        const raw = segments[g]!.text;
        const name = JSON.stringify(raw);
        const text = normalizeText(raw);
        expect(input.segments[g]!.text, name).toBe(text);
        expect(input.segments[g]!.field).toBe(`f${g}`);
        expect(input.rawNfkc[g], name).toBe(nfkc(raw));
        expect(input.hidden[g], name).toBe(raw.search(HIDDEN));
        if (input.segments[g] === segments[g]) asCame++;
        else normalised++;
      }
      expect(input.joined).toBe(input.segments.map((s) => s.text).join('\n'));
      // The tokens: /\S+/g of each segment's text.
      const expected: [number, number, number][] = [];
      input.segments.forEach((s, g) => {
        for (const m of s.text.matchAll(/\S+/g)) expected.push([g, m.index, m.index + m[0].length]);
      });
      const spans = input.tokenSpans;
      const got: [number, number, number][] = [];
      for (let t = 0; t < spans.length; t += 3) got.push([spans[t]!, spans[t + 1]!, spans[t + 2]!]);
      expect(got).toEqual(expected);
      // The marks and the lists of the pass: those of the same fields normalised before the pass,
      // as TextInput did before it read fields as they came.
      const before = withoutReadingAsCame(() => new TextInput(segments));
      expect(input.segments).toEqual(before.segments);
      expect(input.rawNfkc).toEqual(before.rawNfkc);
      expect(input.hidden).toEqual(before.hidden);
      expect(input.joined).toBe(before.joined);
      expect(input.tokenSpans).toEqual(before.tokenSpans);
      expect(input.marks).toEqual(before.marks);
      expect(input.cyrillicWordTokens).toEqual(before.cyrillicWordTokens);
      expect(input.mixedScriptTokens).toEqual(before.mixedScriptTokens);
      expect(input.separatedTokens).toEqual(before.separatedTokens);
      expect(input.shortTokens).toEqual(before.shortTokens);
      expect(input.collapsedLength).toBe(before.collapsedLength);
      for (let g = 0; g < fields; g++) expect(input.mayHaveLatin(g)).toBe(before.mayHaveLatin(g));
    }
    // Both paths are exercised.
    expect(asCame).toBeGreaterThan(500);
    expect(normalised).toBeGreaterThan(2000);
  });
});
