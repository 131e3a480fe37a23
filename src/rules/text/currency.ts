import { defineRule, matchesOutcome, type Match } from '../../core/rule.js';
import type { TextInput } from '../../text/input.js';
import { charFlags, codePointAt, DIGIT, LETTER } from '../../text/chars.js';
import { CURRENCY_SIGNS, MAY_START_PRICE, marksOf, nextMark } from '../../text/marks.js';

// Currency symbols (NFKC has already folded full-width forms).
const SYM = `[${CURRENCY_SIGNS}]`;
// ISO 4217 codes and crypto tickers that show up in prices; upper case only, so "eur" in prose is not one.
const CODE = '(?:USD|EUR|GBP|JPY|CHF|CNY|RUB|UAH|PLN|CZK|HUF|SEK|NOK|DKK|BGN|RON|INR|AUD|CAD|TRY|BRL|MXN|BTC|ETH|USDT|XRP)';
// Currency words used after an amount in the 19 languages (lower or title case). "Ft" only in
// capitals: "10 ft" is ten feet. Lower-case "eur" only after an amount, as Slovak and Czech write it.
const WORD =
  '(?:[Dd]ollars?|[Ee]uros?|eur|eurá|[Bb]ucks|[Pp]ounds? sterling|zł|złotych|złote|złoty|[Kk]č|[Kk]orun[ay]?|Ft|[Ff]orint|lei|leva|лв|лева|евро|' +
  'долл(?:ар(?:ов|а)?)?|руб(?:л(?:ей|я|ь))?|грн|ευρώ|δολάρια|kr|kronor|kroner|kruununa|euroa|dolarů|dolárov|dolarów|dólares|dollari|reais|pesos)';
// An amount: at most 15 digits, then up to five groups of three, then up to two decimals or a ",-".
const AMOUNT = String.raw`\p{Nd}{1,15}(?:[.,' \u00A0\u202F\u2019]\p{Nd}{3}){0,5}(?:[.,]\p{Nd}{1,2}|,-{1,2})?(?:\s?(?:[kKM]|mln|mil|million|billion)(?![\p{L}]))?`;

// Every quantifier is bounded, so each attempt is constant work and a scan is linear.
/** The prices and currency signs CURRENCY counts, as `matchAll` over a field would find them (exported for tests). */
export const PRICE = new RegExp(
  [
    `${SYM}{1,10}\\s?${AMOUNT}`, // $100, € 50, $$$$1,000
    `(?<![\\p{L}\\p{Nd}.,])${AMOUNT}\\s?(?:${SYM}|${CODE}(?![\\p{L}])|${WORD}(?![\\p{L}]))`, // 100€, 100 USD, 50 евро
    `(?<![\\p{L}])${CODE}\\s?${AMOUNT}`, // USD 100
    `${SYM}{1,10}`, // a bare currency sign or "$$$" (longer runs are joined below)
  ].join('|'),
  'gu',
);
// The same expression, tried only where a match can start (see candidateAt).
const PRICE_AT = new RegExp(PRICE.source, 'uy');
/** 1 for the code unit of each currency sign of SYM (all in the BMP): a table, as every non-ASCII character is looked up. */
const SIGN_CODES = new Uint8Array(0x10000);
for (const c of SYM.slice(1, -1)) SIGN_CODES[c.charCodeAt(0)] = 1;

/** The property bits of the code point that ends just before `i` (what a lookbehind reads); 0 at the start. */
function flagsBefore(s: string, i: number): number {
  if (i === 0) return 0;
  const c = s.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) {
    const h = s.charCodeAt(i - 2);
    if (h >= 0xd800 && h <= 0xdbff) return charFlags((h - 0xd800) * 0x400 + (c - 0xdc00) + 0x10000);
  }
  return charFlags(c);
}

/**
 * True when a PRICE match can start at `i`: every alternative starts with a currency sign, a
 * decimal digit or a code of three or more capital ASCII letters, and the ones that start with a
 * digit or a code have a lookbehind, tested here first: a digit after a letter, a digit, "." or
 * "," starts no match (so an ordinary number, "2003", is tried once, at its first digit), nor
 * does a code after a letter ("NATO", "EUROPE" inside a word).
 */
