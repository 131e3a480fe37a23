/**
 * The normalisation the word lists are matched after, shared by SPAM_WORDS, PROFANITY and
 * SENTIMENT: one left-to-right pass over each field that cuts it into words and writes each
 * word's normalised characters into one code array.
 *
 * Per character: lower case; diacritics folded (é→e, ő→o, ř→r, ά→α, ё→е, й→и; ß→ss, æ→ae,
 * ø→o, ł→l, œ→oe, ς→σ); apostrophes inside a word dropped (don't → dont). Per word: when a
 * word mixes scripts, look-alike letters of the minority script become the majority's (a
 * Cyrillic "а" in "frее" becomes Latin); in a Latin word with at least one letter, leet digits
 * and signs become letters (0→o 1→i 3→e 4→a 5→s 7→t 8→b @→a $→s |→l). Repeated letters are
 * handled by the matcher (a letter repeated beyond what the entry has is skipped), not here,
 * so "ass" and "as" stay distinct.
 *
 * Everything is a table look-up or a bounded loop: linear in the text.
 */
import { isSpace, type TextInput } from '../text/input.js';

/** The words of a text, normalised; `codes[start[i]..end[i])` is word i. */
export interface Words {
  /**
   * Typed arrays copied out of reused scratch buffers (written in place, no growing arrays);
   * the six per-word arrays are views of one buffer.
   */
  readonly codes: Uint16Array;
  readonly count: number;
  /** Per word: range in `codes`. */
  readonly start: Int32Array;
  readonly end: Int32Array;
  /** Per word: offset and end offset in its field's normalised text, and the field's index. */
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly segment: Int32Array;
  /** Per word: a number that changes at each field and at each sentence end (". ", "! ", "? "); phrases do not cross it. */
  readonly clause: Int32Array;
}

const enum Kind {
  Sep = 0,
  Letter = 1,
  Digit = 2,
  Leet = 3,
  Apostrophe = 4,
}
const LATIN = 1;
const CYRILLIC = 2;
const GREEK = 3;

// Folded form and kind of every code unit below 0x500 (Latin, Greek, Cyrillic); others are
// classified with \p{L}/\p{N} and lower-cased one by one.
const TABLE_SIZE = 0x500;
const FOLD = new Uint16Array(TABLE_SIZE);
const KIND = new Uint8Array(TABLE_SIZE);
const SCRIPT = new Uint8Array(TABLE_SIZE);
const SPECIAL_FOLDS: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd',
  ð: 'd', þ: 'th', ı: 'i', ς: 'σ', ё: 'е', Ё: 'е', й: 'и', Й: 'и', ї: 'і', ѓ: 'г', ќ: 'к',
};
/** Second code of the two-letter folds (ß → s + s); 0 when the fold is one letter. */
const FOLD2 = new Uint16Array(TABLE_SIZE);
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
const MARK = /\p{M}/u;
for (let c = 0; c < TABLE_SIZE; c++) {
  const ch = String.fromCharCode(c);
  if (c >= 0xd800) continue;
  if (MARK.test(ch)) {
    KIND[c] = Kind.Letter; // combining mark: folded away below (FOLD 0 means "drop")
    FOLD[c] = 0;
    continue;
  }
  if (DIGIT.test(ch)) {
    KIND[c] = Kind.Digit;
    FOLD[c] = c;
    continue;
  }
  if (!LETTER.test(ch)) continue;
  KIND[c] = Kind.Letter;
  const special = SPECIAL_FOLDS[ch];
  const folded = special ?? ch.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  const f = folded.length > 0 ? folded : ch.toLowerCase();
  const special2 = SPECIAL_FOLDS[f];
  const g = special2 ?? f;
  FOLD[c] = g.charCodeAt(0);
  if (g.length > 1) FOLD2[c] = g.charCodeAt(1);
  SCRIPT[c] = c < 0x250 ? LATIN : c < 0x370 ? 0 : c < 0x400 ? GREEK : CYRILLIC;
}
for (const ch of "'’ʼ") KIND[ch.charCodeAt(0)] = Kind.Apostrophe;
KIND[0x2019] = 0; // outside the table; handled in kindOf
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '|': 'l' };
const LEET_MAP = new Uint16Array(128);
for (const [k, v] of Object.entries(LEET)) {
  LEET_MAP[k.charCodeAt(0)] = v.charCodeAt(0);
  if (KIND[k.charCodeAt(0)] === Kind.Sep) KIND[k.charCodeAt(0)] = Kind.Leet;
}

// One look-up per character in the hot loop: fold (bits 0–15), kind (16–18), script (19–20),
// "has a second fold letter" (21).
const INFO = new Uint32Array(TABLE_SIZE);
for (let c = 0; c < TABLE_SIZE; c++) INFO[c] = FOLD[c]! | (KIND[c]! << 16) | (SCRIPT[c]! << 19) | (FOLD2[c] !== 0 ? 1 << 21 : 0);

