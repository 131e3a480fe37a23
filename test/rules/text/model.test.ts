import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classify, createDefaultProviders } from '../../../src/index.js';
import { parseModel } from '../../../src/providers/index.js';
import rule, { MODEL_BUCKETS } from '../../../src/rules/text/model.js';
import { trainModel } from '../../../src/model/train.js';
import { factFailure, runRuleCase, testRule } from '../../../src/testing/rule.js';
import { ROOT } from '../../cli/run-cli.js';

// A small model trained in the test on literal examples: its weights follow from these lines.
const tiny = trainModel(
  [
    ...['win a free prize now', 'free prize claim now', 'claim your free prize', 'win cash now free', 'call now to claim your prize'].map((text) => ({ text, label: 1 as const })),
    ...['see you at lunch', 'the meeting is at noon', 'lunch at noon then', 'thanks for the meeting notes', 'see you at the meeting'].map((text) => ({ text, label: 0 as const })),
  ],
  { features: { bits: 12, unigrams: true, bigrams: true, charGrams: 0, shapes: false }, l2: 0, learningRate: 0.5, epochs: 40, seed: 1, buckets: MODEL_BUCKETS, version: 'test-tiny' },
);
const bundled = parseModel(readFileSync(join(ROOT, 'data/text-model.bin')));
/** A spam comment of the training videos the bundled model puts at p ≥ 0.999. */
const PROMO = 'check it out free stuff for watching videos and filling surveys\n\nhttp://www.prizerebel.com/index.php?r=1446084';
/** An SMS of the training split's ham the bundled model puts at p < 0.02. */
const CHAT = 'So ü pay first lar... Then when is da stock comin...';

testRule(rule, {
  hits: [
    // Spam words of the tiny model: p ≥ 0.999 → 2 on a comment form, capped at 1 on a contact form (the default).
    { request: { text: 'win a free prize now, claim now', formType: 'comment' }, facts: { model: tiny }, score: 2 },
    { name: 'capped at 1 on a contact form', request: 'win a free prize now, claim now', facts: { model: tiny }, score: 1 },
    // Ham words only: p < 0.02 → −1 (strong ham evidence takes a point off).
    { request: 'see you at the meeting at noon for lunch', facts: { model: tiny }, score: -1 },
    // The bundled model: premium-rate prize SMS of the public SMS corpus's kind.
    {
      name: 'bundled: a premium-rate prize message',
      request: 'WINNER!! You have been selected to receive a £900 prize reward! To claim call 09061701461. Claim code KL341. Valid 12 hours only.',
      facts: { model: bundled },
      score: 1,
    },
    // A spam comment of the training videos (p ≥ 0.999): 2 as a comment, capped at 1 on a contact form.
    { name: 'bundled: YouTube self-promotion as a comment', request: { text: PROMO, formType: 'comment' }, facts: { model: bundled }, score: 2 },
    { name: 'bundled: YouTube self-promotion on a contact form (capped)', request: PROMO, facts: { model: bundled }, score: 1 },
    { name: 'bundled: a plea to subscribe', request: 'Hey, check out my new channel, please subscribe and like my videos!', facts: { model: bundled }, score: 1 },
    // SMS chat of the training split (p < 0.02).
    { name: 'bundled: chat', request: CHAT, facts: { model: bundled }, score: -1 },
  ],
  misses: [
    // Words the tiny model never saw: p stays near its prior, bucket 0.
    { request: 'Zebra quantum lighthouse', facts: { model: tiny } },
    // Ham words only on a comment form: p < 0.02, but no point off in a comment (at least 0).
    { name: 'no point off on a comment form', request: { text: 'see you at the meeting at noon for lunch', formType: 'comment' }, facts: { model: tiny } },
    { name: 'bundled: chat as a comment (no point off)', request: { text: CHAT, formType: 'comment' }, facts: { model: bundled } },
    { name: 'bundled: a table booking', request: 'Hello, I would like to book a table for four people tonight. Could you confirm by email?', facts: { model: bundled } },
    { name: 'bundled: an enquiry with "check out"', request: 'Can you check out the issue with the mobile app? It logs me out every few minutes.', facts: { model: bundled } },
    { name: 'bundled: a German enquiry', request: 'Sehr geehrte Damen und Herren, ich interessiere mich für Ihre Wohnung in der Hauptstraße. Wann wäre eine Besichtigung möglich?', facts: { model: bundled } },
  ],
  skips: [
    { request: 'win a free prize', facts: { model: factFailure('provider-error') }, reason: 'provider-error' },
    { request: 'win a free prize', facts: { model: factFailure('no-provider') }, reason: 'no-provider' },
  ],
});

describe('text.MODEL evidence', () => {
  it('names the probability, the model and the words that weighed most, with their field and sign', async () => {
    const { result } = await runRuleCase(rule, { request: { fields: { name: 'Ann', message: 'win a free prize now, see you at lunch' } }, facts: { model: tiny } });
    expect(result.evidence).toMatchObject({ model: 'test-tiny' });
    expect(typeof result.evidence!.probability).toBe('number');
    const matches = result.matches ?? [];
    expect(matches.length).toBeGreaterThan(2);
    expect(matches.length).toBeLessThanOrEqual(5);
    for (const m of matches) {
      expect(m.field).toBe('message');
      expect(m.reason).toBe(m.weight! > 0 ? 'spam' : 'ham');
    }
    // Sorted by |weight|, largest first.
    const sizes = matches.map((m) => Math.abs(m.weight!));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(matches.map((m) => m.value)).toEqual(expect.arrayContaining(['prize']));
  });
});

