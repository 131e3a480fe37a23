// text.SPECIAL_CHARS passes over groups of fewer than six marks that may be special without
// reading their code units; on random texts of every kind of special character, run, pair,
// emoji, separator line and banner it finds what reading every group finds.
import { describe, expect, it } from 'vitest';
import { normalizeRequest } from '../../../src/core/request.js';
import rule, { withoutShortGroupSkip } from '../../../src/rules/text/special-chars.js';

const PIECES = ['a', 'Z', 'ж', 'Ω', '1', ' ', ' ', '\n', '\t', '\u00A0', '!', '?', '.', ',', '$', '€', '*', '-', '=', '+', '<', '>', '#',
  '@', '%', '&', '(', ')', '«', '»', '—', '…', '★', '→', '■', '▌', '━', '┃', '№', '😍', '👍🏻', '❤️', '1️⃣', '𝄞', '🀄', '\uD83D',
  '\uDE0D', '\u0301', ':-)', '******', '------', '$$$!!!', '!!!!!!', '*****NOTICE*****', '▬▬▬▬▬▬ஜ۩۞۩ஜ▬▬▬▬▬▬', 'Привет', 'word'];

function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
}

describe('text.SPECIAL_CHARS: short groups of marks passed over', () => {
  it('finds what reading every group finds on random texts', () => {
    const next = random(23);
    let hits = 0;
    for (let k = 0; k < 6000; k++) {
      const fields: Record<string, string> = {};
      const count = 1 + next(2);
      for (let f = 0; f < count; f++) {
        let t = '';
        const n = next(k % 4 === 0 ? 90 : 16);
        // Runs of one piece now and then, so that groups of every length around six occur.
        for (let p = 0; p < n; p++) {
          const piece = PIECES[next(PIECES.length)]!;
          t += next(6) === 0 ? piece.repeat(1 + next(7)) : piece;
        }
        fields[`f${f}`] = t;
      }
      const req = normalizeRequest({ fields });
      const fast = rule.score(req, {} as never);
      const full = withoutShortGroupSkip(() => rule.score(normalizeRequest({ fields }), {} as never));
      expect(fast, JSON.stringify(fields)).toEqual(full);
      if (fast.kind === 'hit') hits++;
    }
    expect(hits).toBeGreaterThan(1000);
  });
});
