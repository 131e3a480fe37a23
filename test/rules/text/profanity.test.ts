import { describe, expect, it } from 'vitest';
import { fill } from '../../../bench/adversarial-inputs.mjs';
import { normalizeRequest } from '../../../src/core/request.js';
import rule from '../../../src/rules/text/profanity.js';
import { runRuleCase, testRule } from '../../../src/testing/rule.js';

const lang = (language: string) => ({ language: [{ language, confidence: 0.95 }] });

testRule(rule, {
  hits: [
    { request: 'What the fuck is this shit', values: ['fuck', 'shit'], score: 1 },
    { name: 'casual swearing is 0.5, strong profanity 1', request: 'shit, you cunt', values: ['shit', 'cunt'], score: 1.5 },
    { name: 'a phrase is one match', request: 'fuck you', count: 1, values: ['fuck you'], score: 1 },
    { name: 'repeated letters, case and leet', request: 'FUUUUCK. You a$$hole, sh1t', values: ['FUUUUCK', 'You a$$hole', 'sh1t'] }, // addressed: one phrase
    { name: 'separators inside a word do not hide it when written as a phrase', request: 'son of a bitch', values: ['son of a bitch'] },
    { name: 'slur weighs 2', request: 'you retard', score: 2 },
    { name: 'de', request: 'Du Arschloch, verpiss dich', facts: lang('de'), values: ['Du Arschloch', 'verpiss dich'] },
    { name: 'de: stem', request: 'Scheißladen!', facts: lang('de'), values: ['Scheißladen'] },
    { name: 'fr', request: 'Putain de merde, connard', facts: lang('fr'), values: ['Putain', 'merde', 'connard'] },
    { name: 'hu: inflected forms by stem', request: 'Te kurvára hülye vagy, a faszomat', facts: lang('hu'), values: ['kurvára', 'hülye', 'faszomat'] },
    { name: 'ru', request: 'Ты мудак, иди нахуй', facts: lang('ru'), values: ['Ты мудак', 'нахуй'] },
    { name: 'ru: Latin look-alikes in a Cyrillic word', request: 'мудaк', facts: lang('ru'), values: ['мудaк'] },
    { name: 'bg (curated by hand)', request: 'Ти си тъпак и боклук', facts: lang('bg'), values: ['Ти си тъпак', 'боклук'] }, // addressed: one phrase
    { name: 'el (curated by hand)', request: 'Είσαι μαλάκας', facts: lang('el'), values: ['μαλάκας'] },
    { name: 'ro (curated by hand)', request: 'Ești un idiot și un dobitoc', facts: lang('ro'), values: ['Ești un idiot', 'dobitoc'] }, // addressed: one phrase
    { name: 'sk (curated by hand)', request: 'Ty kokot, do piče', facts: lang('sk'), values: ['Ty kokot', 'do piče'] }, // addressed: one phrase
    { name: 'language unknown: long words of every list', request: 'Was für ein Arschloch', values: ['Arschloch'] },
  ],
  misses: [
    'Hello, I would like to order two chairs.',
    { name: 'English Scunthorpe words', request: 'Scunthorpe, cockpit, shiitake, assassin, classic, Essex, Sussex, therapist, analysis, Dickens, passage, cumulative, titanic, shitake, grape, butterfly, hello, pass' },
    { name: 'German Scunthorpe words', request: 'Schwanzflosse, Analyse, Fahrt, Gift, Bitte, Kuckuck, Arschkarte? no: Geschichte, Fickel, Hurenkind', facts: lang('de') },
    { name: 'French Scunthorpe words', request: 'conseil, contact, concombre, cultiver, bitter, putatif, disputer, merdier? no: émerveiller', facts: lang('fr') },
    { name: 'Spanish and Italian Scunthorpe words', request: 'computadora, disputa, imputar, cazzuola, figaro, coñac? no: canguro', facts: lang('es') },
    { name: 'Russian Scunthorpe words', request: 'сукно, хлебать, оскорблять, страхуй, психуй', facts: lang('ru') },
    { name: 'Hungarian Scunthorpe words', request: 'fasírozott, szaru, picsogás? no: kurtafarkú', facts: lang('hu') },
    { name: 'Czech and Slovak Scunthorpe words', request: 'prdelka? no: kokos, pičkovat? no: hovoříme, kurvítko? no: kurz', facts: lang('sk') },
    { name: 'Swedish "fan" and Dutch "del" in English text with no language', request: "I'm a big fan of the del monte cans" },
    { name: 'Dutch kut/lul are whole words only', request: 'kutter, lullaby', facts: lang('nl') },
    { name: 'a Hungarian word does not count in a German text', request: 'Ein Fasz', facts: lang('de') },
    { name: 'French "retard" (late) is not the English slur', request: 'Bonjour, je suis en retard, la livraison a du retard.', facts: lang('fr') },
    { name: 'German "dick" (thick) is not the English word', request: 'Der Katalog ist zu dick für den Briefkasten.', facts: lang('de') },
    { name: 'Scandinavian "slut" (end)', request: 'Vi ses till slut i maj.', facts: lang('sv') },
    { name: 'Spanish "negro" (black)', request: 'Quiero la silla en color negro, por favor.', facts: lang('es') },
    { name: 'French "baiser" (a kiss) is not in the French list', request: 'Un gros baiser à toute la famille.', facts: lang('fr') },
  ],
});

