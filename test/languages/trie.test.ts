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
