// computeUrls (src/text/urls.ts) goes from one "." or ":" of a field to the next and reads only
// the tokens that hold one, from there: it finds what reading every token whole finds
// (urlsOfToken on each token of `text.tokens`), on random multi-field texts of URLs, domains,
// dotted words, colons, white space and other scripts.
import { describe, expect, it } from 'vitest';
import type { Match } from '../../src/core/rule.js';
import { TextInput } from '../../src/text/input.js';
import { computeUrls, urlsOfToken } from '../../src/text/urls.js';

const PIECES = [
  '.', '.', ':', ':', '://', 'www.', 'WWW.', 'http://', 'https://a.b', 'ftp://', 'example', 'example.com', 'blog.firma.de', 'e.g.', 'a.b', 'P.S.', '..', '...', ':/', ':8080',
  'com', 'de', 'io', 'so', 'No', 'рф', 'пример.рф', 'очень', 'фото.👏', 'слово', 'В.Г.', 'x', '/', '?', '#', '@', '-', '_', '*', '1', '42', '(', ')', '"', "'", '«', '»', '[', ']',
  'http://localhost', 'https://x', 'www.x', 'ftp://host/', 'note:', '12:30', '<a href="', '">', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '  ', '\n', '\n', '\t', '\u00A0', '\u2003', '😍', '\uD83D', 'ß', 'है', '中', 'asp.net', 'ASP.NET',
  'Com', 'COM', 'cOm', 'xn--p1ai', 'co.uk', '.de/', '.io:80', "it's", '.рф', 'РФ', 'сайт', 'Слово', 'ελ', 'K', '\u212A', 'İ', 'com-', 'com_', '𝐀', '.𝐀', '-', '.-', 'ru', 'ua',
];

describe('URL tokens', () => {
  it('finds what reading every token finds', () => {
    let seed = 4242;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    let found = 0;
    let dotted = 0;
    for (let k = 0; k < 12000; k++) {
      const fields = Array.from({ length: 1 + next(3) }, (_, f) => {
        let t = '';
        const n = next(30);
        for (let p = 0; p < n; p++) t += PIECES[next(PIECES.length)];
        return { field: `f${f}`, text: t };
      });
      const text = new TextInput(fields);
      const want: Match[] = [];
      for (const token of text.tokens) {
        if (token.value.includes('.') || token.value.includes(':')) dotted++;
        urlsOfToken(want, token.field, token.value, token.index);
      }
      expect(computeUrls(text), JSON.stringify(fields)).toEqual(want);
      found += want.length;
    }
    expect(found).toBeGreaterThan(5000);
    expect(dotted).toBeGreaterThan(40000);
  });
});
