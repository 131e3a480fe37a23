// The README's provider-conformance example is run with node:test against the built
// formspam/testing: its cases pass and skip as its last comment says, and the skips say why.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { readmeExample } from '../helpers/readme.js';

it('the provider-conformance example passes and skips under node:test as its comment says', () => {
  const code = readmeExample('provider-conformance');
  const [, pass, skip] = /\/\/ (\d+) pass, (\d+) skip/.exec(code)!;
  const dir = mkdtempSync(join(tmpdir(), 'formspam-readme-testing-'));
  try {
    const file = join(dir, 'example.test.mjs');
    writeFileSync(file, code.replace("from 'formspam/testing'", `from ${JSON.stringify(join(ROOT, 'dist/testing/index.js'))}`));
    // Exits non-zero (and execFileSync throws) when a case fails.
    const tap = execFileSync(process.execPath, ['--test-reporter=tap', file], { encoding: 'utf8' });
    expect(tap).toMatch(new RegExp(`^# pass ${pass}$`, 'm'));
    expect(tap).toMatch(new RegExp(`^# skipped ${skip}$`, 'm'));
    expect(tap).toMatch(/^# fail 0$/m);
    expect(tap).toContain('# SKIP setup.city is not given: no address with a city to check');
    expect(tap).toContain('# SKIP setup.noCity is not given: no address without a city to check');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
