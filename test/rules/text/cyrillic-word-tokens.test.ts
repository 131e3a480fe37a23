import { describe, expect, it } from 'vitest';
import rule, { ordinaryCyrillic, ordinaryCyrillicWord, randomReason } from '../../../src/rules/text/random-chars.js';
import { TextInput } from '../../../src/text/input.js';
import { runRuleCase } from '../../../src/testing/rule.js';

// mulberry32: a generator whose low bits do not cycle (n is often 2 or 4 here).
let seed = 987654321;
const next = (n: number): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
};

// Basic Cyrillic letters by kind: keyboard rows (walks), vowels, consonants, capitals, ё.
const ROWS = ['йцукенгшщзхъ', 'фывапролджэ', 'ячсмитьбю'];
const VOWELS = 'аеиоуыэюяё';
const CONSONANTS = 'бвгджзйклмнпрстфхцчшщъь';
const ALL = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ';

/** A random word of basic Cyrillic letters, four or more: walks, vowel-less runs, repeats, ordinary mixes. */
function randomWord(): string {
  const length = 4 + next(next(4) === 0 ? 40 : 8);
  let w = '';
  const kind = next(5);
  const row = ROWS[next(3)]!;
  let at = next(row.length);
  for (let i = 0; i < length; i++) {
    let c: string;
    if (kind === 0) {
      // Along a row, now and then repeating a letter or stepping back.
      c = row[at]!;
      const move = next(5);
      at = move === 0 ? at : move === 1 ? Math.max(0, at - 1) : Math.min(row.length - 1, at + 1);
    } else if (kind === 1) c = CONSONANTS[next(CONSONANTS.length)]!;
    else if (kind === 2 && i > 0 && next(2) === 0) c = w[w.length - 1]!.toLowerCase();
    else if (kind === 3) c = next(4) === 0 ? VOWELS[next(VOWELS.length)]! : CONSONANTS[next(CONSONANTS.length)]!;
    else c = ALL[next(ALL.length)]!;
    w += next(6) === 0 ? c.toUpperCase() : c;
  }
  return w;
}

describe('ordinaryCyrillicWord against ordinaryCyrillic and randomReason', () => {
  it('agrees with ordinaryCyrillic on 30,000 random words of basic Cyrillic letters, and passes only words randomReason has no reason for', () => {
    let ordinary = 0;
    let notOrdinary = 0;
    for (let k = 0; k < 30000; k++) {
      const w = randomWord();
      const pad = next(3);
      const s = ' '.repeat(pad) + w + ' '.repeat(next(3));
      const got = ordinaryCyrillicWord(s, pad, pad + w.length);
      expect(got, w).toBe(ordinaryCyrillic(s, pad, pad + w.length));
      if (got) {
        ordinary++;
        expect(randomReason(w), w).toBeNull();
      } else notOrdinary++;
    }
    // Both answers are given often enough to mean something.
    expect(ordinary).toBeGreaterThan(5000);
    expect(notOrdinary).toBeGreaterThan(5000);
  });
});

describe('TextInput.cyrillicWordTokens', () => {
  const pieces = ['привет', 'Москва', 'ЙЦУКЕН', 'фыва', 'ёжик', 'Ёлка', 'дом', 'и', 'взбрзг', 'слово,', '«слово»', 'из-за', 'ёёёё',
    'фы\u0301ва', 'прівіт', 'qwerty', 'αβγδ', 'мир😍', '😍мир', 'Привет!', 'ԱԲԳԴ', 'слово\u00a0слово', 'словоѐ', 'ЀЁЂЃ', 'яяяя', 'АААА',
    'дом,', 'дом:', 'слово.', 'слово;', 'слово!!', 'слово)', 'слово"', "слово'", 'слово»', 'слово…', 'слово—', 'слово-', 'слово1', 'слово😍', 'слово\u0301', 'ёж,', 'ёжик?'];
  const ends = ['', '', '', ',', '.', '!', '?', ';', ':', ')', '"', "'", '»', '…', '—', '1', 'a', '\u0301', '😍', '\u200d'];
  const spaces = [' ', '  ', '\n', '\t', '\u00a0', '\u2003', ''];
  it('lists exactly the tokens of four code units or more that are all А–я, Ё, ё, or such letters and one of . , ! ? ; ) " \' » … last, on 8,000 random texts', () => {
    let listed = 0;
    for (let k = 0; k < 8000; k++) {
      const fields: string[] = [];
      for (let f = 0; f < 1 + next(2); f++) {
        let text = '';
        for (let p = 0; p < 1 + next(12); p++) text += spaces[next(spaces.length)]! + (next(3) === 0 ? randomWord() + ends[next(ends.length)]! : pieces[next(pieces.length)]!);
        fields.push(text);
      }
      const input = new TextInput(fields.map((text, i) => ({ field: `f${i}`, text })));
      const spans = input.tokenSpans;
      const expected: number[] = [];
      for (let t = 0; t < spans.length; t += 3) {
        const token = input.segments[spans[t]!]!.text.slice(spans[t + 1]!, spans[t + 2]!);
        if (/^[А-яЁё]{4,}$/u.test(token)) expected.push(2 * t);
        else if (/^[А-яЁё]{3,}[.,!?;)"'»…]$/u.test(token)) expected.push(2 * t + 1);
      }
      expect(input.cyrillicWordTokens, JSON.stringify(fields)).toEqual(expected);
      listed += expected.length;
    }
    expect(listed).toBeGreaterThan(10000);
  });

  it('leaves the rule finding the words randomReason finds in such tokens', async () => {
    const marks = ['', '', ',', '.', '!', '?', ';', ')', '"', "'", '»', '…'];
    for (let k = 0; k < 3000; k++) {
      const words = Array.from({ length: 1 + next(8) }, randomWord);
      const text = words.map((w) => w + marks[next(marks.length)]!).join(' ');
      const { result } = await runRuleCase(rule, text);
      expect((result.matches ?? []).map((m) => m.value), text).toEqual(words.filter((w) => randomReason(w) !== null));
    }
  });
});
