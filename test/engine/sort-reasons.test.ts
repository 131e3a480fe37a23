// sortReasons (src/engine/respond.ts) sorts a response's reasons by insertion when there are a
// few: the same order as the comparator sort it stands for, on random lists of every length to 40.
import { describe, expect, it } from 'vitest';
import { sortReasons } from '../../src/engine/respond.js';

const bySort = (rs: { id: string; cents: number }[]) => [...rs].sort((a, b) => b.cents - a.cents || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

describe('sortReasons', () => {
  it('orders random reasons as the comparator sort does', () => {
    let seed = 99;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 16) % n;
    const ids = ['text.EMOJI', 'text.URL', 'text.MODEL', 'email.DISPOSABLE', 'ip.TOR', 'text.A', 'text.a', 'text.Z', 'x', 'y'];
    for (let k = 0; k < 20000; k++) {
      const n = next(41);
      const rs = Array.from({ length: n }, (_, i) => ({ id: `${ids[next(ids.length)]}${i}`, cents: [25, 50, 100, 150, 500, 25, -100][next(7)]! }));
      const want = bySort(rs);
      expect(sortReasons(rs), JSON.stringify(rs)).toEqual(want);
    }
  });
});
