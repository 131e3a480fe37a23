// Where text.EMOJI's scanner starts (src/text/marks.ts, emojiStartsOf): the emoji found from the
// places marksOf's pass lists are the ones findEmoji finds searching the text itself.
import { describe, expect, it } from 'vitest';
import { findEmoji, findEmojiAt } from '../../src/text/emoji.js';
import { TextInput } from '../../src/text/input.js';
import { emojiStartsOf, marksOf } from '../../src/text/marks.js';

const PIECES = [
  '😍', '❤️', '❤', '\uFE0F', '\u200D', '👍🏻', '🏄🏾‍♀️', '👨‍👩‍👧‍👦', '👨‍👩‍👧‍👦‍👨', '🇷🇺', '🇷', '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
  '#️⃣', '#⃣', '1️⃣', '7\u20E3', '*️⃣', '#', '*', '5', '\u20E3', '©', '®', '©️', '™', '™️', '↔', '↔️', '‼', '☺', '✨', '⠀',
  '中', '文', '𐐀', '𝄞', '\uD83D', '\uDE0D', '🏻', '\u{E0041}', 'a', 'б', 'ε', ' ', ' ', '\n', '.', '!', '€', '№', '…',
];

describe('emojiStartsOf and findEmojiAt', () => {
  it('find what findEmoji finds, on random text of emoji, their parts and their look-alikes', () => {
    let seed = 4242;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let found = 0;
    for (let k = 0; k < 6000; k++) {
      let t = '';
      const n = 1 + next(20);
      for (let p = 0; p < n; p++) t += PIECES[next(PIECES.length)];
      const text = new TextInput([{ field: 'a', text: 'plain 1 #' }, { field: 'm', text: t }]);
      const starts = emojiStartsOf(text);
      expect(starts.length).toBe(2);
      for (let g = 0; g < 2; g++) {
        const { field, text: s } = text.segments[g]!;
        const want = findEmoji(s, field);
        expect(findEmojiAt(s, field, starts[g]!), JSON.stringify(s)).toEqual(want);
        found += want.length;
      }
    }
    expect(found).toBeGreaterThan(20000);
  });

  it('read no keycap past the end of a field (the code units copied for the text before it)', () => {
    for (const before of ['a\u20E3', 'a\uFE0F\u20E3', 'ab\u20E3', 'x 1\uFE0F\u20E3 y']) {
      for (const text of ['#', '1', 'z *', '#\uFE0F', '5\n']) {
        void new TextInput([{ field: 'f', text: before }]).marks;
        const input = new TextInput([{ field: 'f', text }]);
        expect(emojiStartsOf(input), `${JSON.stringify(before)} then ${JSON.stringify(text)}`).toEqual([[]]);
      }
    }
  });

  it('are computed in the one pass of marksOf', () => {
    const text = new TextInput([{ field: 'm', text: 'Hi 😍 #️⃣ 5 ©' }]);
    expect(emojiStartsOf(text)).toEqual([[3, 6, 12]]);
    expect(emojiStartsOf(text)).toBe(emojiStartsOf(text));
    expect(marksOf(text)).toBe(marksOf(text));
  });
});
