import type { Match } from '../core/rule.js';
import type { TextInput } from './input.js';

/**
 * Runs a global regular expression over every segment and returns one match per hit, with
 * the field it came from. `accept` may reject a hit or rewrite its value.
 * The expression must have the `g` flag and be linear-time (bounded quantifiers only).
 */
export function scanSegments(
  text: TextInput,
  re: RegExp,
  accept?: (value: string, match: RegExpMatchArray) => boolean,
): Match[] {
  const out: Match[] = [];
  for (const { field, text: value } of text.segments) {
    for (const m of value.matchAll(re)) {
      if (m[0].length === 0) continue;
      if (accept && !accept(m[0], m)) continue;
      out.push({ field, value: m[0], index: m.index });
    }
  }
  return out;
}

const MARKS = /\p{M}/gu;
/** Per BMP code unit, its form without marks (computed on first sight with the expression itself). */
let stripped: (string | null)[] | undefined;

/**
 * Removes diacritics: `č` → `c`, `ő` → `o`, `й` → `и`; that is, `s.normalize('NFD')` without
 * its `\p{M}` characters. ASCII is returned as it is (NFD leaves it unchanged, it has no marks);
 * other text without surrogates is stripped character by character, each character's result
 * made once with that same expression: NFD decomposes each character on its own and then only
 * reorders characters of a non-zero combining class, all of which are marks and removed.
 * Text with surrogates (astral characters) takes the expression. test/language/text-plumbing.test.ts
 * compares the two on every BMP character and on random strings.
 */
export function stripMarks(s: string): string {
  const n = s.length;
  let i = 0;
  while (i < n && s.charCodeAt(i) < 0x80) i++;
  if (i === n) return s;
  // Filled with null (a packed array: fast reads), on the first text that is not ASCII.
  const table = (stripped ??= new Array<string | null>(0x10000).fill(null));
  let out = s.slice(0, i);
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return stripMarksByExpression(s);
    let t = table[c]!;
    if (t === null) t = table[c] = stripMarksByExpression(String.fromCharCode(c));
    out += t;
  }
  return out;
}

/** stripMarks by the expression itself (the definition). */
export function stripMarksByExpression(s: string): string {
  return s.normalize('NFD').replace(MARKS, '');
}