function candidateAt(s: string, i: number, c: number): boolean {
  if (c < 128) {
    if (c >= 48 && c <= 57) return digitMayStart(s, i) && mayBeFollowedByUnit(s, i);
    if (c >= 65 && c <= 90) {
      const d = s.charCodeAt(i + 1);
      const e = s.charCodeAt(i + 2);
      return d >= 65 && d <= 90 && e >= 65 && e <= 90 && (flagsBefore(s, i) & LETTER) === 0 && CODE_HEADS.has(s.slice(i, i + 3));
    }
    return c === 36; // $
  }
  if (SIGN_CODES[c] === 1) return true;
  return (charFlags(codePointAt(s, i)) & DIGIT) !== 0 && digitMayStart(s, i) && mayBeFollowedByUnit(s, i);
}

/**
 * The first three letters of each code of CODE: a match that starts with a capital letter is
 * the alternative `CODE\s?AMOUNT` (the others start with a sign or a digit), so its first three
 * letters are one of these.
 */
const CODE_HEADS: ReadonlySet<string> = new Set(CODE.slice(3, -1).split('|').map((code) => code.slice(0, 3)));

/** {@link amountUnit} of each ASCII code unit. */
const ASCII_UNIT = new Uint8Array(128);
for (const ch of "0123456789.,'-\t\n\v\f\r ") ASCII_UNIT[ch.charCodeAt(0)] = 1;
for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZbdefklmprz$') ASCII_UNIT[ch.charCodeAt(0)] = 2;

/**
 * 1 for a code unit a match that starts with a digit may have before its first letter or sign:
 * what AMOUNT and `\s?` read (\p{Nd}, `.,'-`, U+2019 and the white space of `\s`); 2 for one
 * that may be that first letter or sign: a currency sign, the first letter of a code of CODE or
 * of a word of WORD, or of a suffix of AMOUNT (k K M mln mil million billion), and a surrogate
 * (an astral digit or letter: the expression decides); 0 for any other.
 */
function amountUnit(c: number): number {
  if (c < 128) return ASCII_UNIT[c]!;
  if (c === 0xa0 || c === 0x2019 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff) return 1;
  // л д е р г (лв, долл, евро, руб, грн), δ ε (δολάρια, ευρώ)
  if (SIGN_CODES[c] === 1 || c === 0x43b || c === 0x434 || c === 0x435 || c === 0x440 || c === 0x433 || c === 0x3b4 || c === 0x3b5) return 2;
  if (c >= 0xd800 && c <= 0xdfff) return 2;
  return (charFlags(c) & DIGIT) !== 0 ? 1 : 0;
}
/** The code units AMOUNT and `\s?` may read before a match's first letter or sign, at most: 15 + 5 × 4 + 3 digits and separators, a space. */
const AMOUNT_REACH = 48;

/**
 * The last call of {@link mayBeFollowedByUnit}: its text and digit, and where its reading
 * stopped (every unit between the digit and there is an amount's).
 */
let lastText = '';
let lastDigit = -1;
let lastStop = -1;

/**
 * False only when no PRICE match can start with the digit at `i`: such a match is the
 * alternative `AMOUNT\s?(?:SYM|CODE|WORD)`, whose code units up to its first letter or sign are
 * digits, separators and white space ({@link amountUnit} 1), so that letter or sign is the
 * first other unit after `i`, and one of those a unit or a suffix may start with (2). Most
 * numbers of prose ("in 2003 the", "08375750818 पर") are followed by none, and are not tried.
 * Reads at most AMOUNT_REACH units from `i`, and none twice for the digits of one run taken in
 * order (the units the last call read for an earlier digit of the same text are known): linear.
 */
function mayBeFollowedByUnit(s: string, i: number): boolean {
  const end = Math.min(s.length, i + AMOUNT_REACH);
  let j = i + 1;
  if (s === lastText && i >= lastDigit && lastStop > j) j = lastStop;
  for (; j < end; j++) if (amountUnit(s.charCodeAt(j)) !== 1) break;
  lastText = s;
  lastDigit = i;
  lastStop = j;
  if (j < end) {
    const c = s.charCodeAt(j);
    return amountUnit(c) === 2 && (c < 0x3b4 || c > 0x440 || wordGoesOn(c, s.charCodeAt(j + 1)));
  }
  return end < s.length;
}

