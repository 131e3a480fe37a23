// The word-list rules scan a text once for all three (scanLexicon, one trie per choice of
// languages) and find exactly what a scan of each kind's lists alone (scanText) finds.
import { describe, expect, it } from 'vitest';
import { FULLY_SUPPORTED_LANGUAGES } from '../../src/language/index.js';
import { scanLexicon, scanText, type LexiconChoice, type LexiconKind } from '../../src/lexicons/index.js';
import { TextInput } from '../../src/text/input.js';

const TEXTS = [
  'FREE money!!! Click here to claim your prize, you stupid idiot. I hate this, it is terrible and awful.',
  'Dear sir, please check out my channel and subscribe. Great offer, amazing deal, 100% guaranteed.',
  'Kostenlos Geld verdienen, klicken Sie hier! Scheiße, das ist schlecht. Ingyen pénzt nyerhetsz, kattints!',
  'Бесплатно! Заработок без вложений, переходите по ссылке. Это ужасно, идиот. Δωρεάν χρήματα, κάντε κλικ.',
  'f r e e   v.i.a.g.r.a  fuuuuck  freeeee  m0ney  ca$h  crypto invest now',
];

const choices: LexiconChoice[] = [
  { classifier: 'en', languages: 'all' },
  ...FULLY_SUPPORTED_LANGUAGES.map((l): LexiconChoice => ({ classifier: l, languages: l === 'en' ? ['en'] : [l, 'en'] })),
];

describe('scanLexicon', () => {
  it('finds per kind what a scan of that kind’s lists alone finds, for every choice and form type', () => {
    const counts: Record<string, number> = { 'spam-words': 0, profanity: 0, sentiment: 0 };
    for (const choice of choices) {
      for (const formType of ['contact', 'comment'] as const) {
        for (const message of TEXTS) {
          const text = new TextInput([{ field: 'message', text: message }]);
          for (const kind of ['spam-words', 'profanity', 'sentiment'] as LexiconKind[]) {
            const languages = kind === 'sentiment' ? [choice.languages === 'all' ? 'en' : choice.classifier] as const : choice.languages;
            const alone = scanText(new TextInput([{ field: 'message', text: message }]), kind, languages, formType).matches;
            expect(scanLexicon(text, kind, choice, formType).matches, `${kind} ${String(choice.languages)} ${formType}`).toEqual(alone);
            counts[kind]! += alone.length;
          }
        }
      }
    }
    // Not a comparison of empty lists: every kind matches in these texts.
    for (const kind of Object.keys(counts)) expect(counts[kind], kind).toBeGreaterThan(50);
  });
});
