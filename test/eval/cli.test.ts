import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/run-cli.js';

// Runs the built CLI (npm run build first) on fixtures/eval: offline, no network.
describe('formspam eval', () => {
  it('prints a JSON report of the test split', async () => {
    const r = await runCli(['eval', '--data', 'fixtures/eval', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.split).toBe('test');
    expect(report.datasets.map((g: { dataset: string; language: string; count: number }) => `${g.dataset}/${g.language}:${g.count}`)).toEqual([
      'youtube/all:3',
      'sms/all:3',
      'sms-multilingual/all:6',
      'sms-multilingual/en:2',
      'sms-multilingual/de:2',
      'sms-multilingual/fr:2',
      'ud-prose/all:2',
      'youtube:comment/all:3',
    ]);
    // Each message once per language: the youtube:comment copies are not counted again.
    expect(report.languages.map((g: { language: string; count: number }) => `${g.language}:${g.count}`)).toEqual(['en:8', 'de:4', 'fr:2']);
    const [youtube, comment] = [report.datasets[0], report.datasets[7]];
    expect({ spam: comment.spam, ham: comment.ham }).toEqual({ spam: youtube.spam, ham: youtube.ham });
    const sms = report.datasets[1];
    expect(sms).toMatchObject({ spam: 1, ham: 2, errors: 0 });
    // "1; drop table users" is text.SQL_INJECTION: BAD.
    expect(sms.confusion.spam.BAD).toBe(1);
    // ud-prose is ham only: the test split is the second run of 10 messages of de.jsonl.
    const prose = report.datasets[6];
    expect(prose).toMatchObject({ dataset: 'ud-prose', spam: 0, ham: 2, errors: 0 });
    expect(prose.bad.recall).toBeNull();
    expect(prose.bad.falsePositiveRate).toBe(0);
    for (const g of report.datasets) {
      for (const m of [g.bad, g.neutralAsSpam]) {
        expect(m.tp + m.fn).toBe(g.spam);
        expect(m.fp + m.tn).toBe(g.ham);
      }
    }
    expect(report.phrases).toMatchObject({ dataset: 'contact-form-phrases', count: 3 });
    expect(report.errorSamples).toEqual([]);
  });

  it('filters by --dataset and --split', async () => {
    const r = await runCli(['eval', '--data', 'fixtures/eval', '--json', '--split', 'train', '--dataset', 'youtube,sms']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.datasets.map((g: { dataset: string; count: number }) => `${g.dataset}:${g.count}`)).toEqual(['youtube:4', 'sms:4', 'youtube:comment:4']);
    expect(report.phrases).toBeNull();
    const all = JSON.parse((await runCli(['eval', '--data', 'fixtures/eval', '--json', '--split', 'all', '--dataset', 'sms-multilingual'])).stdout);
    expect(all.datasets[0].count).toBe(15);
  });

  it('prints a readable table without --json', async () => {
    const r = await runCli(['eval', '--data', 'fixtures/eval']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(''); // no progress when standard error is not a terminal
    expect(r.stdout).toContain('formspam eval: test split');
    expect(r.stdout).toMatch(/^dataset\s+lang\s+n\s+spam\s+ham\s+P\s+R\s+F1\s+FPR/m);
    expect(r.stdout).toMatch(/^sms-multilingual\s+de\s+2\s+1\s+1\s/m);
    expect(r.stdout).toContain('Confusion tables');
    expect(r.stdout).toContain('contact-form-phrases');
    expect(r.stdout).not.toContain('NaN');
  });

  it('--leave-one-out trains a model without each data set and measures the rules plus it on that set', async () => {
    const r = await runCli(['eval', '--data', 'fixtures/eval', '--leave-one-out', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.split).toBe('train'); // never a test split by default
    expect(report.folds.map((f: { name: string }) => f.name)).toEqual([
      'youtube video 1',
      // The same video as comments (formType comment), with the same model.
      'youtube video 1 (comment)',
      'sms en',
      'sms-multilingual de',
      'sms-multilingual fr',
      'ud-prose de',
      'ud-prose it',
      'contact-form-phrases',
      // The model's own contact-form enquiries (fixtures/contact-form-ham-en.json), left out like a data set.
      'contact-form-enquiries',
    ]);
    for (const f of report.folds) {
      expect(f.bad.tp + f.bad.fn).toBe(f.spam);
      expect(f.bad.fp + f.bad.tn).toBe(f.ham);
    }
    const table = await runCli(['eval', '--data', 'fixtures/eval', '--leave-one-out', '--split', 'all']);
    expect(table.stdout).toMatch(/^youtube video 5\s+\d+\s+\d+\s/m);
    expect(table.stdout).toMatch(/^youtube video 5 \(comment\)\s+\d+\s+\d+\s/m);
    expect(table.stdout).toContain('R rules only');
  });

  it('--leave-one-out from a build without fixtures/ (an installed package) says that the enquiries are missing', async () => {
    // The layout of an installed package: dist/, data/ and package.json, no fixtures/.
    const dir = mkdtempSync(join(tmpdir(), 'formspam-installed-'));
    try {
      cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true, filter: (src) => !src.endsWith('.map') });
      cpSync(join(ROOT, 'data'), join(dir, 'data'), { recursive: true });
      cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
      const r = await runCli(['eval', '--data', join(ROOT, 'fixtures/eval'), '--leave-one-out', '--json'], undefined, { cli: join(dir, 'dist/cli/main.js') });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('fixtures/contact-form-ham-en.json is not beside this build');
      expect(r.stderr).toContain('the contact-form-enquiries row is missing');
      const folds = JSON.parse(r.stdout).folds.map((f: { name: string }) => f.name);
      expect(folds).toContain('contact-form-phrases');
      expect(folds).not.toContain('contact-form-enquiries');
      // From the repository the enquiries are there, and nothing is said.
      const here = await runCli(['eval', '--data', 'fixtures/eval', '--leave-one-out', '--json', '--dataset', 'sms,contact-form-phrases']);
      expect(here.code).toBe(0);
      expect(here.stderr).not.toContain('not beside this build');
      expect(JSON.parse(here.stdout).folds.map((f: { name: string }) => f.name)).toContain('contact-form-enquiries');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('documents itself in --help', async () => {
    const r = await runCli(['eval', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--split <split>');
    expect((await runCli(['--help'])).stdout).toMatch(/^ {2}eval\s/m);
  });

  it.each([
    ['a missing data directory', ['--data', '/nonexistent/formspam-eval'], 'DATA_NOT_FOUND', /\/nonexistent\/formspam-eval is missing/],
    ['a bad --split', ['--data', 'fixtures/eval', '--split', 'dev'], 'USAGE', /--split must be test, train or all/],
    ['an unknown --dataset', ['--data', 'fixtures/eval', '--dataset', 'enron'], 'USAGE', /not a data set/],
    ['an unknown option', ['--bogus'], 'USAGE', /bogus/],
  ])('exits 2 with a JSON error for %s', async (_name, args, code, message) => {
    const r = await runCli(['eval', ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const error = JSON.parse(r.stderr).error;
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 naming the file and line of a malformed data file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formspam-eval-'));
    mkdirSync(join(dir, 'sms-spam-collection'));
    writeFileSync(join(dir, 'sms-spam-collection', 'SMSSpamCollection'), 'ham\tfine\r\nspam but no tab\r\n');
    const r = await runCli(['eval', '--data', dir, '--dataset', 'sms']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr).error).toEqual({ code: 'INVALID_DATA', message: 'SMSSpamCollection: line 2: no tab between the label and the text' });
    const missing = await runCli(['eval', '--data', dir, '--dataset', 'youtube']);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stderr).error.message).toMatch(/youtube-spam-collection is missing/);
  });
});