/**
 * Whether the Greek or Cyrillic letter `c` of {@link amountUnit} 2 and the code unit `d` after it
 * may start a word of WORD: лв, лева, евро, долл, руб, грн, ευρώ, δολάρια (case-sensitive, as the
 * expression). Numbers in Russian prose are followed by "лет", "раз", "года", "дней", "евро".
 */
function wordGoesOn(c: number, d: number): boolean {
  switch (c) {
    case 0x43b: // л
      return d === 0x432 || d === 0x435; // в, е
    case 0x435: // е
      return d === 0x432; // в
    case 0x434: // д
      return d === 0x43e; // о
    case 0x440: // р
      return d === 0x443; // у
    case 0x433: // г
      return d === 0x440; // р
    case 0x3b4: // δ
      return d === 0x3bf; // ο
    case 0x3b5: // ε
      return d === 0x3c5; // υ
    default:
      return true;
  }
}

/** `(?<![\p{L}\p{Nd}.,])` at `i`. */
function digitMayStart(s: string, i: number): boolean {
  if (i === 0) return true;
  const b = s.charCodeAt(i - 1);
  if (b < 128) return !((b >= 48 && b <= 57) || ((b | 32) >= 97 && (b | 32) <= 122) || b === 46 || b === 44);
  return (flagsBefore(s, i) & (LETTER | DIGIT)) === 0;
}

/**
 * The matches of PRICE in every segment, as matchAll would give them. The scan goes from one
 * code unit that {@link candidateAt} may accept (marksOf: a decimal digit of the BMP, any script:
 * charFlags's DIGIT bit is the expression's \p{Nd}; a capital ASCII letter; a currency sign; a
 * high surrogate, an astral digit being left to candidateAt) to the next: prose has few. The
 * low half of a pair is never one, so passing units by the marks stops where stepping by code
 * point would.
 */
export function prices(text: TextInput): Match[] {
  const out: Match[] = [];
  const marks = marksOf(text);
  for (let g = 0; g < text.segments.length; g++) {
    const { field, text: value } = text.segments[g]!;
    const fieldMarks = marks[g]!;
    const m = fieldMarks.length;
    let k = 0;
    const n = value.length;
    for (let i = 0; i < n; ) {
      // The next code unit at or after i that may start a match.
      k = nextMark(fieldMarks, k, MAY_START_PRICE, i);
      if (k >= m) break;
      i = fieldMarks[k]! >>> 3;
      const c = value.charCodeAt(i);
      if (candidateAt(value, i, c)) {
        PRICE_AT.lastIndex = i;
        const match = PRICE_AT.exec(value);
        if (match !== null && match[0].length > 0) {
          out.push({ field, value: match[0], index: i });
          i += match[0].length;
          continue;
        }
      }
      // Step a whole code point, as a /u scan does.
      i += c >= 0xd800 && c <= 0xdbff && i + 1 < n && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    }
  }
  return out;
}

const SIGNS_ONLY = new RegExp(`^${SYM}+$`, 'u');

/** Joins adjacent runs of bare currency signs, so "$$$…" of any length is one token. */
function joinSignRuns(matches: readonly Match[]): Match[] {
  const out: Match[] = [];
  let prevSigns = false;
  let prevEnd = -1;
  for (const m of matches) {
    const signs = m.value.length <= 10 && SIGNS_ONLY.test(m.value);
    const prev = out[out.length - 1];
    if (signs && prevSigns && prev !== undefined && prev.field === m.field && prevEnd === m.index) {
      out[out.length - 1] = { ...prev, value: prev.value + m.value };
    } else {
      out.push(m);
    }
    prevSigns = signs;
    prevEnd = m.index! + m.value.length;
  }
  return out;
}

export default defineRule({
  id: 'text.CURRENCY',
  significance: 'low',
  formula: { per: 0.25 },
  description: 'Prices and currency amounts ($100, 50 €, USD 1,000, 20 евро) and bare currency signs.',
  skipReasons: [],
  score({ text }) {
    return matchesOutcome(text ? joinSignRuns(prices(text)).map((m) => ({ ...m, value: m.value.trim() })) : []);
  },
});
