/**
 * The shape tokens of the per-site learner: what a text looks like beyond its words, so that a
 * site can learn that its ham is full of "!!!!!! :)" or that its spam has links. Each shape is a
 * name ("!×4-7", "emoticon :)", "words 8-15"), hashed with the learner's salt as the words are
 * (with a prefix no normalised word has, so a shape never shares a word's hash), and kept with
 * the text it came from, so that evidence can name it:
 *
 * | kind | name | from |
 * |---|---|---|
 * | run of `!` or `?` (or both) | `!×1`, `!×2-3`, `!×4-7`, `!×8+`; `?×…`; `?!×…` | the run |
 * | emoticon | `emoticon :)` (nose left out, lower case: `:-D` is `emoticon :d`), `emoticon <3`, `emoticon ^^`, `emoticon o_o`, `emoticon xd` | the emoticon |
 * | emoji | `emoji 😂` (each pictographic code point) | the emoji |
 * | word in capitals (2+ letters, none lower case) | `caps word` (2-3 letters), `caps word 4+` | the word |
 * | elongated word (4+ letters, one of them three times in a row: not `www`) | `elongated word` | the word |
 * | number (its shape, as the word lists see it) | `number #` … `number ######` (6 or more digits) | the number |
 * | link or none | `link` / `no link` | the whole text |
 * | how many words | `words 0`, `words 1`, `words 2-3`, `words 4-7` … `words 64+` | the whole text |
 *
 * Linear in the text: one pass over its words and the characters between them, each character
 * looked at a bounded number of times (an emoticon's mouth at most 8).
 */
import type { Words } from '../lexicons/normalize.js';
import { finish, FNV_OFFSET, FNV_PRIME } from './hash.js';
import type { TextInput } from '../text/input.js';

/** Shape tokens per text at most (on top of the words' 512). */
export const MAX_SHAPE_TOKENS = 32;

/** The shapes of a text: per shape, its salted hash, its name, and where it came from. */
export interface SiteShapes {
  readonly hashes: number[];
  readonly names: string[];
  /** Per shape, three entries: the segment, and the start and end offsets in its text; segment −1 for a shape of the whole text. */
  readonly spans: number[];
}

/** The salted hash of a shape's name: FNV-1a over U+0001 and the name, finished as a word's. */
export function shapeHash(salt: number, name: string): number {
  let h = Math.imul((FNV_OFFSET ^ salt) ^ 1, FNV_PRIME);
  for (let k = 0; k < name.length; k++) h = Math.imul(h ^ name.charCodeAt(k), FNV_PRIME);
  return finish(h);
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const LINK = /https?:\/\/|www\.|\.com\b/i;

function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122);
  return LETTER_OR_DIGIT.test(String.fromCharCode(c));
}

/** Whether position `i` of `s` is outside a word (the start, the end, or not a letter or digit). */
const edge = (s: string, i: number): boolean => i < 0 || i >= s.length || !isWordChar(s.charCodeAt(i));

const NOSE = "-o^'";

/** Whether an emoticon can start at `i` (code `c`, ASCII): a cheap look at the next character, so that most letters go by. */
function mayStartEmoticon(s: string, i: number, c: number): boolean {
  switch (c) {
    case 0x3a: // :
    case 0x3b: // ;
    case 0x3d: // =
    case 0x3c: // <
    case 0x5e: // ^
      return true;
    case 0x6f: // o
    case 0x4f: // O
    case 0x30: // 0
      return s.charCodeAt(i + 1) === 0x5f;
    case 0x78: // x
    case 0x58: // X
      return (s.charCodeAt(i + 1) | 32) === 0x64;
    default:
      return false;
  }
}
const MOUTH = ')(DPpd][/\\|*3Oo@';

