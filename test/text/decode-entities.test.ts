// decodeEntities (src/text/html.ts) replaces references only in text with an "&" and decodes
// percent-escapes by indexOf (decodePercent): the same string as its definition, the two global
// replaces, on random text of references, escapes, hex digits and other scripts.
import { describe, expect, it } from 'vitest';
import { decodeEntities, decodePercent } from '../../src/text/html.js';

const NAMED: Record<string, string> = {
  lt: '<', gt: '>', quot: '"', apos: "'", amp: '&', colon: ':', tab: '\t', newline: '\n', lpar: '(', rpar: ')', sol: '/', equals: '=', nbsp: ' ',
};
function definition(s: string): string {
  return s
    .replace(/&(?:#0{0,64}(\d{1,7})|#[xX]0{0,64}([0-9a-fA-F]{1,6})|([a-zA-Z]{2,8}));?/g, (whole, dec?: string, hex?: string, name?: string) => {
      if (dec !== undefined || hex !== undefined) {
        const cp = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
        return cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : whole;
      }
      return NAMED[name!.toLowerCase()] ?? whole;
    })
    .replace(/%([0-7][0-9a-fA-F])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const PIECES = ['%', '%', '%%', '&', '&#', '&#x', '#', ';', '0', '3', '7', '8', '9', 'a', 'A', 'f', 'F', 'g', 'G', 'x', 'X', '3C', '3c', '25', '41', '7f', '80', '%3', '%2', '%7', 'amp', 'lt', 'colon', 'Tab',
  'скидка 50', '%!', ' ', '\n', '😍', '\uD83D', 'é', 'ё', '&#106;', '&#x6A;', '&#0000106', '&lt;', '%3Cscript%3E', '%%41', '%4', '%g1'];

describe('decodeEntities against its definition', () => {
  it('gives the same string on random text', () => {
    let seed = 3737;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 16) % n;
    let changed = 0;
    for (let k = 0; k < 30000; k++) {
      let s = '';
      const n = next(16);
      for (let p = 0; p < n; p++) s += PIECES[next(PIECES.length)];
      const want = definition(s);
      expect(decodeEntities(s), JSON.stringify(s)).toBe(want);
      expect(decodePercent(s), JSON.stringify(s)).toBe(s.replace(/%([0-7][0-9a-fA-F])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
      if (want !== s) changed++;
    }
    expect(changed).toBeGreaterThan(10000);
  });

  it('decodes every pair of code units after a "%" as the expression does', () => {
    const units = [...'0123456789abcdefgABCDEFG%@`/:[]', '\u0660', '\uFF10', '\uFF21'];
    for (const a of units) for (const b of units) {
      const s = `x%${a}${b}y`;
      expect(decodePercent(s), JSON.stringify(s)).toBe(s.replace(/%([0-7][0-9a-fA-F])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
    }
  });
});
