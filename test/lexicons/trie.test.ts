// The word-list trie's root table ends at the highest first character of its entries: words
// that start above it (other scripts, emoji, the last code unit) are simply not matched.
import { describe, expect, it } from 'vitest';
import { Trie } from '../../src/lexicons/matcher.js';
import { normalizeWords } from '../../src/lexicons/normalize.js';

const scan = (trie: Trie, text: string) => trie.scan(normalizeWords([text])).map((m) => m.entry.phrase);

describe('Trie root table', () => {
  it('matches Latin entries and passes over words in scripts above its table', () => {
    const trie = new Trie();
    trie.add('casino', 1, 'en');
    trie.add('free money', 2, 'en');
    expect(scan(trie, 'Жизнь 日本語 \u{1F4B0} casino \uFFFF free money ☎')).toEqual(['casino', 'free money']);
    expect(scan(trie, 'Жизнь 日本語 \u{1F4B0} ☎ \uFFFF')).toEqual([]);
  });

  it('matches entries that start with the highest character of the table', () => {
    const trie = new Trie();
    trie.add('abc', 1, 'en');
    trie.add('жизнь', 1, 'ru');
    expect(scan(trie, 'abc ЖИЗНЬ яблоко')).toEqual(['abc', 'жизнь']);
    const single = new Trie();
    single.add('яблоко', 1, 'ru');
    expect(scan(single, 'a яблоко b')).toEqual(['яблоко']);
  });

  it('an empty trie matches nothing', () => {
    const trie = new Trie();
    expect(scan(trie, 'anything at all \u{1F4B0}')).toEqual([]);
  });
});

// The matches are the non-overlapping entries that cover the most words; of those, the fewest
// matches; of those, the leftmost-longest choice.
describe('Trie choice of overlapping entries', () => {
  const trie = new Trie();
  trie.add('please check', 1, 'en');
  trie.add('check out my channel', 2, 'en');
  trie.add('check out', 1, 'en');
  trie.add('my channel', 1, 'en');
  trie.add('my channel list', 0, 'en');
  trie.add('free', 1, 'en');
  trie.add('free money', 2, 'en');
  trie.add('money back', 1, 'en');
  trie.add('a b', 1, 'en');
  trie.add('b c', 1, 'en');
  trie.add('c', 1, 'en');

  it('a longer entry that starts one word later is not hidden by a shorter one', () => {
    // Leftmost-longest alone took `please check` and lost `check out my channel`; `please check`
    // + `my channel` covers as many words with two matches.
    expect(scan(trie, 'please check out my channel')).toEqual(['check out my channel']);
  });

  it('takes the split that covers more words over one entry that covers fewer', () => {
    expect(scan(trie, 'please check out my channel list')).toEqual(['please check', 'my channel list']);
  });

  it('more words first, then fewer matches, then the leftmost-longest choice', () => {
    // `free money` + nothing (2 words) against `free` + `money back` (3): more words win.
    expect(scan(trie, 'free money back')).toEqual(['free', 'money back']);
    // `a b` + `c` and `b c` alone: `a b` + `c` covers three words.
    expect(scan(trie, 'a b c')).toEqual(['a b', 'c']);
    // `free money` against `free` (+ `money` alone is no entry): the longer entry.
    expect(scan(trie, 'free money now')).toEqual(['free money']);
    // `x y` and `y z`: two words and one match each, so the leftmost.
    const pair = new Trie();
    pair.add('x y', 1, 'en');
    pair.add('y z', 1, 'en');
    expect(scan(pair, 'x y z')).toEqual(['x y']);
    // `check out` + `my channel` and `check out my channel`: four words each, one match is fewer.
    expect(scan(trie, 'check out my channel')).toEqual(['check out my channel']);
  });

  it('a weight-0 entry still wins as the longer match (it is dropped later, in scanText)', () => {
    expect(scan(trie, 'my channel list')).toEqual(['my channel list']);
  });

  it('matches come in text order and never overlap', () => {
    const words = normalizeWords(['free money back, please check out my channel list; a b c free money']);
    const matches = trie.scan(words);
    for (let k = 1; k < matches.length; k++) expect(matches[k]!.first).toBeGreaterThan(matches[k - 1]!.last);
    expect(matches.map((m) => m.entry.phrase)).toEqual(['free', 'money back', 'please check', 'my channel list', 'a b', 'c', 'free money']);
  });
});

