import { defineRule, matchesOutcome, type Match } from '../../core/rule.js';
import { charFlags, LETTER, MARK, NUMBER } from '../../text/chars.js';
import { trieFor } from '../../lexicons/index.js';
import { normalizeWords } from '../../lexicons/normalize.js';
import { invisiblesOf } from '../../text/marks.js';

/**
 * Words disguised to slip past filters, three ways:
 * - `mixed-script`: look-alike letters of another script inside a word ("зaрaботок" with Latin
 *   a, "frее" with Cyrillic е, "крεдит" with Greek ε);
 * - `invisible`: invisible characters between the letters of a word (zero-width space, ZWNJ,
 *   ZWJ, word joiner, soft hyphen, bidi controls, tag characters, variation selectors);
 * - `letter-spaced`: four or more single letters with one separator between them that spell a
 *   word ("f r e e", "V.I.A.G.R.A", "к р е д и т").
 * Each match's `value` is the word as it reads without the disguise, its `reason` the technique.
 * Only Latin, Cyrillic and Greek words are looked at: the scripts whose letters look alike and
 * that put spaces between words.
 */

const NONE = 0;
const LAT = 1;
const CYR = 2;
const GRE = 3;
const OTHER = 4; // a letter of another script
const MRK = 5; // a combining mark

/** The script of the letter at code unit `c` (BMP; a surrogate is OTHER or NONE, see {@link scriptAt}). */
function scriptOf(c: number): number {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? LAT : NONE;
  if (c < 0x250) return c >= 0xc0 && c !== 0xd7 && c !== 0xf7 ? LAT : (charFlags(c) & LETTER) !== 0 ? LAT : NONE;
  if (c >= 0x300 && c < 0x370) return MRK;
  const f = charFlags(c);
  if ((f & MARK) !== 0) return MRK;
  if ((f & LETTER) === 0) return NONE;
  if (c < 0x370) return LAT; // IPA and modifier letters
  if (c < 0x400) return GRE;
  if (c < 0x530) return CYR;
  if (c >= 0x1e00 && c < 0x1f00) return LAT;
  if (c >= 0x1f00 && c < 0x2000) return GRE;
  return OTHER;
}

/** {@link scriptOf} at `i`, with an astral letter (a surrogate pair) as OTHER. */
function scriptAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff) return c >= 0xdc00 && c <= 0xdfff ? NONE : scriptOf(c);
  if (i + 1 >= s.length) return NONE;
  const d = s.charCodeAt(i + 1);
  if (d < 0xdc00 || d > 0xdfff) return NONE;
  const f = charFlags((c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000);
  return (f & LETTER) !== 0 ? OTHER : (f & MARK) !== 0 ? MRK : NONE;
}

// Look-alikes: a letter of one script and the letter of another it cannot be told from in
// ordinary fonts, in the same case. Only letters spam is seen to swap; not Latin i in a
// Cyrillic word (Ukrainian and Belarusian typists use it for і), not Greek α, β, κ, μ in a
// Latin word (TNFα, IκB, μg).
/** A table from code unit (all below 0x530) to look-alike, 0 for none. */
function pairs(s: string): Uint16Array {
  const table = new Uint16Array(0x530);
  for (const p of s.split(' ')) table[p.charCodeAt(0)] = p.charCodeAt(1);
  return table;
}
/** `LOOK_ALIKE[host][c]`: the host script's look-alike of letter `c` of another script, 0 for none. */
const LOOK_ALIKE: readonly Uint16Array[] = [
  new Uint16Array(0x530),
  // into Latin: from Cyrillic, then from Greek
  pairs(
    'аa сc еe оo рp хx уy іi јj ѕs һh ԁd ӏl ԛq ԝw үy АA ВB СC ЕE НH ІI ЈJ КK МM ОO РP ЅS ТT ХX УY ҮY ԚQ ԜW ' +
      'οo ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX',
  ),
  // into Cyrillic: from Latin, then from Greek
  pairs(
    'aа cс eе oо pр xх yу AА BВ CС EЕ HН KК MМ OО PР TТ XХ YУ ' +
      'οо αа εе ρр χх ΑА ΒВ ΕЕ ΗН ΚК ΜМ ΟО ΡР ΤТ ΧХ ΥУ',
  ),
  // into Greek: from Latin, then from Cyrillic
  pairs(
    'oο vν kκ xχ AΑ BΒ EΕ HΗ IΙ KΚ MΜ NΝ OΟ PΡ TΤ XΧ YΥ ZΖ ' +
      'оο аα еε рρ хχ АΑ ВΒ ЕΕ НΗ КΚ МΜ ОΟ РΡ ТΤ ХΧ',
  ),
];

