import { defineRule, matchesOutcome, type Match } from '../../core/rule.js';
import { charFlags, codePointAt, DIGIT, LETTER, LOWER as LOWER_FLAG, MARK, UPPER as UPPER_FLAG } from '../../text/chars.js';
import { MAY_BE_UPPER, marksOf, nextMark } from '../../text/marks.js';

/**
 * Common acronyms that are written in capitals in ordinary business messages. They are not
 * shouting, so they do not count. Kept short on purpose: see docs/rules.md.
 */
export const COMMON_ACRONYMS: ReadonlySet<string> = new Set([
  'API', 'APIS', 'ASAP', 'ATM', 'AWS', 'BMW', 'CEO', 'CFO', 'CMS', 'COO', 'CRM', 'CSS', 'CSV', 'CTO',
  'DHL', 'DNS', 'DPD', 'EUR', 'FAQ', 'GCP', 'GDPR', 'GPS', 'HTML', 'HTTP', 'HTTPS', 'IBAN', 'IBM', 'ISO',
  'JSON', 'LLC', 'LTD', 'NASA', 'NATO', 'NDA', 'PDF', 'PHP', 'PIN', 'PNG', 'RSVP', 'SAP', 'SDK', 'SEPA', 'SKU',
  'SLA', 'SMS', 'SQL', 'SSL', 'SSO', 'SUV', 'TLS', 'UPS', 'URL', 'USA', 'USB', 'USD', 'VAT', 'VIP', 'VPN',
  'XML', 'DPH', 'IČO', 'DIČ', 'MWST', 'UST', 'TVA', 'IVA', 'NIP', 'REGON', 'OOO', 'ООО', 'ОАО', 'ЗАО', 'ИНН',
  'ДДС', 'ЕИК', 'ΑΦΜ', 'ΦΠΑ', 'ΕΠΕ', 'SRL', 'SPA', 'GMBH', 'ASA', 'OYJ', 'KFT',
  'ZRT', 'SRO',
]);

// Letter runs; combining marks belong to the letter before them, so a word has 3+ letters when it
// is 3+ code units long after the marks are left out.
// Candidates: a capital and at least two more letters. A candidate preceded by a letter is the
// tail of a word ("aBCD"), not a word, and is skipped. Scanning for capitals only keeps ordinary
// lower-case text cheap.
// That is what /\p{Lu}[\p{L}\p{M}]{2,}/gu matches; found with a table lookup per character (see
// forEachCandidate), as a \p{…} expression is slow on non-ASCII text.
const LETTER_OR_MARK = LETTER | MARK;
// A well-formed Roman numeral (XIV, MMXXIV), not any run of the letters I V X L C D M: "DID",
// "MID", "MILD" and "DIM" are words, and shouting them counts.
const ROMAN = /^M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/;
const MAX_ROMAN = 7;
// Upper case, no lower-case or title-case letter (\p{Lu}, not [\p{Ll}\p{Lt}]: the UPPER and
// LOWER bits of charFlags). "ß" has no capital in common use, so "STRAßE" is written in
// capitals; toUpperCase() would turn it into "SS" and miss the word.

function isShouted(word: string): boolean {
  // Fast exits for the common case: short words and words starting with a lower-case ASCII letter.
  const first = word.charCodeAt(0);
  if (word.length < 3 || (first >= 97 && first <= 122)) return false;
  // A lower-case ASCII letter after the first ("Haus") fails the LOWER test below anyway.
  const second = word.charCodeAt(1);
  if (second >= 97 && second <= 122) return false;
  // What `word.replace(MARKS, '').length < 3`, `!UPPER.test(word)` and
  // `LOWER.test(word.replaceAll('ß', ''))` give, by one table look-up per code point instead
  // of a copy and three expressions (charFlags has the bits of those very expressions). A
  // candidate is letters and marks only, so it has no lone surrogate, and leaving out "ß"
  // cannot join two halves of a pair.
  let kept = 0; // code units that are not marks
  let upper = false;
  for (let i = 0; i < word.length; i++) {
    const cp = codePointAt(word, i);
    const units = cp > 0xffff ? 2 : 1;
    const f = charFlags(cp);
    if ((f & MARK) === 0) kept += units;
    if ((f & UPPER_FLAG) !== 0) upper = true;
    if ((f & LOWER_FLAG) !== 0 && cp !== 0xdf) return false; // a lower-case letter other than ß
    i += units - 1;
  }
  if (kept < 3 || !upper) return false;
  return !COMMON_ACRONYMS.has(word) && !(word.length <= MAX_ROMAN && ROMAN.test(word));
}

