/**
 * The decision-log cases of the Store conformance suite (`testStore`): they run for a store that
 * has the decision log (`putDecision` …), and pass trivially for one without it.
 */
import assert from 'node:assert/strict';
import type { DecisionRecord, Store } from '../stores/types.js';

type It = (name: string, fn: () => Promise<void>) => void;

let unique = 0;

/** Registers the decision-log cases; `store()` is the fresh store of the current test, `second()` another handle on its data. */
export function decisionStoreCases(it: It, store: () => Store, second: () => (() => Promise<Store> | Store) | undefined): void {
  const run = Date.now();
  // Every test uses keys and ids of its own: a shared Redis keeps other tests' decisions.
  const fresh = () => {
    const n = `${process.pid}-${run}-${++unique}`;
    return { key: `ckey_dec_${n}`, id: (i: number | string) => `d_${n}_${i}` };
  };
  const decision = (id: string, at: number, apiKey: string, extra: Partial<DecisionRecord> = {}): DecisionRecord => ({
    id, at, apiKey, classification: 'BAD', score: 3.25, reasons: ['text.SPAM_WORDS', 'text.URL'], country: 'de', tokens: [0, 1, 0xffffffff, 123456789], ...extra,
  });
  const has = () => typeof store().putDecision === 'function';

  it('keeps a decision as given and reads it back; unknown ids are null (decision log, when the store has it)', async () => {
    if (!has()) return;
    const s = store();
    const { key, id } = fresh();
    const full = decision(id(1), 1_700_000_000_001, key, { label: 'spam', labelledAt: 1_700_000_000_500, request: { text: 'Hello, ütf-8 😀', email: 'a@b.example', nested: [1, null, true] } });
    const bare = decision(id(2), 1_700_000_000_002, key, { classification: 'GOOD', score: 0, reasons: [], country: null, tokens: [] });
    await s.putDecision!(full);
    await s.putDecision!(bare);
    assert.deepEqual(await s.getDecision!(full.id), full);
    assert.deepEqual(await s.getDecision!(bare.id), bare);
    assert.equal(await s.getDecision!(id('missing')), null);
    // A returned record is a copy: changing it changes nothing stored.
    const copy = (await s.getDecision!(full.id))!;
    copy.reasons.push('x');
    copy.tokens.push(5);
    assert.deepEqual(await s.getDecision!(full.id), full);
    // 512 tokens of any 32-bit value survive.
    const many = Array.from({ length: 512 }, (_, i) => (Math.imul(i + 1, 2654435761) >>> 0));
    await s.putDecision!(decision(id(3), 5, key, { tokens: many }));
    assert.deepEqual((await s.getDecision!(id(3)))!.tokens, many);
  });

  it('reads, lists and labels a decision whose putDecision has not settled yet (decision log)', async () => {
    if (!has()) return;
    const s = store();
    const { key, id } = fresh();
    const writes = [s.putDecision!(decision(id(1), 1000, key)), s.putDecision!(decision(id(2), 2000, key))];
    assert.deepEqual(await s.getDecision!(id(1)), decision(id(1), 1000, key));
    assert.deepEqual((await s.listDecisions!({ apiKey: key })).map((r) => r.id), [id(2), id(1)]);
    const third = s.putDecision!(decision(id(3), 3000, key));
    assert.equal(await s.labelDecision!(id(3), 'spam', 4000), null);
    await Promise.all([...writes, third]);
    assert.equal((await s.getDecision!(id(3)))!.label, 'spam');
  });

  it('lists newest first (ties by id) and filters by key, verdict, reason, label and time (decision log)', async () => {
    if (!has()) return;
    const s = store();
    const a = fresh();
    const b = fresh();
    const records = [
      decision(a.id('c'), 1000, a.key),
      decision(a.id('a'), 3000, a.key, { classification: 'GOOD', score: 0.5, reasons: ['email.FREE'] }),
      decision(a.id('b'), 3000, a.key, { classification: 'NEUTRAL', score: 1.5, reasons: ['text.URL'] }),
      decision(a.id('d'), 2000, a.key),
      decision(b.id('e'), 2500, b.key),
    ];
    for (const r of records) await s.putDecision!(r);
    const ids = async (filter: Parameters<NonNullable<Store['listDecisions']>>[0]) => (await s.listDecisions!(filter)).map((r) => r.id);
    assert.deepEqual(await ids({ apiKey: a.key }), [a.id('a'), a.id('b'), a.id('d'), a.id('c')]);
    assert.deepEqual(await ids({ apiKey: a.key, limit: 2 }), [a.id('a'), a.id('b')]);
    assert.deepEqual(await ids({ apiKey: a.key, limit: 3 }), [a.id('a'), a.id('b'), a.id('d')]);
    assert.deepEqual(await ids({ apiKey: a.key, classification: 'BAD' }), [a.id('d'), a.id('c')]);
    assert.deepEqual(await ids({ apiKey: a.key, reason: 'text.URL' }), [a.id('b'), a.id('d'), a.id('c')]);
    assert.deepEqual(await ids({ apiKey: a.key, reason: 'text' }), []);
    assert.deepEqual(await ids({ apiKey: a.key, since: 2000, until: 3000 }), [a.id('d')]);
    assert.deepEqual(await ids({ apiKey: b.key }), [b.id('e')]);
    assert.deepEqual(await ids({ apiKey: a.key, label: 'ham' }), []);
    await s.labelDecision!(a.id('c'), 'ham', 9000);
    assert.deepEqual(await ids({ apiKey: a.key, label: 'ham' }), [a.id('c')]);
    // Without a key: every key's, newest first (a shared store may hold others').
    const mine = new Set(records.map((r) => r.id));
    const listed = (await s.listDecisions!({ until: 3001, limit: 100_000 })).filter((r) => mine.has(r.id)).map((r) => r.id);
    assert.deepEqual(listed, [a.id('a'), a.id('b'), b.id('e'), a.id('d'), a.id('c')]);
    assert.deepEqual((await s.listDecisions!({ apiKey: a.key, limit: 1 }))[0], records[1]);
    // Past a page of ties: 700 decisions at one time come back in id order.
    const t = fresh();
    for (let i = 0; i < 700; i++) await s.putDecision!(decision(t.id(String(i).padStart(4, '0')), 7000, t.key));
    const tied = await ids({ apiKey: t.key, limit: 1000 });
    assert.equal(tied.length, 700);
    assert.deepEqual(tied, [...tied].sort());
    assert.deepEqual(await ids({ apiKey: t.key, classification: 'GOOD' }), []);
  });

  it('labels atomically: the label before, once null; unknown ids undefined (decision log)', async () => {
    if (!has()) return;
    const s = store();
    const { key, id } = fresh();
    await s.putDecision!(decision(id(1), 10, key));
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => s.labelDecision!(id(1), i % 2 === 0 ? 'spam' : 'ham', 100 + i)));
    assert.equal(results.filter((r) => r === null).length, 1);
    const stored = (await s.getDecision!(id(1)))!;
    assert.ok(stored.label === 'spam' || stored.label === 'ham');
    assert.ok(stored.labelledAt! >= 100 && stored.labelledAt! < 110);
    assert.equal(await s.labelDecision!(id('missing'), 'spam', 1), undefined);
    assert.equal(await s.getDecision!(id('missing')), null);
  });

  it('deletes by id, by key, by age and all but the newest n (decision log)', async () => {
    if (!has()) return;
    const s = store();
    const a = fresh();
    const b = fresh();
    for (let i = 0; i < 6; i++) await s.putDecision!(decision(a.id(i), 1000 + (i >> 1), a.key));
    for (let i = 0; i < 3; i++) await s.putDecision!(decision(b.id(i), 1000 + i, b.key));
    assert.equal(await s.deleteDecisions!({ id: a.id(5) }), 1);
    assert.equal(await s.deleteDecisions!({ id: a.id(5) }), 0);
    assert.equal(await s.getDecision!(a.id(5)), null);
    // One key's, by age: a(0), a(1) are at 1000.
    assert.equal(await s.deleteDecisions!({ apiKey: a.key, before: 1001 }), 2);
    assert.equal((await s.listDecisions!({ apiKey: b.key })).length, 3);
    // All but the newest 2 of a key: a(4) at 1002, then a(2), a(3) tied at 1001: a(2) stays.
    assert.equal(await s.deleteDecisions!({ apiKey: a.key, keepNewest: 2 }), 1);
    assert.deepEqual((await s.listDecisions!({ apiKey: a.key })).map((r) => r.id), [a.id(4), a.id(2)]);
    assert.equal(await s.deleteDecisions!({ apiKey: a.key, keepNewest: 5 }), 0);
    // A whole key; the other key's stay.
    assert.equal(await s.deleteDecisions!({ apiKey: a.key }), 2);
    assert.deepEqual(await s.listDecisions!({ apiKey: a.key }), []);
    assert.equal((await s.listDecisions!({ apiKey: b.key })).length, 3);
    // An id of another key is not deleted through a key selector.
    assert.equal(await s.deleteDecisions!({ id: b.id(0), apiKey: a.key }), 0);
    assert.notEqual(await s.getDecision!(b.id(0)), null);
  });

  it('drops the kept request of old decisions and keeps the decisions (decision log)', async () => {
    if (!has()) return;
    const s = store();
    const { key, id } = fresh();
    await s.putDecision!(decision(id(1), 1000, key, { request: { text: 'old' } }));
    await s.putDecision!(decision(id(2), 2000, key, { request: { text: 'new' } }));
    await s.putDecision!(decision(id(3), 500, key));
    assert.ok((await s.dropDecisionRequests!(1500)) >= 1);
    assert.deepEqual(await s.getDecision!(id(1)), decision(id(1), 1000, key));
    assert.deepEqual((await s.getDecision!(id(2)))!.request, { text: 'new' });
    assert.deepEqual(await s.getDecision!(id(3)), decision(id(3), 500, key));
    assert.equal(await s.dropDecisionRequests!(1500), 0);
  });

  it('shares the decision log with a second handle on the same data', async () => {
    const open = second();
    if (!has() || !open) return;
    const other = await open();
    try {
      const { key, id } = fresh();
      await store().putDecision!(decision(id(1), 42, key));
      assert.deepEqual(await other.getDecision!(id(1)), decision(id(1), 42, key));
      assert.equal(await other.labelDecision!(id(1), 'spam', 50), null);
      assert.equal(await store().labelDecision!(id(1), 'ham', 51), 'spam');
      assert.equal(await other.deleteDecisions!({ apiKey: key }), 1);
      assert.equal(await store().getDecision!(id(1)), null);
    } finally {
      await other.close();
    }
  });
}
