import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classify, createDefaultProviders } from '../../src/index.js';
import { runCli } from './run-cli.js';

const GOOD_TEXT = 'Hello, I would like to know the price of your enterprise plan for 40 people. Thanks, Maria';

describe('formspam classify', () => {
  it('prints a BAD response with text.SQL_INJECTION for "1; drop table users"', async () => {
    const r = await runCli(['classify'], '{"text":"1; drop table users"}');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const response = JSON.parse(r.stdout);
    expect(response.classification).toBe('BAD');
    expect(response.reasons).toContain('text.SQL_INJECTION');
  });

  it('prints a GOOD response with no reasons for a normal enquiry', async () => {
    const r = await runCli(['classify'], JSON.stringify({ text: GOOD_TEXT }));
    expect(JSON.parse(r.stdout)).toMatchObject({ classification: 'GOOD', reasons: [] });
  });

  it('prints exactly what the library returns', async () => {
    const request = { fields: { name: 'Ana', message: 'Compre já!!! https://exemplo.com.br 😀' }, email: '@example.com' };
    const r = await runCli(['classify', '--offline'], JSON.stringify(request));
    const id = (JSON.parse(r.stdout) as { id: string }).id;
    expect(id).toMatch(/^d_[A-Za-z0-9_-]{22}$/);
    expect(r.stdout).toBe(`${JSON.stringify(await classify(request, createDefaultProviders({ offline: true }), { id }))}\n`);
  });

  it('reads --file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formspam-cli-'));
    const file = join(dir, 'request.json');
    writeFileSync(file, JSON.stringify({ text: GOOD_TEXT }));
    const r = await runCli(['classify', '--file', file]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).classification).toBe('GOOD');
  });

  it.each([
    ['invalid JSON', '{"text":', 'INVALID_JSON'],
    ['an invalid request', '{"text":42}', 'INVALID_REQUEST'],
    ['an unknown property', '{"txt":"hello"}', 'INVALID_REQUEST'],
    ['an empty input', '', 'INVALID_JSON'],
    ['an unknown rule', '{"text":"x","disableRules":["text.NOPE"]}', 'UNKNOWN_RULE'],
  ])('exits 2 with a JSON error on stderr for %s', async (_name, input, code) => {
    const r = await runCli(['classify'], input);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const error = JSON.parse(r.stderr);
    expect(error.error.code).toBe(code);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 for a missing file and an unknown option, without a stack trace', async () => {
    for (const args of [['classify', '--file', '/nonexistent/formspam.json'], ['classify', '--bogus'], ['bogus']]) {
      const r = await runCli(args, '{}');
      expect(r.code).toBe(2);
      expect(JSON.parse(r.stderr).error.message).toBeTruthy();
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('--explain prints a table of the rules that fired with their evidence', async () => {
    const r = await runCli(['classify', '--explain'], JSON.stringify({ fields: { name: 'x', message: '1; drop table users!!!' } }));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^BAD {2}score 6\.25/);
    expect(r.stdout).toMatch(/text\.SQL_INJECTION\s+5\.00\s+1\s+message: "; drop table users"/);
    expect(r.stdout).toMatch(/text\.EXCLAMATION\s+0\.25\s+1\s+message: "!!!"/); // a run of "!" is one exclamation
    expect(r.stdout).toMatch(/text\.SHORT_TEXT\s+1\.00\s+length 24, threshold 40/);
    expect(r.stdout).toContain('\n- The message tries to inject SQL: “; drop table users”.\n');
  });

  it('--explain --lang de|fr|es prints the sentences in that language; another language is a usage error', async () => {
    const input = JSON.stringify({ text: '1; drop table users' });
    const expected = {
      de: '- Die Nachricht versucht, SQL einzuschleusen: „; drop table users“.',
      fr: '- Le message tente d’injecter du SQL : « ; drop table users ».',
      es: '- El mensaje intenta inyectar SQL: «; drop table users».',
    };
    for (const [lang, line] of Object.entries(expected)) {
      const r = await runCli(['classify', '--explain', '--lang', lang], input);
      expect(r.code).toBe(0);
      expect(r.stdout.split('\n')).toContain(line);
    }
    const bad = await runCli(['classify', '--explain', '--lang', 'it'], input);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--lang must be one of en, de, fr, es');
  });
});

describe('formspam classify --jsonl', () => {
  it('writes one response per line, in order, and an error line in place of a bad line', async () => {
    const lines = [
      JSON.stringify({ text: GOOD_TEXT }),
      '',
      JSON.stringify({ text: '1; drop table users' }),
      'not json',
      JSON.stringify({ text: 7 }),
      JSON.stringify({ text: 'hi!' }),
    ];
    const r = await runCli(['classify', '--jsonl', '--concurrency', '2'], lines.join('\n') + '\n');
    expect(r.code).toBe(2);
    const out = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(5);
    expect(out[0].classification).toBe('GOOD');
    expect(out[1].classification).toBe('BAD');
    expect(out[2]).toMatchObject({ error: { code: 'INVALID_JSON' }, line: 4 });
    expect(out[3]).toMatchObject({ error: { code: 'INVALID_REQUEST', path: '$.text' }, line: 5 });
    expect(out[4].classification).toBe('NEUTRAL');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(2);
  });

  it('handles a thousand requests in one process, in order', async () => {
    const requests = Array.from({ length: 1000 }, (_, i) => ({ text: i % 2 ? `number ${i} https://example.com/${i}` : String(i) }));
    const r = await runCli(['classify', '--jsonl'], requests.map((q) => JSON.stringify(q)).join('\n'));
    expect(r.code).toBe(0);
    const out = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(1000);
    for (let i = 0; i < 1000; i++) {
      if (i % 2) expect(out[i].text.rules.URL.matches[0].value).toBe(`https://example.com/${i}`);
      else expect(out[i].reasons).toContain('text.NUMBERS_ONLY');
    }
  });
});

describe('formspam --help and --version', () => {
  it('documents every command and option', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    for (const word of ['classify', '--jsonl', '--explain', '--lang', '--file', '--concurrency', '--version', 'Exit status']) {
      expect(r.stdout).toContain(word);
    }
  });
  it('serve --help names the admin endpoints and the operator page', async () => {
    const r = await runCli(['serve', '--help']);
    expect(r.code).toBe(0);
    for (const word of ['FORMSPAM_ADMIN_TOKEN', '/admin/keys', 'page at /admin', '--no-decision-log', '--no-site-model']) {
      expect(r.stdout).toContain(word);
    }
  });
  it('prints the version of package.json', async () => {
    const r = await runCli(['--version']);
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    expect(r.stdout.trim()).toBe(version);
  });
  it('prints help on standard error and exits 2 without a command', async () => {
    const r = await runCli([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage: formspam');
  });
});
