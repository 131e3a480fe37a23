/**
 * Loaders of the labelled data in `shared/data/` (see its README.md) and the fixed,
 * deterministic train/test splits (docs/accuracy.md):
 *
 * - `youtube`: YouTube Spam Collection, `youtube-spam-collection/Youtube0N-*.csv`. Videos 1–4
 *   are the training split, video 5 (Shakira) the test split. CLASS 1 is spam.
 * - `sms`: SMS Spam Collection, `sms-spam-collection/SMSSpamCollection` (`label<TAB>text`).
 *   Test split: records whose 0-based index is divisible by 3; the rest is training.
 * - `sms-multilingual`: `sms-spam-multilingual/data-en-hi-de-fr.csv`, the same corpus and its
 *   machine translations. The en, de and fr columns are used (not hi); the split is by
 *   0-based row index (header excluded) like `sms`, so a row's three languages share a split.
 * - `ud-prose`: `ud-prose/<lang>.jsonl`, real published sentences from Universal Dependencies
 *   treebanks in the 19 classifier languages grouped into message-like paragraphs: ham only
 *   (false-positive rate per language). Split by runs of {@link UD_PROSE_BLOCK} consecutive
 *   messages of a file (consecutive messages mostly come from one document): odd runs are the
 *   test split. Treebanks under a NonCommercial licence are marked `trainable: false`: they are
 *   for evaluation only and never go into anything that ships (the text model included).
 * - `contact-form-phrases`: `contact-form-spam-phrases/messages.json`, fragments of real
 *   contact-form spam. Not labelled messages (there is no ham, and the lexicons may be seeded
 *   from it): it is never part of precision/recall, only of a "phrases flagged" figure.
 *
 * The `parse*` functions are pure; the `load*` functions read the files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FormType } from '../core/request.js';
import { CsvError, parseCsvRecords } from './csv.js';

export type Label = 'spam' | 'ham';
export type Split = 'train' | 'test';
export type SplitFilter = Split | 'all';

/** One labelled message. */
export interface EvalRecord {
  dataset: string;
  /** ISO 639-1 code of the text's language. */
  language: string;
  label: Label;
  split: Split;
  text: string;
  /** Where it comes from, e.g. `Youtube05-Shakira.csv:12` (file and line). */
  source: string;
  /**
   * The request's `formType` when the record is classified as another kind of form than the
   * default `contact` (the `youtube:comment` copies); such copies are left out of the
   * per-language totals, which count each message once.
   */
  formType?: FormType;
  /**
   * False when the record's licence forbids using it for anything that ships (the NonCommercial
   * Universal Dependencies treebanks): evaluation only, never training. Undefined means allowed.
   */
  trainable?: false;
}

/** Data sets of public comments, evaluated a second time with `formType: "comment"`. */
export const COMMENT_DATASETS: readonly string[] = ['youtube'];

/**
 * Copies of the records of {@link COMMENT_DATASETS} as data set `<name>:comment`, classified
 * with `formType: "comment"` (YouTube comments are comments; the default profile is the
 * contact form's).
 */
export function commentProfileCopies(records: readonly EvalRecord[]): EvalRecord[] {
  return records.filter((r) => COMMENT_DATASETS.includes(r.dataset) && r.formType === undefined).map((r) => ({ ...r, dataset: `${r.dataset}:comment`, formType: 'comment' }));
}

/** A data file that is missing or malformed: the CLI prints the message and exits 2. */
export class EvalDataError extends Error {
  override readonly name = 'EvalDataError';
  constructor(
    readonly code: 'DATA_NOT_FOUND' | 'INVALID_DATA',
    message: string,
  ) {
    super(message);
  }
}

export const LABELLED_DATASETS = ['youtube', 'sms', 'sms-multilingual', 'ud-prose'] as const;
export const PHRASES_DATASET = 'contact-form-phrases';
export const DATASETS = [...LABELLED_DATASETS, PHRASES_DATASET] as const;
export type DatasetName = (typeof DATASETS)[number];

/** The folder of each data set under the data directory. */
export const DATASET_FOLDERS: Readonly<Record<DatasetName, string>> = {
  youtube: 'youtube-spam-collection',
  sms: 'sms-spam-collection',
  'sms-multilingual': 'sms-spam-multilingual',
  'ud-prose': 'ud-prose',
  'contact-form-phrases': 'contact-form-spam-phrases',
};