/**
 * Calls `fn` for each match of /\p{Lu}[\p{L}\p{M}]{2,}/gu in `s`, in order, as matchAll would
 * find them, without building match objects. `marks` are the field's (marksOf): the scan goes
 * from one that may be a capital to the next.
 */
function forEachCandidate(s: string, marks: readonly number[], fn: (start: number, end: number) => void): void {
  const n = s.length;
  const m = marks.length;
  let k = 0;
  for (let i = 0; i < n; ) {
    // Straight to the next code unit at or after i that may be a capital.
    k = nextMark(marks, k, MAY_BE_UPPER, i);
    if (k >= m) return;
    i = marks[k]! >>> 3;
    const c = s.charCodeAt(i);
    const start = i;
    if (c < 128) {
      i++;
      if (c < 65 || c > 90) continue;
    } else {
      const cp = codePointAt(s, i);
      i += cp > 0xffff ? 2 : 1;
      if ((charFlags(cp) & UPPER_FLAG) === 0) continue;
    }
    // A capital ends at i: count the letters and marks after it.
    let j = i;
    let count = 0;
    while (j < n) {
      const d = s.charCodeAt(j);
      if (d < 128) {
        if (!((d >= 97 && d <= 122) || (d >= 65 && d <= 90))) break;
        j++;
      } else {
        const cp = codePointAt(s, j);
        if ((charFlags(cp) & LETTER_OR_MARK) === 0) break;
        j += cp > 0xffff ? 2 : 1;
      }
      count++;
    }
    if (count >= 2) {
      fn(start, j);
      i = j;
    }
  }
}

// Vowels of the cased scripts, without diacritics (the word is NFD-decomposed and its marks
// skipped before the test): Latin (y too, as in "GYM"; æ ø œ), Cyrillic (with і ї є, and
// ы э ю я ё, which NFD leaves alone or turns into е/и + a mark), Greek.
const VOWELS = new Set('AEIOUYÆØŒАЕИОУЫЭЮЯІЇЄЁΑΕΗΙΟΥΩ');

/** True when the (shouted) word has no vowel of its script: `SZDSZ`, `HVG`, `МВР`, `CSMVSP`. */
function hasNoVowel(word: string): boolean {
  const d = word.normalize('NFD');
  for (let i = 0; i < d.length; i++) if (VOWELS.has(d[i]!)) return false;
  return true;
}

/** True when the code unit at `i` of `s` is a decimal digit of any script. */
function digitAt(s: string, i: number): boolean {
  if (i < 0 || i >= s.length) return false;
  const c = s.charCodeAt(i);
  if (c < 128) return c >= 48 && c <= 57;
  return (charFlags(codePointAt(s, i)) & DIGIT) !== 0;
}

/** True when the code unit at `i` of `s` is a lower-case letter. */
function lowerAt(s: string, i: number): boolean {
  if (i < 0 || i >= s.length) return false;
  const c = s.charCodeAt(i);
  if (c < 128) return c >= 97 && c <= 122;
  return (charFlags(codePointAt(s, i)) & LOWER_FLAG) !== 0;
}

/**
 * An acronym or a code, not shouting (departure from the contract, see docs/rules.md): a word
 * in capitals is a name or a code when
 * - it has no vowel (`SZDSZ`, `HVG`, `МВР`, `CSMVSP`, `TXT`): it cannot be read as a word;
 * - it is joined to a number (`COVID19`, `RX-780`, `93/23/ETY`, `ISO9001`): a code;
 * - it is inflected or compounded with a hyphen or colon (`PRL-owskiego`, `NSZK-ban`, `ETY:n`,
 *   `anti-NATO`, `CDU-Fraktion`): Polish, Hungarian, Finnish and others decline acronyms that
 *   way, German compounds them, and nobody declines a shouted word;
 * - it opens a bracket and stands alone or first in it (`(HVG)`, `(HVG, 1999)`): a source or an
 *   abbreviation being introduced;
 * - an underscore touches it (`ERR_SSL_PROTOCOL_ERROR`, `NODE_ENV`, `MAX_RETRIES`): a name in
 *   code, an error code or a setting, which support requests quote.
 */
