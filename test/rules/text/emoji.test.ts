import { describe, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule from '../../../src/rules/text/emoji.js';
import { expectHit, expectMiss, testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    // Issue 16: a row of emoji (adjacent or separated only by white space) is one expression, counted once.
    { request: 'Great offer 😀🔥', count: 1, values: ['😀🔥'], score: 0.25 },
    { request: 'Great offer 😀 and 🔥', count: 2, values: ['😀', '🔥'], score: 0.5 },
    { name: 'a ZWJ family is one emoji', request: 'Family 👨‍👩‍👧‍👦 time', count: 1, values: ['👨‍👩‍👧‍👦'] },
    { name: 'ZWJ sequences with VS16 and gender signs', request: '🏳️‍🌈, 🏃‍♂️, 👩‍❤️‍💋‍👨, 🧑‍🤝‍🧑', count: 4 },
    { name: 'flags are two regional indicators each', request: 'We ship to 🇨🇿, 🇩🇪 and 🇬🇷', count: 3, values: ['🇨🇿', '🇩🇪', '🇬🇷'] },
    { name: 'keycaps, with or without VS16', request: 'Step 1️⃣ then 2⃣ then #️⃣', count: 3, values: ['1️⃣', '2⃣', '#️⃣'] },
    { name: 'skin tones belong to their emoji', request: 'Thanks 👍🏽, 👋🏻, 👩🏽‍💻', count: 3, values: ['👍🏽', '👋🏻', '👩🏽‍💻'] },
    { name: 'tag sequence flag', request: 'Go 🏴󠁧󠁢󠁳󠁣󠁴󠁿!', count: 1, values: ['🏴󠁧󠁢󠁳󠁣󠁴󠁿'] },
    { name: '© and arrows in emoji style (U+FE0F)', request: '©️, ↔️, ➡️', count: 3, values: ['©️', '↔️', '➡️'] },
    { name: 'hearts with and without VS16', request: 'Love ❤ and ❤️', count: 2 },
    { name: 'de', request: 'Jetzt zugreifen 🎉 und sparen ✨', count: 2 },
    { name: 'issue 16: de, a row', request: 'Jetzt zugreifen 🎉✨', count: 1, values: ['🎉✨'] },
    { name: 'ru (Cyrillic)', request: 'Скидки 💰💸 только сегодня 🔥', count: 2, values: ['💰💸', '🔥'] },
    { name: 'the same emoji repeated is one emoji', request: 'Скидки 💰💰💰 только сегодня 🔥', count: 2, values: ['💰💰💰', '🔥'] },
    { name: 'repeated with spaces, with and without VS16', request: 'Love it ❤️ ❤ ❤️❤️ and 😍😍', count: 2, values: ['❤️ ❤ ❤️❤️', '😍😍'] },
    { name: 'issue 16: repeated emoji and others in one row', request: 'Love it ❤️ ❤ ❤️❤️ 😍😍', count: 1, values: ['❤️ ❤ ❤️❤️ 😍😍'] },
    { name: 'a repeat after other text counts again', request: 'Yes 👍 and again 👍', count: 2 },
    { name: 'different skin tones are different emoji', request: '👍🏽 or 👍🏻', count: 2 },
    { name: 'el (Greek)', request: 'Καλό καλοκαίρι ☀️🌊', count: 1, values: ['☀️🌊'] },
    { name: 'es, pl, cs', request: '¡Gana 💵! Wygraj 🎁. Vyhrajte 🏆.', count: 3 },
    { name: 'a chain of more than four ZWJ parts is not one emoji', request: '😀‍😀‍😀‍😀‍😀‍😀', count: 2, values: ['😀‍😀‍😀‍😀', '😀‍😀'] },
    // Issue 16: warm comments in real social posts count little; spam that puts emoji between its words still adds up.
    { name: 'issue 16: ru, an enthusiastic comment', request: 'Замечательно!! 🖐 Офигенная фотка! 🙊😀🔥😊 🦄🔥 Здравствуйте!', count: 2, values: ['🖐', '🙊😀🔥😊 🦄🔥'], score: 0.5 },
    { name: 'issue 16: ru, a thank-you comment', request: 'Вот это да ааа!🤗😋 👍👏👏👍 👏 Доброго дня!', count: 1, score: 0.25 },
    { name: 'issue 16: en, a fan comment', request: 'Love this song so much 😍😍🔥💯 best summer ever ☀️🌊', count: 2 },
    { name: 'issue 16: pl, a congratulation', request: 'Gratulacje dla całej rodziny 🎉🥳🎂❤️ sto lat!', count: 1 },
    { name: 'issue 16: el, a holiday post', request: 'Καλές γιορτές σε όλους 🎄✨🎁 και χρόνια πολλά 🥂', count: 2 },
    { name: 'issue 16: de, a compliment', request: 'Wunderschönes Foto 😍👌 liebe Grüße aus Wien 🌸😊', count: 2 },
    { name: 'issue 16: spam with an emoji between every phrase', request: '🔥🔥 FREE iPhone giveaway 👉 click here 👈 🎁 today 💰', count: 4, values: ['🔥🔥', '👉', '👈 🎁', '💰'] },
    { name: 'issue 16: ru, a hand-off to direct messages', request: 'Заработок от 5000 в день 💰 без вложений ✅ пиши в директ 👉 @user 📩', count: 4 },
    { name: 'issue 16: es, a prize offer', request: '¡Gana 💵 ya! Regalo 🎁 gratis, escribe 📲 al WhatsApp ✅', count: 4 },
    { name: 'issue 16: en, emoji rows around a channel plug', request: '▶️ check out my channel 🎵🎶 new video 🔥🔥 subscribe 🙏', count: 4 },
    {
      name: 'several fields',
      request: { fields: { name: 'Anna 🌸', phone: '123', message: 'Hi 👋 see 🇫🇷' } },
      count: 3,
      values: ['🌸', '👋', '🇫🇷'],
      fields: ['name', 'message', 'message'],
    },
  ],
  misses: [
    '© 2024 Acme® Widget™. All rights reserved.',
    'Go to Settings → Account → Billing, then ← back.',
    'Arrows in text style: ↔ ↕ ↩ ↪ ➡ ⤴ ⤵ ⬅ ⬆ ⬇',
    'Checklist: ✓ done • next ★ rated ■ box ● dot № 5, 20 °C, ± 2, ½ l…',
    'Steps 1. 2. 3. # * 10, smileys :) :-( <3 ;)',
    { name: 'cs', request: 'Dobrý den, posílám fakturu č. 2024/17. S pozdravem, Jana Nováková' },
    { name: 'de', request: 'Sehr geehrte Damen und Herren, anbei die Unterlagen. Mit freundlichen Grüßen' },
    { name: 'ru (Cyrillic)', request: 'Добрый день! Пришлите, пожалуйста, счёт. С уважением, Иван' },
    { name: 'el (Greek)', request: 'Καλημέρα, θα ήθελα μια προσφορά. Ευχαριστώ, Μαρία' },
    { name: 'bg (Cyrillic)', request: 'Здравейте, моля за оферта. Поздрави, Петър' },
    { name: 'symbols of Mac shortcuts', request: 'Press ⌘ ⌥ ⇧ and S' },
    { name: 'lone variation selectors and joiners', request: 'a\uFE0Fb\u200Dc' },
  ],
});