// Look-alikes between scripts (lower case, after folding).
const CYR_TO_LAT = new Map<number, number>();
const LAT_TO_CYR = new Map<number, number>();
for (const [c, l] of [['а', 'a'], ['е', 'e'], ['о', 'o'], ['р', 'p'], ['с', 'c'], ['у', 'y'], ['х', 'x'], ['к', 'k'], ['м', 'm'], ['т', 't'], ['в', 'b'], ['н', 'h'], ['і', 'i'], ['ѕ', 's'], ['ј', 'j'], ['и', 'u'], ['п', 'n'], ['г', 'r']] as const) {
  CYR_TO_LAT.set(c.charCodeAt(0), l.charCodeAt(0));
  if (!['и', 'п', 'г', 'м', 'т', 'в', 'н'].includes(c)) LAT_TO_CYR.set(l.charCodeAt(0), c.charCodeAt(0));
}
const GRE_TO_LAT = new Map<number, number>();
for (const [g, l] of [['ο', 'o'], ['α', 'a'], ['ε', 'e'], ['ι', 'i'], ['κ', 'k'], ['ν', 'v'], ['ρ', 'p'], ['τ', 't'], ['υ', 'u'], ['χ', 'x'], ['β', 'b'], ['μ', 'u']] as const) {
  GRE_TO_LAT.set(g.charCodeAt(0), l.charCodeAt(0));
}

/**
 * Kind + 1 of each code unit from U+0500 on, computed on first sight by kindOfSlow (the
 * expressions); 0: not yet. The expressions cost 20–40 ns a character, the table one read.
 */
const KIND_CACHE = new Uint8Array(0x10000);
function kindOf(c: number): Kind {
  if (c < TABLE_SIZE) return KIND[c] as Kind;
  const k = KIND_CACHE[c]!;
  if (k !== 0) return (k - 1) as Kind;
  return (KIND_CACHE[c] = kindOfSlow(c) + 1) - 1;
}
function kindOfSlow(c: number): Kind {
  if (c === 0x2019) return Kind.Apostrophe;
  if (c >= 0xd800 && c <= 0xdfff) return Kind.Sep; // astral: emoji and rare scripts split words
  const ch = String.fromCharCode(c);
  if (LETTER.test(ch) || MARK.test(ch)) return Kind.Letter;
  if (DIGIT.test(ch)) return Kind.Digit;
  return Kind.Sep;
}

/**
 * For letters and marks from U+0500 on, computed on first sight: (lower-case code << 1) | (1 when
 * not a mark), with bit 30 set; 0: not yet. Saves a string, toLowerCase and \p{M} per character.
 */
const LOWER_CACHE = new Int32Array(0x10000);
/** Longest word kept, in code units; longer runs are cut into pieces of this length. */
const MAX_WORD = 64;

/** Texts up to this many code units are normalised in reused scratch arrays; longer ones get their own. */
const SCRATCH_CHARS = 16384;
let CODES: Uint16Array | undefined;
let TABLE: Int32Array | undefined;

