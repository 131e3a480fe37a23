import { describe, expect, it } from 'vitest';
import { hasLink, MAX_SHAPE_TOKENS, shapeHash } from '../../src/learn/shapes.js';
import { MAX_SITE_TOKENS, parseSalt, siteShapes, siteTokenWords, siteTokens } from '../../src/learn/tokens.js';
import { createMemoryStore } from '../../src/stores/memory.js';
import { TextInput } from '../../src/text/input.js';

const input = (t: string): TextInput => new TextInput([{ field: 'message', text: t }]);

/** The word and pair tokens (not the shapes) of a text. */
const wordTokens = (t: string, salt: number) => {
  const w = siteTokenWords(input(t), salt);
  return w.tokens.filter((_, i) => w.word[i]! >= 0);
};

/** A text's shapes, each as its name and the text it came from (`name=text`), or its name for the whole text's. */
function shapesOf(t: string): string[] {
  const text = input(t);
  const { names, spans } = siteShapes(text, 1);
  return names.map((name, k) => (spans[3 * k] === -1 ? name : `${name}=${text.segments[spans[3 * k]!]!.text.slice(spans[3 * k + 1], spans[3 * k + 2])}`));
}

describe('siteTokens', () => {
  it('gives the same word tokens for the same words, whatever their case or look-alikes', () => {
    const a = siteTokens(input('Cheap pills here'), 7);
    expect(wordTokens('Cheap pills here', 7)).toEqual(wordTokens('CHEAP pills HERE', 7));
    expect(wordTokens('Cheap pills here', 7)).toEqual(wordTokens('Ch3ap pills hére', 7));
    // 3 words and 2 pairs, then 2 shapes (3 words, no link), all distinct unsigned 32-bit integers.
    expect(a).toHaveLength(7);
    expect(new Set(a).size).toBe(7);
    for (const t of a) expect(t >>> 0).toBe(t);
    // The capitals are a shape of their own: the rest is the same.
    const caps = siteTokens(input('CHEAP pills HERE'), 7);
    expect(caps.filter((t) => !a.includes(t))).toHaveLength(1);
  });

  it('keeps the word tokens of counts stored before the shapes (the same hashes)', () => {
    // What siteTokens gave for these texts before shapes were counted, salt 7.
    expect(wordTokens('Cheap pills here', 7)).toEqual([3546625644, 839061874, 891999621, 3839164207, 525192005]);
    expect(wordTokens('Call 09061701461 now, FREE prize!!', 7)).toEqual([1562440886, 1029445157, 1926149391, 2831234313, 2195230026, 3077873768, 311366016, 3488075952, 3656592180]);
  });

  it('depends on the salt, so a dictionary of unsalted hashes does not match', () => {
    const a = siteTokens(input('cheap pills here!! :)'), 1);
    const b = siteTokens(input('cheap pills here!! :)'), 2);
    // 3 words, 2 pairs, and the shapes "words 2-3", "no link", "!×2-3".
    expect(a).toHaveLength(8);
    expect(a.filter((t) => b.includes(t))).toEqual([]);
    expect(shapeHash(1, 'no link')).not.toBe(shapeHash(2, 'no link'));
  });

  it('counts a repeated word once, numbers by their shape only, skips one-letter words, and stops at the caps', () => {
    expect(wordTokens('spam spam spam', 3)).toHaveLength(2); // "spam" and the pair "spam spam"
    expect(siteTokens(input('spam spam spam'), 3)).toHaveLength(4); // and "words 2-3", "no link"
    expect(wordTokens('a 12345 b', 3)).toEqual([]);
    expect(shapesOf('a 12345 b')).toEqual(['words 2-3', 'no link', 'number #####=12345']);
    const long = Array.from({ length: 2000 }, (_, i) => `w${i.toString(36)}x`).join(' ');
    expect(wordTokens(long, 3)).toHaveLength(MAX_SITE_TOKENS);
    // On top: "words 64+", "no link", and the shapes of words past the bound (the 600th word: "gmx",
    // no shape; "ABC" and "12" at the end).
    expect(shapesOf(`${long} ABC 12`)).toEqual(['words 64+', 'no link', 'caps word=ABC', 'number ##=12']);
    expect(siteTokens(input(long), 3)).toHaveLength(MAX_SITE_TOKENS + 2);
    // Every shape a text can have at once: a word count, a link, the 11 runs (one of both marks has
    // two or more), the 6 number shapes, both capitals.
    const runs = ['!', '?', '?!'].flatMap((r) => [1, 2, 4, 8].map((n) => r.repeat(n).slice(0, n))).join(' x ');
    const all = `see www.example.com ${runs} 1 12 123 1234 12345 123456 OK WHAT`;
    expect(shapesOf(all)).toHaveLength(MAX_SHAPE_TOKENS);
    expect(new Set(shapesOf(all)).size).toBe(MAX_SHAPE_TOKENS);
  });

  it('keeps its definition: the tokens of a text and salt are the same from version to version (stored counts stay meaningful)', () => {
    // The nine word and word-pair tokens, then the three shapes (words 4-7, no link, !×1): the
    // same numbers since the shapes were first counted (the shapes kept hash their names as then).
    expect(siteTokens(input('Cheap pills here. Buy now, cheap pills!'), 7)).toEqual([
      3546625644, 839061874, 891999621, 3839164207, 525192005, 1603686207, 2831234313, 3645404657, 3946672142, 1851544710, 2743220209, 3542791272,
    ]);
  });

  it('names a shape token by the text it came from', () => {
    const w = siteTokenWords(input('So good!!! :) OK'), 5);
    const shapes = w.tokens.map((_, i) => w.word[i]!).filter((k) => k < 0).map((k) => w.shapes.names[-1 - k]);
    expect(shapes).toEqual(['words 2-3', 'no link', 'caps word', '!×2-3']);
    const { spans } = w.shapes;
    expect([2, 3].map((k) => 'So good!!! :) OK'.slice(spans[3 * k + 1], spans[3 * k + 2]))).toEqual(['OK', '!!!']);
  });
  it('parses the stored salt and refuses anything else', () => {
    expect(parseSalt('0000000a')).toBe(10);
    expect(parseSalt('FFFFFFFF')).toBe(0xffffffff);
    expect(() => parseSalt('xyz')).toThrow(RangeError);
  });
});

