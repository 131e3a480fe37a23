import { describe, expect, it } from 'vitest';
import { fill } from '../../../bench/adversarial-inputs.mjs';
import { FULLY_SUPPORTED_LANGUAGES } from '../../../src/language/index.js';
import { SPAM_WORDS, SPAM_WORDS_COMMENT } from '../../../src/data/lexicons.generated.js';
import { chooseLexicons } from '../../../src/lexicons/index.js';
import { normalizePhrase } from '../../../src/lexicons/normalize.js';
import { normalizeRequest } from '../../../src/core/request.js';
import rule from '../../../src/rules/text/spam-words.js';
import { runRuleCase, testRule } from '../../../src/testing/rule.js';

const lang = (language: string) => ({ language: [{ language, confidence: 0.95 }] });

testRule(rule, {
  hits: [
    { request: 'URGENT! You have won a prize', values: ['URGENT', 'You have won', 'prize'], score: 4.5 },
    { name: 'longest phrase wins, no overlap', request: 'check out my channel', count: 1, values: ['check out my channel'], score: 2.5 },
    { name: 'case, leet and repeated letters', request: 'CHECK 0UT MY CHANNELLLL', count: 1, score: 2.5 },
    { name: 'Cyrillic look-alikes in a Latin word', request: 'buy vіаgrа', values: ['buy vіаgrа'] },
    { name: 'full-width letters (NFKC)', request: 'ＶＩＡＧＲＡ', values: ['VIAGRA'] },
    { name: 'a phrase across punctuation and line breaks', request: 'Make money\nonline!', values: ['Make money\nonline'], score: 2 },
    { name: 'numbers by shape: a premium number', request: 'call 09061701461 now', values: ['call 09061701461'] },
    { name: 'de with a detected language', request: 'Sie haben gewonnen! Kostenlose Teilnahme', facts: lang('de'), values: ['Sie haben gewonnen', 'Kostenlose'] },
    { name: 'de: English spam in a German form also counts', request: 'Guten Tag, wir bieten SEO und backlinks', facts: lang('de'), values: ['SEO', 'backlinks'] },
    { name: 'fr', request: 'Vous avez gagné un prix, appelez maintenant', facts: lang('fr'), values: ['Vous avez gagné', 'un prix', 'appelez maintenant'] },
    { name: 'hu stems', request: 'Nyereményt kapott, ingyenes hitelt ajánlunk', facts: lang('hu'), values: ['Nyereményt', 'ingyenes', 'hitelt ajánlunk'] },
    { name: 'pl stems', request: 'Szybka pożyczka bez BIK, darmowe oferty', facts: lang('pl'), values: ['Szybka pożyczka', 'bez BIK', 'darmowe'] },
    { name: 'ru', request: 'Заработок в интернете, бесплатно!', facts: lang('ru'), values: ['Заработок в интернете', 'бесплатно'] },
    { name: 'language unknown: every list', request: 'Wir bieten Kredit ohne Schufa', values: ['Kredit ohne Schufa'] },
    { name: 'an audience swap', request: 'Follow 4 Follow @someone Like 4 Like', values: ['Follow 4 Follow', 'Like 4 Like'], score: 5 },
    { name: 'a subscriber goal, numbers by shape', request: 'Please help me get 300 subscribers by tomorrow', values: ['get 300 subscribers'], score: 2 },
    { name: 'a subscriber goal as a condition is BAD alone', request: 'If I reach 1000 subscribers I will dance', values: ['I reach 1000 subscribers'], score: 2.5 },
    { name: 'an ordinary phrase (weight 0) does not count, the rest does', request: 'My channel list is empty. Check out my channel!', values: ['Check out my channel'], score: 2.5 },
    {
      name: 'several fields',
      request: { fields: { name: 'SEO expert', message: 'We sell backlinks' } },
      fields: ['name', 'message'],
      values: ['SEO', 'backlinks'],
    },
  ],
  misses: [
    'Hello, could you send me a quote for 12 hoodies with our logo? Thanks, Jana',
    'The meeting is at 10:30 in room 4.',
    { name: 'a word inside another word does not count (Scunthorpe)', request: 'The seoul office, prizefighter, unclaimed, freedom' },
    { name: 'a year is not a premium number', request: 'Since 2003 we build houses' },
    { name: 'de: ordinary enquiry', request: 'Guten Tag, ich hätte gerne ein Angebot für zwei Fenster.', facts: lang('de') },
    { name: 'cs: ordinary enquiry', request: 'Dobrý den, prosím o cenovou nabídku na opravu střechy.', facts: lang('cs') },
    { name: 'el: ordinary enquiry', request: 'Καλησπέρα, θα ήθελα πληροφορίες για τα μαθήματα.', facts: lang('el') },
    { name: 'fi: ordinary enquiry', request: 'Hei, voisitteko lähettää tarjouksen remontista?', facts: lang('en') },
    { name: 'empty text', request: '' },
    { name: 'weight-0 entries: "my channel list" is a TV-support question', request: 'My channel list is missing two channels since the update.' },
    { name: 'weight-0 entries: a shop\'s checkout', request: 'I tried to check out three times, then the check out page froze.' },
    { name: 'weight-0 entries: a newsletter', request: 'How do I subscribe to your newsletter?' },
    { name: 'de: "saß" is not an audience swap (no s4s entry: leet folding makes it "sas")', request: 'Bbq dieser saß bei mir aus', facts: lang('de') },
  ],
});

