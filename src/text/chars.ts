/**
 * Unicode properties of code points, looked up by table instead of by a `\p{…}` expression on
 * every character. Each entry is computed once, on first use, with the very expressions the
 * rules used before, so a lookup gives exactly what the expression would.
 */

export const LETTER = 1 << 0; // \p{L}
export const UPPER = 1 << 1; // \p{Lu}
export const LOWER = 1 << 2; // \p{Ll} or \p{Lt}
export const MARK = 1 << 3; // \p{M}
export const NUMBER = 1 << 4; // \p{N}
export const DIGIT = 1 << 5; // \p{Nd}
export const SPACE = 1 << 6; // \s
/** \p{Extended_Pictographic}, ZWJ, VS16, keycap, skin tones, regional indicators, tags. */
export const EMOJI_PART = 1 << 7;
const KNOWN = 1 << 15;

const TESTS: readonly [RegExp, number][] = [
  [/^\p{L}$/u, LETTER],
  [/^\p{Lu}$/u, UPPER],
  [/^[\p{Ll}\p{Lt}]$/u, LOWER],
  [/^\p{M}$/u, MARK],
  [/^\p{N}$/u, NUMBER],
  [/^\p{Nd}$/u, DIGIT],
  [/^\s$/u, SPACE],
  [/^[\p{Extended_Pictographic}\u200D\uFE0F\u20E3\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}\u{E0020}-\u{E007F}]$/v, EMOJI_PART],
];

function compute(cp: number): number {
  // A lone surrogate is a code point of its own in /u and /v mode, with none of the properties.
  if (cp >= 0xd800 && cp <= 0xdfff) return KNOWN;
  const s = String.fromCodePoint(cp);
  let flags = KNOWN;
  for (const [re, bit] of TESTS) if (re.test(s)) flags |= bit;
  return flags;
}

const BMP = new Uint16Array(0x10000);
const ASTRAL = new Map<number, number>();

/** The property bits of code point `cp`. */
export function charFlags(cp: number): number {
  if (cp < 0x10000) {
    const f = BMP[cp]!;
    if (f !== 0) return f;
    return (BMP[cp] = compute(cp));
  }
  let f = ASTRAL.get(cp);
  if (f === undefined) {
    f = compute(cp);
    // Bounded: a text of many distinct astral code points must not grow the cache without end.
    if (ASTRAL.size < 4096) ASTRAL.set(cp, f);
  }
  return f;
}

/** The code point at `i` in `s` (a code unit index), as `codePointAt` gives it. */
export function codePointAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
    const d = s.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
  }
  return c;
}
