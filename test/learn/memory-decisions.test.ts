import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/stores/memory.js';
import type { DecisionRecord } from '../../src/stores/types.js';

/** A small deterministic random source. */
function randomSource(seed: number) {
  return (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
}

const REASONS = ['text.SPAM_WORDS', 'text.LINKS', 'email.DISPOSABLE', 'ip.TOR', 'text.OBFUSCATION'];

function decision(random: (n: number) => number, id: string, at: number, tokenCount: number): DecisionRecord {
  const r: DecisionRecord = {
    id,
    at,
    apiKey: `k${random(3)}`,
    classification: (['GOOD', 'NEUTRAL', 'BAD'] as const)[random(3)]!,
    score: random(200) / 4 - 20,
    reasons: REASONS.filter(() => random(2) === 0),
    country: random(3) === 0 ? null : ['DE', 'FR', 'IN'][random(3)]!,
    tokens: Array.from({ length: tokenCount }, () => (random(1 << 16) * 65536 + random(1 << 16)) >>> 0),
  };
  if (random(4) === 0) {
    r.label = random(2) === 0 ? 'spam' : 'ham';
    r.labelledAt = at + 1;
  }
  if (random(5) === 0) r.request = { fields: { message: `text ${id}` }, ip: '192.0.2.1', nested: [1, { a: null }] };
  return r;
}

describe('memory store: decisions kept off the heap, read back as written', () => {
  it('gives back every field of every kept decision after writes, writes again, labels, deletions and evictions', async () => {
    const random = randomSource(11);
    const max = 300;
    const s = createMemoryStore({ maxDecisions: max });
    // The reference: a Map in the order first written (a write again keeps its place).
    const expected = new Map<string, DecisionRecord>();
    for (let step = 0; step < 4000; step++) {
      const id = `d${random(600)}`;
      const op = random(20);
      if (op < 2) {
        expect(await s.deleteDecisions!({ id })).toBe(expected.delete(id) ? 1 : 0);
      } else if (op < 4) {
        const label = random(2) === 0 ? 'spam' : 'ham';
        const before = expected.get(id);
        expect(await s.labelDecision!(id, label, step)).toBe(before === undefined ? undefined : before.label ?? null);
        if (before) Object.assign(before, { label, labelledAt: step });
      } else {
        // Token counts from none to past a chunk (2^18 words) now and then.
        const tokens = random(200) === 0 ? 270_000 + random(1000) : random(3) === 0 ? 0 : random(250);
        const r = decision(random, id, random(1000), tokens);
        await s.putDecision!(r);
        if (!expected.has(id) && expected.size >= max) expected.delete(expected.keys().next().value!);
        expected.set(id, structuredClone(r));
      }
    }
    for (const [id, r] of expected) expect(await s.getDecision!(id)).toStrictEqual(r);
    const all = await s.listDecisions!({ limit: 10_000 });
    const newest = [...expected.values()].sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : 1));
    expect(all).toStrictEqual(newest);
    // Filters by key, verdict, reason, label and time, as a scan of the reference gives them.
    const filter = { apiKey: 'k1', reason: 'text.LINKS', since: 100, until: 900 };
    expect(await s.listDecisions!({ ...filter, limit: 10_000 })).toStrictEqual(
      newest.filter((r) => r.apiKey === 'k1' && r.reasons.includes('text.LINKS') && r.at >= 100 && r.at < 900),
    );
    expect(await s.listDecisions!({ classification: 'BAD', label: 'spam', limit: 5 })).toStrictEqual(
      newest.filter((r) => r.classification === 'BAD' && r.label === 'spam').slice(0, 5),
    );
    expect(await s.listDecisions!({ apiKey: 'no such key' })).toEqual([]);
    expect(await s.listDecisions!({ reason: 'no.SUCH_RULE' })).toEqual([]);
  });

  it('keeps the records whole when most of them are deleted and the rest moved into new chunks', async () => {
    const random = randomSource(5);
    const s = createMemoryStore();
    const kept: DecisionRecord[] = [];
    // 300 decisions of 20,000 tokens (80 KB each): 23 chunks of 1 MiB; every 20th kept.
    for (let i = 0; i < 300; i++) {
      const r = decision(random, `d${i}`, i, 20_000);
      await s.putDecision!(r);
      if (i % 20 === 0) kept.push(structuredClone(r));
    }
    for (let i = 0; i < 300; i++) if (i % 20 !== 0) expect(await s.deleteDecisions!({ id: `d${i}` })).toBe(1);
    // Written after the deletions: they go into the chunks in use after the move.
    for (let i = 300; i < 320; i++) {
      const r = decision(random, `d${i}`, i, 1000 + i);
      await s.putDecision!(r);
      kept.push(structuredClone(r));
    }
    expect(await s.listDecisions!({ limit: 1000 })).toStrictEqual(kept.reverse());
    // Per key and by age, then all but the newest 3.
    const key = kept[0]!.apiKey;
    expect(await s.deleteDecisions!({ apiKey: key, before: 310 })).toBe(kept.filter((r) => r.apiKey === key && r.at < 310).length);
    const left = kept.filter((r) => !(r.apiKey === key && r.at < 310));
    expect(await s.deleteDecisions!({ keepNewest: 3 })).toBe(left.length - 3);
    expect(await s.listDecisions!()).toStrictEqual(left.slice(0, 3));
    for (const r of left.slice(0, 3)) expect(await s.getDecision!(r.id)).toStrictEqual(r);
  });

  it('drops the requests older than a time and keeps the decisions', async () => {
    const s = createMemoryStore();
    const base = { apiKey: 'k', classification: 'GOOD' as const, score: 0, reasons: [], country: null, tokens: [1, 2] };
    await s.putDecision!({ ...base, id: 'a', at: 1, request: { fields: { m: 'x' } } });
    await s.putDecision!({ ...base, id: 'b', at: 2 });
    await s.putDecision!({ ...base, id: 'c', at: 3, request: { fields: { m: 'y' } } });
    expect(await s.dropDecisionRequests!(3)).toBe(1);
    expect(await s.getDecision!('a')).toStrictEqual({ ...base, id: 'a', at: 1 });
    expect((await s.getDecision!('c'))?.request).toEqual({ fields: { m: 'y' } });
    // A read gives a copy: changing it changes nothing kept.
    const c = (await s.getDecision!('c'))!;
    c.tokens.push(9);
    c.reasons.push('x');
    (c.request as { fields: { m: string } }).fields.m = 'changed';
    expect(await s.getDecision!('c')).toStrictEqual({ ...base, id: 'c', at: 3, request: { fields: { m: 'y' } } });
  });
});

