import type { Match } from '../core/rule.js';
import type { TextInput } from './input.js';
import { charFlags, LETTER, NUMBER } from './chars.js';
import { URL_TLDS, WORD_TLDS } from './tlds.js';
import { punctuationBits, punctuationOf } from './marks.js';

/*
 * URLs in a text: the ones text.URL counts ({@link findUrls}), and which of them the writer
 * cites rather than posts ({@link uncitedLinks}); read by URL, SHORT_TEXT, UNKNOWN_LANGUAGE and
 * the comment link of SPAM_WORDS.
 */

// A URL with a scheme, or starting with "www.", anywhere in a token (also inside href="…").
// The character class stops at quotes and brackets; bounded, so a scan is linear. A URL longer
// than the bound is followed to its end in code (see explicitUrls), so it stays one URL.
const EXPLICIT = /\b(?:(?:https?|ftps?):\/\/|www\.)[^\s<>"'`\])}]{1,2000}/gi;
const URL_STOP = new Set('<>"\'`])}');
// Pieces of a token that may hold a bare domain: quotes (also typographic ones and guillemets),
// angle and other brackets split it, so `href="example.com">`, `(example.com)` and „example.com“
// give `example.com`. An apostrophe between letters is part of a word ("thangam.it's" is not a
// domain).
export const PIECE = /(?:[^"'`<>[\](){}‘’“”„«»‹›]|(?<=\p{L})['’](?=\p{L}))+/gu;
const LEADING = /^[*_]+/;
const TRAILING = new Set(')>]"\'}.,;:!?*_');
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
/** Product names written like domains: "we build on ASP.NET". */
const NOT_DOMAINS: ReadonlySet<string> = new Set(['asp.net', 'vb.net', 'ado.net']);
const WHITE = /\s/u;

/** Drops trailing punctuation with a loop (a `[…]+$` regex would be quadratic on long runs). */
function trimTrailing(s: string): string {
  let end = s.length;
  while (end > 0 && TRAILING.has(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/** True when `token` may hold an EXPLICIT match: it has "://" or "www." (any case). */
function mayBeExplicit(token: string): boolean {
  if (token.includes('://')) return true;
  for (let p = token.indexOf('.', 3); p !== -1; p = token.indexOf('.', p + 1)) {
    if (((token.charCodeAt(p - 1) | 32) === 119) && ((token.charCodeAt(p - 2) | 32) === 119) && ((token.charCodeAt(p - 3) | 32) === 119)) return true;
  }
  return false;
}

/**
 * True when some piece of `token` may be a bare domain: a bare domain has a "." and does not
 * end with trailing punctuation, so a non-trailing character must follow the first ".".
 */
function mayHaveDomain(token: string): boolean {
  const dot = token.indexOf('.');
  if (dot === -1) return false;
  let end = token.length - 1;
  while (end > dot && TRAILING.has(token[end]!)) end--;
  return end > dot;
}

/**
 * False only when the token `s[from, to)`, whose first "." or ":" is at `mark`, holds no URL for
 * {@link computeUrls}: it has no "://", no "www." (any case; what {@link mayBeExplicit} looks
 * for) and no "." followed by a top-level domain. A bare domain's TLD (see isBareDomain) is a
 * label of letters, digits and "-" right after a "." of the token, which nothing of that class
 * follows (the host, a piece and the trimmed trailing punctuation end there), and in lower case
 * one of URL_TLDS: so the run of that class after some "." is one, lower-cased. Each code unit
 * is read once.
 */
function mayBeUrlFrom(s: string, from: number, mark: number, to: number): boolean {
  for (let i = mark; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) {
      if (i - from >= 3 && (s.charCodeAt(i - 1) | 32) === 119 && (s.charCodeAt(i - 2) | 32) === 119 && (s.charCodeAt(i - 3) | 32) === 119) return true;
      let e = i + 1;
      while (e < to && isLabelUnit(s.charCodeAt(e))) e++;
      if (e > i + 1 && URL_TLDS.has(s.slice(i + 1, e).toLowerCase())) return true;
      // The run holds no "." or ":": read on after it.
      i = e - 1;
    } else if (c === 58 && i + 2 < to && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 47) return true;
  }
  return false;
}

/** True for a code unit of LABEL's class `[\p{L}\p{N}-]` of the BMP (a surrogate is none: no TLD has one). */
function isLabelUnit(c: number): boolean {
  if (c < 128) return ((c | 32) >= 97 && (c | 32) <= 122) || (c >= 48 && c <= 57) || c === 45;
  return (c < 0xd800 || c > 0xdfff) && (charFlags(c) & (LETTER | NUMBER)) !== 0;
}

/** URLs with a scheme or `www.` in a token, each followed to the end of its run of URL characters. */
function explicitUrls(token: string): { value: string; index: number }[] {
  const out: { value: string; index: number }[] = [];
  EXPLICIT.lastIndex = 0;
  for (let m = EXPLICIT.exec(token); m !== null; m = EXPLICIT.exec(token)) {
    let end = m.index + m[0].length;
    while (end < token.length && !URL_STOP.has(token[end]!) && !WHITE.test(token[end]!)) end++;
    EXPLICIT.lastIndex = end;
    out.push({ value: trimTrailing(token.slice(m.index, end)), index: m.index });
  }
  return out;
}

/** True when `token` (already trimmed of surrounding punctuation) is a bare domain, with an optional port and path. */
export function isBareDomain(token: string): boolean {
  if (token.includes('@') || token.length > 2000) return false;
  const end = token.search(/[/?#:]/);
  const host = end === -1 ? token : token.slice(0, end);
  if (end !== -1 && token[end] === ':' && !/^:\d{1,5}(?:[/?#]|$)/.test(token.slice(end))) return false;
  // The TLD (after the last "."; a host needs two labels) is asked about first: most dotted
  // words have none, and are not split into labels.
  const dot = host.lastIndexOf('.');
  if (dot === -1) return false;
  const tld = host.slice(dot + 1);
  // "called.No" is a missing space, not Norway: the TLD must be all lower or all upper case.
  if (tld !== tld.toLowerCase() && tld !== tld.toUpperCase()) return false;
  const key = tld.toLowerCase();
  if (!URL_TLDS.has(key)) return false;
  const labels = host.split('.');
  if (labels.length > 10) return false;
  // "days.so you can": a TLD that is a word needs a path or port, or a sub-domain (blog.firma.de;
  // not "e.g.so", where the labels are single letters).
  if (WORD_TLDS.has(key) && end === -1 && (labels.length < 3 || labels.some((l) => l.length < 2))) return false;
  if (end === -1 && NOT_DOMAINS.has(host.toLowerCase())) return false;
  return labels.every((l) => LABEL.test(l));
}

const DOT = punctuationBits('.');
const COLON = punctuationBits(':');

const URLS_KEY = {};

/** The URLs of every field, in order, as text.URL counts them; computed once per text (memo). */
export function findUrls(text: TextInput): readonly Match[] {
  return text.memo(URLS_KEY, computeUrls);
}

/** {@link findUrls} without the memo (exported for tests). */
export function computeUrls(text: TextInput): Match[] {
  const matches: Match[] = [];
  const spans = text.tokenSpans;
  const count = spans.length;
  const punctuation = punctuationOf(text);
  // Per segment, from one "." or ":" to the next (found by indexOf): the token that holds it is
  // the first one of the segment not ending before it (every "." and ":" is in a token, a token
  // being a run of anything but white space). Tokens without either ("word", most of them) are
  // passed over by one comparison, and a token is read only from its first "." or ":".
  let t = 0;
  while (t < count) {
    const g = spans[t]!;
    const segment = text.segments[g]!;
    const s = segment.text;
    // A field without "." or ":" (from the tokens' pass) is not searched for it.
    const bits = punctuation[g]!;
    let dot = (bits & DOT) !== 0 ? s.indexOf('.', spans[t + 1]!) : -1;
    let colon = (bits & COLON) !== 0 ? s.indexOf(':', spans[t + 1]!) : -1;
    for (;;) {
      const mark = dot === -1 ? colon : colon === -1 || dot < colon ? dot : colon;
      if (mark === -1) {
        while (t < count && spans[t] === g) t += 3;
        break;
      }
      while (t < count && spans[t] === g && spans[t + 2]! <= mark) t += 3;
      if (t >= count || spans[t] !== g) break;
      const from = spans[t + 1]!;
      if (mark < from) {
        // Not inside a token (cannot be): searched again from this token's start.
        if (dot !== -1 && dot < from) dot = s.indexOf('.', from);
        if (colon !== -1 && colon < from) colon = s.indexOf(':', from);
        continue;
      }
      const to = spans[t + 2]!;
      // Every URL form has a "://", a "www." or a "." with something other than trailing
      // punctuation after it (a bare domain: see mayHaveDomain). One pass over the token from
      // its first "." or ":".
      if (mayBeUrlFrom(s, from, mark, to)) urlsOfToken(matches, segment.field, s.slice(from, to), from);
      t += 3;
      if (t >= count || spans[t] !== g) break;
      const next = spans[t + 1]!;
      if (dot !== -1 && dot < next) dot = s.indexOf('.', next);
      if (colon !== -1 && colon < next) colon = s.indexOf(':', next);
    }
  }
  return matches;
}

/**
 * Adds the URLs of the token `value` (at `index` of `field`), read whole: what computeUrls does
 * with each token its pre-tests let through (exported for tests, which read every token).
 */
export function urlsOfToken(matches: Match[], field: string, value: string, index: number): void {
  const token = { field, value, index };
  const explicit = mayBeExplicit(token.value) ? explicitUrls(token.value) : [];
  if (explicit.length > 0) {
    for (const u of explicit) matches.push({ field: token.field, value: u.value, index: token.index + u.index });
    return;
  }
  if (!mayHaveDomain(token.value)) return;
  // A token without a character that splits pieces is one piece (PIECE matches it whole).
  if (!hasPieceBreak(token.value)) {
    bareDomainIn(matches, token, token.value, 0);
    return;
  }
  for (const piece of token.value.matchAll(PIECE)) bareDomainIn(matches, token, piece[0], piece.index);
}

/** Adds the bare domain of `piece` (at `at` in the token), if it is one. */
function bareDomainIn(matches: Match[], token: { field: string; index: number }, piece: string, at: number): void {
  if (!piece.includes('.')) return;
  const lead = LEADING.exec(piece)?.[0].length ?? 0;
  const bare = trimTrailing(piece.slice(lead));
  if (isBareDomain(bare)) matches.push({ field: token.field, value: bare, index: token.index + at + lead });
}

/** The characters PIECE stops at (quotes, brackets, guillemets), as a set of code units. */
const PIECE_BREAKS: ReadonlySet<number> = new Set(Array.from('"\'`<>[](){}‘’“”„«»‹›', (c) => c.charCodeAt(0)));

/** True when `token` has a character PIECE may stop at (an apostrophe between letters it does not). */
export function hasPieceBreak(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c < 128 ? PIECE_BREAK_ASCII[c] === 1 : c === 0xab || c === 0xbb || (c >= 0x2018 && PIECE_BREAKS.has(c))) return true;
  }
  return false;
}
const PIECE_BREAK_ASCII = new Uint8Array(128);
for (const c of PIECE_BREAKS) if (c < 128) PIECE_BREAK_ASCII[c] = 1;

/** Brackets and quotes that set a link off as a whole, by their opening character. */
const CLOSING: ReadonlyMap<string, string> = new Map([
  ['(', ')'],
  ['[', ']'],
  ['<', '>'],
  ['"', '"'],
  ["'", "'"],
  ['\u201C', '\u201D'],
  ['\u201E', '\u201C'],
  ['\u2018', '\u2019'],
  ['\u00AB', '\u00BB'],
  ['\u2039', '\u203A'],
]);
const ALNUM = /[\p{L}\p{N}]/u;
const WORD_CHAR = /[\p{L}\p{N}=]/u;

/**
 * True when `url` is set off as a whole by a pair of brackets or quotes that opens at the start
 * of a word: `[https://…]`, `(https://…)`, `<https://…>`, `'https://…'`, as writers cite a source
 * or name a file. Not `href="https://…"` nor `x(https://…)`: there the bracket follows a letter,
 * a digit or `=`.
 */
function isSetOff(text: string, url: Match): boolean {
  const at = url.index ?? 0;
  const open = text[at - 1];
  const close = open === undefined ? undefined : CLOSING.get(open);
  // text.URL stops a link at ASCII brackets and quotes; a typographic closing quote ends up as
  // the link's last character.
  if (close === undefined || (text[at + url.value.length] !== close && !url.value.endsWith(close))) return false;
  const before = text[at - 2];
  return before === undefined || !WORD_CHAR.test(before);
}

/**
 * True when the text has nothing but its links: no letter or digit outside them (white space
 * and punctuation between links are no words).
 */
export function onlyLinks(text: TextInput, urls: readonly Match[]): boolean {
  for (const segment of text.segments) {
    let from = 0;
    for (const url of urls) {
      if (url.field !== segment.field) continue;
      const at = url.index ?? 0;
      if (ALNUM.test(segment.text.slice(from, at))) return false;
      from = at + url.value.length;
    }
    if (ALNUM.test(segment.text.slice(from))) return false;
  }
  return true;
}

/**
 * The links that are not the sender's own text: all of them, except links the writer cites,
 * set off by brackets or quotes (a cited source, a file) and, in a text of nothing but links,
 * a list of two or more different ones (one link posted alone, or one link repeated, is left
 * out). SHORT_TEXT leaves these out of the length; SPAM_WORDS' comment link and UNKNOWN_LANGUAGE
 * read them too.
 */
export function uncitedLinks(text: TextInput, urls: readonly Match[]): Match[] {
  if (urls.length === 0) return [];
  if (urls.length >= 2 && new Set(urls.map((u) => u.value)).size >= 2 && onlyLinks(text, urls)) return [];
  const fields = new Map(text.segments.map((s) => [s.field, s.text]));
  return urls.filter((u) => !isSetOff(fields.get(u.field ?? '') ?? '', u));
}
