import { describe, expect, it } from 'vitest';
import { fill } from '../../../bench/adversarial-inputs.mjs';
import { normalizeRequest } from '../../../src/core/request.js';
import rule from '../../../src/rules/text/sentiment.js';
import { runRuleCase, testRule } from '../../../src/testing/rule.js';

const lang = (language: string) => ({ language: [{ language, confidence: 0.95 }] });

testRule(rule, {
  hits: [
    { name: 'a threat', request: 'I know where you live. You will regret this.', score: 1 },
    { name: 'a threat with leet and repeated letters', request: 'I will kiiill y0u', score: 1 },
    { name: 'abuse', request: 'You stupid idiot, your service is a disgusting, pathetic disaster', score: 1 },
    { name: 'de: threat', request: 'Ich weiß wo du wohnst, das wirst du bereuen', facts: lang('de'), score: 1 },
    { name: 'de: abuse', request: 'Ihr seid Betrüger und Abschaum, eine widerliche Firma', facts: lang('de'), score: 1 },
    { name: 'fr: threat', request: 'Je vais te tuer', facts: lang('fr'), score: 1 },
    { name: 'ru: threat', request: 'Я тебя убью', facts: lang('ru'), score: 1 },
    { name: 'hu: threat (inflected, no exact look-up would find it)', request: 'Megöllek, tudom hol laksz', facts: lang('hu'), score: 1 },
    { name: 'pl: threat', request: 'Zabiję cię, wiem gdzie mieszkasz', facts: lang('pl'), score: 1 },
    { name: 'el: threat', request: 'Θα σε σκοτώσω', facts: lang('el'), score: 1 },
    { name: 'negation does not soften abuse', request: 'You are not smart, you are a disgusting, pathetic liar', score: 1 },
  ],
  misses: [
    'Hello, I would like to order two chairs. Thank you!',
    {
      name: 'a polite complaint',
      request: 'Unfortunately the parcel arrived damaged and two weeks late. I am disappointed. Could you please help me with a refund? Thank you.',
    },
    { name: 'negated negatives', request: 'Not bad at all, no problem, I am not angry.' },
    { name: 'a positive review', request: 'Great service, wonderful people, I love it!' },
    { name: 'mild negative words', request: 'The form is a bit confusing and the button is broken.' },
    { name: 'de: polite complaint', request: 'Leider ist die Lieferung beschädigt angekommen. Ich bin enttäuscht, bitte helfen Sie mir.', facts: lang('de') },
    { name: 'fr: polite complaint', request: "Malheureusement le colis est arrivé abîmé. Pouvez-vous m'aider ? Merci.", facts: lang('fr') },
    { name: 'hu: polite enquiry', request: 'Jó napot, szeretnék árajánlatot kérni. Köszönöm szépen!', facts: lang('hu') },
    { name: 'contractions are not words ("I\'ll" is not "ill")', request: "I'll call you, we'll see, she'll come" },
    { name: 'empty text', request: '' },
    { name: 'swear words are PROFANITY\'s, not counted again', request: 'who the fuck cheats, this is fucking shit' },
    { name: 'a swear word alone', request: 'bastard' },
  ],
});

describe('scoring', () => {
  it('reports the valence and the classifier', async () => {
    const { result } = await runRuleCase(rule, { request: 'Great, thank you', facts: lang('en') });
    expect(result.evidence).toMatchObject({ classifier: 'en' });
    expect(result.evidence?.valence).toBeGreaterThan(0);
  });
  it('a negator flips and halves the valence', async () => {
    const plain = (await runRuleCase(rule, 'happy')).result.evidence?.valence as number;
    const negated = (await runRuleCase(rule, 'not happy')).result.evidence?.valence as number;
    expect(negated).toBe(-plain / 2);
  });
  it('linear time on 100 KB of negative words', () => {
    expect(rule.score(normalizeRequest({ text: fill('hate ') }), { language: undefined }).kind).toBe('hit');
  });
});
