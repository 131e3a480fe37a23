import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fill, SIZE } from '../../../bench/adversarial-inputs.mjs';
import rule, { randomReason } from '../../../src/rules/text/random-chars.js';
import { expectHit, expectMiss, runRuleCase, testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: 'dsdsdsdsd mbmnm qwqwwqw', count: 3, values: ['dsdsdsdsd', 'mbmnm', 'qwqwwqw'], score: 3 },
    { request: 'qwerty asdfgh zxcvbn', count: 3, values: ['qwerty', 'asdfgh', 'zxcvbn'] },
    { name: 'a four-letter walk from the edge of a row', request: 'Hello, asdf!', count: 1, values: ['asdf'] },
    { name: 'vowel-less words, repeated letters collapsed first', request: 'sdfsdf jdjdjdjd kxjcvh bcdfgg', count: 4, values: ['sdfsdf', 'jdjdjdjd', 'kxjcvh', 'bcdfgg'] },
    { name: 'en', request: 'Hi, my name is hjkhjk and I need a quote', count: 1, values: ['hjkhjk'] },
    { name: 'de (QWERTZ)', request: 'Ich heiße qwertz und wohne in xcvbnm', count: 2, values: ['qwertz', 'xcvbnm'] },
    { name: 'fr (AZERTY)', request: 'Je suis azerty et j’habite à qsdfgh', count: 2, values: ['azerty', 'qsdfgh'] },
    { name: 'es, it, pl', request: 'Hola dfghjk. Ciao vbnmvb. Cześć zxcvb.', count: 3, values: ['dfghjk', 'vbnmvb', 'zxcvb'] },
    { name: 'ru (Cyrillic, ЙЦУКЕН)', request: 'Меня зовут йцукен, фыва пролдж', count: 3, values: ['йцукен', 'фыва', 'пролдж'] },
    { name: 'bg (Cyrillic, phonetic)', request: 'Казвам се явертъ', count: 1, values: ['явертъ'] },
    { name: 'Cyrillic without a vowel', request: 'Привет взбрзг', count: 1, values: ['взбрзг'] },
    { name: 'el (Greek)', request: 'Ρώτησα ασδφγ και ζχψω, στρνκ', count: 3, values: ['ασδφγ', 'ζχψω', 'στρνκ'] },
    // Issue 16: mashes in capitals and walks without accents still count.
    { name: 'issue 16: walks typed in capitals', request: 'Name: SDFGHJ, city: ФЫВАПР, Ασδφγ', count: 3, values: ['SDFGHJ', 'ФЫВАПР', 'Ασδφγ'] },
    { name: 'issue 16: a long vowel-less word in capitals is no acronym', request: 'Hello KXJCVHBN', count: 1, values: ['KXJCVHBN'] },
    { name: 'issue 16: hu, a walk without accents', request: 'Üdvözlöm, a nevem asdfgh és zxcvb', count: 2, values: ['asdfgh', 'zxcvb'] },
    { name: 'issue 16: a vowel-less mash typed in lower case', request: 'Όνομα: μπτρκς, πόλη: xkcdz', count: 2, values: ['μπτρκς', 'xkcdz'] },
    { name: 'words inside a token', request: 'hello-sdfgh', count: 1, values: ['sdfgh'] },
    {
      name: 'several fields',
      request: { fields: { name: 'asdfgh', company: 'Acme', message: 'Hello mbmnm and qwerty' } },
      count: 3,
      values: ['asdfgh', 'mbmnm', 'qwerty'],
      fields: ['name', 'message', 'message'],
    },
  ],
  misses: [
    {
      name: 'business enquiry',
      request:
        'Dear team, we would like to order 12 strengths-training benches and 3 rhythm-section amplifiers. ' +
        'Could you send an offer with shipping to Hamburg? Thanks, Anna',
    },
    'The QWERTY keyboard layout on my laptop is broken; the AZERTY one works.',
    'Words that walk the keyboard in the middle: were, wert, ytre, tree, trek, poll, hjkl.',
    'My name is Azer, I live in Baku.',
    'Vowel-less words that are words: rhythms, crypts, nymphs, lynx, psst, hmm, shh, grrr, pfft, tsktsk.',
    'Protocols and file types: https, sftp, smtp, xlsx, docx, pptx, chmod, mkdir, xhtml.',
    'Codes with digits or addresses: x7k9p, mbmnm@example.com, https://sdfgh.example, www.qwerty.com',
    { name: 'cs (syllabic r and l)', request: 'Strč prst skrz krk. Čtvrt hodiny, scvrnkl se, zmrzlina, ztvrdl.' },
    { name: 'sk', request: 'Štvrťrok, štvrť, vlk, krk, zmŕtvychvstanie, vĺčatá.' },
    { name: 'pl', request: 'Źdźbło, bezwzględny chrząszcz brzmi w trzcinie w Szczebrzeszynie.' },
    { name: 'de', request: 'Angstschweiß in der Deutschschweiz, Herbststurm, Borschtsch, Tschüss!' },
    { name: 'nl, sv, da, no', request: 'Angstschreeuw, rechtsstaat, skärgård, sjuksköterska, skrædder, strømpebukse, ytre.' },
    { name: 'hu, fi', request: 'Sztrájk, gyöngyszem, országgyűlés, kirkkoherra, pyrstötähti, myrsky.' },
    { name: 'ru (Cyrillic)', request: 'Здравствуйте! Взгляд, всплеск, бодрствовать, пространство, Днепр.' },
    { name: 'bg (Cyrillic)', request: 'Здравейте! Връзка, пръстен, кръвопролитие, всъщност.' },
    { name: 'el (Greek)', request: 'Καλημέρα! Σπλάχνα, εκστρατεία, εχθρός, φθινόπωρο, ΕΚΣΤΡΑΤΕΙΑ.' },
    { name: 'ro, it, es, pt, fr', request: 'Înștiințare, strâmtoare, sbrindellato, construcción, extraordinário, schtroumpf.' },
    // Issue 16: accented words that walk a row once the accent is dropped, and acronyms.
    { name: 'issue 16: el, "οποίο" and "οποίοι"', request: 'Το Κοινοβούλιο, το οποίο απαρτίζεται από εκλεγμένα μέλη, και οι κανονισμοί, οι οποίοι ισχύουν.' },
    { name: 'issue 16: hu, "azért" and "ezért"', request: 'Azért jöttem, mert ezért a célért érdemes dolgozni. Ezért maradok.' },
    { name: 'issue 16: hu, a vowel-less acronym', request: 'Az SZDSZ és az MSZP képviselői nem szavaztak.' },
    { name: 'issue 16: ro, a vowel-less acronym', request: 'Aceste informații au fost aduse în atenția CSMVSP, care le-a examinat.' },
    { name: 'issue 16: ru, a vowel-less acronym', request: 'В составе РСФСР и СССР были автономные республики.' },
    { name: 'issue 16: en, el, vowel-less acronyms', request: 'The NSPCC report, the ΣΤΡΝΚ code and the BBC.' },
  ],
});

