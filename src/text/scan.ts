import type { Match } from '../rule.js';
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

/** Removes diacritics: `č` → `c`, `ő` → `o`, `й` → `и`. */
export function stripMarks(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '');
}