/** The split of the SMS corpora: test when the 0-based index is divisible by 3. */
export function smsSplit(index: number): Split {
  return index % 3 === 0 ? 'test' : 'train';
}

/** The split of a YouTube video (1–5): video 5 (Shakira) is the test split. */
export function youtubeSplit(video: number): Split {
  return video === 5 ? 'test' : 'train';
}

/** Consecutive messages of a `ud-prose` file that share a split (about one to a few documents). */
export const UD_PROSE_BLOCK = 10;

/** The split of the `index`-th (0-based) message of a `ud-prose` file: odd runs of {@link UD_PROSE_BLOCK} are test. */
export function udProseSplit(index: number): Split {
  return Math.floor(index / UD_PROSE_BLOCK) % 2 === 1 ? 'test' : 'train';
}

/**
 * Licences of the treebanks in `ud-prose/` (its README). Only these are known; a file naming
 * another treebank is refused, so that a new source cannot slip into training unlicensed.
 * `trainable`: the licence allows using the text in what ships (CC BY-SA, LGPL-LR).
 */
export const UD_PROSE_LICENCES: Readonly<Record<string, { licence: string; trainable: boolean }>> = {
  'UD_Bulgarian-BTB': { licence: 'CC BY-NC-SA 3.0', trainable: false },
  'UD_Czech-FicTree': { licence: 'CC BY-NC-SA 4.0', trainable: false },
  'UD_Danish-DDT': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_Dutch-Alpino': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_Dutch-LassySmall': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_English-EWT': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_Finnish-TDT': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_French-GSD': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_French-Sequoia': { licence: 'LGPL-LR', trainable: true },
  'UD_German-GSD': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_German-PUD': { licence: 'CC BY-SA 3.0', trainable: true },
  'UD_Greek-GDT': { licence: 'CC BY-NC-SA 3.0', trainable: false },
  'UD_Hungarian-Szeged': { licence: 'CC BY-NC-SA 3.0', trainable: false },
  'UD_Italian-ISDT': { licence: 'CC BY-NC-SA 3.0', trainable: false },
  'UD_Italian-VIT': { licence: 'CC BY-NC-SA 3.0', trainable: false },
  'UD_Italian-PoSTWITA': { licence: 'CC BY-NC-SA 4.0', trainable: false },
  'UD_Norwegian-Bokmaal': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_Polish-PDB': { licence: 'CC BY-NC-SA 4.0', trainable: false },
  'UD_Portuguese-Bosque': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_Portuguese-PUD': { licence: 'CC BY-SA 3.0', trainable: true },
  'UD_Romanian-RRT': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_Russian-Taiga': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_Russian-PUD': { licence: 'CC BY-SA 3.0', trainable: true },
  'UD_Slovak-SNK': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_Spanish-GSD': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_Spanish-PUD': { licence: 'CC BY-SA 3.0', trainable: true },
  'UD_Swedish-Talbanken': { licence: 'CC BY-SA 4.0', trainable: true },
  'UD_Swedish-LinES': { licence: 'CC BY-NC-SA 4.0', trainable: false },
};

function invalid(file: string, message: string): never {
  throw new EvalDataError('INVALID_DATA', `${file}: ${message}`);
}

function csvRecords(text: string, file: string) {
  try {
    return parseCsvRecords(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    if (error instanceof CsvError) invalid(file, `malformed CSV at ${error.message}`);
    throw error;
  }
}

function columnsOf(header: string[] | undefined, wanted: readonly string[], file: string): number[] {
  if (!header) invalid(file, 'the file is empty (a header line was expected)');
  return wanted.map((name) => {
    const at = header.indexOf(name);
    if (at === -1) invalid(file, `the header has no ${JSON.stringify(name)} column (header: ${header.join(',')})`);
    return at;
  });
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The text a YouTube commenter typed, from the HTML the export holds: `<br />` becomes a line
 * break, links become their visible text (YouTube links URLs and timestamps itself), other
 * tags are removed, entities are decoded and the U+FEFF the export appends is dropped.
 * Without this, the HTML of the export itself would trigger the HTML rules on most comments.
 */
export function youtubeText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(?:a|b|i|span)(?:\s[^>]*)?>/gi, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\ufeff/g, '');
}

