// The LanguageDetector conformance suite (formspam/testing testLanguageDetector) against the
// bundled detector, with the suite's samples and with samples of eight more languages in five
// scripts, and as createDefaultProviders wires it; then against a correct in-memory detector
// and one deliberately broken copy of it per fault, each failing exactly the cases that check
// what it breaks.
import { describe } from 'vitest';
import { createLanguageDetector } from '../../src/language/detector.js';
import { createDefaultProviders } from '../../src/providers/default.js';
import { LANGUAGE_CONFORMANCE_SAMPLES, testLanguageDetector, type LanguageSample } from '../../src/testing/index.js';
import type { LanguageDetector, LanguageGuess } from '../../src/providers/types.js';
import { expectSuiteFails, inFlight } from '../helpers/conformance-runner.js';

testLanguageDetector('formspam n-gram detector', () => ({ detector: createLanguageDetector() }));

const MORE: readonly LanguageSample[] = [
  { language: 'it', text: 'Grazie per il tuo messaggio. Esamineremo la tua domanda sulla consegna e ti risponderemo in dettaglio entro due giorni lavorativi.' },
  { language: 'nl', text: 'Bedankt voor uw bericht. We bekijken uw vraag over de levering en sturen u binnen twee werkdagen een volledig antwoord.' },
  { language: 'pl', text: 'Dziękujemy za wiadomość. Przyjrzymy się Twojemu pytaniu dotyczącemu dostawy i odpowiemy szczegółowo w ciągu dwóch dni roboczych.' },
  { language: 'pt', text: 'Obrigado pela sua mensagem. Vamos analisar a sua pergunta sobre a entrega e responderemos em detalhe dentro de dois dias úteis.' },
  { language: 'tr', text: 'Mesajınız için teşekkür ederiz. Teslimatla ilgili sorunuzu inceleyeceğiz ve iki iş günü içinde size ayrıntılı bir yanıt vereceğiz.' },
  { language: 'el', text: 'Σας ευχαριστούμε για το μήνυμά σας. Θα εξετάσουμε την ερώτησή σας σχετικά με την παράδοση και θα σας απαντήσουμε σε δύο εργάσιμες ημέρες.' },
  { language: 'ar', text: 'شكرا لرسالتك. سننظر في سؤالك حول التوصيل وسنرد عليك بالتفصيل خلال يومي عمل.' },
  { language: 'ja', text: 'メッセージをありがとうございます。配送に関するご質問を確認し、二営業日以内に詳しくご返答いたします。' },
];
testLanguageDetector('formspam n-gram detector, eight more languages', () => ({ detector: createLanguageDetector(), samples: MORE }));
testLanguageDetector("createDefaultProviders' detector", () => ({ detector: createDefaultProviders({ offline: true, textModel: false }).language! }));

// A correct in-memory detector (it knows the suite's samples by heart), and the hook each
// broken copy uses to break it.
const KNOWN = new Map(LANGUAGE_CONFORMANCE_SAMPLES.map((s) => [s.text, s.language]));
type Fault = (text: string, guesses: LanguageGuess[], signal: AbortSignal, busy: number) => LanguageGuess[];

function fakeDetector(fault?: Fault, throwOn?: (text: unknown) => boolean): LanguageDetector {
  const track = inFlight();
  return {
    name: 'fake-language',
    detect(text, options) {
      if (throwOn?.(text)) throw new TypeError('text must be a string');
      return track((busy) => {
        if (typeof text !== 'string') throw new TypeError('text must be a string');
        const known = KNOWN.get(text) ?? [...KNOWN].find(([t]) => text.startsWith(t))?.[1];
        const letters = text.replace(/[^\p{L}]/gu, '').length;
        const guesses: LanguageGuess[] = known ? [{ language: known, confidence: 0.9 }] : letters > 0 && letters < 10 ? [{ language: 'en', confidence: 0.2, reliable: false }] : [];
        return fault ? fault(text, guesses, options.signal, busy) : guesses;
      });
    },
  };
}