interface Fixture {
  languages: Record<string, { sentences: string[]; words: string[] }>;
}
const fixture = JSON.parse(
  readFileSync(new URL('../../../fixtures/real-text-19-languages.json', import.meta.url), 'utf8'),
) as Fixture;
const LANGUAGES = 'bg cs da nl en fi fr de el hu it no pl pt ro ru sk es sv'.split(' ');

describe('text.RANDOM_CHARS on real text in the 19 languages (fixtures/real-text-19-languages.json)', () => {
  it('has every language, with sentences and at least 10 long words each', () => {
    expect(Object.keys(fixture.languages).sort()).toEqual([...LANGUAGES].sort());
    for (const l of LANGUAGES) {
      expect(fixture.languages[l]!.sentences.length).toBeGreaterThanOrEqual(5);
      expect(fixture.languages[l]!.words.length).toBeGreaterThanOrEqual(10);
    }
  });
  for (const l of LANGUAGES) {
    it(`finds no random word in any sentence or word of ${l}`, async () => {
      const { sentences, words } = fixture.languages[l]!;
      const found: string[] = [];
      for (const text of [...sentences, ...words]) {
        const { result } = await runRuleCase(rule, text);
        if (result.score !== 0 || result.skipped !== undefined) found.push(`${text}: ${JSON.stringify(result.matches)}`);
      }
      expect(found).toEqual([]);
    });
  }
});

