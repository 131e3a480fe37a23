// text.OBFUSCATION reads mixed-script words only in TextInput.mixedScriptTokens: the list against
// its definition, and the words found in it against the words found reading every token.
import { describe, expect, it } from 'vitest';
import { type Candidate, mixedScript } from '../../../src/rules/text/obfuscation.js';
import { TextInput } from '../../../src/text/input.js';

const PIECES = ['работа', 'рaбота', 'зaрaботок', 'кpедит', 'Привет', 'ЗAPAБOTOK', 'ДEHЬ', 'ёжик', 'й', 'frее', 'free', 'Windowsе',
  'iPhoneа', 'hello', 'WORLD', 'αβγ', 'καλημέρα', 'καλημεpα', 'Ἀθῆναι', 'ạ', 'ḁ', 'é', 'ß', 'µ', 'ª', '«', '»', '—', '…', '№',
  '@screened-12', 'www.example.com', 'www.пример.рф', 'e\u0301', 'и\u0306', '\u0483', '😍', '👍🏻', '\uFE0F', '\u200D', '\u200B',
  '1', '42', '.', ',', '-', '!', '?', '"', "'", '(', ')', 'Ж', 'o', 'a', 'p', 'c', 'x', 'e', 'о', 'а', 'р', 'с', 'х', 'е', 'ο', 'α',
  'ρ', 'ν', '\u0370', '\u03FF', '\u052F', '\u0530', '\u024F', '\u0250', '\u1E00', '\u1EFF', '\u1F00', '\u1FFF', '\u2000', '中', 'ß'];
const SPACES = [' ', ' ', ' ', '\n', '\u00A0', '\t', '\u2003'];

function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    // The high bits: the low ones of this generator repeat with a short period.
    return Math.floor((seed / 2147483648) * n);
  };
}

const LATIN = /[A-Za-z\u0080-\u024F\u1E00-\u1EFF]/;
const CYRILLIC = /[\u0400-\u052F]/;
const GREEK = /[\u0370-\u03FF\u1F00-\u1FFF]/;

describe('TextInput.mixedScriptTokens', () => {
  it('lists the tokens of two scripts or more, and OBFUSCATION finds in them what it finds in every token', () => {
    const next = random(3);
    let listed = 0;
    let words = 0;
    for (let k = 0; k < 8000; k++) {
      const fields: { field: string; text: string }[] = [];
      const count = 1 + next(3);
      for (let f = 0; f < count; f++) {
        let t = '';
        const n = next(k % 4 === 0 ? 80 : 20);
        for (let p = 0; p < n; p++) t += next(2) === 0 ? SPACES[next(SPACES.length)] : PIECES[next(PIECES.length)];
        fields.push({ field: `f${f}`, text: t });
      }
      const input = new TextInput(fields);
      const spans = input.tokenSpans;
      const every: number[] = [];
      const expected: number[] = [];
      for (let t = 0; t < spans.length; t += 3) {
        every.push(t);
        const value = input.segments[spans[t]!]!.text.slice(spans[t + 1], spans[t + 2]);
        if ([LATIN, CYRILLIC, GREEK].filter((re) => re.test(value)).length >= 2) expected.push(t);
      }
      const list = input.mixedScriptTokens;
      expect(list, JSON.stringify(fields)).toEqual(expected);
      listed += list.length;
      for (let g = 0; g < input.segments.length; g++) {
        const { field, text } = input.segments[g]!;
        const inList = list.filter((t) => spans[t] === g);
        const inField = every.filter((t) => spans[t] === g);
        const fromList: Candidate[] = [];
        const fromAll: Candidate[] = [];
        mixedScript(text, field, spans, inList, 0, inList.length, fromList);
        mixedScript(text, field, spans, inField, 0, inField.length, fromAll);
        expect(fromList, JSON.stringify(text)).toEqual(fromAll);
        words += fromAll.length;
      }
    }
    expect(listed).toBeGreaterThan(20000);
    expect(words).toBeGreaterThan(8000);
  });
});