describe('which lists apply', () => {
  const req = (classifier?: 'de' | 'cs') => normalizeRequest(classifier ? { text: 'x', classifier } : { text: 'x' });
  it('a known language: its list plus English', () => {
    expect(chooseLexicons(req(), [{ language: 'de', confidence: 0.9 }])).toEqual({ classifier: 'de', languages: ['de', 'en'] });
    expect(chooseLexicons(req('cs'), undefined)).toEqual({ classifier: 'cs', languages: ['cs', 'en'] });
    expect(chooseLexicons(req(), [{ language: 'en', confidence: 0.9 }])).toEqual({ classifier: 'en', languages: ['en'] });
  });
  it('an unknown language: every list', () => {
    expect(chooseLexicons(req(), undefined).languages).toBe('all');
    expect(chooseLexicons(req(), []).languages).toBe('all');
    expect(chooseLexicons(req(), [{ language: 'ja', confidence: 0.9 }]).languages).toBe('all');
    expect(chooseLexicons(req(), [{ language: 'de', confidence: 0.3, reliable: false }]).languages).toBe('all');
  });
  it('German spam words do not count in a text detected as Czech', async () => {
    const { result } = await runRuleCase(rule, { request: 'Sie haben gewonnen', facts: lang('cs') });
    expect(result.score).toBe(0);
  });
  it('names the lists in the evidence', async () => {
    const { result } = await runRuleCase(rule, { request: 'SEO', facts: lang('de') });
    expect(result.evidence).toMatchObject({ classifier: 'de', lexicons: 'de,en' });
  });
});