function isAcronym(s: string, start: number, end: number, word: string): boolean {
  if (hasNoVowel(word)) return true;
  const before = start > 0 ? s.charCodeAt(start - 1) : 0;
  const after = end < s.length ? s.charCodeAt(end) : 0;
  // Joined to a number directly, or through "-" or "/".
  if (digitAt(s, start - 1) || digitAt(s, end)) return true;
  if ((before === 0x2d || before === 0x2f) && digitAt(s, start - 2)) return true;
  if ((after === 0x2d || after === 0x2f) && digitAt(s, end + 1)) return true;
  // Inflected (PRL-owskiego, ETY:n) or compounded (anti-NATO).
  if ((after === 0x2d || after === 0x3a) && lowerAt(s, end + 1)) return true;
  if (after === 0x2d && lowerAt(s, end + 2)) return true; // CDU-Fraktion, EU-Kommission
  if (before === 0x2d && lowerAt(s, start - 2)) return true;
  // ERR_SSL_PROTOCOL_ERROR, NODE_ENV: an identifier.
  if (before === 0x5f || after === 0x5f) return true;
  // (HVG) or (HVG, 1999.június 19.)
  if ((before === 0x28 || before === 0x5b) && (after === 0x29 || after === 0x5d || after === 0x2c || after === 0x3b)) return true;
  return false;
}

/** True when the code unit at `i` is a letter or mark, as /[\p{L}\p{M}]/u tests a single code unit. */
function letterOrMarkUnit(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  return (charFlags(c) & LETTER_OR_MARK) !== 0; // a lone surrogate has no properties
}

/**
 * A field typed with caps lock on ("HI DARLIN I HOPE YOU HAD A NICE NIGHT") has no emphasis: its
 * capitals say nothing about any one word. When a field has at least CAPS_LOCK_WORDS shouted
 * words and at least CAPS_LOCK_SHARE of its cased letters are capitals, its shouted words count
 * once, as one capitalized text. (Fewer words are too little text to tell caps lock from
 * shouting: "BUY NOW, it is CHEAP" counts 3.)
 */
export const CAPS_LOCK_SHARE = 0.6;
export const CAPS_LOCK_WORDS = 4;

/**
 * Whether the capitals are at least CAPS_LOCK_SHARE of the cased letters of `s` (none: no).
 * `marks` are the field's (marksOf): the capitals are at most the code units that may be one, so
 * the count stops as soon as the lower-case letters read already keep the share below the line
 * whatever follows (prose: after its first few hundred characters).
 */
function isCapsLock(s: string, marks: readonly number[]): boolean {
  let mayBeUpper = 0;
  for (let k = 0; k < marks.length; k++) if ((marks[k]! & MAY_BE_UPPER) !== 0) mayBeUpper++;
  // upper / (upper + lower) < CAPS_LOCK_SHARE (0.6) exactly when 2 upper < 3 lower, and upper
  // is at most mayBeUpper: once 3 lower > 2 mayBeUpper, the share is below the line.
  let upper = 0;
  let lower = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if (c >= 65 && c <= 90) upper++;
      else if (c >= 97 && c <= 122 && 3 * ++lower > 2 * mayBeUpper) return false;
      continue;
    }
    const cp = codePointAt(s, i);
    if (cp > 0xffff) i++;
    const f = charFlags(cp);
    if (f & UPPER_FLAG) upper++;
    else if (f & LOWER_FLAG && 3 * ++lower > 2 * mayBeUpper) return false;
  }
  return upper + lower === 0 ? false : upper / (upper + lower) >= CAPS_LOCK_SHARE;
}

/**
 * A run of at least CAPS_LOCK_WORDS shouted words with no lower-case letter between them
 * ("I LOVE YOU & I NEED YOU, CLEAN MY HEART") is caps lock switched on for a while, not emphasis
 * of each word: it counts once, like a field typed in capitals. Shorter runs keep one match per
 * word ("BUY NOW, it is CHEAP" counts 3). Rewrites `matches` from index `first` on, in place.
 */