/** Not words people type: a token with "@" (e-mail), "://" (URL) or starting with "www.". */
function isAddress(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 64) return true;
    if (c === 58 && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 47 && i + 2 < to) return true;
  }
  return to - from > 4 && (s.charCodeAt(from) | 32) === 119 && (s.charCodeAt(from + 1) | 32) === 119 &&
    (s.charCodeAt(from + 2) | 32) === 119 && s.charCodeAt(from + 3) === 46;
}

/** A mixed-script word found by {@link mixedScript}, before the rule weighs the text's scripts. */
export interface Candidate {
  match: Match;
  /** The word's own script and the script of its look-alikes (one script, else -1). */
  host: number;
  foreign: number;
  /** One look-alike, at the word's first or last letter: counts only beside a clear disguise. */
  edge: boolean;
}

/** The script of the last letter of `s[from, to)` (marks after it skipped). */
function lastLetterScript(s: string, from: number, to: number): number {
  for (let i = to - 1; i >= from; i--) {
    const sc = scriptOf(s.charCodeAt(i));
    if (sc !== MRK) return sc;
  }
  return NONE;
}

/**
 * The word `s[from, to)` (letters and marks) when it mixes scripts by look-alikes: every letter
 * of the other scripts has a look-alike in the word's own script, which has at least two letters
 * (when both scripts could be the word's own, the one with more letters); three letters or more
 * (ЗAPAБOTOK, with seven Latin capitals, is Cyrillic: З and Б have no Latin look-alike). Null
 * otherwise (one script; a letter of another script; two words glued, each with letters of its
 * own: Москваcity). `edge`: one look-alike, the word's first or last letter, as when the keyboard
 * layout switched one key-stroke late or early ("cтолько", "eму", "Алисa" with Latin c, e, a in
 * published Russian news).
 */
function mixedWord(s: string, from: number, to: number, counts: Int32Array): { value: string; host: number; foreign: number; edge: boolean } | null {
  const total = counts[LAT]! + counts[CYR]! + counts[GRE]!;
  if (total < 3) return null;
  let host = 0;
  for (let h = LAT; h <= GRE; h++) {
    const n = counts[h]!;
    if (n < 2) continue;
    let ok = true;
    const table = LOOK_ALIKE[h]!;
    for (let i = from; i < to && ok; i++) {
      const c = s.charCodeAt(i);
      const sc = scriptOf(c);
      if (sc !== h && sc !== MRK && (c >= 0x530 || table[c] === 0)) ok = false;
    }
    if (!ok) continue;
    // Two possible hosts (all letters look-alikes both ways): the one with more letters; a tie is no word.
    if (host !== 0) {
      if (counts[host]! === n) return null;
      if (n < counts[host]!) continue;
    }
    host = h;
  }
  if (host === 0) return null;
  const edge = total - counts[host]! === 1 && (scriptOf(s.charCodeAt(from)) !== host || lastLetterScript(s, from, to) !== host);
  const table = LOOK_ALIKE[host]!;
  let value = '';
  let foreign = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    const sc = scriptOf(c);
    if (sc === host || sc === MRK) {
      value += s[i];
    } else {
      value += String.fromCharCode(table[c]!);
      foreign = foreign === 0 || foreign === sc ? sc : -1;
    }
  }
  return { value, host, foreign, edge };
}

/**
 * Characters of Latin (ASCII letters), Cyrillic and Greek script in the fields that are no
 * look-alike of another script's letters, by script: what tells which script a text is written
 * in, however many look-alikes it swapped (ЗAPAБOTOK OT 5000 B ДEHЬ is Cyrillic).
 */
function scriptTotals(segments: readonly { text: string }[]): Int32Array {
  const letters = new Int32Array(6);
  const lat = LOOK_ALIKE[LAT]!;
  const cyr = LOOK_ALIKE[CYR]!;
  const gre = LOOK_ALIKE[GRE]!;
  for (const { text: s } of segments) {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 128) {
        if ((c | 32) >= 97 && (c | 32) <= 122 && cyr[c] === 0 && gre[c] === 0) letters[LAT] = letters[LAT]! + 1;
      } else if (c >= 0x400 && c < 0x530) {
        if (lat[c] === 0 && gre[c] === 0) letters[CYR] = letters[CYR]! + 1;
      } else if (c >= 0x370 && c < 0x400) {
        if (lat[c] === 0 && cyr[c] === 0) letters[GRE] = letters[GRE]! + 1;
      } else if (c >= 0x1f00 && c < 0x2000) letters[GRE] = letters[GRE]! + 1;
    }
  }
  return letters;
}