describe('formType "comment": the comment lists apply on top', () => {
  const score = async (text: string, formType?: 'comment') =>
    (await runRuleCase(rule, { request: formType ? { text, formType } : { text } })).result;

  it.each([
    ['check out the band Lemon Fog on Friday', 2, 2.5],
    ['subscribe and you will not regret it', 1.5, 2.5],
    ['there is one video on my channel about my brother', 2, 2.5],
    ['share your thoughts', 0.5, 1.5],
    ['Great video about the new album, subscribe for more like this!', 1.5, 2.5], // docs/rules.md
  ])('%j scores %d as a contact form and %d as a comment', async (text, asContact, asComment) => {
    expect((await score(text)).score).toBe(asContact);
    expect((await score(text, 'comment')).score).toBe(asComment);
  });

  it('says so in the evidence, and only for comments', async () => {
    expect((await score('subscribe to my channel', 'comment')).evidence).toMatchObject({ formType: 'comment' });
    expect((await score('subscribe to my channel')).evidence).not.toHaveProperty('formType');
  });

  it("keeps the contact form's weights where the comment lists say nothing", async () => {
    expect((await score('URGENT! You have won a prize', 'comment')).score).toBe(4.5);
    expect((await score('URGENT! You have won a prize')).score).toBe(4.5);
  });

  it.each([
    ['de', 'Abonniert meinen Kanal, da gibt es jede Woche neue Videos', 'Tolles Video, danke für die Erklärung der Schaltung!'],
    ['fr', 'Abonnez-vous à ma chaîne pour plus de vidéos', 'Super vidéo, merci pour les explications !'],
    ['es', 'Suscríbete a mi canal, subo videos cada semana', 'Muy buen video, gracias por la explicación'],
    ['it', 'Iscriviti al mio canale per altri video', 'Bellissimo video, grazie per la spiegazione'],
    ['pt', 'Inscreva-se no meu canal para mais vídeos', 'Ótimo vídeo, obrigado pela explicação'],
    ['nl', "Abonneer op mijn kanaal voor meer video's", 'Mooie video, bedankt voor de uitleg'],
    ['pl', 'Subskrybujcie mój kanał, codziennie nowe filmy', 'Świetny film, dzięki za wyjaśnienie'],
    ['cs', 'Odebírejte můj kanál, každý týden nové video', 'Skvělé video, díky za vysvětlení'],
    ['ru', 'Подписывайтесь на мой канал, там много видео', 'Отличное видео, спасибо за объяснение'],
    ['bg', 'Абонирайте се за моя канал, всяка седмица ново видео', 'Страхотно видео, благодаря за обяснението'],
    ['da', 'Abonner på min kanal for flere videoer', 'Fin video, tak for forklaringen'],
    ['el', 'Κάντε εγγραφή στο κανάλι μου για περισσότερα βίντεο', 'Υπέροχο βίντεο, ευχαριστώ για την εξήγηση'],
    ['fi', 'Tilaa kanavani, uusi video joka viikko', 'Hieno video, kiitos selityksestä'],
    ['hu', 'Iratkozz fel a csatornámra, minden héten új videó', 'Nagyszerű videó, köszönöm a magyarázatot'],
    ['no', 'Abonner på kanalen min for flere videoer', 'Fin video, takk for forklaringen'],
    ['ro', 'Abonează-te la canalul meu pentru mai multe videoclipuri', 'Videoclip minunat, mulțumesc pentru explicație'],
    ['sk', 'Odoberajte môj kanál, každý týždeň nové video', 'Skvelé video, vďaka za vysvetlenie'],
    ['sv', 'Prenumerera på min kanal för fler videor', 'Fin video, tack för förklaringen'],
  ])('%s: self-promotion weighs more in a comment; an ordinary comment scores nothing (all 19 languages have a comment list)', async (language, promo, ordinary) => {
    const facts = lang(language);
    const asContact = (await runRuleCase(rule, { request: { text: promo }, facts })).result;
    const asComment = (await runRuleCase(rule, { request: { text: promo, formType: 'comment' }, facts })).result;
    expect(asComment.score).toBeGreaterThan(2);
    expect(asComment.score).toBeGreaterThan(asContact.score);
    expect(asComment.evidence).toMatchObject({ lexicons: `${language},en`, formType: 'comment' });
    expect((await runRuleCase(rule, { request: { text: ordinary, formType: 'comment' }, facts })).result.score).toBe(0);
  });

  it('every one of the 19 classifier languages has a comment list', () => {
    for (const language of FULLY_SUPPORTED_LANGUAGES) expect(SPAM_WORDS_COMMENT[language], language).toMatch(/^2\.5\t/m);
  });

  it('ordinary phrases (weight 0) stay ordinary in comments too', async () => {
    expect((await score('My channel list is missing two channels since the update.', 'comment')).score).toBe(0);
  });

  // 2026-11-25: the matcher keeps the entries that cover the most words, so a longer entry of a
  // base list with less weight hid a heavier comment entry inside it ("check my channel" 2 hid
  // "check my" 2.5). In a comment no entry of weight above 0 may weigh less than one inside it.
  it('no longer base entry hides a heavier comment entry inside it', () => {
    const entries = (list: string | undefined) =>
      (list ?? '').split('\n').filter(Boolean).map((line) => {
        const [weight, phrase] = line.split('\t') as [string, string];
        return { weight: Number(weight), phrase: ` ${normalizePhrase(phrase)} ` };
      });
    const hidden: string[] = [];
    for (const language of FULLY_SUPPORTED_LANGUAGES) {
      const languages = language === 'en' ? ['en'] : [language, 'en'];
      const comment = languages.flatMap((l) => entries(SPAM_WORDS_COMMENT[l]));
      const inComment = new Set(comment.map((c) => c.phrase));
      for (const e of entries(SPAM_WORDS[language])) {
        if (e.weight <= 0 || inComment.has(e.phrase)) continue;
        const heavier = comment.find((c) => c.weight > e.weight && e.phrase.includes(c.phrase));
        if (heavier) hidden.push(`${language}: ${e.phrase.trim()} ${e.weight} hides ${heavier.phrase.trim()} ${heavier.weight}`);
      }
    }
    expect(hidden).toEqual([]);
  });

  it.each([
    ['new videos every week, check my channel', 2, 2.5],
    ['visit my channel for more', 1.5, 2.5],
    ['like and share', 1, 1.5],
  ])('%j scores %d as a contact form and %d as a comment (no longer entry hides a heavier one)', async (text, asContact, asComment) => {
    expect((await score(text)).score).toBe(asContact);
    expect((await score(text, 'comment')).score).toBe(asComment);
  });
});

describe('normalisation', () => {
  it.each([
    ['FrEe', 'free'], ['fr33', 'free'], ['v1@gra', 'viagra'], ['Crème Brûlée', 'creme brulee'], ['Straße', 'strasse'],
    ['don\u2019t', 'dont'], ['anti-aging', 'anti aging'], ['ΆΛΦΑ', 'αλφα'], ['Ёлка йогурт', 'елка иогурт'],
    ['рауpal', 'paypal'], ['86688', '#####'], ['09061701461', '09#########'], ['łódź', 'lodz'],
  ])('%s → %s', (input, expected) => expect(normalizePhrase(input)).toBe(expected));
});

describe('linear time', () => {
  it('scans 100 KB of repeated phrase prefixes', () => {
    const outcome = rule.score(normalizeRequest({ text: fill('check out my ') }), { language: undefined });
    expect(outcome.kind).toBe('hit');
  });

  it('scans 100 KB of repeated phrase prefixes with the comment lists (formType "comment")', () => {
    const outcome = rule.score(normalizeRequest({ text: fill('subscribe to my '), formType: 'comment' }), { language: undefined });
    expect(outcome.kind).toBe('hit');
    expect(outcome.kind === 'hit' && outcome.evidence).toMatchObject({ formType: 'comment' });
  });
});

