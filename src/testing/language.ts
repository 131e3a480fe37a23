/**
 * The LanguageDetector conformance suite: every language detector (the bundled n-gram detector,
 * yours) must pass it.
 *
 * @example
 * testLanguageDetector('my detector', () => ({ detector: createMyDetector() }));
 */
import assert from 'node:assert/strict';
import { resolveRunner, type Runner } from './runner.js';
import { checkAbortedCall, checkSameAnswers, liveSignal, settle } from './conformance.js';
import { toIso6391 } from '../language/iso.js';
import type { LanguageDetector, LanguageGuess } from '../providers/types.js';

/** A text and the language (ISO 639-1 where one exists) a detector must put first, reliably. */
export interface LanguageSample {
  language: string;
  text: string;
}

/** The samples the suite uses when the setup gives none: one paragraph each of five languages in two scripts. */
export const LANGUAGE_CONFORMANCE_SAMPLES: readonly LanguageSample[] = [
  { language: 'en', text: 'Thank you for your message. We will look at your question about the delivery and get back to you within two working days with a full answer.' },
  { language: 'de', text: 'Vielen Dank für Ihre Nachricht. Wir werden uns Ihre Frage zur Lieferung ansehen und Ihnen innerhalb von zwei Werktagen ausführlich antworten.' },
  { language: 'fr', text: 'Merci pour votre message. Nous allons examiner votre question sur la livraison et nous vous répondrons en détail dans les deux jours ouvrables.' },
  { language: 'es', text: 'Gracias por su mensaje. Vamos a revisar su pregunta sobre la entrega y le responderemos con todo detalle dentro de dos días laborables.' },
  { language: 'ru', text: 'Спасибо за ваше сообщение. Мы рассмотрим ваш вопрос о доставке и подробно ответим вам в течение двух рабочих дней.' },
];

export interface LanguageDetectorConformanceSetup {
  detector: LanguageDetector;
  /** Texts with the language the detector must put first (default {@link LANGUAGE_CONFORMANCE_SAMPLES}). */
  samples?: readonly LanguageSample[];
  /** Called after the suite. */
  close?: () => Promise<void> | void;
}

/** Texts in which no language can be told: the answer is `[]`. */
const NO_LANGUAGE = ['', '   \n\t ', '12345 67890', '!!! ??? ... ---', '😀😀😀 🎉🎉'];
/** Texts too short to tell: `[]`, or a first guess with `reliable: false`. */
const TOO_SHORT = ['ok', 'hi', 'Hello'];

function checkShape(guesses: LanguageGuess[], text: string): void {
  const what = `the guesses for ${JSON.stringify(text.length > 40 ? `${text.slice(0, 37)}...` : text)}`;
  assert.ok(Array.isArray(guesses), `${what} are not an array`);
  const seen = new Set<string>();
  for (const g of guesses) {
    assert.ok(typeof g.language === 'string' && /^[a-z]{2,3}$/.test(g.language), `${what}: language ${JSON.stringify(g.language)} is not an ISO 639 code in lower case`);
    assert.equal(toIso6391(g.language), g.language, `${what}: ${g.language} has an ISO 639-1 code, ${toIso6391(g.language)}, which must be used`);
    assert.ok(!seen.has(g.language), `${what} name ${g.language} twice`);
    seen.add(g.language);
    assert.ok(typeof g.confidence === 'number' && g.confidence >= 0 && g.confidence <= 1, `${what}: confidence ${g.confidence} of ${g.language} is not within 0–1`);
    assert.ok(g.reliable === undefined || typeof g.reliable === 'boolean', `${what}: reliable of ${g.language} is ${JSON.stringify(g.reliable)}`);
  }
}

/**
 * Declares the conformance tests of a LanguageDetector (uses the runner's global
 * `describe`/`it`/`beforeAll`/`afterAll`, or the ones passed): one case per sample, and the
 * contract's cases.
 */
export function testLanguageDetector(name: string, setup: () => Promise<LanguageDetectorConformanceSetup> | LanguageDetectorConformanceSetup, runner: Runner = {}): void {
  const { describe, it, beforeAll, afterAll } = resolveRunner('testLanguageDetector', runner, ['describe', 'it', 'beforeAll', 'afterAll']);
  describe(`LanguageDetector conformance: ${name}`, () => {
    let s: LanguageDetectorConformanceSetup;
    beforeAll(async () => {
      s = await setup();
    });
    afterAll(async () => {
      await s?.close?.();
    });
    const detect = async (text: string) => {
      const guesses = await s.detector.detect(text, liveSignal());
      checkShape(guesses, text);
      return guesses;
    };
    const samples = () => s.samples ?? LANGUAGE_CONFORMANCE_SAMPLES;

    it('puts the language of each sample first, reliably; codes ISO 639-1 where one exists, confidence 0–1, no language twice', async () => {
      const list = samples();
      assert.ok(list.length > 0, 'setup.samples is empty');
      for (const sample of list) {
        const [first] = await detect(sample.text);
        assert.ok(first, `no guess for the ${sample.language} sample`);
        assert.equal(first.language, sample.language, `the first guess for the ${sample.language} sample`);
        assert.notEqual(first.reliable, false, `the ${sample.language} sample, a whole paragraph, is not too short or ambiguous to tell`);
      }
    });
    it('answers [] for text in which no language can be told (empty, white space, digits, punctuation, emoji)', async () => {
      for (const text of NO_LANGUAGE) assert.deepEqual(await detect(text), [], `the guesses for ${JSON.stringify(text)}`);
    });
    it('answers [] or an unreliable first guess for text too short to tell', async () => {
      for (const text of TOO_SHORT) {
        const [first] = await detect(text);
        if (first) assert.equal(first.reliable, false, `the first guess for ${JSON.stringify(text)}, too short to tell, is ${JSON.stringify(first)}`);
      }
    });
    it('answers for a long text (200,000 characters) as for its start', async () => {
      const sample = samples()[0]!;
      const long = `${sample.text} `.repeat(Math.ceil(200_000 / (sample.text.length + 1))).slice(0, 200_000);
      const [first] = await detect(long);
      assert.equal(first?.language, sample.language, `the first guess for the ${sample.language} sample repeated to 200,000 characters`);
    });
    it('answers the same for the same text, also to concurrent callers', async () => {
      for (const sample of samples()) await checkSameAnswers(`detect(${sample.language} sample)`, () => s.detector.detect(sample.text, liveSignal()));
      await checkSameAnswers('detect("ok")', () => s.detector.detect('ok', liveSignal()));
    });
    it('answers [] or rejects for a value that is not a string; never throws synchronously', async () => {
      for (const value of [undefined, null, 42, { text: 'hello' }]) {
        const result = await settle(`detect(${JSON.stringify(value)})`, () => s.detector.detect(value as unknown as string, liveSignal()));
        if (result.ok) assert.deepEqual(result.value, [], `the guesses for ${JSON.stringify(value)}, which is not a string`);
      }
    });
    it('with an aborted signal rejects or answers as it would have', async () => {
      const sample = samples()[0]!;
      await checkAbortedCall('detect', (options) => s.detector.detect(sample.text, options));
    });
  });
}
