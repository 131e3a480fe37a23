// The replay of issue 20: a labelled stream goes through a real `formspam serve` as a site would
// send it (classify each message; report the true label of every other one with feedback), and
// on the messages after the key's model turned active, the key that reported is compared with a
// key of the same server that never did (its SITE_MODEL stays skipped: the verdicts without
// feedback). Test splits only (the global text model never saw them). Each stream is replayed in
// file order and in 7 seeded shuffles (two new keys each: one order is one draw of when each
// message came, and a stream of 101 ham has one or two false positives to compare), and the
// counts are summed; the file order must not be worse either. Figures: docs/accuracy.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOrder, replay, summed, type ReplayCall, type ReplayResult } from '../../bench/replay-core.mjs';
import { loadLabelled } from '../../src/eval/datasets.js';
import { startServer, type TestServer } from '../helpers/serve.js';
import { ROOT } from '../cli/run-cli.js';
import { join, resolve } from 'node:path';

const TOKEN = 'replay-admin-token-0123456789abcdef01234';
const DATA = resolve(process.env.FORMSPAM_SHARED_DATA ?? join(ROOT, '../shared/data'));

let server: TestServer;
beforeAll(async () => {
  server = await startServer(['--offline', '--store', 'memory', '--no-rate-limits', '--site-model-min-reports', '10'], { FORMSPAM_ADMIN_TOKEN: TOKEN });
});
afterAll(async () => {
  await server?.stop();
});

const call: ReplayCall = async (method, path, body, headers = {}) => {
  const r = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: r.status, json: await r.json() };
};

async function keys(k: number) {
  const make = async (hostname: string) => (await call('POST', '/admin/keys', { hostname }, { authorization: `Bearer ${TOKEN}` })).json as { apiKey: string; secret: string };
  return { learner: await make(`learner-${k}.example`), control: await make(`control-${k}.example`) };
}

const ORDERS = 8;

/** The stream replayed in file order and ORDERS − 1 shuffles; the per-order results and their sum. */
async function replayOrders(name: string, records: readonly { text: string; label: 'spam' | 'ham'; formType?: string }[]) {
  const results: ReplayResult[] = [];
  for (let k = 0; k < ORDERS; k++) results.push(await replay(call, await keys(k), inOrder(records, k), { share: 0.5 }));
  const sum = summed(results);
  console.log(`replay ${name}`, JSON.stringify({ fileOrder: results[0], summed: sum }));
  return { fileOrder: results[0]!, results, sum };
}

/** Feedback lowers the BAD false-positive rate and ham held, and raises recall, over the orders; never worse in file order. */
function expectLearned({ fileOrder, results, sum }: Awaited<ReturnType<typeof replayOrders>>) {
  for (const r of results) expect(r.activeAt).toBeGreaterThan(0);
  expect(sum.learner.recall).toBeGreaterThan(sum.control.recall);
  expect(sum.learner.fpr).toBeLessThan(sum.control.fpr);
  expect(sum.learner.heldHamRate).toBeLessThan(sum.control.heldHamRate);
  expect(fileOrder.learner.recall).toBeGreaterThanOrEqual(fileOrder.control.recall);
  expect(fileOrder.learner.fpr).toBeLessThanOrEqual(fileOrder.control.fpr);
  expect(fileOrder.learner.heldHamRate).toBeLessThan(fileOrder.control.heldHamRate);
}

describe('replay: feedback through a real server lowers false positives and what is held wrongly, and raises recall', () => {
  it('YouTube, video 5 (test split) as a comment form', async () => {
    const records = loadLabelled(DATA, 'youtube').filter((r) => r.split === 'test').map((r) => ({ text: r.text, label: r.label, formType: 'comment' }));
    expect(records.length).toBe(370);
    const replayed = await replayOrders('youtube', records);
    expect(replayed.fileOrder.after).toBeGreaterThan(200);
    expectLearned(replayed);
  }, 300_000);

  it('SMS Spam Collection (test split)', async () => {
    const records = loadLabelled(DATA, 'sms').filter((r) => r.split === 'test').map((r) => ({ text: r.text, label: r.label }));
    expect(records.length).toBe(1858);
    const replayed = await replayOrders('sms', records);
    expect(replayed.fileOrder.after).toBeGreaterThan(1500);
    expectLearned(replayed);
  }, 300_000);
});