// Issue 16: a single informal or ordinary word is never spam on its own; ordinary price and credit
// talk, news and prose stay below NEUTRAL's upper bound from SPAM_WORDS alone (score ≤ 1).
describe('ordinary words of real prose score little (issue 16)', () => {
  it.each([
    ['en', 'Where do we vote? And what did you guys vote for? It closed on Sunday.', 1],
    ['en', 'Hey guys, just wanted to say the new release is great. The --dry-run flag saved me hours.', 0.5],
    ['en', 'Check out the docs at https://docs.example.com and the issue on GitHub; I would also like to check out your new store.', 0],
    ['en', 'Check out our new pills, check out my channel.', 5], // check out our 2, pills 0.5, check out my channel 2.5
    ['en', 'Very poor customer service, the staff were rude and nobody called me back.', 0],
    ['en', 'I use free software at work and have little free time; feel free to call me.', 0],
    ['en', 'The winners will be awarded prizes of 12,000 and 8,000 dollars.', 1],
    ['en', 'I am writing a book chapter on weight loss after pregnancy.', 0.5],
    ['en', 'I found your website on Twitter, could you send me your catalogue?', 0.5],
    ['de', 'Was kostet die Reparatur? Bitte nennen Sie mir den Preis und die Preise für Ersatzteile.', 1],
    ['de', 'Freundlicher Kundenservice, top Preise und schneller Versand.', 1],
    ['fr', 'Bonjour, quel est le prix de la location pour deux semaines ?', 0],
    ['fr', 'Avez-vous un prix pour une commande de 40 pièces ?', 0.5],
    ['nl', 'Wat is de prijs van een nieuwe accu voor deze fiets?', 0],
    ['sv', 'Vad är priset? Vilket pris gäller för två personer?', 0],
    ['hu', 'A kormány újabb garanciát vállalt a cégek hiteleire, a hitelképtelenség veszélyezteti a termelőket.', 0],
    ['hu', 'A befektetők sok pénzt nyertek a privatizáción.', 0],
    ['pl', 'Rosjanie nadawali kryptonimy sprawom według nazwiska źródła.', 0],
    ['ru', 'Плакат призван убеждать зрителя, композиция призвана создать иллюзию.', 0],
    ['ru', 'Руководители получили сдельную заработную плату за выполнение плана.', 0],
    ['ru', 'Процентные ставки центрального банка выросли, кредиторы недовольны.', 0],
    ['cs', 'Mám výhrady k návrhu, místo je vyhrazeno pro hosty.', 0],
    ['fi', 'Hän halusi ilmaista mielipiteensä, joukkue sijoittui kolmanneksi.', 0],
    ['es', 'El ganado pasta en el prado y el premio de la feria es para el mejor toro.', 1],
  ])('%s: %s → %d', async (language, text, expected) => {
    expect((await runRuleCase(rule, { request: text, facts: lang(language) })).result.score).toBe(expected);
  });
});

// Issue 16: the spam sense is written as phrases in every language.
describe('spam-family phrases (issue 16)', () => {
  it.each([
    ['en', 'Buy viagra without prescription, discreet packaging', ['Buy viagra', 'without prescription', 'discreet packaging']],
    ['en', 'I noticed your website. We rank your website on the first page of Google', ['I noticed your website', 'rank your website', 'on the first page of Google']],
    ['en', 'Contact me on Telegram for guaranteed returns', ['Contact me on Telegram', 'guaranteed returns']],
    ['de', 'Nahrungsergänzungsmittel ohne Nebenwirkungen, diskreter Versand', ['Nahrungsergänzungsmittel', 'ohne Nebenwirkungen', 'diskreter Versand']],
    ['fr', 'Complément alimentaire sans effets secondaires', ['Complément alimentaire', 'sans effets secondaires']],
    ['es', 'Suplemento alimenticio sin efectos secundarios', ['Suplemento alimenticio', 'sin efectos secundarios']],
    ['ru', 'Работа на дому, пиши в личку', ['Работа на дому', 'пиши в личку']],
    ['ru', 'Кредит без справок, займ на карту', ['Кредит без справок', 'займ на карту']],
    ['ru', 'Удалённая работа, пишите в телеграм', ['Удалённая работа', 'пишите в телеграм']],
    ['pl', 'Szybka pożyczka bez BIK, pisz na priv', ['Szybka pożyczka', 'bez BIK', 'pisz na priv']],
  ])('%s: %s', async (language, text, values) => {
    const { result } = await runRuleCase(rule, { request: text, facts: lang(language) });
    expect(result.matches?.map((m) => m.value)).toEqual(values);
    expect(result.score).toBeGreaterThan(2);
  });
});

// Issue 16: fans talking about an artist's subscriber count in a comment are not asking for
// subscribers (weight-0 phrases of the comment list); a subscriber goal of the writer still counts.
describe('comments: subscriber counts of the artist (issue 16)', () => {
  it.each([
    ["C'mon Katy you are so close to 14,000,000 subscribers", 0],
    ['PSY has more subscribers than Justin Bieber now', 0],
    ['She has 20 million subscribers and still replies to fans', 0],
    ['Please help me get 300 subscribers by tomorrow', 4.5],
    ['Check out my channel, I need more subscribers', 4.5],
  ])('%s → %d as a comment', async (text, expected) => {
    expect((await runRuleCase(rule, { request: { text, formType: 'comment' } })).result.score).toBe(expected);
  });
});

