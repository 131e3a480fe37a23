import { describe, expect, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule from '../../../src/rules/text/exclamation.js';
import { normalizeRequest } from '../../../src/core/request.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: 'Buy now!', count: 1, values: ['!'], score: 0.25 },
    { name: 'a run is one exclamation, whatever its length', request: 'FREE!!! Click here!!', count: 2, values: ['!!!', '!!'], score: 0.5 },
    { name: 'a long run is one exclamation', request: 'I love this song so much!!!!!!!!!!!!!!!!!!!!', count: 1, values: ['!!!!!!!!!!!!!!!!!!!!'], score: 0.25 },
    { name: 'runs split by other characters are separate', request: 'Really?!?!?!', count: 3, values: ['!', '!', '!'] },
    { request: 'a!b!c', count: 2, values: ['!', '!'] },
    { name: 'es: "¡" does not count, "!" does', request: '¡Hola! ¡Gana dinero ya!', count: 2, values: ['!', '!'] },
    { name: 'de', request: 'Jetzt kaufen! Nur heute!!', count: 2 },
    { name: 'fr (space before "!")', request: 'Offre spéciale ! Gagnez 1000 € !', count: 2 },
    { name: 'ru (Cyrillic)', request: 'Срочно! Только сегодня!!!', count: 2, values: ['!', '!!!'] },
    { name: 'bg (Cyrillic)', request: 'Поздравления! Спечелихте!', count: 2 },
    { name: 'el (Greek)', request: 'Συγχαρητήρια! Κερδίσατε!!', count: 2 },
    { name: 'pl', request: 'Wygrałeś nagrodę! Kliknij teraz!', count: 2 },
    { name: 'full-width ！ is folded by NFKC', request: 'お得！！', count: 1, values: ['!!'] },
    { name: '‼ is folded to "!!" by NFKC', request: 'Act now‼', count: 1, values: ['!!'] },
    { name: '⁉ is folded to "?!" by NFKC', request: 'Really⁉', count: 1, values: ['!'] },
    { name: 'small form variant ﹗', request: 'Hey﹗', count: 1 },
    {
      name: 'several fields',
      request: { fields: { name: 'Winner!', email: 'a@b.example', message: 'Claim your prize!!!' } },
      count: 2,
      values: ['!', '!!!'],
      fields: ['name', 'message'],
    },
    { name: 'text array', request: { text: ['Hi!', 'no', 'Bye!!'] }, count: 2, fields: ['text[0]', 'text[2]'] },
  ],
  misses: [
    'Hello, I would like to ask about the price of your services. Thank you.',
    { name: 'es: only the opening "¡"', request: '¡Hola' },
    { name: 'es: inverted question marks', request: '¿Cuánto cuesta el envío a Sevilla?' },
    { name: 'de', request: 'Sehr geehrte Damen und Herren, anbei die Rechnung Nr. 2024-117. Mit freundlichen Grüßen' },
    { name: 'cs', request: 'Dobrý den, mohli byste mi poslat nabídku na 20 ks? Děkuji.' },
    { name: 'ru', request: 'Добрый день. Подскажите, пожалуйста, сроки доставки.' },
    { name: 'el', request: 'Καλημέρα σας. Θα ήθελα μια προσφορά για το έργο.' },
    { name: 'nl', request: 'Goedemiddag, kunt u mij terugbellen op 020-1234567?' },
    { name: 'the emoji ❗ is not an exclamation mark', request: 'Important ❗' },
    { name: 'the click letter ǃ is not an exclamation mark', request: 'ǃKung language' },
  ],
});

describe('adversarial 100 KB inputs', () => {
  it('counts 100 KB of "!" as one run', () => expectHit(rule, { request: fill('!'), count: 1, score: 0.25 }));
  it('counts every "!" of 100 KB of "!a"', () => expectHit(rule, { request: fill('!a'), count: SIZE / 2 }));
  it('counts 100 KB of "‼" as one run', () => expectHit(rule, { request: fill('‼'), count: 1 }));
  it('counts every "‼" of 100 KB of "‼ " once', () => expectHit(rule, { request: fill('‼ '), count: SIZE / 2 }));
  it('counts no "!" in 100 KB of "¡"', () => expectMiss(rule, fill('¡')));
  it('counts no "!" in 100 KB of "?"', () => expectMiss(rule, fill('?')));
});

describe('text.EXCLAMATION against its definition', () => {
  it('finds the runs /!+/g finds, on random texts', () => {
    const pieces = ['!', '!', '!!!', '¡', '！', '‼', 'a', 'Привет', ' ', '\n', '?', '😍', '.', 'ё'];
    let seed = 31;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * n);
    };
    let runs = 0;
    for (let k = 0; k < 3000; k++) {
      const fields: Record<string, string> = {};
      for (let f = 0; f < 1 + next(3); f++) {
        let t = '';
        for (let p = next(30); p > 0; p--) t += pieces[next(pieces.length)];
        fields[`f${f}`] = t;
      }
      const request = normalizeRequest({ fields });
      const expected = request.text!.segments.flatMap(({ field, text }) => [...text.matchAll(/!+/g)].map((m) => ({ field, value: m[0], index: m.index })));
      const outcome = rule.score(request, {});
      expect(outcome.kind === 'hit' ? outcome.matches : [], JSON.stringify(fields)).toEqual(expected);
      runs += expected.length;
    }
    expect(runs).toBeGreaterThan(5000);
  });
});
