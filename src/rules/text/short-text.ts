import { defineRule, hit, miss, type Evidence, type Match } from '../../core/rule.js';
import { isSpace, type TextInput } from '../../text/input.js';
import { findUrls } from './url.js';

export const SHORT_TEXT_THRESHOLD = 40;
/** Texts of this many code points or more are never short, whatever their URLs. */
export const URL_SCAN_LIMIT = 2000;

/**
 * Code points of `s` with every run of white space counted as one and the ends trimmed: the
 * length of `s.replace(/\s+/g, ' ').trim()`, in one pass without building that string.
 */
export function collapsedLength(s: string): number {
  let n = 0;
  let pendingSpace = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isSpace(c)) {
      pendingSpace = n > 0;
      continue;
    }
    if (pendingSpace) {
      n++;
      pendingSpace = false;
    }
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/**
 * {@link collapsedLength} of the joined text, read off the text's tokens (which URL and
 * RANDOM_CHARS need anyway): no pass of its own. SHORT_TEXT and UNKNOWN_LANGUAGE both read it.
 */
export function collapsedLengthOf(text: TextInput): number {
  return text.collapsedLength;
}

function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

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

export default defineRule({
  id: 'text.SHORT_TEXT',
  significance: 'medium',
  formula: { fixed: 1 },
  description: `The text, all fields joined, runs of white space counted as one and URLs not counted (except links set off in brackets or quotes, and a list of two or more links with nothing else), is shorter than ${SHORT_TEXT_THRESHOLD} characters.`,
  score({ text }) {
    if (!text) return miss();
    let length = collapsedLengthOf(text);
    // A URL is an address, not something the sender wrote: "Check this out https://…" is short.
    // Only up to URL_SCAN_LIMIT: a longer text is not a short message with a link. Links the
    // writer cites are the text (issue 16): "[https://…]" set off in brackets or quotes, and a
    // list of two or more links with nothing else.
    let urlLength = 0;
    if (length >= SHORT_TEXT_THRESHOLD && length < URL_SCAN_LIMIT) {
      for (const url of uncitedLinks(text, findUrls(text))) urlLength += codePoints(url.value);
      length -= urlLength;
    }
    const evidence: Evidence = urlLength > 0 ? { length, threshold: SHORT_TEXT_THRESHOLD, urlLength } : { length, threshold: SHORT_TEXT_THRESHOLD };
    return length < SHORT_TEXT_THRESHOLD ? hit([], evidence) : miss(evidence);
  },
});
