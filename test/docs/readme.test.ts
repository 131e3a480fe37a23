// The README's examples are run, and their output is compared with what the README says.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli } from '../cli/run-cli.js';
import { expectedOutput, README, readmeExample as example } from '../helpers/readme.js';

describe('README examples', () => {
  it.each(['in-process', 'custom-rule', 'classifier', 'form-type'])('the %s example prints what its comments say', (name) => {
    const code = example(name);
    const expected = expectedOutput(code);
    expect(expected.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'formspam-readme-'));
    const file = join(dir, 'example.mjs');
    writeFileSync(file, code.replace("from 'formspam'", `from ${JSON.stringify(join(ROOT, 'dist/index.js'))}`));
    const out = execFileSync(process.execPath, [file], { encoding: 'utf8' }).trimEnd().split('\n');
    expect(out).toEqual(expected);
  });

  it('the --explain example prints what the README shows', async () => {
    const [command, ...output] = example('explain').trimEnd().split('\n');
    const input = /^\$ echo '(.*)' \| formspam classify --explain$/.exec(command!)![1]!;
    const r = await runCli(['classify', '--explain'], input);
    expect(r.stdout.trimEnd().split('\n')).toEqual(output);
    expect(CLI).toContain('dist');
  });

  it('the set-up commands are the ones .ci/run runs', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    expect(README).toContain('npm ci');
    expect(README).toContain('npm test');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
  });
});
