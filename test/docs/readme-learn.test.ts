// The README's site-learner example runs against the build and prints what its comments say.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { expectedOutput, readmeExample } from '../helpers/readme.js';

it('the site-learner example prints what its comments say', () => {
  const code = readmeExample('site-learner');
  const expected = expectedOutput(code);
  expect(expected).toHaveLength(3);
  const file = join(mkdtempSync(join(tmpdir(), 'formspam-readme-learn-')), 'example.mjs');
  writeFileSync(file, code.replace("from 'formspam/server'", `from ${JSON.stringify(join(ROOT, 'dist/service/index.js'))}`).replace("from 'formspam'", `from ${JSON.stringify(join(ROOT, 'dist/index.js'))}`));
  expect(execFileSync(process.execPath, [file], { encoding: 'utf8' }).trimEnd().split('\n')).toEqual(expected);
});