describe('adversarial 100 KB inputs', () => {
  it('finds nothing in 100 KB of one letter', () => expectMiss(rule, fill('a')));
  it('counts 100 KB of vowel-less letters as one word', () => expectHit(rule, { request: fill('bcdfg'), count: 1 }));
  it('finds nothing in 100 KB of "qwerty" run together (y to q is no step)', () => expectMiss(rule, fill('qwerty')));
  it('counts every "qwerty " in 100 KB, and the cut last "qwer" too', () =>
    expectHit(rule, { request: fill('qwerty '), count: Math.ceil(SIZE / 7) }));
  it('counts every "sdfgh " in 100 KB, not the cut last "sdfg"', () =>
    expectHit(rule, { request: fill('sdfgh '), count: Math.floor(SIZE / 6) }));
  it('finds nothing in 100 KB of "фыва" run together', () => expectMiss(rule, fill('фыва')));
  it('counts every "фыва " in 100 KB', () => expectHit(rule, { request: fill('фыва '), count: SIZE / 5 }));
  it('finds nothing in 100 KB of Greek capitals', () => expectMiss(rule, fill('ΑΒΓΔ')));
  it('finds nothing in one letter with 100 KB of combining marks', () => expectMiss(rule, 'a' + fill('\u0301', SIZE - 1)));
  it('finds nothing in 100 KB of vowel-less letters with a digit', () => expectMiss(rule, fill('bcdfg') + '1'));
  it('finds nothing in 100 KB of long real words', () => expectMiss(rule, fill('Angstschweiß źdźbło čtvrtstoletí scvrnkl взгляд σπλάχνα ')));
  it('finds nothing in 100 KB of real sentences of the 19 languages', () => {
    const all = LANGUAGES.flatMap((l) => fixture.languages[l]!.sentences).join(' ');
    return expectMiss(rule, fill(all + ' ').replace(/\S+$/u, ''));
  });
});

describe('the in-place path for tokens that are not plain ASCII', () => {
  // Words read on code units (Cyrillic, Greek, accented Latin): the rule finds exactly the words
  // randomReason finds, with final sigma, İ, combining marks, capitals and walks among them
  // (no compatibility characters: the text is normalized before the rules read it).
  const words = [
    'ΣΟΦΙΑ', 'ΑΣΔΦΣ', 'ΣΔΦΓ', 'ασδφς', 'ΨΧΣΒΝ', 'ςερτυ', 'Ασδφγ', 'σοφίας', 'ψχζβν', 'ΨΧΖΒΝ', 'άσδφγ',
    'йцукен', 'ЙЦУКЕН', 'ЙЦУК', 'Ёжик', 'взбрзг', 'ВЗБРЗГ', 'ВЗБРЗГХ', 'ёёёё', 'ммммм', 'фы\u0301ва', 'ԱԲԳԴ',
    'İstanbul', 'İİİİ', 'xİcvb', 'azért', 'ázsdf', 'čtvrt', 'scvrnkľ', 'ŁŁŁŁŁŁ', 'ßßßßß', 'þðþðþ', 'e\u0301sdfg',
    'ḁḁḁḁḃḃ', 'ἀσδφγ', 'sdfghé', 'ẞBCDFG', 'mbmnmщ', 'ʼʼʼʼ', '𐐀𐐀𐐀𐐀', 'kxjcvhé',
    'Σίσυφος', 'ΣΣΣΣ', 'ψχψχψ', 'άάάά', 'βββββ', 'ΑΣΔΦΓ', 'ασδφγh', 'σοφíα', 'оооо', 'пррр', 'кркркр', 'прол',
    'пролд', 'аааабв', 'ЁЁЁЁ', 'ёлka', 'фываж', 'фываé', 'ывап', 'жэжэжэ', 'közösség', 'ŋŋŋŋŋ', 'ǎǎǎǎǎ', 'Ňemal',
    'ŕŕŕŕŕ', 'prstĺ', 'ášdf', 'qẃerty', 'ÅÄÖÅ', 'ııııı',
  ];
  it('finds the words randomReason finds, and only those', async () => {
    for (const w of words) {
      const { result } = await runRuleCase(rule, `Привет ${w}, ${w.toLowerCase()} ${w.toUpperCase()}.`);
      const expected = [w, w.toLowerCase(), w.toUpperCase()].filter((x) => randomReason(x) !== null);
      expect((result.matches ?? []).map((m) => m.value), w).toEqual(expected);
    }
  });

  it('finds the words of tokens with punctuation around and between them', async () => {
    const { result } = await runRuleCase(rule, '«Фыва», — пролдж… (йцукен)! «ασδφγ»; “ζχψω”—ςερτυ, «слово»… лето—зима «σοφία». „Qwerty“ – azért… «mbmnm» és ‘sdfgh’ – élet—erő.');
    expect((result.matches ?? []).map((m) => m.value)).toEqual(['Фыва', 'пролдж', 'йцукен', 'ασδφγ', 'ζχψω', 'ςερτυ', 'Qwerty', 'mbmnm', 'sdfgh']);
  });
});