describe('siteShapes: what a text looks like, beyond its words', () => {
  it.each([
    ['Ouf Ouf OUFFFFFFFF!!!!!!!! :)', ['words 2-3', 'no link', 'caps word 4+=OUFFFFFFFF', '!×8+=!!!!!!!!']],
    ['What is he saying?!?!?!', ['words 4-7', 'no link', '?!×4-7=?!?!?!']],
    ['Really? Yes! Why??', ['words 2-3', 'no link', '?×1=?', '!×1=!', '?×2-3=??']],
    // Emoticons and emoji are no shapes (the replay found they did not earn their cost); the "3" of "<3" is a number.
    ['love it :-D <3 ^_^ O_O xD ;) ;-)', ['words 4-7', 'no link', 'number #=3']],
    ['great 😂😂 🎉', ['words 1', 'no link']],
    ['Call 09061701461 now for £1000, www.example.com', ['words 8-15', 'link', 'number ####=1000']],
    ['see http://example.org/a:b and 3:50 (8)', ['words 8-15', 'link', 'number #=3', 'number ##=50']],
    ['ＤＡＭＮ, OK I see', ['words 4-7', 'no link', 'caps word 4+=DAMN', 'caps word=OK']],
    ['Привет ВСЕМ!!', ['words 2-3', 'no link', 'caps word 4+=ВСЕМ', '!×2-3=!!']],
    // Numbers and capitals in text order, then the runs in text order.
    ['WOW!!! 5 stars? YES', ['words 4-7', 'no link', 'caps word=WOW', 'number #=5', '!×2-3=!!!', '?×1=?']],
    ['sooo good, www', ['words 2-3', 'no link']],
    ['😂 😂 😂 🇨🇿 ﷺ 中文 ΑΘΗΝΑ', ['words 4-7', 'no link', 'caps word 4+=ΑΘΗΝΑ']],
    ['', ['words 0', 'no link']],
    ['Hi', ['words 1', 'no link']],
  ])('%j', (text, expected) => {
    expect(shapesOf(text)).toEqual(expected);
  });

  it('is linear in the text: long runs of every kind (adversarial)', () => {
    for (const unit of ['!', '?!', '!a', '?a', 'a!?', ':)', '<3', 'x', 'AAAA ', 'A ', '1 ', '😂', ':-', '^_', '.', 'ww.', '.co', ':/', '://', 'http:/', 'https:']) {
      const t = unit.repeat(Math.ceil(200_000 / unit.length));
      expect(shapesOf(t).length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('hasLink', () => {
  const LINK = /https?:\/\/|www\.|\.com\b/i;
  it('finds what /https?:\\/\\/|www\\.|\\.com\\b/i finds, in random strings of its letters and their neighbours', () => {
    const units = ['.', 'w', 'W', 'c', 'C', 'o', 'O', 'm', 'M', 'h', 'H', 't', 'T', 'p', 'P', 's', 'S', ':', '/', '_', '1', ' ', 'é', 'ſ', 'K', '-', 'com', 'www', 'http', '://', '.com'];
    let seed = 12345;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    let links = 0;
    for (let i = 0; i < 30_000; i++) {
      let s = '';
      const length = 1 + random(12);
      for (let k = 0; k < length; k++) s += units[random(units.length)];
      expect(hasLink(s), s).toBe(LINK.test(s));
      if (LINK.test(s)) links++;
    }
    expect(links).toBeGreaterThan(1000);
    for (const s of ['see example.com', 'EXAMPLE.COM!', 'x.comma', 'x.com_', 'x.com9', 'HTTPS://a', 'hTtP://', 'ttp://', 'WwW.', 'ww.', '.co', '']) expect(hasLink(s), s).toBe(LINK.test(s));
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

  it('drops the oldest written among writes again, deletions and writes after a deletion, as a Map in insertion order would', async () => {
    const max = 50;
    const s = createMemoryStore({ maxDecisions: max });
    // The reference: a Map whose first key is the oldest written (a write again keeps its place).
    const expected = new Map<string, number>();
    let seed = 7;
    const random = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    for (let step = 0; step < 6000; step++) {
      const id = `d${random(400)}`;
      if (random(10) < 2) {
        await s.deleteDecisions!({ id });
        expected.delete(id);
      } else {
        await s.putDecision!({ id, at: step, apiKey: 'k', classification: 'GOOD', score: 0, reasons: [], country: null, tokens: [step, 0xfffffffe] });
        if (!expected.has(id) && expected.size >= max) expected.delete(expected.keys().next().value!);
        expected.set(id, step);
      }
    }
    const kept = await s.listDecisions!({ limit: 1000 });
    expect(new Map(kept.map((r) => [r.id, r.at]))).toEqual(expected);
    // Each kept decision as it was last written, no field added.
    for (const r of kept) expect(r).toEqual({ id: r.id, at: r.at, apiKey: 'k', classification: 'GOOD', score: 0, reasons: [], country: null, tokens: [r.at, 0xfffffffe] });
  });
});
