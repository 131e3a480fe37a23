import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  EvalDataError,
  inSplit,
  loadContactFormPhrases,
  loadSms,
  loadSmsMultilingual,
  loadYoutube,
  parseSmsCollection,
  parseSmsMultilingual,
  parseUdProse,
  parseYoutubeCsv,
  loadUdProse,
  smsSplit,
  udProseSplit,
  youtubeSplit,
  youtubeText,
} from '../../src/eval/datasets.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/eval', import.meta.url));

function dataError(fn: () => unknown): EvalDataError {
  try {
    fn();
  } catch (error) {
    if (error instanceof EvalDataError) return error;
    throw error;
  }
  throw new Error('expected an EvalDataError');
}

describe('splits', () => {
  it('puts SMS records whose 0-based index is divisible by 3 in the test split', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 5571].map(smsSplit)).toEqual(['test', 'train', 'train', 'test', 'train', 'train', 'test', 'test']);
  });

  it('puts odd runs of ten ud-prose messages in the test split', () => {
    expect([0, 9, 10, 19, 20, 29, 30, 599].map(udProseSplit)).toEqual(['train', 'train', 'test', 'test', 'train', 'train', 'test', 'test']);
  });

  it('puts YouTube video 5 in the test split and videos 1–4 in training', () => {
    expect([1, 2, 3, 4, 5].map(youtubeSplit)).toEqual(['train', 'train', 'train', 'train', 'test']);
  });
});

describe('youtubeText', () => {
  it.each([
    ['I don&#39;t &amp; &quot;won&#x27;t&quot; &lt;3﻿', 'I don\'t & "won\'t" <3'],
    ['a<br />b<br/>c<br>d', 'a\nb\nc\nd'],
    ['<a href="http://www.youtube.com/watch?v=x&amp;t=2m19s">2:19</a> best <b>part</b>', '2:19 best part'],
    ['&bogus; &#0; a & b', '&bogus; &#0; a & b'],
    ['<script>alert(1)</script>', '<script>alert(1)</script>'],
  ])('%j → %j', (html, text) => {
    expect(youtubeText(html)).toBe(text);
  });
});

describe('the loaders on fixtures/eval', () => {
  it('loads the YouTube files, with the split of their video and the CONTENT as plain text', () => {
    const records = loadYoutube(FIXTURES);
    expect(records.map((r) => [r.label, r.split])).toEqual([
      ['ham', 'train'],
      ['spam', 'train'],
      ['ham', 'train'],
      ['spam', 'train'],
      ['ham', 'test'],
      ['spam', 'test'],
      ['ham', 'test'],
    ]);
    expect(records[0]).toEqual({ dataset: 'youtube', language: 'en', label: 'ham', split: 'train', text: 'Nice song', source: 'Youtube01-Psy.csv:2' });
    expect(records[1]!.text).toBe('Check out my channel, you will "love" it: http://example.com/x?a=1&b=2');
    expect(records[2]!.text).toBe('first line\nsecond line,\nthird line with a comma');
    expect(records[3]!.source).toBe('Youtube01-Psy.csv:6'); // after a record spanning two lines
    expect(records[4]!.text).toBe("I don't think this song will ever get old ");
    expect(records[6]!.text).toBe('Shakira <3 "Waka Waka"');
  });

  it('loads the SMS collection: label, tab, text; CRLF; index split', () => {
    const records = loadSms(FIXTURES);
    expect(records).toHaveLength(7);
    expect(records.map((r) => `${r.label}:${r.split}`)).toEqual([
      'ham:test', 'ham:train', 'spam:train', 'ham:test', 'spam:train', 'ham:train', 'spam:test',
    ]);
    expect(records[4]!.text).toBe('WINNER!! As a valued network customer you have been selected to receivea £900 prize reward! "Call" 09061701461');
    expect(records[5]!.text).toBe('He said "hi", then\tleft (a tab inside the text)');
    expect(records.every((r) => !r.text.includes('\r'))).toBe(true);
    expect(inSplit(records, 'test').map((r) => r.source)).toEqual(['SMSSpamCollection:1', 'SMSSpamCollection:4', 'SMSSpamCollection:7']);
  });

  it('loads the multilingual CSV: en, de and fr per row (not hi), split by row index without the header', () => {
    const records = loadSmsMultilingual(FIXTURES);
    expect(records).toHaveLength(15);
    expect(records.map((r) => r.language).slice(0, 6)).toEqual(['en', 'de', 'fr', 'en', 'de', 'fr']);
    expect(inSplit(records, 'test').map((r) => `${r.language}:${r.label}`)).toEqual([
      'en:ham', 'de:ham', 'fr:ham', 'en:spam', 'de:spam', 'fr:spam',
    ]);
    expect(inSplit(records, 'train')).toHaveLength(9);
    expect(inSplit(records, 'all')).toHaveLength(15);
    expect(records[4]!.text).toBe('GEWINNER!! Sie wurden ausgewählt, einen Preis von 900 £ zu erhalten, rufen Sie "jetzt" an');
    expect(records[14]!.text).toBe('Deux lignes :\nà plus tard');
    expect(records.some((r) => /[\u0900-\u097f]/.test(r.text))).toBe(false);
  });

  it('loads the contact-form phrases', () => {
    expect(loadContactFormPhrases(FIXTURES)).toHaveLength(3);
  });

  it('loads ud-prose as ham in every language file, NonCommercial treebanks marked not trainable', () => {
    const records = loadUdProse(FIXTURES);
    expect(records.map((r) => `${r.language}:${r.split}:${r.trainable ?? 'yes'}`)).toEqual([
      ...Array.from({ length: 10 }, () => 'de:train:yes'),
      'de:test:yes',
      'de:test:yes',
      'it:train:false',
    ]);
    expect(records.every((r) => r.label === 'ham' && r.dataset === 'ud-prose')).toBe(true);
    expect(records[0]!.source).toBe('de.jsonl:1');
  });
});

