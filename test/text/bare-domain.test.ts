// isBareDomain (src/text/urls.ts) asks about the TLD before splitting the host into labels: the
// same answers as the definition, each label split first, on random dotted tokens.
import { describe, expect, it } from 'vitest';
import { URL_TLDS, WORD_TLDS } from '../../src/text/tlds.js';
import { isBareDomain } from '../../src/text/urls.js';

const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const NOT_DOMAINS = new Set(['asp.net', 'vb.net', 'ado.net']);

/** The definition, in the order it is written in the module's comments: labels, TLD, words, product names, each label. */
function definition(token: string): boolean {
  if (token.includes('@') || token.length > 2000) return false;
  const end = token.search(/[/?#:]/);
  const host = end === -1 ? token : token.slice(0, end);
  if (end !== -1 && token[end] === ':' && !/^:\d{1,5}(?:[/?#]|$)/.test(token.slice(end))) return false;
  const labels = host.split('.');
  if (labels.length < 2 || labels.length > 10) return false;
  const tld = labels[labels.length - 1]!;
  if (tld !== tld.toLowerCase() && tld !== tld.toUpperCase()) return false;
  const key = tld.toLowerCase();
  if (!URL_TLDS.has(key)) return false;
  if (WORD_TLDS.has(key) && end === -1 && (labels.length < 3 || labels.some((l) => l.length < 2))) return false;
  if (end === -1 && NOT_DOMAINS.has(host.toLowerCase())) return false;
  return labels.every((l) => LABEL.test(l));
}

describe('isBareDomain', () => {
  it('answers as the definition on random dotted tokens', () => {
    const pieces = ['example', 'blog', 'a', 'x-y', '-x', 'очень', 'рф', 'com', 'COM', 'Com', 'de', 'No', 'so', 'io', 'net', 'asp',
      'RU', 'ru', 'ελ', '1', '2024', '.', '.', '.', '..', ':', ':8080', ':99999', '/', '/path', '?q=1', '#top', '@', '😍', 'ß'];
    const labels = ['example', 'blog', 'a', 'x-y', '-x', 'ab-', 'очень', 'firma', 'asp', 'vb', 'e', 'g', '1', '😍', ''];
    const tlds = ['com', 'COM', 'Com', 'de', 'No', 'so', 'io', 'net', 'ru', 'RU', 'рф', 'xyz', 'nope', '2024', ''];
    const suffixes = [':8080', ':99999', ':x', '/', '/path', '?q=1', '#top', '@x'];
    let seed = 77;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let domains = 0;
    for (let k = 0; k < 20000; k++) {
      // Half of them shaped like hosts (labels, a TLD, a port or path), half pieces at random.
      let t = '';
      if (k % 2 === 0) {
        const n = 1 + next(k % 10 === 0 ? 11 : 3);
        for (let p = 0; p < n; p++) t += labels[next(labels.length)]! + '.';
        t += tlds[next(tlds.length)]! + (next(3) === 0 ? suffixes[next(suffixes.length)]! : '');
      } else {
        const n = 1 + next(8);
        for (let p = 0; p < n; p++) t += pieces[next(pieces.length)];
      }
      const want = definition(t);
      expect(isBareDomain(t), t).toBe(want);
      if (want) domains++;
    }
    expect(domains).toBeGreaterThan(500);
  });
});