// Issue 16 (recall): in a comment, the first link to another site than a YouTube video is a match
// of its own (1; 1.5 with an imperative plea of the comment's languages), and the comment lists of
// the 19 languages name the writer's own content, pleas to look at it and young artists.
describe('comments: links and pleas (issue 16 recall)', () => {
  const comment = async (text: string, language?: string) =>
    (await runRuleCase(rule, { request: { text, formType: 'comment' }, facts: language ? lang(language) : undefined })).result;

  it.each([
    ['just for test I have to say murdev.com', 'murdev.com', 1, 'comment: link'],
    ['Please friend read my book: http://www.4shared.com/web/preview/pdf/CjFofTxeba', 'http://www.4shared.com/web/preview/pdf/CjFofTxeba', 1.5, 'comment: link with a plea'],
    ['Follow him on twitch http://www.twitch.tv/someone and enter the keyword', 'http://www.twitch.tv/someone', 1.5, 'comment: link with a plea'],
    ['Fruits give you energy. youtube.com/user/36loseweight', 'youtube.com/user/36loseweight', 1, 'comment: link'],
  ])('%s: the link counts', async (text, value, weight, reason) => {
    const result = await comment(text);
    expect(result.matches).toContainEqual(expect.objectContaining({ value, weight, reason }));
  });

  it.each([
    'Katy Perry - Roar (Official): http://youtu.be/CevxZvSJLk8',
    'PSY - GANGNAM STYLE M/V: https://www.youtube.com/watch?v=9bZkp7q19f0',
    'Love this, the live version is even better: m.youtube.com/watch?v=abc123',
  ])('a shared YouTube video is not a link away: %s', async (text) => {
    expect((await comment(text)).matches ?? []).not.toContainEqual(expect.objectContaining({ reason: expect.stringMatching(/^comment: link/) }));
  });

  it('only in a comment: a contact form keeps the link to text.URL', async () => {
    const { result } = await runRuleCase(rule, { request: { text: 'Please see our brochure: https://example.com/brochure.pdf' } });
    expect(result.matches ?? []).not.toContainEqual(expect.objectContaining({ reason: expect.stringMatching(/^comment: link/) }));
  });

  it.each([
    ['de', 'Schaut mal hier: https://beispiel.example/aktion'],
    ['fr', 'Allez sur https://exemple.example/promo, regardez la fin'],
    ['es', 'Miren esto https://ejemplo.example/oferta'],
    ['ru', 'Смотрите тут https://primer.example/akciya'],
    ['pl', 'Zobaczcie https://przyklad.example/promocja'],
    ['el', 'Δείτε εδώ https://paradeigma.example/prosfora'],
  ])('%s: a plea of the language with a link', async (language, text) => {
    expect((await comment(text, language)).matches).toContainEqual(expect.objectContaining({ weight: 1.5, reason: 'comment: link with a plea' }));
  });

  it.each([
    ['en', 'Hey guys, I am a young rapper, please check my songs'],
    ['de', 'Hört euch mein neues Video an, Link in der Beschreibung'],
    ['fr', 'Je suis un jeune rappeur, écoutez ma chanson'],
    ['es', 'Soy un joven rapero, escuchen mi canción'],
    ['it', 'Passate sul mio profilo, ascoltate la mia musica'],
    ['pt', 'Sou um jovem rapper, vejam meu vídeo'],
    ['nl', 'Bekijk mijn nieuwe video, link in de beschrijving'],
    ['pl', 'Zapraszam na mój profil, moja nowa piosenka'],
    ['cs', 'Mrkněte na moje nové video'],
    ['sk', 'Pozrite si moje nové video'],
    ['ru', 'Заходите на мой канал, там мое новое видео'],
    ['bg', 'Вижте моето видео и песента ми'],
    ['el', 'Δείτε το νέο μου βίντεο'],
    ['ro', 'Ascultați piesa mea, link în descriere'],
    ['hu', 'Nézzétek meg a videómat'],
    ['fi', 'Käykää katsomassa videoni'],
    ['da', 'Tjek min nye video, link i beskrivelsen'],
    ['no', 'Sjekk ut videoen min'],
    ['sv', 'Kolla in min nya video'],
  ])('%s: own content and pleas are BAD alone in a comment: %s', async (language, text) => {
    expect((await comment(text, language)).score).toBeGreaterThan(2);
  });

  it.each([
    ['en', 'This is my song, I play it every day'],
    ['es', 'Esta es mi canción favorita'],
    ['pt', 'Essa é minha música favorita'],
    ['it', 'Questa è la mia canzone preferita'],
    ['fr', "C'est ma chanson préférée"],
    ['ro', 'Este melodia mea preferată'],
  ])("%s: a fan's favourite song is not self-promotion: %s", async (language, text) => {
    expect((await comment(text, language)).score).toBe(0);
  });

  it('language unknown: no short plea of another language (Norwegian "les" is the French article)', async () => {
    expect((await comment('Les photos du concert: https://photos.example.com/concert')).matches).toContainEqual(
      expect.objectContaining({ weight: 1, reason: 'comment: link' }),
    );
  });

  it('a plea weighs a little on its own', async () => {
    expect((await comment('Please come to Brazil, we love you')).score).toBe(0.5);
    expect((await comment('Bitte komm nach Wien', 'de')).score).toBe(0.5);
  });
});