describe('malformed data gives a clear EvalDataError', () => {
  it.each<[string, () => unknown, string, RegExp]>([
    ['a missing folder', () => loadSms('/nonexistent/formspam-data'), 'DATA_NOT_FOUND', /sms-spam-collection is missing/],
    ['an unterminated quote', () => parseYoutubeCsv('CONTENT,CLASS\n"abc,0\n', 'Y.csv', 1), 'INVALID_DATA', /Y\.csv: malformed CSV at line 2/],
    ['a missing column', () => parseYoutubeCsv('TEXT,CLASS\na,0\n', 'Y.csv', 1), 'INVALID_DATA', /no "CONTENT" column/],
    ['a short row', () => parseYoutubeCsv('CONTENT,CLASS\na\n', 'Y.csv', 1), 'INVALID_DATA', /line 2: 1 fields where the header has 2/],
    ['a bad YouTube class', () => parseYoutubeCsv('CONTENT,CLASS\na,2\n', 'Y.csv', 1), 'INVALID_DATA', /line 2: label "2"/],
    ['an SMS line without a tab', () => parseSmsCollection('ham\tok\nspam no tab\n'), 'INVALID_DATA', /line 2: no tab/],
    ['a bad SMS label', () => parseSmsCollection('junk\tx\n'), 'INVALID_DATA', /line 1: label "junk"/],
    ['an empty multilingual file', () => parseSmsMultilingual(''), 'INVALID_DATA', /empty/],
    ['a ud-prose line that is not JSON', () => parseUdProse('{"lang":"de"', 'de.jsonl', 'de'), 'INVALID_DATA', /de\.jsonl: line 1: not valid JSON/],
    ['a ud-prose line without text', () => parseUdProse('{"lang":"de","source":"UD_German-GSD"}', 'de.jsonl', 'de'), 'INVALID_DATA', /line 1: expected an object/],
    ['a ud-prose line of another language', () => parseUdProse('{"lang":"fr","source":"UD_French-GSD","text":"x"}', 'de.jsonl', 'de'), 'INVALID_DATA', /lang "fr" in the file of "de"/],
    ['a ud-prose treebank of unknown licence', () => parseUdProse('{"lang":"de","source":"UD_German-HDT","text":"x"}', 'de.jsonl', 'de'), 'INVALID_DATA', /unknown treebank "UD_German-HDT"/],
    ['a multilingual header without text_fr', () => parseSmsMultilingual('labels,text,text_de\nham,a,b\n'), 'INVALID_DATA', /no "text_fr" column/],
  ])('%s', (_name, fn, code, message) => {
    const error = dataError(fn);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });
});