/**
 * Mixed-script words of one field, read in the tokens listed in `tokens[kFrom, kTo)` (each the
 * index of a token in `spans`, TextInput.tokenSpans, in order). A token can hold one only when its
 * code units are of two or more of three scripts (Latin: ASCII letters, U+0080–U+024F,
 * U+1E00–U+1EFF; Cyrillic; Greek): TextInput.mixedScriptTokens lists those, found in the
 * tokens' own pass, and the rule reads only them; given every token of the field, this reads
 * them all (the definition, for the test that checks the list changes nothing).
 */
export function mixedScript(
  s: string,
  field: string,
  spans: readonly number[],
  tokens: readonly number[],
  kFrom: number,
  kTo: number,
  out: Candidate[],
): void {
  let counts: Int32Array | undefined;
  for (let k = kFrom; k < kTo; k++) {
    const t = tokens[k]!;
    const from = spans[t + 1]!;
    const to = spans[t + 2]!;
    // A token with characters of fewer than two of the three scripts cannot mix them (a bit
    // each, from code ranges: ASCII letters and Latin-1 to Latin Extended-B, Greek, Cyrillic).
    let seen = 0;
    for (let i = from; i < to; i++) {
      const c = s.charCodeAt(i);
      if (c < 128) {
        if ((c | 32) >= 97 && (c | 32) <= 122) seen |= 1;
      } else if (c < 0x250) seen |= 1;
      else if (c >= 0x400 && c < 0x530) seen |= 2;
      else if ((c >= 0x370 && c < 0x400) || (c >= 0x1f00 && c < 0x2000)) seen |= 4;
      else if (c >= 0x1e00 && c < 0x1f00) seen |= 1;
    }
    if (seen === 0 || seen === 1 || seen === 2 || seen === 4 || isAddress(s, from, to)) continue;
    counts ??= new Int32Array(6);
    let start = -1;
    for (let i = from; i <= to; i++) {
      const sc = i < to ? scriptAt(s, i) : NONE;
      if (sc !== NONE && (sc !== MRK || start !== -1)) {
        if (start === -1) {
          start = i;
          counts.fill(0);
        }
        counts[sc] = counts[sc]! + 1;
        if (s.charCodeAt(i) >= 0xd800 && s.charCodeAt(i) <= 0xdbff) i++;
        continue;
      }
      if (start !== -1 && counts[OTHER] === 0 && (counts[LAT]! > 0 ? 1 : 0) + (counts[CYR]! > 0 ? 1 : 0) + (counts[GRE]! > 0 ? 1 : 0) > 1) {
        const m = mixedWord(s, start, i, counts);
        if (m) out.push({ match: { field, value: m.value, index: start, reason: 'mixed-script' }, host: m.host, foreign: m.foreign, edge: m.edge });
      }
      start = -1;
    }
  }
}

/**
 * Code units of an invisible character at `i` (0 when none): zero-width space, ZWNJ, ZWJ, LRM,
 * RLM, bidi embeddings, overrides and isolates, word joiner, invisible operators, BOM, soft
 * hyphen, Mongolian vowel separator, Arabic letter mark, combining grapheme joiner, variation
 * selectors; two units for tag characters and variation selectors 17–256.
 */
function invisibleAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 0xad) return 0;
  if (c < 0x2000) return c === 0xad || c === 0x34f || c === 0x61c || c === 0x180e ? 1 : 0;
  if (c <= 0x206f) return (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064) || (c >= 0x2066 && c <= 0x2069) ? 1 : 0;
  if (c === 0xfeff || (c >= 0xfe00 && c <= 0xfe0f)) return 1;
  if (c === 0xdb40 && i + 1 < s.length) {
    const d = s.charCodeAt(i + 1);
    return (d >= 0xdc00 && d <= 0xdc7f) || (d >= 0xdd00 && d <= 0xddef) ? 2 : 0;
  }
  return 0;
}

/**
 * A character of {@link invisibleAt}, or the high surrogate of a tag character (U+DB40: also of
 * other characters of plane 14, which the scan then passes over). One character class: the
 * fastest expression to look for them with.
 */
export const INVISIBLE = /[\u00AD\u034F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFE00-\uFE0F\uFEFF\uDB40]/;

/** The invisible characters normalisation removes (src/text/input.ts): they shift offsets. */
function removed(c: number): boolean {
  return c === 0x200b || c === 0x2060 || c === 0xfeff || c === 0xad;
}

/**
 * Words with invisible characters between their letters, read from the field as it came (the
 * normalised text has lost some of them). A soft hyphen where a hyphenation program would put
 * one (a word of six letters or more, no piece shorter than two) is hyphenation, not a disguise.
 */
/** Every INVISIBLE character, for {@link hidesBetweenLetters}. */
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'g');

/** A letter or mark of the scripts {@link invisible} reads words of, by {@link scriptAt}. */
function isWordUnit(sc: number): boolean {
  return sc === LAT || sc === CYR || sc === GRE || sc === MRK;
}