describe('memory store: a decision that cannot be kept', () => {
  it('is refused and changes nothing: neither a new one nor one written again', async () => {
    const s = createMemoryStore({ maxDecisions: 2 });
    const base = { apiKey: 'k', classification: 'GOOD' as const, score: 1, reasons: ['text.LINKS'], country: 'DE', tokens: [7, 8] };
    await s.putDecision!({ ...base, id: 'a', at: 1 });
    await s.putDecision!({ ...base, id: 'b', at: 2 });
    // A request structuredClone refuses, and a token that is no number.
    await expect(s.putDecision!({ ...base, id: 'c', at: 3, request: { f: () => 1 } })).rejects.toThrow();
    await expect(s.putDecision!({ ...base, id: 'a', at: 4, tokens: [Symbol('x') as unknown as number] })).rejects.toThrow();
    expect(await s.listDecisions!()).toStrictEqual([
      { ...base, id: 'b', at: 2 },
      { ...base, id: 'a', at: 1 },
    ]);
    // The store keeps working: the next decision drops the oldest.
    await s.putDecision!({ ...base, id: 'c', at: 3 });
    expect((await s.listDecisions!()).map((r) => r.id)).toEqual(['c', 'b']);
  });

  it('keeps the record of a decision whose write again was refused, when the next records need a new chunk', async () => {
    const s = createMemoryStore();
    const big = { id: 'a', at: 1, apiKey: 'k', classification: 'BAD' as const, score: 9, reasons: [], country: null, tokens: Array.from({ length: 200_000 }, (_, i) => i) };
    await s.putDecision!(big);
    await expect(s.putDecision!({ ...big, tokens: [1n as unknown as number] })).rejects.toThrow();
    // 100,000 tokens more do not fit in the first chunk (2^18 words): the next one is made.
    await s.putDecision!({ ...big, id: 'b', at: 2, tokens: Array.from({ length: 100_000 }, (_, i) => 2 * i) });
    expect(await s.getDecision!('a')).toStrictEqual(big);
  });
});
