// The invisible characters marksOf's pass lists (src/text/marks.ts, invisiblesOf), and
// text.OBFUSCATION's test of them read from that list instead of searched for.
import { describe, expect, it } from 'vitest';
import { hidesBetweenLetters, hidesBetweenLettersAt, INVISIBLE } from '../../src/rules/text/obfuscation.js';
import { TextInput } from '../../src/text/input.js';
import { INVISIBLE_UNITS, invisiblesOf } from '../../src/text/marks.js';

const PIECES = [
  'free', 'vi', 'agra', 'зара', 'боток', 'крε', 'дит', 'a', 'б', 'ε', 'é', 'e\u0301', '\u0301', '😍', '❤️', '\uFE0F', '\u200D',
  '\u200C', '\u200E', '\u034F', '\u061C', '\u180E', '\u202E', '\u2066', '\u2063', '\uFE00', '\u{E0041}', '\u{E0100}',
  '\u{E0200}', '\uDB40', '\uDB40x', '1', ' ', '.', '-', 'ي', 'क', '中', '🇷🇺', '#️⃣',
];

function randomTexts(count: number, seed: number): string[] {
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    let t = '';
    const n = 1 + next(k % 2 === 0 ? 30 : 6);
    for (let p = 0; p < n; p++) t += PIECES[next(PIECES.length)];
    out.push(t);
  }
  return out;
}

describe('invisiblesOf', () => {
  it('has the class of text.OBFUSCATION', () => expect(INVISIBLE_UNITS.source).toBe(INVISIBLE.source));

  it('lists every INVISIBLE code unit of each normalised field, in order', () => {
    const all = new RegExp(INVISIBLE.source, 'g');
    let listed = 0;
    for (const t of randomTexts(4000, 5)) {
      const text = new TextInput([{ field: 'a', text: 'plain' }, { field: 'b', text: t }]);
      const lists = invisiblesOf(text);
      for (let g = 0; g < 2; g++) expect(lists[g], JSON.stringify(t)).toEqual([...text.segments[g]!.text.matchAll(all)].map((m) => m.index));
      listed += lists[1]!.length;
    }
    expect(listed).toBeGreaterThan(10000);
  });

  it('gives text.OBFUSCATION the answer its search gives', () => {
    const all = new RegExp(INVISIBLE.source, 'g');
    let hides = 0;
    for (const t of randomTexts(6000, 17)) {
      const offsets = [...t.matchAll(all)].map((m) => m.index);
      const want = hidesBetweenLetters(t, 0);
      expect(hidesBetweenLettersAt(t, offsets), JSON.stringify(t)).toBe(want);
      if (want) hides++;
    }
    expect(hides).toBeGreaterThan(1000);
    expect(hides).toBeLessThan(5500);
  });
});
