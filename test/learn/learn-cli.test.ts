// `formspam learn`: a site's archive into its key's model in the SQLite store that formspam serve
// uses; then a classify over that store sees the model active. Bad input exits 2 with a code.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classify } from '../../src/engine/classifier.js';
import { createSiteLearner } from '../../src/learn/learner.js';
import { createSqliteStore } from '../../src/stores/sqlite.js';
import { runCli } from '../cli/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'formspam-learn-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('formspam learn', () => {
  it('counts each line once, prints progress and a summary; the key\'s model is then active', async () => {
    const db = join(dir, 'formspam.db');
    const setup = createSqliteStore({ path: db });
    await setup.putKey({ apiKey: 'ckey_site', hostname: 'shop.example', secret: 'sec', license: 'free', createdAt: 1 });
    await setup.close();
    const spam = join(dir, 'spam.txt');
    const ham = join(dir, 'ham.jsonl');
    writeFileSync(spam, ['Cheap replica watches, order today', '', 'Buy cheap replica watches now', '{"text":"Replica watches on sale, cheap"}'].join('\n'));
    writeFileSync(ham, ['{"fields":{"message":"Could I book a table for Friday?"}}', 'Is the terrace open on Friday evening?', 'Please book a table for two'].join('\n'));
    const r = await runCli(['learn', '--key', 'ckey_site', '--spam', spam, '--ham', ham, '--store', `sqlite:${db}`]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ apiKey: 'ckey_site', store: 'sqlite', learned: { spam: 3, ham: 3 }, reports: { spam: 3, ham: 3 } });
    expect(r.stderr).toContain(`formspam learn: ${spam} as spam`);
    expect(r.stderr).toMatch(/done: 3 spam and 3 ham counted/);

    // The same store, the same salt (its learner-salt setting): the model scores the key's texts.
    const store = createSqliteStore({ path: db });
    try {
      const learner = createSiteLearner({ store, apiKey: 'ckey_site', minReports: 3 });
      const result = await classify({ text: 'Cheap replica watches on sale today' }, { siteModel: learner.provider });
      expect(result.text!.rules.SITE_MODEL!.score).toBeGreaterThan(0);
      expect(await learner.reports()).toEqual({ spam: 3, ham: 3 });
    } finally {
      await store.close();
    }
  });

  it('refuses an unknown key, a bad line and no files, with exit 2 and a code', async () => {
    const db = join(dir, 'other.db');
    const setup = createSqliteStore({ path: db });
    await setup.putKey({ apiKey: 'ckey_other', hostname: 'a.example', secret: 'sec', license: 'free', createdAt: 1 });
    await setup.close();
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, 'fine text\n{"text": 12}\n');
    const unknown = await runCli(['learn', '--key', 'ckey_missing', '--spam', bad, '--store', `sqlite:${db}`]);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('API_KEY_NOT_FOUND')]);
    const badLine = await runCli(['learn', '--key', 'ckey_other', '--spam', bad, '--store', `sqlite:${db}`]);
    expect(badLine.code).toBe(2);
    expect(badLine.stderr).toContain(`${bad}:2`);
    expect(badLine.stderr).toContain('INVALID_REQUEST');
    const none = await runCli(['learn', '--key', 'ckey_other', '--store', `sqlite:${db}`]);
    expect(none.code).toBe(2);
  });
});