// Issue 16 (recall): notification lures — "You have 1 new voicemail. Please call 087…" (SMS
// training: 5 spam of the en column, 5 fr, 6 de, no ham). One entry per form and language, weight 1
// (never BAD alone: a support question may quote a notification); numbers by shape.
describe('notification lures in the 19 languages (issue 16 recall)', () => {
  it.each([
    ['en', 'You have 1 new voicemail. Please call 08719181503', 'You have 1 new voicemail'],
    ['en', 'You have 2 new messages. Call 0207-083-6089', 'You have 2 new messages'],
    ['bg', 'Имате 1 ново гласово съобщение. Обадете се на 0900 12345', 'Имате 1 ново гласово съобщение'],
    ['cs', 'Máte 1 novou hlasovou zprávu. Volejte 900 123 456', 'Máte 1 novou hlasovou zprávu'],
    ['da', 'Du har 1 ny talebesked. Ring 90 12 34 56', 'Du har 1 ny talebesked'],
    ['de', 'Sie haben 1 neue Nachricht. Rufen Sie 0900 123456 an', 'Sie haben 1 neue Nachricht'],
    ['el', 'Έχετε 1 νέο φωνητικό μήνυμα. Καλέστε το 901 1234567', 'Έχετε 1 νέο φωνητικό μήνυμα'],
    ['es', 'Tiene 1 nuevo mensaje de voz. Llame al 806 123 456', 'Tiene 1 nuevo mensaje de voz'],
    ['fi', 'Sinulla on 1 uusi ääniviesti. Soita 0700 123 456', 'Sinulla on 1 uusi ääniviesti'],
    ['fr', "Vous avez 1 nouveau message vocal. S'il vous plaît appelez 08719181503", 'Vous avez 1 nouveau message vocal'],
    ['hu', '1 új hangüzenete van, hívja a 06 90 123 456 számot', '1 új hangüzenete van'],
    ['it', 'Hai 1 nuovo messaggio vocale. Chiama il 899 123 456', 'Hai 1 nuovo messaggio vocale'],
    ['nl', 'U heeft 1 nieuw voicemailbericht. Bel 0900 1234', 'U heeft 1 nieuw voicemailbericht'],
    ['no', 'Du har 1 ny talemelding. Ring 820 12 345', 'Du har 1 ny talemelding'],
    ['pl', 'Masz 1 nową wiadomość głosową. Zadzwoń pod 700 123 456', 'Masz 1 nową wiadomość głosową'],
    ['pt', 'Você tem 1 nova mensagem. Ligue 760 123 456', 'Você tem 1 nova mensagem'],
    ['ro', 'Aveți 1 mesaj vocal nou. Sunați la 0900 123 456', 'Aveți 1 mesaj vocal nou'],
    ['ru', 'У вас 1 новое голосовое сообщение. Позвоните 8 809 123 45 67', 'У вас 1 новое голосовое сообщение'],
    ['sk', 'Máte 1 novú hlasovú správu. Volajte 0900 123 456', 'Máte 1 novú hlasovú správu'],
    ['sv', 'Du har 1 nytt röstmeddelande. Ring 0900 12 34 56', 'Du har 1 nytt röstmeddelande'],
  ])('%s: %s', async (language, text, value) => {
    const { result } = await runRuleCase(rule, { request: text, facts: lang(language) });
    expect(result.matches?.map((m) => m.value)).toContain(value);
    expect(result.matches?.find((m) => m.value === value)?.weight).toBe(1);
  });
  it.each([
    ['en', 'I have 1 new message in my account but the inbox page is empty, can you help?', 0],
    ['en', 'The app says you have 2 new messages, but I cannot open them.', 1],
    ['de', 'Ich habe eine neue Nachricht bekommen, kann sie aber nicht öffnen.', 0],
    ['fr', "J'ai reçu un nouveau message vocal de votre service, pouvez-vous me rappeler ?", 0],
  ])('near miss, %s: %s → %d', async (language, text, expected) => {
    expect((await runRuleCase(rule, { request: text, facts: lang(language) })).result.score).toBe(expected);
  });
});