function mergeCapsRuns(value: string, matches: Match[], first: number): void {
  const words = matches.splice(first);
  let i = 0;
  while (i < words.length) {
    let j = i + 1;
    while (j < words.length && !hasLower(value, words[j - 1]!.index! + words[j - 1]!.value.length, words[j]!.index!)) j++;
    if (j - i >= CAPS_LOCK_WORDS) {
      const from = words[i]!.index!;
      const last = words[j - 1]!;
      matches.push({ field: words[i]!.field, value: value.slice(from, last.index! + last.value.length), index: from, reason: 'caps-run' });
    } else {
      for (let k = i; k < j; k++) matches.push(words[k]!);
    }
    i = j;
  }
}

/** True when `s` has a lower-case (or title-case) letter between `from` and `to`. */
function hasLower(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if (c >= 97 && c <= 122) return true;
      continue;
    }
    const cp = codePointAt(s, i);
    if (cp > 0xffff) i++;
    if (charFlags(cp) & LOWER_FLAG) return true;
  }
  return false;
}

/**
 * True for a lower-case letter other than "ß" among ASCII (a–z), Latin-1 (à–ÿ but ÷), Greek
 * (ά–ώ) and basic Cyrillic (а–џ): code units that are \p{Ll} (checked against charFlags on
 * every code unit in test/rules/text/capitalization.test.ts).
 */
export function isPlainLower(c: number): boolean {
  if (c < 0x100) return (c >= 97 && c <= 122) || (c >= 0xe0 && c !== 0xf7);
  return (c >= 0x430 && c <= 0x45f) || (c >= 0x3ac && c <= 0x3ce);
}

export default defineRule({
  id: 'text.CAPITALIZATION',
  significance: 'low',
  formula: { per: 0.25 },
  description:
    'Words of three or more letters written entirely in capitals (shouting), except common acronyms; a field typed mostly in capitals (caps lock) counts once.',
  skipReasons: [],
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches: Match[] = [];
    const marks = marksOf(text);
    for (let g = 0; g < text.segments.length; g++) {
      const { field, text: value } = text.segments[g]!;
      const first = matches.length;
      forEachCandidate(value, marks[g]!, (start, end) => {
        if (start > 0 && letterOrMarkUnit(value, start - 1)) return;
        // A capital and a lower-case letter of ASCII, Latin-1, Greek or basic Cyrillic ("Haus",
        // "Привет") is not shouted (isShouted's test for a lower-case letter other than "ß"):
        // most candidates, passed over without a string.
        if (isPlainLower(value.charCodeAt(start + 1))) return;
        const word = value.slice(start, end);
        if (isShouted(word) && !isAcronym(value, start, end, word)) matches.push({ field, value: word, index: start });
      });
      // Caps lock: the field's shouted words are one match, from the first to the last.
      if (matches.length - first >= CAPS_LOCK_WORDS && isCapsLock(value, marks[g]!)) {
        const from = matches[first]!.index!;
        const last = matches[matches.length - 1]!;
        matches.length = first;
        matches.push({ field, value: value.slice(from, last.index! + last.value.length), index: from, reason: 'caps-lock' });
      } else if (matches.length - first >= CAPS_LOCK_WORDS) {
        mergeCapsRuns(value, matches, first);
      }
    }
    return matchesOutcome(onlyFirstOfEach(matches));
  },
});

/**
 * A word written in capitals again and again is a name (`ΗΠΑ`, `США`, `ENSZ`), and a shouted
 * word said twice adds no new emphasis: each shouted word counts once in the text, at its first
 * occurrence (departure from the contract, see docs/rules.md). Caps-lock and caps-run matches
 * are kept as they are.
 */
function onlyFirstOfEach(matches: Match[]): Match[] {
  if (matches.length < 2) return matches;
  const seen = new Set<string>();
  return matches.filter((m) => {
    if (m.reason !== undefined) return true;
    if (seen.has(m.value)) return false;
    seen.add(m.value);
    return true;
  });
}
