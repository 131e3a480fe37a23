// The detector's sample reads basic Cyrillic letters (U+0410–U+044F) from a small table of their
// bytes instead of its general path's tables: scoreNgrams gives the same result either way, on
// random text of Cyrillic (basic and extended, cue letters), Latin, Greek, marks, apostrophes,
// URLs, emoji and white space, short and past the sample's cut.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageModel, scoreNgrams, withoutCyrillicFastPath } from '../../src/language/detector.js';

const PIECES = [
  'привет', 'Москва', 'ЁЛКА', 'йод', 'ещё', 'съезд', 'щука', 'ЭТО', 'ы', 'і', 'ї', 'є', 'ґ', 'ў', 'ђ', 'ќ', 'ә', 'ө', 'ү', 'ң', 'һ', 'ҳ', 'қ', 'ғ',
  'А', 'Я', 'а', 'я', 'Ѐ', 'ѐ', 'Џ', 'џ', 'Ѡ', 'ѣ', 'Ӏ', 'ӏ', 'free', 'Hello', 'καλημέρα', 'e\u0301', '\u0301', "'", '’', ' ', ' ', ' ', '\n', ',', '.', '!',
  'https://пример.рф', 'www.x.ru', 'a@b.ru', '😍', '❤️', '123', 'кот'.repeat(40), 'Ж'.repeat(30),
];

describe('the detector sample of basic Cyrillic letters', () => {
  beforeAll(() => loadLanguageModel());

  it('scores random text as the general path does', () => {
    let seed = 5151;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 16) % n;
    let ranked = 0;
    for (let k = 0; k < 4000; k++) {
      let t = '';
      const n = 1 + next(k % 10 === 0 ? 400 : 40);
      for (let p = 0; p < n; p++) t += PIECES[next(PIECES.length)];
      const fast = scoreNgrams(t);
      const general = withoutCyrillicFastPath(() => scoreNgrams(t));
      expect(fast, JSON.stringify(t)).toEqual(general);
      ranked += fast.ranked.length;
    }
    expect(ranked).toBeGreaterThan(4000);
  });
});
