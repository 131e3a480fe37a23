// Adversarial inputs of 100 KB for every text rule: long runs of the characters each rule's
// expressions look at, and near-misses repeated so that a backtracking expression would go
// quadratic or worse. Shared by test/rules/adversarial.test.ts (results) and
// bench/adversarial.mjs (timings: each must finish in under 50 ms).

export const SIZE = 100 * 1024;

/** Repeats `unit` until the string is exactly `size` UTF-16 units long. */
export function fill(unit, size = SIZE) {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/** @type {ReadonlyArray<{ name: string, text: string }>} */
export const ADVERSARIAL_INPUTS = [
  { name: 'one letter', text: fill('a') },
  { name: 'one upper-case letter', text: fill('A') },
  { name: 'digits', text: fill('1') },
  { name: 'digits and separators', text: fill('1,2.3 4') },
  { name: 'spaces', text: fill(' ') },
  { name: 'newlines', text: fill('\n') },
  { name: 'exclamation marks', text: fill('!') },
  { name: 'dots', text: fill('.') },
  { name: 'dots then a letter', text: fill('.', SIZE - 1) + 'a' },
  { name: 'hash signs', text: fill('#') },
  { name: 'hash then letters', text: '#' + fill('a', SIZE - 1) },
  { name: 'currency signs', text: fill('$') },
  { name: 'currency near-miss', text: fill('1 00') },
  { name: 'amount without currency', text: fill('1 000,') },
  { name: 'open angle brackets', text: fill('<') },
  { name: 'unclosed tags', text: fill('<a ') },
  { name: 'unclosed long tag', text: '<div ' + fill('x', SIZE - 5) },
  { name: 'script near-miss', text: fill('<scrip') },
  { name: 'handlers without tag', text: fill(' onerror=') },
  { name: 'javascript near-miss', text: fill('javascript') },
  { name: 'entities', text: fill('&#x3c;') },
  { name: 'percent escapes', text: fill('%3C') },
  { name: 'bbcode url openers', text: fill('[url=') },
  { name: 'quotes', text: fill("'") },
  { name: 'quote or near-miss', text: fill("' or ") },
  { name: 'semicolons', text: fill('; drop ') },
  { name: 'union near-miss', text: fill('union ') },
  { name: 'sql comment near-miss', text: fill("'-- x") },
  { name: 'url scheme repeated', text: fill('http://') },
  { name: 'www repeated', text: fill('www.') },
  { name: 'one long dotted token', text: fill('a.') },
  { name: 'long domain-like token', text: fill('ab-') + '.com' },
  { name: 'trailing punctuation run', text: 'example' + fill('.,', SIZE - 7) },
  { name: 'special characters', text: fill('*') },
  { name: 'special runs of five', text: fill('*****a') },
  { name: 'emoji', text: fill('😀') },
  { name: 'emoji ZWJ chains', text: fill('👨\u200D') },
  { name: 'regional indicators', text: fill('🇩') },
  { name: 'keyboard walk', text: fill('qwerty') },
  { name: 'vowel-less letters', text: fill('bcdfg') },
  { name: 'cyrillic', text: fill('фыва') },
  { name: 'greek capitals', text: fill('ΑΒΓΔ') },
  { name: 'combining marks', text: 'a' + fill('\u0301', SIZE - 1) },
  { name: 'random printable ASCII', text: pseudoRandom(SIZE) },
  // The word-list matcher keeps the non-overlapping entries that cover the most words: phrases
  // that overlap and chain give it the most candidates to choose among.
  { name: 'overlapping word-list phrases', text: fill('please check out my channel please subscribe to my channel ') },
  { name: 'chained word-list phrase', text: fill('sub 4 ') },
  // text.OBFUSCATION and the word-list normaliser, which see through look-alikes of another
  // script, invisible characters and letter-spaced words.
  { name: 'alternating Latin and Cyrillic look-alikes', text: fill('aаeеoо') },
  { name: 'Cyrillic words with a Latin look-alike', text: fill('кpедит ') },
  { name: 'Greek look-alikes in a Cyrillic word', text: fill('крεдитο') },
  { name: 'zero-width spaces', text: fill('\u200B') },
  { name: 'letters and zero-width non-joiners', text: fill('a\u200C') },
  { name: 'letter, invisible characters, letter', text: 'a' + fill('\u200C\u202E\u{E0061}', SIZE - 2) + 'b' },
  { name: 'soft hyphens between letters', text: fill('a\u00AD') },
  { name: 'single letters with spaces', text: fill('a b c d ') },
  { name: 'letter-spaced list words', text: fill('v i a g r a  ') },
  { name: 'letters with dots', text: fill('f.') },
  { name: 'U+FDFA (NFKC: 18 characters each)', text: fill('\uFDFA') },
];

/** Deterministic printable-ASCII noise (a linear congruential generator, fixed seed). */
function pseudoRandom(size) {
  let x = 12345;
  let s = '';
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    s += String.fromCharCode(32 + (x % 95));
  }
  return s;
}