describe('adversarial 100 KB inputs', () => {
  it('counts 100 KB of one repeated emoji once', () => expectHit(rule, { request: fill('😀'), count: 1 }));
  // Issue 16: a row of emoji counts once, so 100 KB of adjacent emoji is one match.
  it('counts 100 KB of two alternating emoji as one row', () => expectHit(rule, { request: fill('😀🔥'), count: 1 }));
  it('counts each emoji of 100 KB of two alternating emoji between words once', () => expectHit(rule, { request: fill('😀, 🔥, '), count: SIZE / 4 }));
  it('counts 100 KB of emoji with VS16 as one row', () => expectHit(rule, { request: fill('😀\uFE0F🔥\uFE0F'), count: 1 }));
  it('counts 100 KB of regional indicators as one row', () => expectHit(rule, { request: fill('🇩🇪🇫🇷'), count: 1 }));
  it('counts 100 KB of regional indicators between words as pairs (flags)', () => expectHit(rule, { request: fill('🇩🇪 ab 🇫🇷 ab '), count: SIZE / 8 }));
  it('counts 100 KB of one repeated flag once', () => expectHit(rule, { request: fill('🇩'), count: 1 }));
  it('counts 100 KB of emoji with a skin tone as one row', () => expectHit(rule, { request: fill('👍🏽👋🏽'), count: 1 }));
  it('counts each emoji with a skin tone between words once', () => expectHit(rule, { request: fill('👍🏽 ab 👋🏽 ab '), count: SIZE / 8 }));
  it('counts 100 KB of keycaps as one row', () => expectHit(rule, { request: fill('1\uFE0F\u20E32\uFE0F\u20E3'), count: 1 }));
  it('counts each keycap between words once', () => expectHit(rule, { request: fill('1\uFE0F\u20E3 abc '), count: SIZE / 8 }));
  it('counts 100 KB of ZWJ sequences as one row', () => expectHit(rule, { request: fill('🏳️‍🌈🏳️‍⚧️'), count: 1 }));
  it('splits a 100 KB ZWJ chain into sequences of at most four parts (the ZWJ between them is no white space)', () => {
    const men = Math.floor(SIZE / 3); // "👨" + ZWJ is 3 UTF-16 units; a lone surrogate is left over
    return expectHit(rule, { request: fill('👨\u200D'), count: Math.ceil(men / 4) });
  });
  it('counts no emoji in 100 KB of ©', () => expectMiss(rule, fill('©')));
  it('counts no emoji in 100 KB of text-style arrows', () => expectMiss(rule, fill('↔➡⬆')));
  it('counts no emoji in 100 KB of keycap bases', () => expectMiss(rule, fill('#*1')));
  it('counts no emoji in 100 KB of VS16 and ZWJ', () => expectMiss(rule, fill('\uFE0F\u200D')));
  it('counts no emoji in 100 KB of combining marks', () => expectMiss(rule, 'a' + fill('\u0301', SIZE - 1)));
});