/**
 * Whether `s` has a run of invisible characters (as {@link invisible} steps over them) right
 * after a letter or mark and right before a letter of Latin, Cyrillic or Greek script: without
 * one no word of `s` has an invisible character between its letters, and {@link invisible} finds
 * nothing (emoji with a variation selector or a ZWJ: the common case).
 */
export function hidesBetweenLetters(s: string, from: number): boolean {
  INVISIBLE_ALL.lastIndex = from;
  while (INVISIBLE_ALL.test(s)) {
    const q = hiddenRunEnd(s, INVISIBLE_ALL.lastIndex - 1);
    if (q === -1) return true;
    if (q > INVISIBLE_ALL.lastIndex) INVISIBLE_ALL.lastIndex = q;
  }
  return false;
}

/**
 * At an INVISIBLE character `p` of `s`: -1 when the run of invisible characters there follows a
 * letter or mark and precedes a letter of Latin, Cyrillic or Greek script; else where the run
 * ends (`p` itself when it follows no letter or mark, or {@link invisibleAt} steps over nothing).
 */
function hiddenRunEnd(s: string, p: number): number {
  if (p === 0 || !isWordUnit(scriptAt(s, p - 1))) return p;
  let q = p;
  for (let n = invisibleAt(s, q); n !== 0; n = invisibleAt(s, q)) q += n;
  if (q === p) return p;
  const sc = scriptAt(s, q);
  return sc === LAT || sc === CYR || sc === GRE ? -1 : q;
}

/**
 * {@link hidesBetweenLetters} of `s` from its start, with the offsets of all its INVISIBLE
 * characters given, in order (the expression's matches, read without searching).
 */
export function hidesBetweenLettersAt(s: string, offsets: readonly number[]): boolean {
  // Where the expression's next search would start.
  let next = 0;
  for (let k = 0; k < offsets.length; k++) {
    const p = offsets[k]!;
    if (p < next) continue;
    next = p + 1;
    const q = hiddenRunEnd(s, p);
    if (q === -1) return true;
    if (q > next) next = q;
  }
  return false;
}

/** `s[from, to)` without its invisible characters (stepped over as {@link invisible} does). */
function withoutInvisible(s: string, from: number, to: number): string {
  let value = '';
  for (let i = from; i < to; ) {
    const n = invisibleAt(s, i);
    if (n !== 0) {
      i += n;
      continue;
    }
    value += s[i];
    i++;
  }
  return value;
}

/**
 * `raw`: a field as it came; `normal`: its NFKC form as normalisation made it (TextInput.rawNfkc);
 * `offsets`: where its INVISIBLE characters are when normalisation removed and replaced nothing
 * (the field's text is `normal`: marksOf's pass listed them), else null.
 */
function invisible(raw: string, normal: string, field: string, first: number, offsets: readonly number[] | null, out: Match[]): void {
  // Offsets: NFKC as normalisation does it (bounded), then every removed character before a word moves it left.
  const s = normal;
  if (offsets !== null) {
    if (!hidesBetweenLettersAt(s, offsets)) return;
  } else {
    // `first`: the first invisible or control character of `raw` (TextInput.hidden): none before it.
    INVISIBLE_ALL.lastIndex = first;
    if (!INVISIBLE_ALL.test(raw)) return;
    // Where `normal` is `raw` (NFKC changed nothing), its first invisible character is that one.
    const from = normal === raw ? INVISIBLE_ALL.lastIndex - 1 : 0;
    if (!hidesBetweenLetters(s, from)) return;
  }
  let shift = 0;
  let start = -1;
  let end = -1; // after the word's last letter or mark
  let hidden = 0; // invisible characters between letters
  let shy = 0; // of which soft hyphens
  let piece = 0; // letters since the last invisible character
  let shortPiece = false;
  let letters = 0;
  let pending = 0; // invisible characters after the last letter
  let pendingShy = 0;
  let startShift = 0;
  const flush = (): void => {
    if (start !== -1 && hidden > 0) {
      if (piece < 2) shortPiece = true;
      const hyphenated = shy === hidden && letters >= 6 && !shortPiece;
      if (!hyphenated) out.push({ field, value: withoutInvisible(s, start, end), index: start - startShift, reason: 'invisible' });
    }
    start = -1;
  };
  for (let i = 0; i < s.length; ) {
    const n = invisibleAt(s, i);
    if (n !== 0) {
      if (start !== -1) {
        pending++;
        if (s.charCodeAt(i) === 0xad) pendingShy++;
      }
      if (removed(s.charCodeAt(i))) shift++;
      i += n;
      continue;
    }
    const sc = scriptAt(s, i);
    if (sc === LAT || sc === CYR || sc === GRE || (sc === MRK && start !== -1)) {
      if (start === -1) {
        start = i;
        startShift = shift;
        hidden = shy = piece = letters = pending = pendingShy = 0;
        shortPiece = false;
      } else if (pending > 0 && sc !== MRK) {
        hidden += pending;
        shy += pendingShy;
        if (piece < 2) shortPiece = true;
        piece = 0;
      }
      pending = pendingShy = 0;
      end = i + 1;
      if (sc !== MRK) {
        piece++;
        letters++;
      }
      i++;
      continue;
    }
    flush();
    i += sc === OTHER || sc === MRK ? (s.charCodeAt(i) >= 0xd800 && s.charCodeAt(i) <= 0xdbff ? 2 : 1) : 1;
  }
  flush();
}

