import { defineRule, matchesOutcome, type Match } from '../../rule.js';
import { URL_TLDS } from '../../text/tlds.js';

// A URL with a scheme, or starting with "www.", anywhere in a token (also inside href="…").
// The character class stops at quotes and brackets; bounded, so a scan is linear.
const EXPLICIT = /\b(?:(?:https?|ftps?):\/\/|www\.)[^\s<>"'`\])}]{1,2000}/gi;
const LEADING = /^[(<["'{*_]+/;
const TRAILING = new Set(')>]"\'}.,;:!?*_');
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

/** Drops trailing punctuation with a loop (a `[…]+$` regex would be quadratic on long runs). */
function trimTrailing(s: string): string {
  let end = s.length;
  while (end > 0 && TRAILING.has(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/** True when `token` (already trimmed of surrounding punctuation) is a bare domain, with an optional port and path. */
export function isBareDomain(token: string): boolean {
  if (token.includes('@') || token.length > 2000) return false;
  const end = token.search(/[/?#:]/);
  const host = end === -1 ? token : token.slice(0, end);
  if (end !== -1 && token[end] === ':' && !/^:\d{1,5}(?:[/?#]|$)/.test(token.slice(end))) return false;
  const labels = host.split('.');
  if (labels.length < 2 || labels.length > 10) return false;
  const tld = labels[labels.length - 1]!;
  // "called.No" is a missing space, not Norway: the TLD must be all lower or all upper case.
  if (tld !== tld.toLowerCase() && tld !== tld.toUpperCase()) return false;
  if (!URL_TLDS.has(tld.toLowerCase())) return false;
  return labels.every((l) => LABEL.test(l));
}

export default defineRule({
  id: 'text.URL',
  significance: 'low',
  formula: { per: 0.5 },
  description: 'URLs: with a scheme (https://…), starting with www., or bare domains with a known top-level domain (example.com/page).',
  score({ text }) {
    if (!text) return matchesOutcome([]);
    const matches: Match[] = [];
    for (const token of text.tokens) {
      const explicit = [...token.value.matchAll(EXPLICIT)];
      if (explicit.length > 0) {
        for (const m of explicit) {
          matches.push({ field: token.field, value: trimTrailing(m[0]), index: token.index + m.index });
        }
        continue;
      }
      if (!token.value.includes('.')) continue;
      const lead = LEADING.exec(token.value)?.[0].length ?? 0;
      const bare = trimTrailing(token.value.slice(lead));
      if (isBareDomain(bare)) matches.push({ field: token.field, value: bare, index: token.index + lead });
    }
    return matchesOutcome(matches);
  },
});
