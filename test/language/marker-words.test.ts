// The marker words of Devanagari (hi/mr/ne) and of Indonesian/Malay, counted on the text's code
// units (src/language/scripts.ts, wordCounter): whole words only, A–Z read as a–z for the Latin
// lists, the Devanagari words as written.
import { describe, expect, it } from 'vitest';
import { detectByScript, refineMalay, Script } from '../../src/language/scripts.js';

const devanagari = (text: string) => detectByScript(text, Script.Devanagari, 40, 0.9)?.[0]?.language;
/** The languages refineMalay gives for `text` when the scorer said `said` (the other one of the two). */
const malay = (text: string, said: string) => refineMalay(text, [{ language: said, confidence: 0.9, reliable: true }]).map((g) => g.language);

describe('marker words', () => {
  it.each([
    ['मैं आज घर जा रहा हूँ और वह भी', 'hi'],
    ['मी आज घरी जात आहे आणि तो पण', 'mr'],
    ['म आज घर जाँदै छु र उहाँ पनि', 'ne'],
  ])('Devanagari: %s → %s', (text, language) => {
    expect(devanagari(text)).toBe(language);
  });

  it("counts Marathi's letter ळ wherever it stands, in the first 1,000 characters only", () => {
    // "है" counts 2 for Hindi; three ळ count 3 for Marathi.
    expect(devanagari('है बाळ काळा वेळ')).toBe('mr');
    expect(devanagari('है बाळ काळा')).toBe('hi');
    // Past the first 1,000 characters (MARKER_SCAN) a ळ is not read.
    expect(devanagari(`है ${'क'.repeat(1000)} ळळळळ`)).toBe('hi');
  });

  it('counts whole words only: a marker inside a longer word or glued to another is none', () => {
    // "हैहै" and "औरऔर" are no marker words; with none, the n-gram scorer decides (undefined).
    expect(devanagari('हैहै औरऔर नहींनहीं')).toBeUndefined();
    // Danda and punctuation end a word.
    expect(devanagari('है। और, नहीं!')).toBe('hi');
  });

  it('reads capitals of the Latin lists as lower case, and only whole words', () => {
    expect(malay('BOLEH KERANA WANG SAHAJA', 'id')[0]).toBe('ms');
    expect(malay('Bisa Karena Uang Saja Gimana', 'ms')[0]).toBe('id');
    // "bisakah", "karenanya": not the words "bisa", "karena"; the Malay words decide.
    expect(malay('bisakah karenanya boleh kerana', 'id')).toEqual(['ms']);
  });
});