function labelOf(value: string, spam: string, ham: string, file: string, line: number): Label {
  if (value === spam) return 'spam';
  if (value === ham) return 'ham';
  return invalid(file, `line ${line}: label ${JSON.stringify(value.slice(0, 40))} is neither ${JSON.stringify(spam)} nor ${JSON.stringify(ham)}`);
}

/** Parses one YouTube Spam Collection file (header `COMMENT_ID,AUTHOR,DATE,CONTENT,CLASS`). */
export function parseYoutubeCsv(text: string, file: string, video: number): EvalRecord[] {
  const [header, ...rows] = csvRecords(text, file);
  const [content, klass] = columnsOf(header?.fields, ['CONTENT', 'CLASS'], file) as [number, number];
  return rows.map((row) => {
    if (row.fields.length !== header!.fields.length) {
      invalid(file, `line ${row.line}: ${row.fields.length} fields where the header has ${header!.fields.length}`);
    }
    return {
      dataset: 'youtube',
      language: 'en',
      label: labelOf(row.fields[klass]!, '1', '0', file, row.line),
      split: youtubeSplit(video),
      text: youtubeText(row.fields[content]!),
      source: `${file}:${row.line}`,
    };
  });
}

/** Parses the SMS Spam Collection: `ham|spam<TAB>text` per line, CRLF or LF, no header. */
export function parseSmsCollection(text: string, file = 'SMSSpamCollection'): EvalRecord[] {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line, index) => {
    const tab = line.indexOf('\t');
    if (tab === -1) invalid(file, `line ${index + 1}: no tab between the label and the text`);
    return {
      dataset: 'sms',
      language: 'en',
      label: labelOf(line.slice(0, tab), 'spam', 'ham', file, index + 1),
      split: smsSplit(index),
      text: line.slice(tab + 1),
      source: `${file}:${index + 1}`,
    };
  });
}

/** The columns of `data-en-hi-de-fr.csv` used, by language. */
export const MULTILINGUAL_COLUMNS: Readonly<Record<string, string>> = { en: 'text', de: 'text_de', fr: 'text_fr' };

/**
 * Parses `data-en-hi-de-fr.csv` (header `labels,text,text_hi,text_de,text_fr`): three records
 * per row (en, de, fr), in row order, all with the split of the row's 0-based index.
 */
export function parseSmsMultilingual(text: string, file = 'data-en-hi-de-fr.csv'): EvalRecord[] {
  const [header, ...rows] = csvRecords(text, file);
  const languages = Object.keys(MULTILINGUAL_COLUMNS);
  const [labels, ...columns] = columnsOf(header?.fields, ['labels', ...languages.map((l) => MULTILINGUAL_COLUMNS[l]!)], file);
  const records: EvalRecord[] = [];
  rows.forEach((row, index) => {
    if (row.fields.length !== header!.fields.length) {
      invalid(file, `line ${row.line}: ${row.fields.length} fields where the header has ${header!.fields.length}`);
    }
    const label = labelOf(row.fields[labels!]!, 'spam', 'ham', file, row.line);
    languages.forEach((language, l) => {
      records.push({
        dataset: 'sms-multilingual',
        language,
        label,
        split: smsSplit(index),
        text: row.fields[columns[l]!]!,
        source: `${file}:${row.line}`,
      });
    });
  });
  return records;
}

/**
 * Parses one `ud-prose/<lang>.jsonl` file: one `{"lang", "source", "text"}` object per line,
 * every one ham. `language` must be the file's language; `source` a treebank of
 * {@link UD_PROSE_LICENCES}.
 */
export function parseUdProse(text: string, file: string, language: string): EvalRecord[] {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line, index) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      invalid(file, `line ${index + 1}: not valid JSON: ${(error as Error).message}`);
    }
    const v = value as { lang?: unknown; source?: unknown; text?: unknown } | null;
    if (typeof v !== 'object' || v === null || typeof v.text !== 'string' || typeof v.source !== 'string' || typeof v.lang !== 'string') {
      invalid(file, `line ${index + 1}: expected an object with string lang, source and text`);
    }
    if (v.lang !== language) invalid(file, `line ${index + 1}: lang ${JSON.stringify(v.lang)} in the file of ${JSON.stringify(language)}`);
    const licence = UD_PROSE_LICENCES[v.source];
    if (!licence) invalid(file, `line ${index + 1}: unknown treebank ${JSON.stringify(v.source)} (its licence is not recorded)`);
    const record: EvalRecord = {
      dataset: 'ud-prose',
      language,
      label: 'ham',
      split: udProseSplit(index),
      text: v.text,
      source: `${file}:${index + 1}`,
    };
    if (!licence.trainable) record.trainable = false;
    return record;
  });
}

