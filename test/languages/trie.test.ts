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
