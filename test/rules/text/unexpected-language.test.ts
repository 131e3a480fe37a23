import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../src/language/index.js';
import rule from '../../../src/rules/text/unexpected-language.js';
import { factFailure, runRuleCase, testRule } from '../../../src/testing/rule.js';

// Each case runs the real detector on its text (the fact is its output), then the rule.
const kase = async (name: string, text: string, expectedLanguages: string[]) => ({
  name,
  request: { text, expectedLanguages },
  facts: { language: await detectLanguage(text) },
});

testRule(rule, {
  hits: [
    { ...(await kase('it, expecting de', 'Buongiorno, potreste inviarmi un preventivo per venti sedie da ufficio?', ['de'])), values: ['it'], score: 5 },
    { ...(await kase('en, expecting de and fr', 'Hello, could you send me a quote for twenty office chairs delivered next month?', ['de', 'fr'])), values: ['en'] },
    { ...(await kase('ru (Cyrillic), expecting cs', 'Здравствуйте, пришлите, пожалуйста, коммерческое предложение на двадцать офисных кресел.', ['cs'])), values: ['ru'] },
    { ...(await kase('el (Greek), expecting en', 'Καλημέρα σας, θα ήθελα μια προσφορά για είκοσι καρέκλες γραφείου.', ['en'])), values: ['el'] },
    { ...(await kase('pl, expecting cs and sk', 'Dzień dobry, proszę o przesłanie oferty na dwadzieścia krzeseł biurowych.', ['cs', 'sk'])), values: ['pl'] },
    { ...(await kase('sk, expecting pl', 'Dobrý deň, chcel by som sa opýtať na cenu vašich služieb pre malú firmu.', ['pl'])), values: ['sk'] },
    { ...(await kase('hu, expecting fi', 'Jó napot, kérnék egy árajánlatot húsz irodai székre, szállítással együtt.', ['fi'])), values: ['hu'] },
    { ...(await kase('zh (Han), expecting en', '您好，请给我发送二十把办公椅的报价，谢谢。', ['en'])), values: ['zh'] },
    { ...(await kase('tr (outside the 19), expecting de', 'Merhaba, yirmi ofis sandalyesi için bana bir fiyat teklifi gönderebilir misiniz?', ['de'])), values: ['tr'] },
    { ...(await kase('ar (Arabic), expecting fr', 'مرحبا، هل يمكنكم إرسال عرض سعر لعشرين كرسي مكتب؟', ['fr'])), values: ['ar'] },
  ],
  misses: [
    await kase('Thanks! is too short to tell, expecting de', 'Thanks!', ['de']),
    await kase('Hello is too short to tell', 'Hello', ['ro']),
    await kase('de, expecting de', 'Guten Tag, könnten Sie mir ein Angebot für zwanzig Bürostühle schicken?', ['de']),
    await kase('sk, expecting sk: not called Czech', 'Dobrý deň, chcel by som sa opýtať na cenu vašich služieb pre malú firmu.', ['sk']),
    await kase('cs, expecting cs', 'Dobrý den, chtěl bych se zeptat na cenu vašich služeb pro malou firmu.', ['cs']),
    await kase('no detected as da, expecting no: relative not ruled out', 'Været er nydelig i dag, så vi drar til stranden.', ['no']),
    await kase('no, expecting nb (Bokmål)', 'Hei, jeg vil gjerne bestille et bord for fire personer i kveld.', ['nb']),
    await kase('ru, expecting ru', 'Здравствуйте, пришлите, пожалуйста, коммерческое предложение на двадцать офисных кресел.', ['ru']),
    await kase('el, expecting el and en', 'Καλημέρα σας, θα ήθελα μια προσφορά για είκοσι καρέκλες γραφείου.', ['en', 'el']),
    await kase('no expectedLanguages', 'Buongiorno, potreste inviarmi un preventivo per venti sedie da ufficio?', []),
    await kase('numbers only: no language, not unexpected', '12345 67890 12345 67890', ['de']),
    await kase('bg short greeting is ambiguous with ru', 'Добро утро', ['bg']),
  ],
  skips: [
    { request: { text: 'Buongiorno, potreste inviarmi un preventivo?', expectedLanguages: ['de'] }, facts: { language: factFailure('no-provider') }, reason: 'no-provider' },
    { request: { text: 'Buongiorno, potreste inviarmi un preventivo?', expectedLanguages: ['de'] }, facts: { language: factFailure('timeout') }, reason: 'timeout' },
  ],
});

describe('text.UNEXPECTED_LANGUAGE evidence', () => {
  it('gives the detected language, its confidence and the expected languages', async () => {
    const { result } = await runRuleCase(rule, await kase('it', 'Buongiorno, potreste inviarmi un preventivo per venti sedie da ufficio?', ['de']));
    expect(result.evidence).toMatchObject({ detectedLanguage: 'it', reliable: true, expectedLanguages: ['de'] });
    expect(result.evidence?.confidence).toBeGreaterThan(0.5);
  });
  it('says when the text is too short to tell', async () => {
    const { result } = await runRuleCase(rule, await kase('Thanks!', 'Thanks!', ['de']));
    expect(result.evidence?.note).toMatch(/too short or ambiguous/);
  });
  it('says why a close relative is accepted', async () => {
    const { result } = await runRuleCase(rule, await kase('no/da', 'Været er nydelig i dag, så vi drar til stranden.', ['no']));
    expect(result.evidence?.note).toMatch(/close/);
  });
});