testLanguageDetector('in-memory detector (the base of the broken ones below)', () => ({ detector: fakeDetector() }));

const CASE = {
  samples: 'puts the language of each sample first, reliably; codes ISO 639-1 where one exists, confidence 0–1, no language twice',
  none: 'answers [] for text in which no language can be told (empty, white space, digits, punctuation, emoji)',
  short: 'answers [] or an unreliable first guess for text too short to tell',
  long: 'answers for a long text (200,000 characters) as for its start',
  same: 'answers the same for the same text, also to concurrent callers',
  badInput: 'answers [] or rejects for a value that is not a string; never throws synchronously',
  aborted: 'with an aborted signal rejects or answers as it would have',
} as const;

const sample = (language: string) => LANGUAGE_CONFORMANCE_SAMPLES.find((s) => s.language === language)!.text;
const BROKEN: { fault: string; detector: LanguageDetector; fails: (keyof typeof CASE)[] }[] = [
  { fault: 'an ISO 639-3 code where an ISO 639-1 code exists (deu for de)', detector: fakeDetector((t, g) => (t === sample('de') ? [{ language: 'deu', confidence: 0.9 }] : g)), fails: ['samples'] },
  { fault: 'a code in upper case', detector: fakeDetector((t, g) => (t === sample('fr') ? [{ language: 'FR', confidence: 0.9 }] : g)), fails: ['samples'] },
  { fault: 'a confidence above 1', detector: fakeDetector((t, g) => (t === sample('fr') ? [{ language: 'fr', confidence: 1.5 }] : g)), fails: ['samples'] },
  { fault: 'one language guessed twice', detector: fakeDetector((t, g) => (t === sample('es') ? [...g, { language: 'es', confidence: 0.1, reliable: false }] : g)), fails: ['samples'] },
  { fault: 'an unreliable guess for a whole paragraph', detector: fakeDetector((t, g) => (t === sample('es') ? [{ ...g[0]!, reliable: false }] : g)), fails: ['samples'] },
  { fault: 'the wrong language first', detector: fakeDetector((t, g) => (t === sample('ru') ? [{ language: 'uk', confidence: 0.6 }, { language: 'ru', confidence: 0.5 }] : g)), fails: ['samples'] },
  { fault: 'a guess for the empty text', detector: fakeDetector((t, g) => (t === '' ? [{ language: 'en', confidence: 0, reliable: false }] : g)), fails: ['none'] },
  { fault: 'a reliable guess for a two-letter text', detector: fakeDetector((t, g) => (t === 'ok' ? [{ language: 'en', confidence: 0.5 }] : g)), fails: ['short'] },
  { fault: 'no guess for a long text', detector: fakeDetector((t, g) => (t.length > 10_000 ? [] : g)), fails: ['long'] },
  { fault: 'other answers to concurrent callers', detector: fakeDetector((_t, g, _s, busy) => (busy > 1 ? [] : g)), fails: ['same'] },
  { fault: 'a synchronous throw for a value that is not a string', detector: fakeDetector(undefined, (t) => typeof t !== 'string'), fails: ['badInput'] },
  { fault: 'a guess for a value that is not a string', detector: { name: 'stringifies', detect: async (t) => (typeof t === 'string' ? fakeDetector().detect(t, { signal: new AbortController().signal }) : [{ language: 'en', confidence: 0.1, reliable: false }]) }, fails: ['badInput'] },
  { fault: 'no guess when the signal has fired', detector: fakeDetector((_t, g, signal) => (signal.aborted ? [] : g)), fails: ['aborted'] },
];

describe('testLanguageDetector fails a broken detector', () => {
  expectSuiteFails(CASE, BROKEN, (b, runner) => testLanguageDetector(b.fault, () => ({ detector: b.detector }), runner));
});