describe('lists', () => {
  it('an English entry that is an ordinary French word counts in English, not in French', async () => {
    expect((await runRuleCase(rule, { request: 'you retard', facts: lang('en') })).result.score).toBe(2);
    expect((await runRuleCase(rule, { request: 'Je suis en retard', facts: lang('fr') })).result.score).toBe(0);
  });
  it('a German profanity counts in a German text, not in a Czech one', async () => {
    expect((await runRuleCase(rule, { request: 'Du Hure', facts: lang('de') })).result.score).toBeGreaterThan(0);
    expect((await runRuleCase(rule, { request: 'Du Hure', facts: lang('cs') })).result.score).toBe(0);
  });
  it('linear time on 100 KB of near-misses', () => {
    expect(rule.score(normalizeRequest({ text: fill('fuc ') }), { language: undefined }).kind).toBe('miss');
  });
});

// Issue 16: insults addressed to the reader weigh 1.5, threats 2, "go to hell" 1; with SENTIMENT's
// hit (1) an insult or a threat aimed at the site is BAD.
describe('abuse aimed at the site (issue 16)', () => {
  it.each([
    ['en', 'You idiots, you are a bunch of scammers', ['You idiots', 'bunch of scammers'], 3],
    ['en', 'Your website sucks and I know where you live', ['Your website sucks', 'I know where you live'], 3.5],
    ['en', 'Go to hell', ['Go to hell'], 1],
    ['de', 'Ihr Betrüger, ich weiß wo ihr wohnt', ['Ihr Betrüger', 'ich weiß wo ihr wohnt'], 3.5],
    ['fr', 'Bande d\'escrocs, je vais vous tuer', ["Bande d'escrocs", 'je vais vous tuer'], 3.5],
    ['ru', 'Вы мошенники, я знаю где вы живете', ['Вы мошенники', 'я знаю где вы живете'], 3.5],
    ['pl', 'Banda oszustów, pożałujecie tego', ['Banda oszustów', 'pożałujecie tego'], 3.5],
    ['el', 'Είστε απατεώνες, θα σας σκοτώσω', ['Είστε απατεώνες', 'θα σας σκοτώσω'], 3.5],
  ])('%s: %s', async (language, text, values, score) => {
    const { result } = await runRuleCase(rule, { request: text, facts: lang(language) });
    expect(result.matches?.map((m) => m.value)).toEqual(values);
    expect(result.score).toBe(score);
  });

  it.each([
    ['en', 'I am an idiot, I sent the form twice. Sorry!'],
    ['en', 'We are a bunch of volunteers and some scammers copied our site; could you help us?'],
    ['de', 'Ich bin auf Ihre Betrugswarnung gestoßen, danke für den Hinweis.'],
    ['ru', 'Мошенники звонили моей маме, будьте осторожны.'],
  ])('%s: talk about idiots or scammers that is not aimed at the reader scores below 1: %s', async (language, text) => {
    expect((await runRuleCase(rule, { request: text, facts: lang(language) })).result.score).toBeLessThan(1);
  });
});
