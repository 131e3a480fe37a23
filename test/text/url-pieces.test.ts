// computeUrls (src/text/urls.ts) reads a token without a character that splits pieces as one
// piece instead of searching it with PIECE: on random tokens, such a token is PIECE's one match,
// whole, and hasPieceBreak is true exactly for the tokens with such a character.
import { describe, expect, it } from 'vitest';
import { hasPieceBreak, PIECE } from '../../src/text/urls.js';

const PIECES = ['example', '.', 'com', 'de', 'рф', 'очень', 'है', 'क़', '"', "'", '`', '<', '>', '[', ']', '(', ')', '{', '}', '‘', '’', '“', '”', '„', '«', '»', '‹', '›',
  'it', 's', '/', '?', '#', ':', '-', '_', '*', '1', '😍', '\u00A0', 'ß', 'x', '\u2019', '\u201A', '\u2039', '\u00AB', '\u2010', '\u2020', '\uFF02'];
const BREAK = /["'`<>[\](){}‘’“”„«»‹›]/;

describe('URL pieces', () => {
  it('a token without a break is PIECE\'s one match, whole; hasPieceBreak finds every break', () => {
    let seed = 31;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    let plain = 0;
    for (let t = 0; t < 20000; t++) {
      let token = '';
      const n = 1 + next(12);
      for (let i = 0; i < n; i++) token += PIECES[next(PIECES.length)];
      expect(hasPieceBreak(token), JSON.stringify(token)).toBe(BREAK.test(token));
      if (!BREAK.test(token)) {
        plain++;
        expect([...token.matchAll(PIECE)].map((m) => [m[0], m.index]), JSON.stringify(token)).toEqual([[token, 0]]);
      }
    }
    expect(plain).toBeGreaterThan(4000);
  });
});