/** Single-letter words of the 19 languages (lower case): not letter-spacing when only these. */
const ORDINARY = new Set('a e i o u y v z k s w à è é ì ò ù á í ó ú å ä ö ø ô ê â î û а и в к с у о я ο η α ή ό ω'.split(' '));
const VOWEL = new Set([...'aeiouyàáâãäåèéêëìíîïòóôõöøùúûüýæœаеёиоуыэюяіїєαεηιουωάέήίόύώ']);

/** The separators of a letter-spaced word: space, no-break space, . - _ * · • ~ / + */
function isSpacing(c: number): boolean {
  return c < 128 ? ASCII_SPACING[c] === 1 : c === 0xa0 || c === 0xb7 || c === 0x2022;
}
const ASCII_SPACING = new Uint8Array(128);
for (const ch of ' .-_*~/+') ASCII_SPACING[ch.charCodeAt(0)] = 1;

/**
 * Whether the letters of a run spell a word: at least one is not an ordinary one-letter word
 * (Czech "a v k s", Polish "i w z a" are words, not a disguise), two different letters, a
 * vowel; not the alphabet ("a b c d"); not an acronym written with dots (U.S.S.R., R.S.V.P.:
 * capitals with dots need six letters); not note names (guitar tuning E A D G B E).
 */
function spellsWord(letters: string[], sep: number): boolean {
  let ordinary = true;
  let vowel = false;
  let alphabet = true;
  let upper = true;
  let notes = true;
  const lower = letters.map((l) => l.toLowerCase());
  for (let k = 0; k < lower.length; k++) {
    const l = lower[k]!;
    if (!ORDINARY.has(l)) ordinary = false;
    if (VOWEL.has(l)) vowel = true;
    if (k > 0 && l.charCodeAt(0) !== lower[k - 1]!.charCodeAt(0) + 1) alphabet = false;
    if (letters[k] === l) upper = false;
    if (!(letters[k]! >= 'A' && letters[k]! <= 'H')) notes = false;
  }
  if (ordinary || !vowel || alphabet || notes) return false;
  if (new Set(lower).size < 2) return false;
  return !(upper && sep === 0x2e && letters.length < 6);
}

/**
 * Whether a letter-spaced word is one the filters look for: a single-word entry (weight above 0)
 * of the spam-word or profanity lists of any of the 19 languages. Spacing out any other word is
 * emphasis ("P E A C E", "U P D A T E D"), not a disguise.
 */
function isListWord(word: string, cache: Map<string, boolean>): boolean {
  let known = cache.get(word);
  if (known === undefined) {
    const words = normalizeWords([word]);
    known = words.count === 1 && (['spam-words', 'profanity'] as const).some((kind) =>
      trieFor(kind, 'all').scan(words).some((m) => m.first === 0 && m.last === 0 && m.entry.weight > 0));
    cache.set(word, known);
  }
  return known;
}

/** Longest letter-spaced word read; a longer run is cut (as the word lists cut words). */
const MAX_SPACED = 64;

/**
 * What a letter-spaced word of four letters or more has: three separators two code units apart
 * (the middle letters are single code units between them; a letter with a combining mark NFKC
 * could not compose is passed over). A quick test before the scan: most fields have none.
 */
const MAY_SPACE = /[ .\-_*~/+\u00A0\u00B7\u2022].[ .\-_*~/+\u00A0\u00B7\u2022].[ .\-_*~/+\u00A0\u00B7\u2022]/;

/** A letter of the BMP (\p{L}), by code unit: a surrogate is none. */
function isLetterUnit(c: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  return (c < 0xd800 || c > 0xdfff) && (charFlags(c) & LETTER) !== 0;
}

/** A combining mark of the BMP (\p{M}), by code unit. */
function isMarkUnit(c: number): boolean {
  return c >= 0x300 && (c < 0xd800 || c > 0xdfff) && (charFlags(c) & MARK) !== 0;
}

/** A letter, mark or number of the BMP: a character the scan of {@link letterSpaced} reads as part of a word. */
function isWordCharUnit(c: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
  return (c < 0xd800 || c > 0xdfff) && (charFlags(c) & (LETTER | MARK | NUMBER)) !== 0;
}

