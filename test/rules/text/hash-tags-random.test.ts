// text.HASH_TAGS (src/rules/text/hash-tags.ts) tries its expression at each "#" whose start of a
// word is checked in code (isTagStart), and finds what a search of each field with HASH_TAG (the
// lookbehind in the expression) finds, filtered as the rule filters it.
import { describe, expect, it } from 'vitest';
import rule, { HASH_TAG, isTagStart } from '../../../src/rules/text/hash-tags.js';
import { TextInput } from '../../../src/text/input.js';

const UNIT_NUMBER = /^#\p{N}{1,10}\p{L}{1,2}$/u;
const HEX_COLOUR = /^#(?=[a-fA-F]{0,7}[0-9])(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

const PIECES = [
  '#', '#', '#', '##', ' ', ' ', '\n', '\u00A0', 'a', 'Z', 'tag', 'SEO', '_', '&', '/', '-', '.', ',', '(', '"', '«', '»', ':', '!',
  '1', '42', '4B', '2nd', 'FF5733', '1a2b3c', 'abc', 'fff', 'C', 'F', 'привет', 'Топ100', 'й', 'ё', 'Ελλάδα', 'ς', 'é', 'e\u0301', '\u0301', '\u0903',
  '²', '½', 'Ⅻ', '٣', '१', 'क', 'ि', '中', 'ا', '😍', '❤️', '\uFE0F', '\u200D', '𝐀', '𝟏', '\u{1D7CF}', '𐐀', '\u{E0100}', '\uD83D', '\uDE0D', '\uDB40',
  'x'.repeat(99), 'я'.repeat(101), '1'.repeat(100),
];

/** HASH_TAGS' matches by its definition: HASH_TAG searched over each field, then the rule's filter. */
function byDefinition(text: TextInput): { field: string; value: string; index: number }[] {
  return text.segments.flatMap(({ field, text: s }) =>
    [...s.matchAll(HASH_TAG)].filter((m) => m[0].length > 0 && !UNIT_NUMBER.test(m[0]) && !HEX_COLOUR.test(m[0])).map((m) => ({ field, value: m[0], index: m.index! })),
  );
}

describe('HASH_TAGS against its expression', () => {
  it('finds what HASH_TAG finds, on random text of tags, words, numbers, marks, surrogates and scripts', () => {
    let seed = 1717;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let found = 0;
    for (let k = 0; k < 20000; k++) {
      let t = '';
      const n = 1 + next(20);
      for (let p = 0; p < n; p++) t += PIECES[next(PIECES.length)];
      const text = new TextInput([{ field: 'm', text: t }, { field: 'n', text: `x#${t}` }]);
      const want = byDefinition(text);
      const got = rule.score({ text } as never, {} as never);
      expect(got.kind === 'hit' ? got.matches : [], JSON.stringify(t)).toEqual(want);
      found += want.length;
    }
    expect(found).toBeGreaterThan(2000);
  });

  it('reads the code point before a "#" as the lookbehind does, on every BMP code unit and on astral ones', () => {
    const LOOKBEHIND = /(?<![\p{L}\p{N}\p{M}_&#/])#/uy;
    const lookbehind = (s: string, i: number): boolean => ((LOOKBEHIND.lastIndex = i), LOOKBEHIND.test(s));
    for (let c = 0; c < 0x10000; c++) {
      const s = `${String.fromCharCode(c)}#`;
      expect(isTagStart(s, 1), c.toString(16)).toBe(lookbehind(s, 1));
    }
    for (const s of ['𝐀#', '𝟏#', '\u{E0100}#', '😍#', '\uD83D#', 'a\uDE0D#', '\uDB40\uDC00#', '#']) {
      expect(isTagStart(s, s.length - 1), JSON.stringify(s)).toBe(lookbehind(s, s.length - 1));
    }
  });
});