/** The end of an emoticon that starts at `i` (not inside a word), or -1. */
function emoticonEnd(s: string, i: number): number {
  const c = s[i]!;
  if (c === ':' || c === ';' || c === '=') {
    for (const start of [i + 1, NOSE.includes(s[i + 1] ?? '') ? i + 2 : -1]) {
      if (start === -1) continue;
      let k = start;
      while (k < s.length && k - start < 8 && MOUTH.includes(s[k]!)) k++;
      if (k > start && edge(s, k)) return k;
    }
    return -1;
  }
  if (c === '<' && s[i + 1] === '3') {
    let k = i + 2;
    while (k < s.length && k - i < 8 && s[k] === '3') k++;
    return edge(s, k) ? k : -1;
  }
  if (c === '^') {
    if (s[i + 1] === '^') return i + 2;
    if ((s[i + 1] === '_' || s[i + 1] === '.' || s[i + 1] === '-') && s[i + 2] === '^') return i + 3;
    return -1;
  }
  if ((c === 'o' || c === 'O' || c === '0') && s[i + 1] === '_' && 'oO0'.includes(s[i + 2] ?? '') && edge(s, i + 3)) return i + 3;
  if ((c === 'x' || c === 'X') && (s[i + 1] === 'D' || s[i + 1] === 'd')) {
    let k = i + 2;
    while (k < s.length && k - i < 8 && (s[k] === 'D' || s[k] === 'd')) k++;
    return edge(s, k) ? k : -1;
  }
  return -1;
}

function emoticonName(text: string): string {
  const eyes = text[0]!;
  if (eyes === '<') return 'emoticon <3';
  if (eyes === '^') return 'emoticon ^^';
  if (text[1] === '_') return 'emoticon o_o';
  if (eyes === 'x' || eyes === 'X') return 'emoticon xd';
  const mouth = NOSE.includes(text[1]!) && text.length > 2 ? text.slice(2) : text.slice(1);
  return `emoticon ${eyes}${mouth.slice(0, 3).toLowerCase()}`;
}

