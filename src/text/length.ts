import { isSpace, type TextInput } from './input.js';

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

/** Code points of `s` (a surrogate pair counts once). */
export function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}
