import { describe, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule from '../../../src/rules/text/special-chars.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/index.js';

testRule(rule, {
  hits: [
    { request: 'BUY NOW $$$!!!', count: 1, values: ['$$$!!!'], score: 1 },
    { request: 'six dashes ------ and ten stars **********', count: 2, values: ['------', '**********'], score: 2 },
    { name: 'dots with other signs', request: 'Wait......*** what', count: 1, values: ['......***'] },
    { name: 'mixed punctuation (a run of only "?!" does not count)', request: 'Really?!?!?! <><><> ======', count: 2, values: ['<><><>', '======'] },
    { name: 'symbols that are not emoji', request: '★★★★★★ →→→→→→ ■■■■■■', count: 3 },
    { name: 'a run ends at white space, not at a line end inside it', request: '$$$$$$\n######', count: 2 },
    { name: 'de', request: 'Jetzt kaufen!!!!!!$ Nur heute €€€€€€', count: 2, values: ['!!!!!!$', '€€€€€€'] },
    { name: 'fr, guillemets', request: 'Offre «»«»«» spéciale', count: 1, values: ['«»«»«»'] },
    { name: 'pl, cs', request: 'Promocja!!!!!!! Sleva %%%%%%', count: 1 },
    { name: 'ru (Cyrillic)', request: 'СКИДКА!!!!!! только сегодня ++++++', count: 1, values: ['++++++'] },
    { name: 'ru: "№" is "No" after NFKC, letters', request: 'Заказ №№№№№№ и ******', count: 1, values: ['******'] },
    { name: 'el (Greek), Greek question marks are ";" after NFKC', request: 'Τι\u037E\u037E\u037E\u037E\u037E\u037E Προσφορά!!!!!!', count: 1, values: [';;;;;;'] },
    { name: 'bg (Cyrillic)', request: 'Промоция $$$$$$$$', count: 1, values: ['$$$$$$$$'] },
    {
      name: 'several fields',
      request: { fields: { name: '******', company: 'Acme', message: 'Hello ???????### and !!!!!! bye' } },
      count: 2,
      values: ['******', '???????###'],
      fields: ['name', 'message'],
      score: 2,
    },
  ],
  misses: [
    'Five in a row do not count: $$!!! ..... ----- *****',
    'Hello!!! How are you??? Fine... (really).',
    'Emoji runs do not count: 😀😀😀😀😀😀😀 👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽 🇩🇪🇫🇷🇩🇪🇫🇷🇩🇪🇫🇷 1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣ ❤❤❤❤❤❤ ©©©©©©',
    'Emoji break a run: !!!😀!!! ***😀***',
    'Spaced punctuation: . . . . . . ! ! ! ! ! !',
    { name: 'runs of only sentence punctuation (typing, not markup)', request: 'Wait...... what?!?!?! LOVE IT!!!!!!!! Hmm……' },
    {
      name: 'business enquiry',
      request:
        'Dear Sir/Madam, please quote 250 pcs @ €4.50 (incl. VAT) – delivery to 10-12 Main St., #3B. ' +
        'See https://example.com/?a=1&b=2. Thanks! -- John',
    },
    { name: 'de', request: 'Sehr geehrte Damen und Herren, anbei die Rechnung (Nr. 2024/17) – bitte prüfen. Danke!' },
    { name: 'fr', request: "Bonjour, pouvez-vous m'envoyer le devis « standard » ? Merci !" },
    { name: 'es, it, pt', request: '¿Podría enviarme el precio? ¡Gracias! Grazie mille: «ottimo». Obrigado — até logo.' },
    { name: 'pl, cs, sk, hu', request: 'Dzień dobry, proszę o ofertę „standard”. Děkuji! Ďakujem. Köszönöm!' },
    { name: 'ru (Cyrillic)', request: 'Здравствуйте! Сколько стоит доставка? Спасибо, — Иван.' },
    { name: 'el (Greek)', request: 'Καλημέρα! Πόσο κοστίζει; Ευχαριστώ πολύ.' },
  ],
});

describe('adversarial 100 KB inputs', () => {
  it('counts 100 KB of "*" as one run', () => expectHit(rule, { request: fill('*'), count: 1 }));
  it('counts 100 KB of "$" as one run', () => expectHit(rule, { request: fill('$'), count: 1 }));
  it('finds nothing in 100 KB of runs of five', () => expectMiss(rule, fill('*****a')));
  it('counts every run of six in 100 KB (the cut last run of four is not one)', () =>
    expectHit(rule, { request: fill('******a'), count: Math.floor(SIZE / 7) }));
  it('finds nothing in 100 KB of "!!!!! "', () => expectMiss(rule, fill('!!!!! ')));
  it('finds nothing in 100 KB of emoji', () => expectMiss(rule, fill('😀')));
  it('finds nothing in 100 KB of emoji ZWJ chains', () => expectMiss(rule, fill('👨\u200D')));
  it('finds nothing in 100 KB of regional indicators', () => expectMiss(rule, fill('🇩')));
  it('finds nothing in 100 KB of punctuation broken by emoji', () => expectMiss(rule, fill('!!!😀')));
  it('finds nothing in one "!" with 100 KB of combining marks', () => expectMiss(rule, '!' + fill('\u0301', SIZE - 1)));
  it('finds nothing in 100 KB of letters and digits', () => expectMiss(rule, fill('ab12 ')));
});
