/**
 * The shape tokens of the per-site learner: what a text looks like beyond its words, so that a
 * site can learn that its ham is full of "!!!!!!" or that its spam has links. Each shape is one
 * of a fixed set of names ("!×4-7", "caps word 4+", "words 8-15"), hashed with the learner's
 * salt as the words are (with a prefix no normalised word has, so a shape never shares a word's
 * hash), and kept with the text it came from, so that evidence can name it:
 *
 * | kind | name | from |
 * |---|---|---|
 * | run of `!` or `?` (or both) | `!×1`, `!×2-3`, `!×4-7`, `!×8+`; `?×…`; `?!×…` | the run |
 * | word in capitals (2+ letters, none lower case) | `caps word` (2-3 letters), `caps word 4+` | the word |
 * | number (its shape, as the word lists see it) | `number #` … `number ######` (6 or more digits) | the number |
 * | link or none | `link` / `no link` | the whole text |
 * | how many words | `words 0`, `words 1`, `words 2-3`, `words 4-7` … `words 64+` | the whole text |
 *
 * The set is fixed (30 names), so a text's shapes are a bit set of their ids and their hashes a
 * table per salt, made once. Linear in the text: the words looked at one by one (a word's first
 * character, and all of it when that is not a lower-case ASCII letter), and `indexOf` for `!` and
 * `?` in each field.
 */
import { finish, FNV_OFFSET, FNV_PRIME } from './hash.js';
import type { TextInput } from '../text/input.js';

/** The salted hash of a shape's name: FNV-1a over U+0001 and the name, finished as a word's. */
export function shapeHash(salt: number, name: string): number {
  let h = Math.imul((FNV_OFFSET ^ salt) ^ 1, FNV_PRIME);
  for (let k = 0; k < name.length; k++) h = Math.imul(h ^ name.charCodeAt(k), FNV_PRIME);
  return finish(h);
}

const WORD_BUCKETS = [64, 32, 16, 8, 4, 2, 1, 0];

/** The id of the shape of a text of `count` words (its bucket). */
export function wordsShape(count: number): number {
  let bucket = 0;
  while (count < WORD_BUCKETS[bucket]!) bucket++;
  return bucket;
}
/** Every shape's name, by id: the word-count buckets (in the order of WORD_BUCKETS), link or none, the runs, the numbers, the capitals. */
export const SHAPE_NAMES: readonly string[] = [
  ...WORD_BUCKETS.map((low) => `words ${low >= 64 ? '64+' : low <= 1 ? String(low) : `${low}-${2 * low - 1}`}`),
  'link',
  'no link',
  ...['!', '?', '?!'].flatMap((kind) => ['1', '2-3', '4-7', '8+'].map((b) => `${kind}×${b}`)),
  ...[1, 2, 3, 4, 5, 6].map((n) => `number ${'#'.repeat(n)}`),
  'caps word',
  'caps word 4+',
];
export const LINK_ID = 8;
export const NO_LINK_ID = 9;
export const RUN_ID = 10;
export const NUMBER_ID = 22;
export const CAPS_ID = 28;
export const CAPS4_ID = 29;

/**
 * Shape tokens per text at most (on top of the words' 512): a word count, a link or none, 11 runs
 * (a run of both marks has two or more: no `?!×1`), 6 number shapes, 2 capitals.
 */
export const MAX_SHAPE_TOKENS = 21;

/** The shapes of a text: per shape, its name and where it came from. */
export interface SiteShapes {
  readonly names: string[];
  /** Per shape, three entries: the segment, and the start and end offsets in its text; segment −1 for a shape of the whole text. */
  readonly spans: number[];
}

/** The hashes of the shape names per salt (a store has one salt; at most 64 kept). */
const hashTables = new Map<number, number[]>();
let lastSalt = -1;
let lastTable: number[] = [];
export function hashesOf(salt: number): number[] {
  if (salt === lastSalt) return lastTable;
  let table = hashTables.get(salt);
  if (table === undefined) {
    if (hashTables.size >= 64) hashTables.clear();
    hashTables.set(salt, (table = SHAPE_NAMES.map((name) => shapeHash(salt, name))));
  }
  lastSalt = salt;
  lastTable = table;
  return table;
}