// Issue 16 (recall): a secret admirer to reveal by a premium call, and a "customer service
// announcement" to call about (SMS training: 5/3/3 and 5/3/5 spam of the en/de/fr columns, no ham).
// 1.5 each (English "customer service announcement" was already 2): never BAD alone (fiction has
// secret admirers).
describe('secret admirers and service announcements in the 19 languages (issue 16 recall)', () => {
  it.each([
    ['en', 'U have a secret admirer who is looking 2 make contact with U', 'secret admirer'],
    ['en', 'You have an important customer service announcement from PREMIER.', 'customer service announcement'],
    ['bg', 'Имаш таен обожател, обади се на 0900 12345', 'таен обожател'],
    ['cs', 'Máte tajného ctitele, zavolejte na 900 123 456', 'tajného ctitele'],
    ['da', 'Du har en hemmelig beundrer, ring 90 12 34 56', 'hemmelig beundrer'],
    ['de', 'Sie haben eine wichtige Kunden-Service-Ankündigung von PREMIER.', 'Kunden-Service-Ankündigung'],
    ['de', 'Du hast einen heimlichen Verehrer, ruf 0900 123456 an', 'heimlichen Verehrer'],
    ['el', 'Έχεις έναν κρυφό θαυμαστή, κάλεσε το 901 1234567', 'κρυφό θαυμαστή'],
    ['es', 'Tienes un admirador secreto, llama al 806 123 456', 'admirador secreto'],
    ['fi', 'Sinulla on salainen ihailija, soita 0700 123 456', 'salainen ihailija'],
    ['fr', 'Vous avez une importante annonce de service à la clientèle de PREMIER.', 'annonce de service à la clientèle'],
    ['fr', 'U ont un admirateur secret qui cherche 2 faire contact avec U', 'admirateur secret'],
    ['hu', 'Önnek titkos hódolója van, hívja a 06 90 123 456 számot', 'titkos hódolója'],
    ['it', 'Hai un ammiratore segreto, chiama il 899 123 456', 'ammiratore segreto'],
    ['nl', 'Je hebt een geheime aanbidder, bel 0900 1234', 'geheime aanbidder'],
    ['no', 'Du har en hemmelig beundrer, ring 820 12 345', 'hemmelig beundrer'],
    ['pl', 'Masz tajemniczego wielbiciela, zadzwoń pod 700 123 456', 'tajemniczego wielbiciela'],
    ['pt', 'Você tem um admirador secreto, ligue 760 123 456', 'admirador secreto'],
    ['ro', 'Ai un admirator secret, sună la 0900 123 456', 'admirator secret'],
    ['ru', 'У тебя есть тайный поклонник, позвони 8 809 123 45 67', 'тайный поклонник'],
    ['sk', 'Máte tajného ctiteľa, volajte 0900 123 456', 'tajného ctiteľa'],
    ['sv', 'Du har en hemlig beundrare, ring 0900 12 34 56', 'hemlig beundrare'],
  ])('%s: %s', async (language, text, value) => {
    const { result } = await runRuleCase(rule, { request: text, facts: lang(language) });
    expect(result.matches?.find((m) => m.value === value)?.weight).toBe(value === 'customer service announcement' ? 2 : 1.5);
  });
  it('a secret admirer in a story scores 1.5: never BAD alone', async () => {
    const text = 'In the novel, Anna finds roses on her desk every morning from a secret admirer.';
    expect((await runRuleCase(rule, { request: text, facts: lang('en') })).result.score).toBe(1.5);
  });
});

// Issue 16 (recall): a message waiting to be collected by a call (SMS training: 3 spam, no ham); 1 each.
describe('messages waiting to be collected in the 19 languages (issue 16 recall)', () => {
  it.each([
    ['en', 'We currently have a message awaiting your collection. To collect your message just call 08718723815.', ['message awaiting your collection', 'To collect your message']],
    ['en', 'Please call back on 09056242159 to retrieve your messages', ['to retrieve your messages']],
    ['bg', 'Обадете се на 0900 12345, за да получите съобщението си', ['за да получите съобщението си']],
    ['cs', 'Vaše zpráva čeká na vyzvednutí, volejte 900 123 456', ['zpráva čeká na vyzvednutí']],
    ['da', 'Ring 90 12 34 56 for at hente din besked', ['for at hente din besked']],
    ['de', 'Rufen Sie 0900 123456 an, um Ihre Nachricht abzuholen', ['um Ihre Nachricht abzuholen']],
    ['el', 'Καλέστε το 901 1234567 για να παραλάβετε το μήνυμά σας', ['για να παραλάβετε το μήνυμά σας']],
    ['es', 'Llame al 806 123 456 para recuperar su mensaje', ['para recuperar su mensaje']],
    ['fi', 'Soita 0700 123 456 noutaaksesi viestisi', ['noutaaksesi viestisi']],
    ['fr', 'Appelez le 08 99 12 34 56 pour récupérer votre message', ['pour récupérer votre message']],
    ['hu', 'Üzenete átvételre vár, hívja a 06 90 123 456 számot', ['Üzenete átvételre vár']],
    ['it', 'Chiama il 899 123 456 per ritirare il tuo messaggio', ['per ritirare il tuo messaggio']],
    ['nl', 'Bel 0900 1234 om uw bericht op te halen', ['om uw bericht op te halen']],
    ['no', 'Ring 820 12 345 for å hente meldingen din', ['for å hente meldingen din']],
    ['pl', 'Zadzwoń pod 700 123 456, aby odebrać wiadomość', ['aby odebrać wiadomość']],
    ['pt', 'Ligue 760 123 456 para recuperar a sua mensagem', ['para recuperar a sua mensagem']],
    ['ro', 'Sunați la 0900 123 456 pentru a vă prelua mesajul', ['pentru a vă prelua mesajul']],
    ['ru', 'Позвоните 8 809 123 45 67, чтобы получить ваше сообщение', ['чтобы получить ваше сообщение']],
    ['sk', 'Vaša správa čaká na vyzdvihnutie, volajte 0900 123 456', ['správa čaká na vyzdvihnutie']],
    ['sv', 'Ring 0900 12 34 56 för att hämta ditt meddelande', ['för att hämta ditt meddelande']],
  ])('%s: %s', async (language, text, values) => {
    const { result } = await runRuleCase(rule, { request: text, facts: lang(language) });
    for (const value of values) expect(result.matches?.find((m) => m.value === value)?.weight).toBe(1);
  });
});

