import { describe, expect, it } from 'vitest';
import { MAX_SITE_TOKENS, parseSalt, siteTokens } from '../../src/learn/tokens.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { TextInput } from '../../src/text/input.js';

const input = (t: string): TextInput => new TextInput([{ field: 'message', text: t }]);

describe('siteTokens', () => {
  it('gives the same tokens for the same words, whatever their case or look-alikes', () => {
    const a = siteTokens(input('Cheap pills here'), 7);
    expect(a).toEqual(siteTokens(input('CHEAP pills HERE'), 7));
    // 3 words and 2 pairs, all distinct unsigned 32-bit integers.
    expect(a).toHaveLength(5);
    expect(new Set(a).size).toBe(5);
    for (const t of a) expect(t >>> 0).toBe(t);
  });

  it('depends on the salt, so a dictionary of unsalted hashes does not match', () => {
    const a = siteTokens(input('cheap pills here'), 1);
    const b = siteTokens(input('cheap pills here'), 2);
    expect(a.filter((t) => b.includes(t))).toEqual([]);
  });

  it('counts a repeated word once, skips numbers and one-letter words, and stops at the cap', () => {
    expect(siteTokens(input('spam spam spam'), 3)).toHaveLength(2); // "spam" and the pair "spam spam"
    expect(siteTokens(input('a 12345 b'), 3)).toEqual([]);
    const long = Array.from({ length: 2000 }, (_, i) => `w${i.toString(36)}x`).join(' ');
    expect(siteTokens(input(long), 3)).toHaveLength(MAX_SITE_TOKENS);
  });

  it('keeps its definition: the tokens of a text and salt are the same from version to version (stored counts stay meaningful)', () => {
    expect(siteTokens(input('Cheap pills here. Buy now, cheap pills!'), 7)).toEqual([3546625644, 839061874, 891999621, 3839164207, 525192005, 1603686207, 2831234313, 3645404657, 3946672142]);
  });

  it('parses the stored salt and refuses anything else', () => {
    expect(parseSalt('0000000a')).toBe(10);
    expect(parseSalt('FFFFFFFF')).toBe(0xffffffff);
    expect(() => parseSalt('xyz')).toThrow(RangeError);
  });
});

describe('memory store: decision log and site counts', () => {
  const decision = (id: string, at: number, apiKey = 'k1') => ({
    id,
    at,
    apiKey,
    classification: 'BAD' as const,
    score: 5,
    reasons: ['text.SPAM_WORDS'],
    country: null,
    tokens: [1, 2, 3],
  });

  it('lists newest first, filters, labels once and deletes by key, age and count', async () => {
    const s = createMemoryStore();
    await s.putDecision!(decision('a', 1));
    await s.putDecision!(decision('b', 3));
    await s.putDecision!(decision('c', 2, 'k2'));
    expect((await s.listDecisions!()).map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect((await s.listDecisions!({ apiKey: 'k1' })).map((r) => r.id)).toEqual(['b', 'a']);
    expect(await s.listDecisions!({ reason: 'text.OTHER' })).toEqual([]);
    expect(await s.labelDecision!('a', 'spam', 10)).toBeNull();
    expect(await s.labelDecision!('a', 'ham', 11)).toBe('spam');
    expect(await s.labelDecision!('nope', 'ham', 11)).toBeUndefined();
    expect((await s.getDecision!('a'))?.label).toBe('ham');
    expect(await s.deleteDecisions!({ keepNewest: 2 })).toBe(1);
    expect(await s.getDecision!('a')).toBeNull();
    expect(await s.deleteDecisions!({ apiKey: 'k2' })).toBe(1);
    expect((await s.listDecisions!()).map((r) => r.id)).toEqual(['b']);
  });

  it('adds and takes back counts per key and token', async () => {
    const s = createMemoryStore();
    await s.addSiteCounts!('k1', 'spam', [1, 2], 1);
    await s.addSiteCounts!('k1', 'ham', [2], 1);
    let c = await s.readSiteCounts!('k1', [1, 2, 9]);
    expect([c.spam, c.ham]).toEqual([1, 1]);
    expect(Object.fromEntries(c.tokens)).toEqual({ 1: { spam: 1, ham: 0 }, 2: { spam: 1, ham: 1 } });
    await s.addSiteCounts!('k1', 'spam', [1, 2], -1);
    c = await s.readSiteCounts!('k1', [1, 2]);
    expect([c.spam, c.ham, c.tokens.has(1)]).toEqual([0, 1, false]);
    expect((await s.readSiteCounts!('k2', [2])).tokens.size).toBe(0);
    await s.deleteSiteModel!('k1');
    expect((await s.readSiteCounts!('k1', [2])).ham).toBe(0);
  });
});

describe('recordFeedback', () => {
  it('labels a decision once, moves the counts when the label changes, and refuses another key', async () => {
    const { recordFeedback } = await import('../../src/learn/feedback.js');
    const s = createMemoryStore();
    const store = s as Required<typeof s>;
    await store.putDecision({ id: 'd1', at: 1, apiKey: 'k1', classification: 'GOOD', score: 0, reasons: [], country: null, tokens: [5, 6] });
    expect(await recordFeedback(store, 'k2', 'd1', 'spam', 2)).toBe('not-found');
    expect(await recordFeedback(store, 'k1', 'zz', 'spam', 2)).toBe('not-found');
    expect(await recordFeedback(store, 'k1', 'd1', 'spam', 2)).toBe('recorded');
    expect(await recordFeedback(store, 'k1', 'd1', 'spam', 3)).toBe('unchanged');
    let c = await store.readSiteCounts('k1', [5]);
    expect([c.spam, c.ham, c.tokens.get(5)]).toEqual([1, 0, { spam: 1, ham: 0 }]);
    expect(await recordFeedback(store, 'k1', 'd1', 'ham', 4)).toBe('changed');
    c = await store.readSiteCounts('k1', [5]);
    expect([c.spam, c.ham, c.tokens.get(5)]).toEqual([0, 1, { spam: 0, ham: 1 }]);
  });
});

describe('memory store: the decision cap', () => {
  it('keeps at most maxDecisions, dropping the oldest written, and refuses a bad cap', async () => {
    const s = createMemoryStore({ maxDecisions: 3 });
    for (const [i, id] of ['a', 'b', 'c', 'd', 'e'].entries()) {
      await s.putDecision!({ id, at: i, apiKey: 'k', classification: 'GOOD', score: 0, reasons: [], country: null, tokens: [] });
    }
    expect((await s.listDecisions!()).map((r) => r.id)).toEqual(['e', 'd', 'c']);
    // Writing a kept id again replaces it and drops nothing.
    await s.putDecision!({ id: 'c', at: 9, apiKey: 'k', classification: 'BAD', score: 5, reasons: [], country: null, tokens: [] });
    expect((await s.listDecisions!()).map((r) => r.id)).toEqual(['c', 'e', 'd']);
    expect(() => createMemoryStore({ maxDecisions: 0 })).toThrow(/createMemoryStore: `maxDecisions` must be an integer >= 1/);
  });
});