/** Normalises the fields of a text into words (see the module comment). */
export function normalizeWords(segments: readonly string[]): Words {
  let total = 0;
  for (let s = 0; s < segments.length; s++) total += segments[s]!.length;
  const scratch = total <= SCRATCH_CHARS;
  if (scratch && CODES === undefined) {
    CODES = new Uint16Array(2 * SCRATCH_CHARS);
    TABLE = new Int32Array(6 * SCRATCH_CHARS);
  }
  const codes = scratch ? CODES! : new Uint16Array(2 * total);
  // Six columns of `cap` entries (a text has at most one word per code unit).
  const cap = scratch ? SCRATCH_CHARS : total;
  const table = scratch ? TABLE! : new Int32Array(6 * cap);
  let sentence = 0;
  let n = 0;
  let w = 0;
  for (let s = 0; s < segments.length; s++) {
    const text = segments[s]!;
    sentence++;
    const len = text.length;
    let i = 0;
    while (i < len) {
      // Skip to the next word character.
      let c = text.charCodeAt(i);
      let k = c < TABLE_SIZE ? (INFO[c]! >> 16) & 7 : kindOf(c);
      if (k === Kind.Sep || k === Kind.Apostrophe) {
        // A sentence ends at . ! ? followed by white space (not in "example.com" or "3.50").
        if ((c === 0x2e || c === 0x21 || c === 0x3f) && i + 1 < len && isSpace(text.charCodeAt(i + 1))) sentence++;
        i++;
        continue;
      }
      const wordFrom = i;
      const wordStart = w;
      let letters = 0;
      let latin = 0;
      let cyr = 0;
      let greek = 0;
      let leet = 0;
      let digits = 0;
      for (;;) {
        if (c < TABLE_SIZE) {
          const info = INFO[c]!;
          k = (info >> 16) & 7;
          if (k === Kind.Letter) {
            const f = info & 0xffff;
            if (f !== 0) {
              codes[w++] = f;
              if ((info & (1 << 21)) !== 0) codes[w++] = FOLD2[c]!;
              letters++;
              const sc = (info >> 19) & 3;
              if (sc === LATIN) latin++;
              else if (sc === CYRILLIC) cyr++;
              else if (sc === GREEK) greek++;
            }
          } else if (k === Kind.Sep) {
            break;
          } else if (k === Kind.Apostrophe) {
            // Inside a word only when a letter follows.
            const next = i + 1 < len ? kindOf(text.charCodeAt(i + 1)) : Kind.Sep;
            if (next !== Kind.Letter) break;
          } else {
            if (k === Kind.Leet) leet++;
            else digits++;
            codes[w++] = c;
          }
        } else {
          k = kindOf(c);
          if (k === Kind.Sep) break;
          if (k === Kind.Apostrophe) {
            const next = i + 1 < len ? kindOf(text.charCodeAt(i + 1)) : Kind.Sep;
            if (next !== Kind.Letter) break;
          } else if (k === Kind.Letter) {
            let info = LOWER_CACHE[c]!;
            if (info === 0) {
              const ch = String.fromCharCode(c);
              const lower = ch.toLowerCase();
              info = LOWER_CACHE[c] = ((lower.length === 1 ? lower.charCodeAt(0) : c) << 1) | (MARK.test(ch) ? 0 : 1) | 0x40000000;
            }
            codes[w++] = (info >> 1) & 0xffff;
            if ((info & 1) !== 0) letters++;
          } else {
            digits++;
            codes[w++] = c;
          }
        }
        i++;
        if (i >= len || w - wordStart >= MAX_WORD) break;
        c = text.charCodeAt(i);
      }
      if (w === wordStart) continue;
      // A word made only of leet signs ("|", "$") is no word.
      if (letters === 0 && leet === w - wordStart) {
        w = wordStart;
        continue;
      }
      if (letters === 0 && leet === 0) {
        // A number is matched by its shape: "86688" → "#####", "£1000" → "####"; a phone
        // number (10+ digits) keeps its first two ("09061701461" → "09#########", premium rate).
        const len = w - wordStart;
        for (let j = len >= 10 ? wordStart + 2 : wordStart; j < w; j++) codes[j] = 0x23;
      } else if (letters > 0 && (leet > 0 || digits > 0 || cyr > 0 || greek > 0)) {
        if (latin >= cyr && latin >= greek) {
          for (let j = wordStart; j < w; j++) {
            const c = codes[j]!;
            if (c < 128) {
              const l = LEET_MAP[c]!;
              if (l !== 0) codes[j] = l;
            } else if (cyr > 0 || greek > 0) {
              codes[j] = CYR_TO_LAT.get(c) ?? GRE_TO_LAT.get(c) ?? c;
            }
          }
        } else if (cyr > greek && latin > 0) {
          for (let j = wordStart; j < w; j++) {
            const c = codes[j]!;
            if (c < 128) codes[j] = LAT_TO_CYR.get(c) ?? (c === 0x30 ? 0x43e : c);
          }
        } else if (cyr > greek) {
          for (let j = wordStart; j < w; j++) if (codes[j] === 0x30) codes[j] = 0x43e; // 0 → о
        }
      }
      table[n] = wordStart;
      table[cap + n] = w;
      table[2 * cap + n] = wordFrom;
      table[3 * cap + n] = i;
      table[4 * cap + n] = s;
      table[5 * cap + n] = sentence;
      n++;
    }
  }
  // One buffer for everything copied out (each typed-array allocation is a separate, costly
  // off-heap allocation): six columns of n words, then the codes; copied with set().
  const buffer = new ArrayBuffer(24 * n + 2 * w);
  const column = (k: number): Int32Array => {
    const view = new Int32Array(buffer, 4 * k * n, n);
    view.set(table.subarray(k * cap, k * cap + n));
    return view;
  };
  const out = new Uint16Array(buffer, 24 * n, w);
  out.set(codes.subarray(0, w));
  return {
    codes: out,
    count: n,
    start: column(0),
    end: column(1),
    from: column(2),
    to: column(3),
    segment: column(4),
    clause: column(5),
  };
}

// Memoised on the TextInput (a Map in a declared field): adding a symbol property to the
// instance instead changed its hidden class and made every later read slow.
const WORDS_KEY = {};
const computeWords = (text: TextInput): Words => normalizeWords(text.segments.map((s) => s.text));

/** The words of a request's text, computed once per text and shared by the word-list rules. */
export function wordsOf(text: TextInput): Words {
  return text.memo(WORDS_KEY, computeWords);
}

/** The normalised form of an entry of a word list: its words joined with one space. */
export function normalizePhrase(phrase: string): string {
  const words = normalizeWords([phrase]);
  const parts: string[] = [];
  for (let i = 0; i < words.count; i++) parts.push(String.fromCharCode.apply(null, words.codes.subarray(words.start[i]!, words.end[i]!) as unknown as number[]));
  return parts.join(' ');
}