/** Whether `s[at, at + word.length)` is `word` (lower-case ASCII letters) with ASCII case ignored. */
function asciiAt(s: string, at: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if ((s.charCodeAt(at + k) | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

/** Whether code unit `c` is a letter, digit or `_` of ASCII (a regular expression's `\w`). */
const isWordUnit = (c: number): boolean => (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122) || c === 95;

/**
 * Whether `s` has `http://`, `https://`, `www.` or `.com` not followed by an ASCII letter, digit
 * or `_`, with ASCII case ignored (as `/https?:\/\/|www\.|\.com\b/i` finds them): each `.` and
 * each `://` found by `indexOf` and the letters beside it compared, so every character is read a
 * few times at most.
 */
export function hasLink(s: string): boolean {
  for (let i = s.indexOf('.'); i !== -1; i = s.indexOf('.', i + 1)) {
    if (i >= 3 && asciiAt(s, i - 3, 'www')) return true;
    if (i + 3 < s.length && asciiAt(s, i + 1, 'com') && (i + 4 === s.length || !isWordUnit(s.charCodeAt(i + 4)))) return true;
  }
  for (let i = s.indexOf('://'); i !== -1; i = s.indexOf('://', i + 3)) {
    if (i >= 4 && asciiAt(s, i - 4, 'http')) return true;
    if (i >= 5 && asciiAt(s, i - 5, 'https')) return true;
  }
  return false;
}

/** The id of `link` or `no link`: whether a field has `http://`, `https://`, `www.` or `.com` ({@link hasLink}). */
export function linkShape(text: TextInput): number {
  const { segments } = text;
  for (let seg = 0; seg < segments.length; seg++) if (hasLink(segments[seg]!.text)) return LINK_ID;
  return NO_LINK_ID;
}

/** Per code unit below 0x500 (Latin, Greek, Cyrillic): 1 an upper-case letter, 2 a lower-case one, 0 neither. */
const CASE = new Uint8Array(0x500);
for (let c = 0; c < CASE.length; c++) CASE[c] = caseOf(String.fromCharCode(c));
function caseOf(ch: string): number {
  return ch.toLowerCase() !== ch ? 1 : ch.toUpperCase() !== ch ? 2 : 0;
}

/**
 * Whether code unit `c` (at or above 0x500) is in a block with letter case: Cyrillic and Armenian,
 * Georgian, Cherokee, Cyrillic Extended-C, Latin Extended Additional and Greek Extended,
 * Glagolitic and Coptic, Cyrillic Extended-B to Latin Extended-D, Cherokee Supplement, the
 * fullwidth letters. Elsewhere (Arabic, Hebrew, Indic scripts, CJK, surrogates) there is none.
 */
function cased(c: number): boolean {
  return c < 0x600 || (c >= 0x10a0 && c < 0x1100) || (c >= 0x13a0 && c < 0x1400) || (c >= 0x1c80 && c < 0x1cc0) ||
    (c >= 0x1e00 && c < 0x2000) || (c >= 0x2c00 && c < 0x2d30) || (c >= 0xa640 && c < 0xa800) ||
    (c >= 0xab70 && c < 0xabc0) || (c >= 0xff00 && c < 0xff60);
}

/** Whether a word's text has two or more letters and no lower-case one. */
export function allCaps(s: string, from: number, to: number): boolean {
  let upper = 0;
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
    const kind = c < 0x500 ? CASE[c]! : cased(c) ? caseOf(s[k]!) : 0;
    if (kind === 2) return false;
    if (kind === 1) upper++;
  }
  return upper >= 2;
}

/**
 * Calls `add(id, from, to)` for each run of `!` and `?` in `s`, in order: `indexOf` finds the
 * next `!` and the next `?`, each looked for again only once passed, so every character is read
 * at most twice.
 */
export function forEachRun(s: string, add: (id: number, from: number, to: number) => void): void {
  let bang = s.indexOf('!');
  let question = s.indexOf('?');
  for (;;) {
    const i = bang === -1 ? question : question === -1 || bang < question ? bang : question;
    if (i === -1) return;
    let k = i;
    let b = false;
    let q = false;
    for (; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (c === 0x21) b = true;
      else if (c === 0x3f) q = true;
      else break;
    }
    const n = k - i;
    add(RUN_ID + 4 * (b && q ? 2 : b ? 0 : 1) + (n >= 8 ? 3 : n >= 4 ? 2 : n >= 2 ? 1 : 0), i, k);
    if (bang !== -1 && bang < k) bang = s.indexOf('!', k);
    if (question !== -1 && question < k) question = s.indexOf('?', k);
  }
}