/**
 * Every combining mark of the BMP (\p{M}) and more, as one class without the `u` flag (checked
 * on every code unit in test/rules/text/obfuscation.test.ts), and no separator of a letter-spaced word: the
 * combining ranges up to U+08FF, Devanagari's signs, and everything from U+0981 on but •.
 */
export const MARKS_AND_MORE =
  '\\u0300-\\u036F\\u0483-\\u0489\\u0591-\\u05C7\\u0610-\\u08FF\\u0900-\\u0903\\u093A-\\u093C\\u093E-\\u094F\\u0951-\\u0957\\u0962\\u0963\\u0981-\\u2021\\u2023-\\uFFFF';
const SPACED_SEPARATOR = '[ .\\-_*~/+\\u00A0\\u00B7\\u2022]';
/**
 * A code unit that {@link scriptAt} may call a Latin, Cyrillic or Greek letter (every such one;
 * a test checks all of them), and no separator: the letters of the runs the scan of
 * {@link letterSpaced} keeps, each one code unit.
 */
export const RUN_LETTER = '[A-Za-z\\u0080-\\u009F\\u00A1-\\u00B6\\u00B8-\\u052F\\u1E00-\\u1FFF]';
/**
 * What every run the scan keeps has from its second letter on: a separator, a letter of
 * RUN_LETTER and its marks, a separator, another, a separator and a third. Devanagari ("है कि"),
 * Arabic or Han letters spaced out pass MAY_SPACE but never this, and the scan could
 * keep nothing there. Linear: a start (a separator) reads up to the third separator after it, and
 * separators are neither RUN_LETTER nor in MARKS_AND_MORE, so each stretch is read from at most
 * three starts.
 */
const MAY_KEEP = new RegExp(
  `${SPACED_SEPARATOR}${RUN_LETTER}[${MARKS_AND_MORE}]*${SPACED_SEPARATOR}${RUN_LETTER}[${MARKS_AND_MORE}]*${SPACED_SEPARATOR}${RUN_LETTER}`,
  'g',
);

/**
 * Whether `s` has what a run of four single letters the scan of {@link letterSpaced} keeps has:
 * a MAY_KEEP match (its second, third and fourth letters) whose three separators are one and
 * the same (the letters' marks, of the BMP, between them), right after a letter (with any marks)
 * that starts a word: the character before that letter is no letter, mark or number of the BMP.
 * Not what Russian and Czech prose has, with two one-letter words in a row ("ый и в Москве":
 * letters spaced out, but the first ends a longer word). A test, not a search: the scan still
 * finds the runs. Its first search is MAY_KEEP's own test. Linear: the search goes on one
 * character after each start it rejects (MAY_KEEP reads each stretch from at most three starts),
 * and each start reads back over one letter and its marks.
 */
function maySpaceOut(s: string): boolean {
  for (let from = 0; ; ) {
    MAY_KEEP.lastIndex = from;
    const start = MAY_KEEP.exec(s);
    if (start === null) return false;
    const at = start.index;
    const sep = s.charCodeAt(at);
    // The second and the third letter are one code unit each (RUN_LETTER), then their marks.
    let i = at + 2;
    while (isMarkUnit(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) === sep) {
      i += 2;
      while (isMarkUnit(s.charCodeAt(i))) i++;
      if (s.charCodeAt(i) === sep) {
        let a = at - 1;
        while (a > 0 && isMarkUnit(s.charCodeAt(a))) a--;
        if (a >= 0 && isLetterUnit(s.charCodeAt(a)) && (a === 0 || !isWordCharUnit(s.charCodeAt(a - 1)))) return true;
      }
    }
    from = at + 1;
  }
}

/**
 * Whether one field, read off its tokens (`spans[tFrom, tTo)`, three numbers each, see
 * TextInput.tokenSpans) and the ones among them with a separator that is no white space
 * (`separated[kFrom, kTo)`, TextInput.separatedTokens), has what every start {@link maySpaceOut}
 * accepts has: three times the same separator, each two code units and some marks after the last
 * and each followed by a letter of {@link RUN_LETTER}, either inside one token (. - _ * ~ / + · •)
 * or as the white space (space, no-break space) before two tokens of one such letter and its marks
 * each, the first after a token that ends in a letter (and marks) starting a word, the third
 * followed by a token that starts with such a letter. Without it the pre-tests of
 * {@link letterSpaced} fail, and they need not read the field: Russian and Czech prose has one-letter
 * words, but seldom three in a row. Linear: each token is read once, each separated one from each
 * of its separators to the third after it, over marks only.
 */