/** Parses `messages.json` of the contact-form blocklist: a JSON array of strings. */
export function parseContactFormPhrases(text: string, file = 'messages.json'): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    invalid(file, `not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) invalid(file, 'expected a JSON array of strings');
  return value as string[];
}

function folder(dataDir: string, dataset: DatasetName): string {
  const dir = join(dataDir, DATASET_FOLDERS[dataset]);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new EvalDataError('DATA_NOT_FOUND', `data set ${dataset}: folder ${dir} is missing`);
  }
  return dir;
}

function read(dir: string, name: string, dataset: string): string {
  const path = join(dir, name);
  if (!existsSync(path)) throw new EvalDataError('DATA_NOT_FOUND', `data set ${dataset}: file ${path} is missing`);
  return readFileSync(path, 'utf8');
}

const YOUTUBE_FILE = /^Youtube0(\d)-[^/]+\.csv$/;

/** Loads every `Youtube0N-*.csv` (N from 1 to 5) of `youtube-spam-collection/`, in file-name order. */
export function loadYoutube(dataDir: string): EvalRecord[] {
  const dir = folder(dataDir, 'youtube');
  const files = readdirSync(dir).filter((f) => f.endsWith('.csv')).sort();
  const records: EvalRecord[] = [];
  for (const file of files) {
    const match = YOUTUBE_FILE.exec(file);
    const video = match ? Number(match[1]) : NaN;
    if (!(video >= 1 && video <= 5)) invalid(file, 'expected file names Youtube01-*.csv to Youtube05-*.csv');
    records.push(...parseYoutubeCsv(read(dir, file, 'youtube'), file, video));
  }
  if (files.length === 0) throw new EvalDataError('DATA_NOT_FOUND', `data set youtube: no Youtube0N-*.csv file in ${dir}`);
  return records;
}

export function loadSms(dataDir: string): EvalRecord[] {
  return parseSmsCollection(read(folder(dataDir, 'sms'), 'SMSSpamCollection', 'sms'));
}

export function loadSmsMultilingual(dataDir: string): EvalRecord[] {
  return parseSmsMultilingual(read(folder(dataDir, 'sms-multilingual'), 'data-en-hi-de-fr.csv', 'sms-multilingual'));
}

const UD_PROSE_FILE = /^([a-z]{2})\.jsonl$/;

/** Loads every `<lang>.jsonl` of `ud-prose/`, in file-name order. */
export function loadUdProse(dataDir: string): EvalRecord[] {
  const dir = folder(dataDir, 'ud-prose');
  const files = readdirSync(dir).filter((f) => UD_PROSE_FILE.test(f)).sort();
  if (files.length === 0) throw new EvalDataError('DATA_NOT_FOUND', `data set ud-prose: no <lang>.jsonl file in ${dir}`);
  return files.flatMap((file) => parseUdProse(read(dir, file, 'ud-prose'), file, UD_PROSE_FILE.exec(file)![1]!));
}

export function loadContactFormPhrases(dataDir: string): string[] {
  return parseContactFormPhrases(read(folder(dataDir, PHRASES_DATASET), 'messages.json', PHRASES_DATASET));
}

/** Loads one labelled data set. */
export function loadLabelled(dataDir: string, dataset: (typeof LABELLED_DATASETS)[number]): EvalRecord[] {
  switch (dataset) {
    case 'youtube':
      return loadYoutube(dataDir);
    case 'sms':
      return loadSms(dataDir);
    case 'sms-multilingual':
      return loadSmsMultilingual(dataDir);
    case 'ud-prose':
      return loadUdProse(dataDir);
  }
}

/** Keeps the records of a split (`all` keeps every record). */
export function inSplit(records: readonly EvalRecord[], split: SplitFilter): EvalRecord[] {
  return split === 'all' ? [...records] : records.filter((r) => r.split === split);
}
