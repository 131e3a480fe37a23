const PICTO = /^\p{Extended_Pictographic}$/u;
// Pictographs that are ordinary text unless followed by the emoji variation selector U+FE0F:
// © ® ‼ ⁉ ™ ℹ and the arrows ↔ ↕ ↖ ↗ ↘ ↙ ↩ ↪ ➡ ⤴ ⤵ ⬅ ⬆ ⬇.
const TEXT_DEFAULT = new Set([
  0xa9, 0xae, 0x203c, 0x2049, 0x2122, 0x2139, 0x2194, 0x2195, 0x2196, 0x2197, 0x2198, 0x2199, 0x21a9, 0x21aa,
  0x27a1, 0x2934, 0x2935, 0x2b05, 0x2b06, 0x2b07,
]);
const VS16 = 0xfe0f;
const ZWJ = 0x200d;
const KEYCAP = 0x20e3;
// The longest RGI ZWJ sequences (families, kisses) join four pictographs. Longer chains are not
// one emoji but several drawn side by side: "😀‍😀‍😀‍😀‍😀" must not count as one.
const MAX_ZWJ_PARTS = 4;

/**
 * What PICTO says of the code points from U+203C to U+1FFFF (where the pictographs are), filled
 * in as they are met: 0 not asked yet, 1 a pictograph, 2 not one. An emoji is met again and
 * again; the expression took a string of it and a match each time.
 */
const PICTO_SEEN = new Uint8Array(0x20000);
/** PICTO's answer for `cp` (from U+203C), memoised below U+20000. */
function pictographic(cp: number): boolean {
  if (cp >= 0x20000) return PICTO.test(String.fromCodePoint(cp));
  let seen = PICTO_SEEN[cp]!;
  if (seen === 0) PICTO_SEEN[cp] = seen = PICTO.test(String.fromCodePoint(cp)) ? 1 : 2;
  return seen === 1;
}

// Below U+203C only © and ® are pictographs, so most letters never reach the expression.
const isPicto = (cp: number): boolean => cp === 0xa9 || cp === 0xae || (cp >= 0x203c && pictographic(cp));
const isRegional = (cp: number): boolean => cp >= 0x1f1e6 && cp <= 0x1f1ff;
const isModifier = (cp: number): boolean => cp >= 0x1f3fb && cp <= 0x1f3ff;
const isTag = (cp: number): boolean => cp >= 0xe0020 && cp <= 0xe007f;
const width = (cp: number): number => (cp > 0xffff ? 2 : 1);

/**
 * Where an emoji can start, one code unit: a keycap base ([#*0-9] before FE0F? 20E3), © or ®,
 * or any code unit from U+203C up that is not a low surrogate (pictographs; the high surrogate
 * of a regional indicator or other astral character). Not the `u` flag: it steps by code unit,
 * and as it never stops at a low surrogate it finds the places the scanner below would reach
 * stepping by code point: the scanner passes over everything else without a match (below U+00A9
 * only a keycap starts one, and from U+00A9 to U+203B only © and ®). `test` with `g`: no match
 * object, the match ends at `lastIndex`.
 */