export function mayBeSpacedOut(
  s: string,
  spans: readonly number[],
  tFrom: number,
  tTo: number,
  separated: readonly number[],
  kFrom: number,
  kTo: number,
  short: readonly number[],
  jFrom: number,
  jTo: number,
): boolean {
  for (let k = kFrom; k < kTo; k++) {
    const t = separated[k]!;
    const to = spans[t + 2]!;
    for (let p = spans[t + 1]!; p < to; p++) {
      const sep = s.charCodeAt(p);
      if (sep >= 0x80 ? sep !== 0xb7 && sep !== 0x2022 : ASCII_SPACING[sep] !== 1) continue;
      if (!isRunLetter(s.charCodeAt(p + 1))) continue;
      let i = p + 2;
      while (isMarkUnit(s.charCodeAt(i))) i++;
      if (s.charCodeAt(i) !== sep || !isRunLetter(s.charCodeAt(i + 1))) continue;
      i += 2;
      while (isMarkUnit(s.charCodeAt(i))) i++;
      if (s.charCodeAt(i) === sep && isRunLetter(s.charCodeAt(i + 1))) return true;
    }
  }
  // The second and third letter are tokens t and t + 3 (both short, TextInput.shortTokens),
  // after token t - 3 and before t + 6.
  for (let j = jFrom; j + 1 < jTo; j++) {
    const t = short[j]!;
    if (short[j + 1] !== t + 3 || t < tFrom + 3 || t + 6 >= tTo) continue;
    const start = spans[t + 1]!;
    const end = spans[t + 2]!;
    const before = spans[t - 1]!;
    if (start !== before + 1) continue;
    const sep = s.charCodeAt(before);
    if (sep !== 32 && sep !== 0xa0) continue;
    const next = spans[t + 4]!;
    const nextEnd = spans[t + 5]!;
    if (next !== end + 1 || s.charCodeAt(end) !== sep || nextEnd !== spans[t + 7]! - 1 || s.charCodeAt(nextEnd) !== sep) continue;
    if (!isRunLetter(s.charCodeAt(start)) || !isRunLetter(s.charCodeAt(next)) || !isRunLetter(s.charCodeAt(nextEnd + 1))) continue;
    if (!onlyMarks(s, start + 1, end) || !onlyMarks(s, next + 1, nextEnd)) continue;
    let a = before - 1;
    while (a > 0 && isMarkUnit(s.charCodeAt(a))) a--;
    if (isLetterUnit(s.charCodeAt(a)) && (a === 0 || !isWordCharUnit(s.charCodeAt(a - 1)))) return true;
  }
  return false;
}

/** A code unit of {@link RUN_LETTER} (checked on every code unit in test/rules/text/spaced-tokens.test.ts). */
export function isRunLetter(c: number): boolean {
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return c <= 0x9f || (c >= 0xa1 && c <= 0xb6) || (c >= 0xb8 && c <= 0x52f) || (c >= 0x1e00 && c <= 0x1fff);
}

/** Whether `s[from, to)` is all combining marks of the BMP (empty: true). */
function onlyMarks(s: string, from: number, to: number): boolean {
  let i = from;
  while (i < to && isMarkUnit(s.charCodeAt(i))) i++;
  return i === to;
}

/** {@link letterSpaced}'s pre-tests alone (for the tests that check {@link mayBeSpacedOut} against them). */
export function spacingPretests(s: string): boolean {
  return MAY_SPACE.test(s) && maySpaceOut(s);
}

/**
 * Letter-spaced words of one field of normalised text. `pretests`: false reads the whole field
 * without the quick tests before the scan (for the tests that check they change nothing).
 */