describe('the in-place paths against the definition, on random text', () => {
  // What the rule is defined to find: per whitespace-separated token that is typed (no digit,
  // "@" or "://", not starting with "www."), the words /\p{L}[\p{L}\p{M}]*/u of four code units
  // or more that randomReason has a reason for. Random tokens of Cyrillic (walks, vowel-less
  // runs, ordinary words) with punctuation, emoji and their parts, marks, digits and letters of
  // other scripts around and inside them.
  const reference = (text: string): { value: string; index: number }[] => {
    const out: { value: string; index: number }[] = [];
    for (const t of text.matchAll(/\S+/gu)) {
      if (/[\p{Nd}@]|:\/\/|^www\./iu.test(t[0])) continue;
      for (const w of t[0].matchAll(/\p{L}[\p{L}\p{M}]*/gu)) {
        if (w[0].length >= 4 && randomReason(w[0]) !== null) out.push({ value: w[0], index: t.index + w.index });
      }
    }
    return out;
  };
  const pieces = [
    'привет', 'Москва', 'ЙЦУКЕН', 'фыва', 'йцук', 'пролдж', 'взбрзг', 'ВЗБРЗГ', 'ммммм', 'ёжик', 'Ёлка', 'ячсми', 'оооо',
    'кркркр', 'аааабв', 'сдф', 'и', 'в', 'Я', 'жэжэжэ', 'ывап', 'нелюбовь', 'ЗАРАБОТОК', 'асдфг',
    '«', '»', '…', '—', '–', ',', '.', '!', '?', '(', ')', '"', '„', '“', "'", '-', '№', '°', '·', '€', '₽',
    '😍', '❤️', '❤', '\uFE0F', '👍🏻', '🏄🏾‍♀️', '\u200D', '🙏', '✌', '⠀', '💪',
    '1', '٣', '𝟏', '@', '://', 'www.', 'a', 'qwerty', 'é', 'і', 'ї', 'α', 'ςερτυ', '𝐀', 'ԱԲ',
    '\u0301', '\u0483', '\u{1D165}', '\u0301', '\u0308', 'бвг', 'джз', 'кл', 'мнп', 'рст', 'ФХЦ', 'сдф',
  ];
  const units = [...'бвгджзклмнпрстфхцчшщйфываолдБВГДЖЗЙЦУКЕНаеиоуыэюяёЁ«»…—,.!(😍❤🙏'].concat(['\u0301', '\u0308', '\uFE0F', '\u200D', '👍🏻', '1', 'é', 'і', 'α', 'x']);
  it('finds exactly the words the definition finds', async () => {
    let seed = 12345;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let k = 0; k < 6000; k++) {
      let text = '';
      const count = 1 + next(14);
      // Half the texts of pieces, half of single characters (marks and emoji inside words).
      const from = k % 2 === 0 ? pieces : units;
      for (let p = 0; p < (k % 2 === 0 ? count : 3 * count); p++) {
        const piece = from[next(from.length)]!;
        text += next(k % 2 === 0 ? 3 : 6) === 0 ? ' ' + piece : piece;
      }
      const normal = text.normalize('NFKC');
      const { result } = await runRuleCase(rule, text);
      const found = (result.matches ?? []).map((m) => ({ value: m.value, index: m.index }));
      expect(found, JSON.stringify(normal)).toEqual(reference(normal));
    }
  });
});