const START = /[#*0-9](?=\uFE0F?\u20E3)|[\u00A9\u00AE\u203C-\uDBFF\uE000-\uFFFF]/g;

/**
 * An emoji found in a field: a rule's match (core/rule.ts's Match) with its field and offset.
 * Its own type, so that the text passes, which TextInput runs, import nothing of core/.
 */
export interface EmojiMatch {
  field: string;
  value: string;
  index: number;
}

/**
 * Finds emoji in one linear pass, following the shape of Unicode emoji sequences (UTS #51):
 * flags (two regional indicators), keycaps (`1️⃣`), tag sequences (🏴 + tags), and pictographs
 * with their variation selector, skin-tone modifier and ZWJ-joined parts. Each sequence is one
 * match. A hand-written scanner, because `\p{RGI_Emoji}` costs about 3 µs per character in V8.
 */
export function findEmoji(text: string, field: string): EmojiMatch[] {
  const out: EmojiMatch[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    // Jump to the next place an emoji can start (see START): text without emoji is passed
    // over by one native search instead of a loop per character. When the character here is
    // one of START's class already (emoji in a row), no search.
    const here = text.charCodeAt(i);
    if (!(here >= 0x203c ? here < 0xdc00 || here > 0xdfff : here === 0xa9 || here === 0xae)) {
      START.lastIndex = i;
      if (!START.test(text)) break;
      i = START.lastIndex - 1;
    }
    const cp = text.codePointAt(i)!;
    const end = emojiEnd(text, i, cp);
    if (end === -1) {
      i += width(cp);
      continue;
    }
    out.push({ field, value: text.slice(i, end), index: i });
    i = end;
  }
  return out;
}

/**
 * True when an emoji may start at code point `cp` (the start of a pair for an astral one): a
 * pictograph (© and ® among them) or a regional indicator. With a keycap base ([#*0-9] before
 * U+FE0F? U+20E3), every place {@link emojiEnd} can find a match at; a surrogate, half of a
 * pair or lone, is none.
 */
export function mayStartEmoji(cp: number): boolean {
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  return isRegional(cp) || isPicto(cp);
}

/**
 * {@link findEmoji} where the places an emoji can start are given: `starts`, the offsets in
 * `text`, in order, of every keycap base before U+FE0F? U+20E3 and every code point
 * {@link mayStartEmoji} is true for (a superset of where a match starts; see marksOf). The
 * scanner runs at each of them that no earlier match covers, as findEmoji's at each place it
 * stops: between them findEmoji's scanner finds nothing and only steps code point by code point.
 */
export function findEmojiAt(text: string, field: string, starts: readonly number[]): EmojiMatch[] {
  const out: EmojiMatch[] = [];
  let i = 0;
  for (let k = 0; k < starts.length; k++) {
    const at = starts[k]!;
    if (at < i) continue;
    const cp = text.codePointAt(at)!;
    const end = emojiEnd(text, at, cp);
    if (end === -1) {
      i = at + width(cp);
      continue;
    }
    out.push({ field, value: text.slice(at, end), index: at });
    i = end;
  }
  return out;
}

/** The end of the emoji sequence that starts at `i` (code point `cp`), or -1 when none does. */
function emojiEnd(text: string, i: number, cp: number): number {
  const n = text.length;
  if (cp < 0xa9) {
    // Keycap: [#*0-9] FE0F? 20E3
    let j = i + 1;
    if (text.charCodeAt(j) === VS16) j++;
    return text.charCodeAt(j) === KEYCAP ? j + 1 : -1;
  }
  if (isRegional(cp)) {
    const next = text.codePointAt(i + 2);
    return next !== undefined && isRegional(next) ? i + 4 : i + 2;
  }
  if (!isPicto(cp)) return -1;
  let j = i + width(cp);
  const emojiStyle = text.charCodeAt(j) === VS16;
  if (TEXT_DEFAULT.has(cp) && !emojiStyle) return -1;
  // Parts: (VS16 | modifier)? then tags, then at most three (ZWJ pictograph (VS16 | modifier)?)
  j = tail(text, j);
  while (j < n && isTag(text.codePointAt(j)!)) j += 2;
  let parts = 1;
  while (parts < MAX_ZWJ_PARTS && text.charCodeAt(j) === ZWJ) {
    const next = text.codePointAt(j + 1);
    if (next === undefined || !isPicto(next)) break;
    j = tail(text, j + 1 + width(next));
    parts++;
  }
  return j;
}

/** After a pictograph ending at `k`: past its VS16 or skin-tone modifier, if any. */
function tail(text: string, k: number): number {
  if (text.charCodeAt(k) === VS16) return k + 1;
  const m = text.codePointAt(k);
  return m !== undefined && isModifier(m) ? k + 2 : k;
}
