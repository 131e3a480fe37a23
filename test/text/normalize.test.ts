// The normalisation the text rules see (src/text/input.ts): NFKC with its expansion bounded.
import { describe, expect, it } from 'vitest';
import { normalizeRequest } from '../../src/core/request.js';
import { defaultRules } from '../../src/index.js';
import { EXPANDING, EXPANSION_SLACK, HIDDEN, MAX_EXPANSION, nfkc, normalizeText, TextInput } from '../../src/text/input.js';

const joined = (text: string) => normalizeRequest({ text }).text!.joined;

describe('NFKC with bounded expansion', () => {
  it('keeps 100 KB of U+FDFA within the bound (NFKC alone would make it 1.8 million characters)', () => {
    const text = '\uFDFA'.repeat(100_000);
    expect(text.normalize('NFKC').length).toBe(1_800_000);
    const normal = joined(text);
    expect(normal.length).toBeLessThanOrEqual(MAX_EXPANSION * text.length + EXPANSION_SLACK);
    // Nothing is dropped: the expanding characters are kept as they came.
    expect(normal).toBe(text);
  });

  it('bounds each field of a request', () => {
    const a = '\uFDFA'.repeat(50_000);
    const b = '\u3300'.repeat(50_000); // ㌀ → アパート
    const request = normalizeRequest({ fields: { a, b } });
    expect(request.text!.segments.map((s) => s.text.length)).toEqual([50_000, 50_000]);
  });

  it('normalises ordinary text with a few expanding characters as NFKC does', () => {
    const text = 'محمد ﷺ قال ﷺ ﷺ ㌀ ⑽ ﬁne ＦＲＥＥ';
    expect(normalizeText(text)).toBe(text.normalize('NFKC'));
    expect(nfkc('\uFDFA'.repeat(60))).toBe('\uFDFA'.normalize('NFKC').repeat(60));
  });

  it('normalises the text between the kept characters beyond the bound', () => {
    const text = 'ＦＲＥＥ ﬁne ' + '\uFDFA'.repeat(2000) + ' １２３ ﬂow';
    expect(normalizeText(text)).toBe('FREE fine ' + '\uFDFA'.repeat(2000) + ' 123 flow');
  });

  it('bounds text that mixes expanding characters with ones NFKC makes three long', () => {
    const text = '\uFDFA¼\u3300⑽ﬃ\uFDFB'.repeat(20_000);
    const normal = nfkc(text);
    expect(text.normalize('NFKC').length).toBeGreaterThan(MAX_EXPANSION * text.length + EXPANSION_SLACK);
    expect(normal.length).toBeLessThanOrEqual(MAX_EXPANSION * text.length);
    expect(normal.slice(0, 10)).toBe('\uFDFA1⁄4\u3300⑽ffi\uFDFB');
  });

  it('lists exactly the characters whose NFKD form is longer than three code units per code unit', () => {
    const expanding = new RegExp(EXPANDING.source);
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if ((c.normalize('NFKD').length > 3 * c.length) !== expanding.test(c)) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('gives text.OBFUSCATION offsets into the bounded text', () => {
    const text = '\uFDFA'.repeat(2000) + ' fr\u200Bee money';
    const request = normalizeRequest({ text });
    const rule = defaultRules.find((r) => r.id === 'text.OBFUSCATION')!;
    const outcome = rule.score(request, {} as never);
    expect(outcome.kind).toBe('hit');
    if (outcome.kind !== 'hit') return;
    const m = outcome.matches.find((x) => x.reason === 'invisible')!;
    expect(m.index).toBe(2001);
    expect(request.text!.segments[0]!.text.slice(m.index!, m.index! + m.value.length)).toBe('free');
  });
});

describe('fields with and without invisible or control characters (TextInput.hidden)', () => {
  // HIDDEN without its g flag: a test of its own, not from the last one's lastIndex.
  const HIDDEN_ONE = new RegExp(HIDDEN.source);
  // What normalisation strips, what text.OBFUSCATION reads as invisible, and the controls.
  const STRIPPED = '\u200B\u2060\uFEFF\u00AD';
  const INVISIBLE = '\u00AD\u034F\u061C\u180E\u200B\u200C\u200D\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\uFE00\uFE0F\uFEFF\uDB40';
  const CONTROLS = Array.from({ length: 0xa0 }, (_, c) => String.fromCharCode(c)).filter((ch) => /[\p{Cc}]/u.test(ch) && !'\t\n\r'.includes(ch));

  it('has every one of them', () => {
    for (const ch of [...STRIPPED, ...INVISIBLE, ...CONTROLS]) expect(HIDDEN_ONE.test(ch), `U+${ch.charCodeAt(0).toString(16)}`).toBe(true);
  });

  it('NFKC makes none of them from any other code point', () => {
    const made: string[] = [];
    for (let c = 0; c < 0x110000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      if (!HIDDEN_ONE.test(ch) && HIDDEN_ONE.test(ch.normalize('NFKC'))) made.push(c.toString(16));
    }
    expect(made).toEqual([]);
  });

  it('have the offset of the first one (-1: none), and only fields with one are stripped', () => {
    const input = new TextInput([
      { field: 'a', text: 'Привет, мир' },
      { field: 'b', text: 'при\u200Bвет\u0007мир' },
      { field: 'c', text: 'plain ASCII' },
      { field: 'd', text: 'сердце ❤️' },
      // NFKC changes the field (ﬁ → fi): the invisible characters are looked for from its start.
      { field: 'e', text: 'ﬁ\u00ADne\u200B\u0001' },
    ]);
    expect(input.hidden).toEqual([-1, 3, -1, 8, 1]);
    expect(input.segments.map((s) => s.text)).toEqual(['Привет, мир', 'привет мир', 'plain ASCII', 'сердце ❤️', 'fine ']);
  });
});
