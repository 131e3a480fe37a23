import { describe, expect, it } from 'vitest';
import { CodeUnits, KEPT_UNITS } from '../../src/text/units.js';

// mulberry32
let seed = 20261128;
const next = (n: number): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
};

/** Random strings of every kind of code unit: ASCII, Latin-1, Cyrillic, lone and paired surrogates, U+FFFE/U+FFFF, NUL. */
function randomText(): string {
  const length = next(200) === 0 ? 60000 + next(20000) : next(4) === 0 ? next(5000) : next(64);
  const units: number[] = [];
  for (let i = 0; i < length; i++) {
    const kind = next(8);
    if (kind === 0) units.push(next(0x80));
    else if (kind === 1) units.push(0x80 + next(0x80));
    else if (kind === 2) units.push(0x400 + next(0x60));
    else if (kind === 3) units.push(0xd800 + next(0x400)); // high surrogate, paired or not
    else if (kind === 4) units.push(0xdc00 + next(0x400)); // low surrogate, paired or not
    else if (kind === 5) units.push([0, 0xfffe, 0xffff, 0xfeff, 0x200b][next(5)]!);
    else units.push(next(0x10000));
  }
  let s = '';
  for (let i = 0; i < units.length; i += 512) s += String.fromCharCode(...units.slice(i, i + 512));
  return next(3) === 0 ? JSON.parse(JSON.stringify(s)) : s;
}

describe('CodeUnits', () => {
  for (const native of [true, false]) {
    it(`copies every code unit as charCodeAt reads it, lone surrogates too, on 3,000 random strings (${native ? 'Buffer' : 'one by one'})`, () => {
      const copier = new CodeUnits(native);
      let long = 0;
      for (let k = 0; k < 3000; k++) {
        const text = randomText();
        const units = copier.of(text);
        expect(units.length).toBeGreaterThanOrEqual(text.length);
        if (text.length > KEPT_UNITS) long++;
        let mismatch = -1;
        for (let i = 0; i < text.length && mismatch === -1; i++) if (units[i] !== text.charCodeAt(i)) mismatch = i;
        expect(mismatch, JSON.stringify(text.slice(Math.max(0, mismatch - 3), mismatch + 3))).toBe(-1);
      }
      // Texts longer than a copier keeps room for (an array of their own) were among them.
      expect(long).toBeGreaterThan(3);
    });
  }

  it('reads one-byte strings (Latin-1) as their code units, and a sliced or joined string', () => {
    const copier = new CodeUnits();
    const base = 'x'.repeat(100) + 'Ünïcödé ÿ\u00ff' + 'привет мир'.repeat(30);
    for (const text of [base.slice(3, 50), base.slice(90), base + '😍' + base, 'ÿ'.repeat(2000)]) {
      const units = copier.of(text);
      expect(Array.from(units.subarray(0, text.length))).toEqual(Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)));
    }
  });
});
