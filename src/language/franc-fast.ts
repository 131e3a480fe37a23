/**
 * franc's `francAll` (franc 6.2, MIT, Titus Wormer), computed the fast way with franc's own data
 * and expressions: the same script choice, trigrams, distances, order and scores, so the same
 * result (test/language/franc-fast.test.ts compares the two on every text of the fixtures).
 *
 * franc compares the text's trigrams with each language of the script in turn, looking every
 * trigram up in one object per language (about 100 languages for Latin script: ~1 ms on 800
 * characters). Here each script's models are turned once into one index, trigram → (language,
 * rank) pairs, so a text costs one look-up per distinct trigram plus one addition per pair; and
 * the script is counted with a per-character table of franc's expressions instead of matching
 * 30 expressions over the text.
 */
type FrancData = Readonly<Record<string, Readonly<Record<string, string>>>>;

const MAX_LENGTH = 2048;
const MAX_DIFFERENCE = 300;

interface ScriptIndex {
  languages: string[];
  /** Keyed by the trigram's three UTF-16 code units as one number (see {@link key}). */
  postings: Map<number, Int32Array>;
  distances: Float64Array;
}

interface Loaded {
  data: FrancData;
  scripts: string[];
  expressions: RegExp[];
  indexes: Map<string, ScriptIndex>;
  /** Per BMP code unit: bit s set when franc's expression s matches it; bit 31 set once computed. */
  bits: Int32Array;
}

let loaded: Promise<Loaded> | undefined;

/** Loads franc's data and expressions (once per process). */
export function loadFrancData(): Promise<Loaded> {
  loaded ??= Promise.all([import('franc/data.js'), import('franc/expressions.js')]).then(([d, e]) => {
    const exprs = e.expressions as Record<string, RegExp>;
    const scripts = Object.keys(exprs);
    if (scripts.length > 30) throw new Error('franc: more than 30 scripts');
    // Non-global copies for the per-character test.
    const expressions = scripts.map((s) => new RegExp(exprs[s]!.source, exprs[s]!.flags.replace('g', '')));
    return { data: d.data as FrancData, scripts, expressions, indexes: new Map(), bits: new Int32Array(0x10000) };
  });
  return loaded;
}

function indexOf(f: Loaded, script: string): ScriptIndex {
  let index = f.indexes.get(script);
  if (index === undefined) {
    const languages = Object.keys(f.data[script]!);
    const lists = new Map<string, number[]>();
    languages.forEach((language, l) => {
      // As franc: the weight of a trigram is its position in the model; for a repeated trigram
      // the first position (franc's while (weight--) loop writes it last).
      const model = f.data[script]![language]!.split('|');
      const seen = new Map<string, number>();
      for (let w = model.length - 1; w >= 0; w--) seen.set(model[w]!, w);
      for (const [trigram, w] of seen) {
        let list = lists.get(trigram);
        if (list === undefined) lists.set(trigram, (list = []));
        list.push(l, w);
      }
    });
    const postings = new Map<number, Int32Array>();
    for (const [trigram, list] of lists) if (trigram.length === 3) postings.set(key(trigram, 0), Int32Array.from(list));
    index = { languages, postings, distances: new Float64Array(languages.length) };
    f.indexes.set(script, index);
  }
  return index;
}

/** franc's getTopScript: the first expression with the most matches, and its share of the text. */
function topScript(f: Loaded, value: string): [string | undefined, number] {
  const counts = new Float64Array(f.scripts.length);
  let astral = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      astral = true;
      break;
    }
    let b = f.bits[c]!;
    if (b === 0) {
      const ch = value[i]!;
      b = 1 << 31;
      for (let s = 0; s < f.expressions.length; s++) if (f.expressions[s]!.test(ch)) b |= 1 << s;
      f.bits[c] = b;
    }
    if ((b & 0x7fffffff) !== 0) for (let s = 0; s < f.scripts.length; s++) if ((b & (1 << s)) !== 0) counts[s]!++;
  }
  if (astral) {
    // Surrogate pairs are matched pair-wise by some expressions: count as franc does.
    return francTopScript(value);
  }
  let top = -1;
  let best: string | undefined;
  for (let s = 0; s < f.scripts.length; s++) {
    const share = counts[s]! / value.length || 0;
    if (share > top) {
      top = share;
      best = f.scripts[s];
    }
  }
  return [best, top];

  function francTopScript(v: string): [string | undefined, number] {
    let t = -1;
    let b: string | undefined;
    for (const s of f.scripts) {
      const re = new RegExp(f.expressions[f.scripts.indexOf(s)]!.source, 'g');
      const m = v.match(re);
      const share = (m ? m.length : 0) / v.length || 0;
      if (share > t) {
        t = share;
        b = s;
      }
    }
    return [b, t];
  }
}

/** The trigram at `i` of `s` as a number: its three code units in base 65536 (below 2^48, exact). */
function key(s: string, i: number): number {
  return (s.charCodeAt(i) * 65536 + s.charCodeAt(i + 1)) * 65536 + s.charCodeAt(i + 2);
}

/** Scratch of francAllFast: trigram → its slot in the counts of the current text. */
const SLOTS = new Map<number, number>();

/** trigram-utils' clean(): ASCII punctuation and digits become spaces, white space collapses, trimmed, lower case. */
function clean(value: string): string {
  return value
    .replace(/[\u0021-\u0040]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * franc's francAll(value, { minLength }) with no `only` or `ignore`: [language (ISO 639-3), score]
 * pairs, best first. franc's data must be loaded ({@link loadFrancData}).
 */
export function francAllFast(f: Loaded, input: string, minLength = 10): [string, number][] {
  if (!input || input.length < minLength) return [['und', 1]];
  const value = input.slice(0, MAX_LENGTH);
  const [script, share] = topScript(f, value);
  if (!script || !(script in f.data)) {
    if (!script || share === 0) return [['und', 1]];
    return [[script, 1]];
  }
  // trigram-utils' asTuples: trigrams of " " + clean(value) + " ", counted, in order of
  // first occurrence, then sorted by count (ascending, stable).
  const text = ' ' + clean(value) + ' ';
  // Distinct trigrams in order of first occurrence, with their counts.
  const slots = SLOTS;
  slots.clear();
  const keys: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i + 3 <= text.length; i++) {
    const k = key(text, i);
    const slot = slots.get(k);
    if (slot === undefined) {
      slots.set(k, keys.length);
      keys.push(k);
      counts.push(1);
    } else counts[slot]!++;
  }
  // By count, ascending; stable (equal counts keep the order of first occurrence).
  const order = keys.map((_, j) => j).sort((a, b) => counts[a]! - counts[b]! || a - b);
  const index = indexOf(f, script);
  const distances = index.distances.fill(MAX_DIFFERENCE * order.length);
  for (let i = 0; i < order.length; i++) {
    const j = order[i]!;
    const list = index.postings.get(keys[j]!);
    if (list === undefined) continue;
    const count = counts[j]!;
    for (let p = 0; p < list.length; p += 2) {
      let difference = count - list[p + 1]! - 1;
      if (difference < 0) difference = -difference;
      distances[list[p]!]! += difference - MAX_DIFFERENCE;
    }
  }
  const out: [string, number][] = index.languages.map((language, l) => [language, distances[l]!]);
  out.sort((a, b) => a[1] - b[1]);
  const min = out[0]![1];
  const max = value.length * MAX_DIFFERENCE - min;
  for (const pair of out) pair[1] = 1 - (pair[1] - min) / max || 0;
  return out;
}