// Issue 16 (recall, SMS training split): keyword instructions of premium-rate subscription
// services and adult chat or content lines (scripts/sms-misses.mjs: training spam a model
// trained without SMS left below BAD; 19 keyword-instruction spam and 0 ham of the English
// training split). 1.5 each: never BAD alone.
describe('keyword instructions and adult chat lines in the 19 languages (issue 16 recall)', () => {
  it.each([
    ['en', 'Txt the word CLAIM to 81010 now', 'Txt the word'],
    ['en', 'unsubscribe from alerts reply with the word OUT', 'reply with the word'],
    ['en', 'Sexy Singles are waiting for you! Text your AGE', 'Sexy Singles'],
    ['en', 'Want explicit SEX in 30 secs? Ring now', 'explicit SEX'],
    ['bg', 'Изпрати думата ИГРА на 1234', 'Изпрати думата'],
    ['bg', 'Секси необвързани те чакат', 'Секси необвързани'],
    ['cs', 'Pošlete slovo HRA na 9012', 'Pošlete slovo'],
    ['cs', 'Holky čekají na tvou zprávu', 'Holky čekají'],
    ['da', 'Send ordet SPIL til 1234', 'Send ordet'],
    ['da', 'Sexede singler venter på dig', 'Sexede singler'],
    ['de', 'Sende das Wort SPIEL an 82324', 'Sende das Wort'],
    ['de', 'Die SEXYCHAT Mädchen warten auf Sie', 'Mädchen warten'],
    ['el', 'Στείλε τη λέξη ΠΑΙΧΝΙΔΙ στο 1234', 'Στείλε τη λέξη'],
    ['el', 'Κορίτσια σε περιμένουν απόψε', 'Κορίτσια σε περιμένουν'],
    ['es', 'Envía la palabra JUEGO al 1234', 'Envía la palabra'],
    ['es', 'Chicas te esperan esta noche', 'Chicas te esperan'],
    ['fi', 'Lähetä sana PELI numeroon 1234', 'Lähetä sana'],
    ['fi', 'Seksikkäät sinkut odottavat', 'Seksikkäät sinkut'],
    ['fr', 'répondre avec le mot OUT', 'répondre avec le mot'],
    ['fr', 'Obtenez des photos XXX sur votre téléphone', 'photos XXX'],
    ['hu', 'Küldd el a szót JÁTÉK az 1234-re', 'Küldd el a szót'],
    ['hu', 'Szexi szinglik várnak rád', 'Szexi szinglik'],
    ['it', 'Invia la parola GIOCO al 1234', 'Invia la parola'],
    ['it', 'Ragazze ti aspettano stasera', 'Ragazze ti aspettano'],
    ['nl', 'Stuur het woord SPEL naar 1234', 'Stuur het woord'],
    ['nl', 'Singles bij jou in de buurt wachten op je', 'Singles bij jou in de buurt'],
    ['no', 'Send ordet SPILL til 1234', 'Send ordet'],
    ['no', 'Jenter venter på deg i kveld', 'Jenter venter'],
    ['pl', 'Wyślij słowo GRA na 7123', 'Wyślij słowo'],
    ['pl', 'Dziewczyny czekają na ciebie', 'Dziewczyny czekają'],
    ['pt', 'Envie a palavra JOGO para 1234', 'Envie a palavra'],
    ['pt', 'Vídeo XXX no seu telemóvel', 'Vídeo XXX'],
    ['ro', 'Trimite cuvântul JOC la 1234', 'Trimite cuvântul'],
    ['ro', 'Fete te așteaptă în seara asta', 'Fete te așteaptă'],
    ['ru', 'Отправь слово ИГРА на 1234', 'Отправь слово'],
    ['ru', 'Девушки ждут тебя прямо сейчас', 'Девушки ждут тебя'],
    ['sk', 'Pošlite slovo HRA na 9012', 'Pošlite slovo'],
    ['sk', 'Dievčatá čakajú na tvoju správu', 'Dievčatá čakajú'],
    ['sv', 'Skicka ordet SPEL till 1234', 'Skicka ordet'],
    ['sv', 'Tjejer väntar på dig i kväll', 'Tjejer väntar'],
  ])('%s: %s', async (language, text, value) => {
    const { result } = await runRuleCase(rule, { request: text, facts: lang(language) });
    expect(result.matches?.find((m) => m.value === value)?.weight).toBe(1.5);
  });
  it.each([
    ['en', 'Could you send the invoice as a PDF? The keyword search on your site does not find it.', 0],
    ['en', 'The film has some explicit scenes, so please check the age rating before the school trip.', 0],
    ['de', 'Können Sie mir das Wort für „Rechnung“ auf Englisch schicken? Danke!', 0],
    ['fr', 'Quel est le mot clé pour la recherche sur votre site ?', 0],
  ])('near miss, %s: %s → %d', async (language, text, expected) => {
    expect((await runRuleCase(rule, { request: text, facts: lang(language) })).result.score).toBe(expected);
  });
});
