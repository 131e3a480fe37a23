import { defineRule, hit, miss, type Evidence } from '../../rule.js';
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

export default defineRule({
  id: 'text.SHORT_TEXT',
  significance: 'medium',
  formula: { fixed: 1 },
  description: `The text, all fields joined, runs of white space counted as one and URLs not counted, is shorter than ${SHORT_TEXT_THRESHOLD} characters.`,
  score({ text }) {
    if (!text) return miss();
    let length = collapsedLengthOf(text);
    // A URL is an address, not something the sender wrote: "Check this out https://…" is short.
    // Only up to URL_SCAN_LIMIT: a longer text is not a short message with a link.
    let urlLength = 0;
    if (length >= SHORT_TEXT_THRESHOLD && length < URL_SCAN_LIMIT) {
      for (const url of findUrls(text)) urlLength += codePoints(url.value);
      length -= urlLength;
    }
    const evidence: Evidence = urlLength > 0 ? { length, threshold: SHORT_TEXT_THRESHOLD, urlLength } : { length, threshold: SHORT_TEXT_THRESHOLD };
    return length < SHORT_TEXT_THRESHOLD ? hit([], evidence) : miss(evidence);
  },
});
