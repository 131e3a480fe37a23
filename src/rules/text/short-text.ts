import { defineRule, hit, miss, type Evidence } from '../../core/rule.js';
import { codePoints, collapsedLengthOf } from '../../text/length.js';
import { findUrls, uncitedLinks } from '../../text/urls.js';

export const SHORT_TEXT_THRESHOLD = 40;
/** Texts of this many code points or more are never short, whatever their URLs. */
export const URL_SCAN_LIMIT = 2000;

export default defineRule({
  id: 'text.SHORT_TEXT',
  significance: 'medium',
  formula: { fixed: 1 },
  description: `The text, all fields joined, runs of white space counted as one and URLs not counted (except links set off in brackets or quotes, and a list of two or more links with nothing else), is shorter than ${SHORT_TEXT_THRESHOLD} characters.`,
  skipReasons: [],
  score({ text }) {
    if (!text) return miss();
    let length = collapsedLengthOf(text);
    // A URL is an address, not something the sender wrote: "Check this out https://…" is short.
    // Only up to URL_SCAN_LIMIT: a longer text is not a short message with a link. Links the
    // writer cites are the text: "[https://…]" set off in brackets or quotes, and a
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
