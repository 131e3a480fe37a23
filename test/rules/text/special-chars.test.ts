import { describe, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule from '../../../src/rules/text/special-chars.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: 'BUY NOW $$$!!!', count: 1, values: ['$$$!!!'], score: 1 },
    // Issue 16: a line of dashes on its own is a separator (miss); stars are decoration.
    { request: 'six dashes ------ and ten stars **********', count: 1, values: ['**********'], score: 1 },
    { name: 'dots with other signs', request: 'Wait......*** what', count: 1, values: ['......***'] },
    { name: 'mixed punctuation (a run of only "?!" and a separator line do not count)', request: 'Really?!?!?! <><><> ======', count: 1, values: ['<><><>'] },
    { name: 'symbols that are not emoji', request: '★★★★★★ →→→→→→ ■■■■■■', count: 3 },
    { name: 'a run ends at white space, not at a line end inside it', request: '$$$$$$\n######', count: 2 },
    { name: 'de', request: 'Jetzt kaufen!!!!!!$ Nur heute €€€€€€', count: 2, values: ['!!!!!!$', '€€€€€€'] },
    { name: 'fr, guillemets', request: 'Offre «»«»«» spéciale', count: 1, values: ['«»«»«»'] },
    { name: 'pl, cs', request: 'Promocja!!!!!!! Sleva %%%%%%', count: 1 },
    { name: 'ru (Cyrillic)', request: 'СКИДКА!!!!!! только сегодня ++++++', count: 1, values: ['++++++'] },
    { name: 'ru: "№" is "No" after NFKC, letters', request: 'Заказ №№№№№№ и ******', count: 1, values: ['******'] },
    { name: 'el (Greek)', request: 'Προσφορά €€€€€€ μόνο σήμερα!!!!!!', count: 1, values: ['€€€€€€'] },
    // Issue 16: what spam decorates with still counts.
    { name: 'issue 16: arrows around a link, even with white space around them', request: '----->>>> https://example.com <<<<-----', count: 2, values: ['----->>>>', '<<<<-----'] },
    { name: 'issue 16: stars around a masked number are not a separator', request: 'URGENT! Your mobile number *************** WON a prize', count: 1 },
    { name: 'issue 16: block elements and ornaments', request: '▌▌▌▌▌▌▌▌▌▌ FACEBOOK HACK ▬▬▬▬▬▬ஜ۩۞۩ஜ▬▬▬▬▬▬ CHECK OUT MY CHANNEL', count: 3 },
    { name: 'issue 16: box-drawing art of many kinds of line', request: '┏━━━┓┏┓╋┏┓┏━━━┓\n┃┗━━┓┃┗━┛┃┃┃╋┃┃', count: 2 },
    { name: 'issue 16: plus signs are not a line', request: 'СКИДКА сегодня ++++++ только у нас', count: 1, values: ['++++++'] },
    { name: 'issue 16: emoticons next to other signs', request: 'Cheap pills $$$:-):-) now', count: 1, values: ['$$$:-):-)'] },
    { name: 'bg (Cyrillic)', request: 'Промоция $$$$$$$$', count: 1, values: ['$$$$$$$$'] },
    // Issue 16: a word framed by two runs of one character is one banner, counted once.
    {
      name: 'issue 16: an e-mail banner counts once',
      request: '(See attached file: TEXT.htm) ********NOTICE********* This transmittal may be confidential.',
      count: 1,
      values: ['********NOTICE*********'],
      score: 1,
    },
    { name: 'issue 16: banners in other languages count once each', request: '======HINWEIS====== Vertraulich. ######ВНИМАНИЕ######', count: 2 },
    { name: 'issue 16: a spam banner still counts', request: '$$$$$$CASH$$$$$$ for you', count: 1, values: ['$$$$$$CASH$$$$$$'] },
    { name: 'issue 16: two different characters are two runs', request: '******FREE$$$$$$ now', count: 2 },
    { name: 'issue 16: a banner glued to more text is two runs', request: 'x******FREE****** now', count: 2 },
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
    // Issue 16: separator lines, tables, signatures and chat punctuation in real prose.
    { name: 'issue 16: el, Greek question marks are ";" after NFKC', request: 'Τι\u037E\u037E\u037E\u037E\u037E\u037E Δεν το πιστεύω!' },
    { name: 'issue 16: en, a signature rule', request: 'Thanks, John\n------------------------------------------------\nAcme Ltd, 12 Main St.' },
    { name: 'issue 16: en, a newsgroup footer', request: 'My request is genuine. ----== Posted via Newsfeed.Com ==---- The #1 Newsgroup Service' },
    { name: 'issue 16: en, an ASCII table', request: '+-------+-------+\n| Item  | Price |\n+=======+=======+\n| Chair | 40    |\n+-------+-------+' },
    { name: 'issue 16: fi, a Markdown table', request: '| Nimi | Hinta |\n|:-----|------:|\n| Tuoli | 40 |' },
    { name: 'issue 16: de, a box-drawing table and a rule', request: 'Mit freundlichen Grüßen\n==============================\n┌──────┬──────┐\n│ Stuhl │ 40 € │\n└──────┴──────┘' },
    { name: 'issue 16: ru, bracket smileys after exclamations', request: 'Алиса!!! Мы сдаемся!!! Говори уже, для чего еще маски!!!)))) заинтриговала!' },
    { name: 'issue 16: ru, a tilde line between posts', request: 'Вот это заготовки на зиму @anna ~~~~~~~~~~~~~~ Мы в телеграме, ссылка в шапке профиля.' },
    { name: 'issue 16: hu, an ellipsis in brackets', request: 'A modern parlamentek legfőbb feladata (...), hogy meghatározzák a költségvetést (...).' },
    { name: 'issue 16: cs, quoted question marks', request: '"A já bych chtěl taky umřít." "??????" Ne, tohle je sen.' },
    { name: 'issue 16: en, emoticons in a text message', request: 'Which channel:-):-):):-). K k :-):-) then watch some films...;-)' },
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
  it('finds nothing in 100 KB of "-" (one separator line)', () => expectMiss(rule, fill('-')));
  it('finds nothing in 100 KB of a table border "+-----"', () => expectMiss(rule, fill('+-----')));
  it('finds nothing in 100 KB of emoticons ":-)"', () => expectMiss(rule, fill(':-)')));
  it('counts 100 KB of "-=+|:_" (too many kinds for a line) as one run', () => expectHit(rule, { request: fill('-=+|:_'), count: 1 }));
  it('counts 100 KB of "==>" as one run', () => expectHit(rule, { request: fill('==>'), count: 1 }));
  it('counts every "------>" of 100 KB of "------> a "', () => expectHit(rule, { request: fill('------> a '), count: Math.ceil(SIZE / 10) }));
});