/** The names of runs of `!`, `?` and both, by length bucket (1, 2-3, 4-7, 8+): made once. */
const RUN_NAMES = ['!', '?', '?!'].map((kind) => ['1', '2-3', '4-7', '8+'].map((b) => `${kind}×${b}`));
const runName = (kind: number, n: number): string => RUN_NAMES[kind]![n >= 8 ? 3 : n >= 4 ? 2 : n >= 2 ? 1 : 0]!;
/** The names of number shapes by digits (1 to 6 or more). */
const NUMBER_NAMES = [1, 2, 3, 4, 5, 6].map((n) => `number ${'#'.repeat(n)}`);
const WORD_BUCKETS = [64, 32, 16, 8, 4, 2, 1, 0];
/** The names of the word-count buckets, in the order of WORD_BUCKETS. */
const WORD_NAMES = WORD_BUCKETS.map((low) => `words ${low >= 64 ? '64+' : low <= 1 ? String(low) : `${low}-${2 * low - 1}`}`);
function wordsName(n: number): string {
  let b = 0;
  while (n < WORD_BUCKETS[b]!) b++;
  return WORD_NAMES[b]!;
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
function allCaps(s: string, from: number, to: number): boolean {
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
 * Whether code point `cp` (at or above U+2000) is pictographic, remembered per text in `known`:
 * an emoji repeated 50,000 times is looked up once. Only U+2000–U+32FF and U+1F000–U+1FFFF hold
 * pictographic code points there.
 */
function pictographic(cp: number, state: State): boolean {
  if (!((cp >= 0x2000 && cp < 0x3300) || (cp >= 0x1f000 && cp < 0x20000))) return false;
  const known = (state.emoji ??= new Map());
  let yes = known.get(cp);
  if (yes === undefined) known.set(cp, (yes = PICTOGRAPHIC.test(String.fromCodePoint(cp))));
  return yes;
}

/** What {@link siteShapes} has found so far in a text. */
interface State {
  readonly out: SiteShapes;
  readonly salt: number;
  /** Whether the names have "caps word", "caps word 4+", "elongated word" (asked per word). */
  caps: boolean;
  caps4: boolean;
  elongated: boolean;
  /** Per code point seen, whether it is pictographic and not named yet (made at the first candidate). */
  emoji: Map<number, boolean> | null;
}

/** Adds shape `name` (from `from` to `to` of segment `segment`) unless it is there or the shapes are full. */
function add(state: State, name: string, segment: number, from: number, to: number): void {
  const { out } = state;
  // Distinct by name: at most MAX_SHAPE_TOKENS names to look through, fewer than a Set costs to make.
  if (out.names.length >= MAX_SHAPE_TOKENS || out.names.includes(name)) return;
  if (name === 'caps word') state.caps = true;
  else if (name === 'caps word 4+') state.caps4 = true;
  else if (name === 'elongated word') state.elongated = true;
  out.hashes.push(shapeHash(state.salt, name));
  out.names.push(name);
  out.spans.push(segment, from, to);
}

/**
 * The shapes between two words of segment `seg` (text `s`), from `i` to `end`: runs of `!` and
 * `?`, emoticons and emoji (none of them is part of a word). Returns where the scan stopped (an
 * emoticon may end inside the next word, ":D").
 */
function scanGap(s: string, seg: number, i: number, end: number, state: State): number {
  while (i < end) {
    const c = s.charCodeAt(i);
    if (c === 0x21 || c === 0x3f) {
      let k = i;
      let bang = false;
      let question = false;
      for (; k < s.length && (s.charCodeAt(k) === 0x21 || s.charCodeAt(k) === 0x3f); k++) {
        if (s.charCodeAt(k) === 0x21) bang = true;
        else question = true;
      }
      add(state, runName(bang && question ? 2 : bang ? 0 : 1, k - i), seg, i, k);
      i = k;
    } else if (c < 128) {
      const stop = mayStartEmoticon(s, i, c) && edge(s, i - 1) ? emoticonEnd(s, i) : -1;
      if (stop !== -1) {
        add(state, emoticonName(s.slice(i, stop)), seg, i, stop);
        i = stop;
      } else i++;
    } else if (c >= 0x2000) {
      const cp = s.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      if (pictographic(cp, state)) {
        // Each emoji named once (its `known` entry turns false after).
        state.emoji!.set(cp, false);
        add(state, `emoji ${s.slice(i, i + width)}`, seg, i, i + width);
      }
      i += width;
    } else i++;
  }
  return i;
}

/**
 * The shapes of `text` (whose normalised words are `words`), distinct by name, at most
 * {@link MAX_SHAPE_TOKENS}, in text order after the two of the whole text. The characters
 * between words are scanned for runs, emoticons and emoji; the words are looked at one by one.
 */
export function siteShapes(text: TextInput, words: Words, salt: number): SiteShapes {
  const out: SiteShapes = { hashes: [], names: [], spans: [] };
  const state: State = { out, salt, caps: false, caps4: false, elongated: false, emoji: null };
  const { names } = out;
  add(state, wordsName(words.count), -1, 0, 0);
  const { segments } = text;
  let link = false;
  for (let seg = 0; seg < segments.length && !link; seg++) link = LINK.test(segments[seg]!.text);
  add(state, link ? 'link' : 'no link', -1, 0, 0);
  const { codes, count, segment, start: starts, end: ends, from: froms, to: tos } = words;
  let w = 0;
  for (let seg = 0; seg < segments.length && names.length < MAX_SHAPE_TOKENS; seg++) {
    const s = segments[seg]!.text;
    let at = 0;
    for (; w < count && segment[w] === seg; w++) {
      if (names.length >= MAX_SHAPE_TOKENS) return out;
      const from = froms[w]!;
      const to = tos[w]!;
      if (at < from) at = scanGap(s, seg, at, from, state);
      if (at > from) {
        // The word is part of an emoticon (the "3" of "<3", the "D" of ":D").
        if (at < to) at = to;
        continue;
      }
      // An emoticon that starts with a letter ("xD", "O_O").
      const c = s.charCodeAt(from);
      const stop = c < 128 && mayStartEmoticon(s, from, c) && edge(s, from - 1) ? emoticonEnd(s, from) : -1;
      if (stop !== -1) {
        add(state, emoticonName(s.slice(from, stop)), seg, from, stop);
        at = stop;
        continue;
      }
      at = to;
      const start = starts[w]!;
      const end = ends[w]!;
      if (codes[start] === 0x23) {
        add(state, NUMBER_NAMES[Math.min(end - start, 6) - 1]!, seg, from, to);
        continue;
      }
      if (!(state.caps && state.caps4) && !(c >= 97 && c <= 122) && allCaps(s, from, to)) {
        add(state, to - from >= 4 ? 'caps word 4+' : 'caps word', seg, from, to);
      }
      if (end - start >= 4 && !state.elongated) {
        let a = codes[start]!;
        let b = codes[start + 1]!;
        for (let k = start + 2; k < end; k++) {
          const x = codes[k]!;
          if (x === b && x === a && x !== 0x23) {
            add(state, 'elongated word', seg, from, to);
            break;
          }
          a = b;
          b = x;
        }
      }
    }
    if (at < s.length) scanGap(s, seg, at, s.length, state);
  }
  return out;
}
