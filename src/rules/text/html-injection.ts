import { defineRule, matchesOutcome, type Match } from '../../core/rule.js';
import { decodeEntities, isMarkupTag, START_TAG } from '../../text/html.js';
import { punctuationBits, punctuationOf } from '../../text/marks.js';

/** Elements that run code, load resources or restyle a page when injected. */
export const DANGEROUS_ELEMENTS: ReadonlySet<string> = new Set([
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'style', 'meta', 'link', 'base', 'form',
]);

// The opening of a tag up to its ">", or up to 4000 characters when it has none: a quoted "<"
// inside an attribute (<img alt="<" onerror=...>) and a tag the page closes later still run
// their handlers. Each match consumes what it scanned, so a scan is linear.
const TAG_OPENING = /<([a-zA-Z][a-zA-Z0-9]{0,15})(?=[\s/>])[^>]{0,4000}/g;
// An event-handler (or srcdoc) attribute inside a tag: <img src=x onerror=...>, <svg/onload=...>.
const HANDLER = /[\s/"'](on[a-z]{3,30}|srcdoc)\s{0,5}=/gi;
// A script URL: "javascript:" / "vbscript:" followed by code (at once, or after a space when the
// code starts with a call, "javascript: alert(1)"; not "JavaScript: the good parts"), or a data:
// URL with HTML or script.
const SCRIPT_URL =
  /(?<![\p{L}\p{N}])(?:(?:java|vb|live)script:(?=\S|\s{1,5}[\p{L}_$][\p{L}\p{N}_$.]{0,40}\()|data:(?:text\/html|application\/(?:x-)?javascript|image\/svg\+xml)[;,])/giu;
// Browsers ignore tabs and line breaks inside a URL scheme ("java\tscript:").
const URL_WHITESPACE = /[\t\n\r]/g;

/**
 * True when `s` may hold a SCRIPT_URL match once tabs and line breaks are removed: every match
 * ends in "script:" or "data:", so some ":" has those letters before it (any case: under the
 * expression's `iu` flags only "ſ" folds to one of them besides the capitals, to "s"), tabs and
 * line breaks skipped. Ordinary text with a colon ("https://", "Note: …", "that:") skips the copy
 * and the expression. Linear: the letters read back from a ":" stop at the ":" before it.
 */
function mayHaveScriptUrl(s: string): boolean {
  for (let p = s.indexOf(':'); p !== -1; p = s.indexOf(':', p + 1)) {
    if (endsWithWord(s, p, SCRIPT) || endsWithWord(s, p, DATA)) return true;
  }
  return false;
}

/** "script" and "data" backwards, in lower case. */
const SCRIPT = 'tpircs';
const DATA = 'atad';

/** True when the letters of `reversed` (lower case, backwards) come right before `end` in `s`, any case, with tabs and line breaks anywhere between. */
function endsWithWord(s: string, end: number, reversed: string): boolean {
  let q = end - 1;
  for (let k = 0; k < reversed.length; k++) {
    while (q >= 0 && (s.charCodeAt(q) === 9 || s.charCodeAt(q) === 10 || s.charCodeAt(q) === 13)) q--;
    if (q < 0) return false;
    const c = s.charCodeAt(q);
    const want = reversed.charCodeAt(k);
    if ((c | 32) !== want && !(want === 115 && c === 0x17f)) return false;
    q--;
  }
  return true;
}

/** What every match has one of: a tag's "<", a URL's ":", an escape's "&" or "%". */
const TRIGGERS = punctuationBits('<:&%');
const ESCAPES = punctuationBits('&%');

export default defineRule({
  id: 'text.HTML_INJECTION',
  significance: 'high',
  formula: { per: 5 },
  description:
    'Harmful markup: script, iframe, style, object, embed, meta, link, base and form tags, on* event-handler attributes, and javascript:/vbscript:/data:text/html URLs; also when HTML- or percent-encoded.',
  skipReasons: [],
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches: Match[] = [];
    // Which ASCII punctuation each field has (from the tokens' pass).
    const punctuation = punctuationOf(text);
    const segments = text.segments;
    for (let g = 0; g < segments.length; g++) {
      const { field, text: raw } = segments[g]!;
      const bits = punctuation[g]!;
      if ((bits & TRIGGERS) === 0) continue;
      // Without "&" or "%" there is nothing to decode.
      const value = (bits & ESCAPES) !== 0 ? decodeEntities(raw) : raw;
      const encoded = value !== raw;
      const at = (m: RegExpMatchArray): Match =>
        encoded ? { field, value: m[0].slice(0, 100) } : { field, value: m[0].slice(0, 100), index: m.index };
      if (value.includes('<')) {
        for (const m of value.matchAll(START_TAG)) {
          if (DANGEROUS_ELEMENTS.has(m[1]!.toLowerCase()) && isMarkupTag(m[0], m[1]!)) matches.push(at(m));
        }
        for (const m of value.matchAll(TAG_OPENING)) {
          for (const h of m[0].matchAll(HANDLER)) matches.push({ ...at(m), value: h[1]! + '=' });
        }
      }
      if (mayHaveScriptUrl(value)) {
        for (const m of value.replace(URL_WHITESPACE, '').matchAll(SCRIPT_URL)) matches.push({ field, value: m[0] });
      }
    }
    return matchesOutcome(matches);
  },
});
