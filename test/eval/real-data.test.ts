// Checks the loaders against the counts of shared/data/README.md. The data lives outside the
// repository (../shared/data from the repository root); CI has it, so the test only skips
// when the folder is absent.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inSplit, loadContactFormPhrases, loadSms, loadSmsMultilingual, loadUdProse, loadYoutube, type EvalRecord } from '../../src/eval/datasets.js';

const DATA = fileURLToPath(new URL('../../../shared/data', import.meta.url));
const present = existsSync(DATA);
if (!present) console.warn(`test/eval/real-data.test.ts skipped: ${DATA} does not exist (it holds the shared labelled data sets)`);

function counts(records: readonly EvalRecord[]) {
  return { total: records.length, spam: records.filter((r) => r.label === 'spam').length, ham: records.filter((r) => r.label === 'ham').length };
}

describe.skipIf(!present)(`the real data in ${DATA} (skipped when it is absent)`, () => {
  it('YouTube: 1,956 comments, 1,005 spam / 951 ham; video 5 (Shakira) is the 370-comment test split', () => {
    const records = loadYoutube(DATA);
    expect(counts(records)).toEqual({ total: 1956, spam: 1005, ham: 951 });
    expect(counts(inSplit(records, 'test'))).toEqual({ total: 370, spam: 174, ham: 196 });
    expect(inSplit(records, 'test').every((r) => r.source.startsWith('Youtube05-Shakira.csv:'))).toBe(true);
  });

  it('SMS: 5,574 messages, 747 spam / 4,827 ham; every third in the test split', () => {
    const records = loadSms(DATA);
    expect(counts(records)).toEqual({ total: 5574, spam: 747, ham: 4827 });
    expect(inSplit(records, 'test')).toHaveLength(1858);
  });

  it('multilingual SMS: 5,572 rows, 747 spam / 4,825 ham, in en, de and fr', () => {
    const records = loadSmsMultilingual(DATA);
    for (const language of ['en', 'de', 'fr']) {
      const of = records.filter((r) => r.language === language);
      expect(counts(of)).toEqual({ total: 5572, spam: 747, ham: 4825 });
      expect(inSplit(of, 'test')).toHaveLength(1858);
      expect(of.every((r) => r.text.length > 0)).toBe(true);
    }
  });

  it('ud-prose: 9,776 ham messages in the 19 classifier languages; NonCommercial treebanks never trainable', () => {
    const records = loadUdProse(DATA);
    expect(counts(records)).toEqual({ total: 9776, spam: 0, ham: 9776 });
    expect(new Set(records.map((r) => r.language)).size).toBe(19);
    const test = inSplit(records, 'test');
    expect(test.length).toBeGreaterThan(4800);
    expect(test.length).toBeLessThan(4980);
    // bg, cs, el, hu, it and pl are NonCommercial throughout, Swedish-LinES too (401 of 596 sv).
    for (const language of ['bg', 'cs', 'el', 'hu', 'it', 'pl']) {
      expect(records.filter((r) => r.language === language).every((r) => r.trainable === false)).toBe(true);
    }
    expect(records.filter((r) => r.language === 'sv' && r.trainable === false)).toHaveLength(401);
    expect(records.filter((r) => r.language === 'en').every((r) => r.trainable === undefined)).toBe(true);
  });

  it('contact-form phrases: 380 fragments', () => {
    expect(loadContactFormPhrases(DATA)).toHaveLength(380);
  });
});
