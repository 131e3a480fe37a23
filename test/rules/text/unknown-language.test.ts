import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../src/language/index.js';
import rule from '../../../src/rules/text/unknown-language.js';
import { factFailure, runRuleCase, testRule } from '../../../src/testing/rule.js';

// Each case runs the real detector on its text (the fact is its output), then the rule.
const kase = async (name: string, text: string) => ({ name, request: text, facts: { language: await detectLanguage(text) } });

testRule(rule, {
  hits: [
    { ...(await kase('keyboard mash', 'asdkjh qwkejh zxcmnb pqowieu lkjasd mnbzxc')), score: 1 },
    await kase('consonant runs', 'xkcd qwrtz plmkn bvcxz wqrtp zzxq krrrt'),
    await kase('a URL and digits only', 'https://spam.example/x?id=12345 999 888 777'),
    await kase('an email address and digits only', 'win@prize.example 100000 200000 300000'),
    await kase('a link alone', 'http://binbox.io/1FIRo#123'),
  ],
  misses: [
    // Links the writer cites are addresses, not words in an unknown language (a link alone still hits).
    await kase('a cited link alone', '[http://www.example-news.com/tech/2005-03-09-story.htm?csp=34]'),
    await kase('a list of two sources', 'https://www.example.de/politik/artikel-1.html\nhttps://www.example.org/bericht/2024'),
    await kase('Thanks! is too short to tell', 'Thanks!'),
    await kase('short digits', '12345'),
    await kase('short emoji', '😀😀😀'),
    await kase('en', 'Hello, could you send me a quote for twenty office chairs delivered next month?'),
    await kase('de', 'Guten Tag, könnten Sie mir ein Angebot für zwanzig Bürostühle schicken?'),
    await kase('ru (Cyrillic)', 'Здравствуйте, пришлите, пожалуйста, коммерческое предложение.'),
    await kase('el (Greek)', 'Καλημέρα σας, θα ήθελα μια προσφορά για είκοσι καρέκλες γραφείου.'),
    await kase('ja', 'こんにちは、オフィスチェア二十脚の見積もりを送っていただけますか。'),
    await kase('sw (franc fallback)', 'Habari, ningependa kujua bei ya huduma zenu kwa kampuni ndogo ya watu kumi.'),
    await kase('hu short', 'Köszönöm szépen'),
    // Issue 16: no letter, nothing to tell a language from (NUMBERS_ONLY, SPECIAL_CHARS, EMOJI, SHORT_TEXT judge it).
    await kase('digits only', '12345 67890 12345 67890'),
    await kase('phone numbers and punctuation', '+420 601 234 567 / +420 602 345 678 !!!'),
    await kase('emoji only', '😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀'),
    await kase('a row of hearts', '❤️ ❤️ ❤️ ❤️ ❤️❤️❤️❤️'),
    await kase('symbols', '#$%^&*()_+{}|:<>?~`-=[]\\;\',./ #$%^&*()'),
    await kase('a number and dots', '645.............................................................................'),
  ],
  skips: [
    { request: '12345 67890 12345 67890', facts: { language: factFailure('no-provider') }, reason: 'no-provider' },
    { request: '12345 67890 12345 67890', facts: { language: factFailure('provider-error') }, reason: 'provider-error' },
  ],
});

describe('text.UNKNOWN_LANGUAGE evidence', () => {
  it('says when the text is too short to tell', async () => {
    const { result } = await runRuleCase(rule, await kase('short', '12345'));
    expect(result.evidence).toMatchObject({ detectedLanguage: null, note: 'text too short to tell its language' });
  });
  it('says when the text has no letter', async () => {
    const { result } = await runRuleCase(rule, await kase('digits', '12345 67890 12345 67890'));
    expect(result.evidence).toMatchObject({ detectedLanguage: null, note: 'no letters: nothing to tell a language from' });
  });
  it('gives the detected language and confidence on a miss', async () => {
    const { result } = await runRuleCase(rule, await kase('de', 'Guten Tag, könnten Sie mir ein Angebot schicken?'));
    expect(result.evidence).toMatchObject({ detectedLanguage: 'de', reliable: true });
  });
});