// A frozen transition carries its node's entry flags (stem, exact): entries on every node of one
// path, a node that is both a stem and an exact entry, and nodes with neither, are all found.
describe('Trie entry flags on the transitions', () => {
  const trie = new Trie();
  trie.add('a', 1, 'en');
  trie.add('ab*', 2, 'en');
  trie.add('ab', 3, 'en');
  trie.add('abcd', 4, 'en');
  trie.add('abcd e*', 5, 'en');
  const found = (text: string) => trie.scan(normalizeWords([text])).map((m) => `${m.entry.phrase}${m.entry.stem ? '*' : ''}:${m.entry.weight}`);

  it('finds the entry of each node of the path, the exact entry over the stem on the same word', () => {
    expect(found('a ab abc abcd abcde')).toEqual(['a:1', 'ab:3', 'ab*:2', 'abcd:4', 'ab*:2']);
    expect(found('abcd efg abcd e')).toEqual(['abcd e*:5', 'abcd e*:5']);
    expect(found('abc b c')).toEqual(['ab*:2']);
  });
});

// A trie of several kinds (the word-list rules keep SPAM_WORDS, PROFANITY and SENTIMENT of a
// choice of languages in one) matches each kind exactly as a trie of that kind's entries alone.
describe('Trie of several kinds', () => {
  const found = (matches: readonly { entry: { phrase: string; stem: boolean; weight: number }; first: number; last: number }[]) =>
    matches.map((m) => `${m.entry.phrase}${m.entry.stem ? '*' : ''}:${m.entry.weight}@${m.first}-${m.last}`);

  it('a repeated letter one kind has a transition for and another has not: each takes its own path', () => {
    // Kind 0 has `ab`, kind 1 `aab`: in "aab" kind 1 walks a-a-b, kind 0 skips the second `a`.
    const trie = new Trie(2);
    trie.add('ab', 1, 'en', 0);
    trie.add('aab', 2, 'en', 1);
    const [k0, k1] = trie.scanKinds(normalizeWords(['aab ab aaab']), 0b11);
    expect(found(k0!)).toEqual(['ab:1@0-0', 'ab:1@1-1', 'ab:1@2-2']);
    expect(found(k1!)).toEqual(['aab:2@0-0', 'aab:2@2-2']);
  });

  it('phrases and stems of different kinds on one path', () => {
    const trie = new Trie(3);
    trie.add('free', 1, 'en', 0);
    trie.add('free money', 2, 'en', 0);
    trie.add('fre*', 3, 'en', 1);
    trie.add('freedom', 4, 'en', 2);
    trie.add('free money now', 5, 'en', 2);
    const [k0, k1, k2] = trie.scanKinds(normalizeWords(['freeee money now, freedom']), 0b111);
    expect(found(k0!)).toEqual(['free money:2@0-1']);
    expect(found(k1!)).toEqual(['fre*:3@0-0', 'fre*:3@3-3']);
    expect(found(k2!)).toEqual(['free money now:5@0-2', 'freedom:4@3-3']);
    // A kind left out of the mask is not matched; a view is one kind.
    expect(trie.scanKinds(normalizeWords(['free money']), 0b100).map((m) => m.length)).toEqual([0, 0, 0]);
    expect(found(trie.view(1).scan(normalizeWords(['freedom'])))).toEqual(['fre*:3@0-0']);
    expect(trie.view(2).size).toBe(2);
    expect(trie.size).toBe(5);
  });

  it('matches every kind as a trie of its entries alone (random lists and texts)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const parts = ['a', 'b', 'c', 'aa', 'bb', 'ab', 'ba', 'aab', 'abb', 'cc', 'é', 'ж'];
    const word = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(parts)).join('');
    const phrase = () => Array.from({ length: random() < 0.7 ? 1 : 2 + Math.floor(random() * 2) }, word).join(' ') + (random() < 0.25 ? '*' : '');
    for (let round = 0; round < 300; round++) {
      const kinds = 1 + Math.floor(random() * 4);
      const multi = new Trie(kinds);
      const single = Array.from({ length: kinds }, () => new Trie());
      for (let e = 0; e < 1 + Math.floor(random() * 20); e++) {
        const kind = Math.floor(random() * kinds);
        const p = phrase();
        const weight = Math.floor(random() * 7) - 2;
        multi.add(p, weight, 'en', kind);
        single[kind]!.add(p, weight, 'en');
      }
      for (let t = 0; t < 5; t++) {
        const text = Array.from({ length: 1 + Math.floor(random() * 10) }, word).map((w, i) => (i === 0 ? w : pick([' ', ' ', ', ', '. ']) + w)).join('');
        const words = normalizeWords([text], true);
        const all = multi.scanKinds(words, 0b1111);
        for (let k = 0; k < kinds; k++) expect(found(all[k]!), text).toEqual(found(single[k]!.scan(words)));
      }
    }
  });
});