describe('text.MODEL in classify()', () => {
  const providers = createDefaultProviders({ offline: true });

  it('runs with the bundled model (createDefaultProviders()) and is listed in reasons when it adds points', async () => {
    const r = await classify({ text: PROMO, formType: 'comment' }, providers);
    expect(r.text!.rules.MODEL).toMatchObject({ score: 2 });
    expect(r.reasons).toContain('text.MODEL');
  });

  it('adds at most 1 on a contact form (the default formType), whatever the probability', async () => {
    const text = PROMO;
    const contact = await classify({ text }, providers);
    const comment = await classify({ text, formType: 'comment' }, providers);
    expect(contact.text!.rules.MODEL!.evidence!.probability).toBe(comment.text!.rules.MODEL!.evidence!.probability);
    expect(contact.text!.rules.MODEL!.evidence!.probability).toBeGreaterThanOrEqual(0.999);
    expect(contact.text!.rules.MODEL!.score).toBe(1);
  });

  it('takes a point off for strong ham evidence, is then not a reason, and the total is the sum', async () => {
    const r = await classify({ text: CHAT }, providers);
    expect(r.text!.rules.MODEL!.score).toBe(-1);
    expect(r.reasons).not.toContain('text.MODEL');
    const sum = Object.values(r.text!.rules).reduce((a, x) => a + x.score, 0);
    expect(r.score).toBeCloseTo(sum, 10);
  });

  it('takes no point off on a comment form: self-promotion the model finds ham-like keeps the rules\' score', async () => {
    // Self-promotion after chat, the kind issue 16 names: SPAM_WORDS 2.5, the model "sure" it is ham (p 0.013).
    const text = "Tired. I haven't slept well the past few nights, this song is on repeat in my head lol. Check out my channel";
    const comment = await classify({ text, formType: 'comment' }, providers);
    const rules = await classify({ text, formType: 'comment', disableRules: ['text.MODEL'] }, providers);
    expect(comment.text!.rules.MODEL!.evidence!.probability).toBeLessThan(0.02);
    expect(comment.text!.rules.MODEL!.score).toBe(0);
    expect(comment.score).toBeCloseTo(rules.score, 10);
    expect(comment.classification).toBe('BAD');
    // The same text on a contact form: the −1 applies.
    expect((await classify({ text }, providers)).text!.rules.MODEL!.score).toBe(-1);
  });

  it('disableRules: ["text.MODEL"] gives the rules without the model, score for score', async () => {
    const text = 'Free entry in 2 a wkly comp to win FA Cup final tkts 21st May 2005. Text FA to 87121 to receive entry';
    const on = await classify({ text }, providers);
    const off = await classify({ text, disableRules: ['text.MODEL'] }, providers);
    expect(off.text!.rules.MODEL).toBeUndefined();
    expect(on.score - on.text!.rules.MODEL!.score).toBeCloseTo(off.score, 10);
    const { MODEL: _model, ...others } = on.text!.rules;
    expect(others).toEqual(off.text!.rules);
    // The same on a comment form.
    const onComment = await classify({ text, formType: 'comment' }, providers);
    const offComment = await classify({ text, formType: 'comment', disableRules: ['text.MODEL'] }, providers);
    expect(offComment.text!.rules.MODEL).toBeUndefined();
    const { MODEL: _commentModel, ...commentOthers } = onComment.text!.rules;
    expect(commentOthers).toEqual(offComment.text!.rules);
  });

  it('scales every bucket and the contact form\'s cap with a weights override', async () => {
    const text = PROMO;
    const comment = await classify({ text, formType: 'comment' }, providers, { weights: { 'text.MODEL': 0.5 } });
    expect(comment.text!.rules.MODEL!.score).toBe(1);
    const contact = await classify({ text }, providers, { weights: { 'text.MODEL': 0.5 } });
    expect(contact.text!.rules.MODEL!.score).toBe(0.5);
  });
});

describe('text.MODEL is on by default', () => {
  const text = 'Hey, check out my new channel, please subscribe and like my videos!';

  it('runs with createDefaultProviders() and createDefaultProviders({ textModel: true })', async () => {
    for (const providers of [createDefaultProviders({ offline: true }), createDefaultProviders({ offline: true, textModel: true })]) {
      const r = await classify({ text }, providers);
      expect(r.text!.rules.MODEL!.skipped).toBeUndefined();
      expect(r.text!.rules.MODEL!.score).toBe(1);
    }
  });

  it('is skipped with no-provider by createDefaultProviders({ textModel: false })', async () => {
    const r = await classify({ text }, createDefaultProviders({ offline: true, textModel: false }));
    expect(r.text!.rules.MODEL).toMatchObject({ score: 0, skipped: 'no-provider' });
  });
});
