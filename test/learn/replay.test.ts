// The replay of issue 20: a labelled stream goes through a real `formspam serve` as a site would
// send it (classify each message; report the true label of every other one with feedback), and
// on the messages after the key's model turned active, the key that reported is compared with a
// key of the same server that never did (its SITE_MODEL stays skipped: the verdicts without
// feedback). Test splits only (the global text model never saw them). Figures: docs/accuracy.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay, type ReplayCall } from '../../bench/replay-core.mjs';
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

async function keys() {
  const make = async (hostname: string) => (await call('POST', '/admin/keys', { hostname }, { authorization: `Bearer ${TOKEN}` })).json as { apiKey: string; secret: string };
  return { learner: await make('learner.example'), control: await make('control.example') };
}

describe('replay: feedback through a real server lowers what is held wrongly and raises recall', () => {
  it('YouTube, video 5 (test split) as a comment form', async () => {
    const records = loadLabelled(DATA, 'youtube').filter((r) => r.split === 'test').map((r) => ({ text: r.text, label: r.label, formType: 'comment' }));
    expect(records.length).toBe(370);
    const result = await replay(call, await keys(), records, { share: 0.5 });
    console.log('replay youtube', JSON.stringify(result));
    expect(result.activeAt).toBeGreaterThan(0);
    expect(result.after).toBeGreaterThan(200);
    expect(result.learner.recall).toBeGreaterThan(result.control.recall);
    expect(result.learner.fpr).toBeLessThanOrEqual(result.control.fpr);
    expect(result.learner.heldHamRate).toBeLessThan(result.control.heldHamRate);
  });

  it('SMS Spam Collection (test split)', async () => {
    const records = loadLabelled(DATA, 'sms').filter((r) => r.split === 'test').map((r) => ({ text: r.text, label: r.label }));
    expect(records.length).toBe(1858);
    const result = await replay(call, await keys(), records, { share: 0.5 });
    console.log('replay sms', JSON.stringify(result));
    expect(result.after).toBeGreaterThan(1500);
    expect(result.learner.recall).toBeGreaterThan(result.control.recall);
    expect(result.learner.fpr).toBeLessThanOrEqual(result.control.fpr);
    expect(result.learner.heldHamRate).toBeLessThan(result.control.heldHamRate);
  });
});
