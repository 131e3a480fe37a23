// text.CURRENCY's scan (src/rules/text/currency.ts, prices): it tries PRICE only where a match
// can start (candidateAt, with the pre-tests of a digit's follower and a code's first three
// letters), and finds what PRICE's own search of each field finds.
import { describe, expect, it } from 'vitest';
import { PRICE, prices } from '../../../src/rules/text/currency.js';
import { TextInput } from '../../../src/text/input.js';

const PIECES = [
  '1', '7', '0', '12', '100', '2003', '08375750818', '१', '२०', '٣', '𝟏', '\u{1D7CF}0', '.', ',', "'", '’', '-', ',-', ' ', ' ', '\u00A0', '\u202F', '\u2009', '\u3000', '\t', '\n',
  '$', '€', '£', '₹', '₽', '¢', '$$', 'USD', 'EUR', 'USDT', 'BTC', 'US', 'EU', 'NATO', 'EUROPE', 'ABC', 'INR', 'XRP', 'X', 'RU',
  'k', 'K', 'M', 'mln', 'mil', 'million', 'billion', 'dollars', 'Dollar', 'euro', 'Euros', 'eur', 'eurá', 'bucks', 'pounds sterling', 'zł', 'złotych', 'Kč', 'korun',
  'Ft', 'ft', 'forint', 'lei', 'leva', 'лв', 'лева', 'евро', 'долл', 'долларов', 'руб', 'рублей', 'грн', 'ευρώ', 'δολάρια', 'kr', 'kronor', 'kruununa', 'euroa',
  'dólares', 'reais', 'pesos', 'the', 'and', 'in', 'a', 'is', 'пр', 'и', 'съ', 'μ', 'σ', 'η', 'ό', 'है', 'पर', 'कॉल', 'करें', '।', '中', 'ü', 'é', 'ő',
  'лет', 'раз', 'года', 'дней', 'л', 'лв.', 'е', 'ев', 'д', 'до', 'р', 'ру', 'г', 'гр', 'δ', 'δο', 'ε', 'ευ', 'Евро', 'Руб',
  '😍', '\uD83D', '\uDE0D', '𐐀', '/', ':', '%', '(', ')', '!', '?', '#', '+', 'x', 'b', 'p', 'r', 'z', 'l', 'd', 'e', 'f', 'm',
];

describe('CURRENCY prices', () => {
  it('finds what PRICE finds, on random text of amounts, signs, codes, currency words and other scripts', () => {
    let seed = 1616;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let found = 0;
    for (let k = 0; k < 20000; k++) {
      let t = '';
      const n = 1 + next(24);
      for (let p = 0; p < n; p++) t += PIECES[next(PIECES.length)];
      // The field twice: the second scan starts again before where the first one's reading stopped.
      const text = new TextInput([{ field: 'a', text: 'price 10 €' }, { field: 'm', text: t }, { field: 'n', text: t }]);
      const want = text.segments.flatMap(({ field, text: s }) => [...s.matchAll(PRICE)].filter((m) => m[0].length > 0).map((m) => ({ field, value: m[0], index: m.index })));
      expect(prices(text), JSON.stringify(t)).toEqual(want);
      found += want.length;
    }
    expect(found).toBeGreaterThan(25000);
  });

  it('finds a price whose amount runs to the reach of the pre-test, and one just past it', () => {
    // 15 digits, five groups, two decimals, a suffix: the longest amount before its unit.
    const longest = '123456789012345 123 456 789 012 345,67 million EUR';
    const text = new TextInput([{ field: 'm', text: `${longest} and ${'1 '.repeat(30)}1 USD` }]);
    const want = [...text.segments[0]!.text.matchAll(PRICE)].map((m) => m[0]);
    expect(prices(text).map((m) => m.value)).toEqual(want);
    expect(want[0]).toBe(longest);
  });
});