export function letterSpaced(s: string, field: string, cache: Map<string, boolean>, out: Match[], pretests = true): void {
  if (pretests && (!MAY_SPACE.test(s) || !maySpaceOut(s))) return;
  // The current run: its letters' offsets (start and end of each, in one array reused), its
  // start and separator; and where the last single letter ended.
  const at: number[] = [];
  let runStart = -1;
  let runSep = -1;
  let lastEnd = -1;
  const flush = (): void => {
    if (runStart === -1) return;
    if (at.length >= 8) {
      const letters: string[] = [];
      for (let k = 0; k < at.length; k += 2) letters.push(s.slice(at[k], at[k + 1]));
      if (spellsWord(letters, runSep)) {
        const word = letters.join('');
        if (isListWord(word, cache)) out.push({ field, value: word, index: runStart, reason: 'letter-spaced' });
      }
    }
    at.length = 0;
    runStart = -1;
  };
  const n = s.length;
  for (let i = 0; i < n; ) {
    const c = s.charCodeAt(i);
    // Fast skip: ASCII that is neither a letter nor a digit.
    if (c < 128 && !((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57))) {
      i++;
      continue;
    }
    const sc = c < 128 ? (c >= 65 ? LAT : NONE) : scriptAt(s, i);
    const digit = sc === NONE && (c < 128 || (charFlags(c) & NUMBER) !== 0);
    if (sc === NONE && !digit) {
      i += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
      continue;
    }
    // A word: letters, marks and digits.
    let j = i + (c >= 0xd800 && c <= 0xdbff ? 2 : 1);
    let marks = 0;
    while (j < n) {
      const d = s.charCodeAt(j);
      if (d < 128) {
        if (!((d >= 97 && d <= 122) || (d >= 65 && d <= 90) || (d >= 48 && d <= 57))) break;
      } else {
        const t = scriptAt(s, j);
        if (t === NONE && (charFlags(d) & NUMBER) === 0) break;
        if (t === MRK) marks++;
      }
      j += d >= 0xd800 && d <= 0xdbff ? 2 : 1;
    }
    const single = (sc === LAT || sc === CYR || sc === GRE) && j - i - marks === 1;
    if (single) {
      const sep = i - lastEnd === 1 ? s.charCodeAt(lastEnd) : -1;
      if (runStart !== -1 && sep !== -1 && isSpacing(sep) && (at.length === 2 || sep === runSep) && at.length < 2 * MAX_SPACED) {
        runSep = sep;
      } else {
        flush();
        runStart = i;
        runSep = -1;
      }
      at.push(i, j);
      lastEnd = j;
    } else {
      flush();
    }
    i = j;
  }
  flush();
}

export default defineRule({
  id: 'text.OBFUSCATION',
  significance: 'high',
  formula: { per: 1.5 },
  description:
    'Words disguised to slip past filters: look-alike letters of another script inside a word (зaрaботок, frее), invisible characters between letters (zero-width, soft hyphen, bidi controls, tags), and letter-spaced words (f r e e, V.I.A.G.R.A); each match is the word without its disguise.',
  skipReasons: [],
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches: Match[] = [];
    const mixed: Candidate[] = [];
    const cache = new Map<string, boolean>();
    const spans = text.tokenSpans;
    const tokens = text.mixedScriptTokens;
    const separated = text.separatedTokens;
    const short = text.shortTokens;
    let k = 0;
    let h = 0;
    let t = 0;
    let j = 0;
    for (let g = 0; g < text.segments.length; g++) {
      const kFrom = k;
      while (k < tokens.length && spans[tokens[k]!] === g) k++;
      const tFrom = t;
      while (t < spans.length && spans[t] === g) t += 3;
      const jFrom = j;
      while (j < separated.length && spans[separated[j]!] === g) j++;
      const hFrom = h;
      while (h < short.length && spans[short[h]!] === g) h++;
      const { field, text: s } = text.segments[g]!;
      const found: Match[] = [];
      // A field without an invisible character (TextInput.hidden: most) has no word hidden by one.
      const first = text.hidden[g] ?? 0;
      if (first !== -1) {
        // Normalisation removed and replaced nothing (the field's text is its NFKC form): the
        // INVISIBLE characters are the ones marksOf's pass listed, at the same offsets.
        const normal = text.rawNfkc[g] ?? '';
        invisible(text.raw[g] ?? '', normal, field, first, s === normal ? invisiblesOf(text)[g]! : null, found);
      }
      const before = mixed.length;
      if (k > kFrom) mixedScript(s, field, spans, tokens, kFrom, k, mixed);
      for (let m = before; m < mixed.length; m++) found.push(mixed[m]!.match);
      if (mayBeSpacedOut(s, spans, tFrom, t, separated, jFrom, j, short, hFrom, h)) letterSpaced(s, field, cache, found);
      found.sort((a, b) => a.index! - b.index!);
      matches.push(...found);
    }
    // A word of another script than the text's, with look-alikes of the text's script in it, is
    // a foreign word typed with the layout switched (a Cyrillic name in Finnish text with a
    // Latin o) or inflected (Windowsе, iPhoneа in Russian text), not a disguise.
    if (mixed.length === 0) return matchesOutcome(matches);
    const letters = scriptTotals(text.segments);
    let dominant = LAT;
    for (const sc of [CYR, GRE]) if (letters[sc]! > letters[dominant]!) dominant = sc;
    const dropped = new Set(mixed.filter((m) => m.foreign === dominant && m.host !== dominant).map((m) => m.match));
    // A look-alike at a word's edge is a slip of the layout switch in prose ("cтолько", "Алисa"),
    // and a disguise in a text that has a clear one elsewhere ("Пишитe", "oплата" beside "рaбота").
    if (!mixed.some((m) => !m.edge && !dropped.has(m.match))) for (const m of mixed) if (m.edge) dropped.add(m.match);
    return matchesOutcome(dropped.size === 0 ? matches : matches.filter((m) => !dropped.has(m)));
  },
});
