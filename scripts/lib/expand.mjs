// The `{a|b|}` groups of the word lists' entry lines (scripts/build-lexicons.mjs).

/** At most this many entries from one line of `{…|…}` groups. */
const MAX_EXPANSION = 3000;

/**
 * The entries an entry line stands for: each group `{a|b|}` is one of its alternatives (an
 * empty one drops it), every combination of the line's groups an entry, spaces collapsed:
 * `{you|you are} {a |}idiot*` is `you idiot*`, `you a idiot*`, `you are idiot*`,
 * `you are a idiot*`. Without a group, the line itself. Duplicates are written once.
 */
export function expand(entry, file = 'entry') {
  let out = [''];
  let rest = entry;
  for (;;) {
    const open = rest.indexOf('{');
    if (open === -1) break;
    const close = rest.indexOf('}', open);
    if (close === -1 || rest.indexOf('{', open + 1) !== -1 && rest.indexOf('{', open + 1) < close) {
      throw new Error(`${file}: unbalanced { } in ${JSON.stringify(entry)}`);
    }
    const options = rest.slice(open + 1, close).split('|');
    const head = rest.slice(0, open);
    out = out.flatMap((o) => options.map((x) => o + head + x));
    if (out.length > MAX_EXPANSION) throw new Error(`${file}: ${JSON.stringify(entry)} stands for more than ${MAX_EXPANSION} entries`);
    rest = rest.slice(close + 1);
  }
  if (rest.includes('}')) throw new Error(`${file}: unbalanced { } in ${JSON.stringify(entry)}`);
  return [...new Set(out.map((o) => (o + rest).replace(/\s+/g, ' ').trim()).filter(Boolean))];
}
