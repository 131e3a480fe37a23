// The README's admin-endpoints example ("The admin page") is run against the built package, and
// its output is compared with what its comments say.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { expectedOutput, README, readmeExample } from '../helpers/readme.js';

describe('README: the admin page', () => {
  it('the admin-decisions example prints what its comments say', () => {
    const code = readmeExample('admin-decisions');
    const expected = expectedOutput(code);
    expect(expected).toHaveLength(5);
    const file = join(mkdtempSync(join(tmpdir(), 'formspam-readme-admin-')), 'example.mjs');
    writeFileSync(file, code
      .replace("from 'formspam/node'", `from ${JSON.stringify(join(ROOT, 'dist/adapters/node.js'))}`)
      .replace("from 'formspam/server'", `from ${JSON.stringify(join(ROOT, 'dist/service/index.js'))}`));
    const out = execFileSync(process.execPath, [file], { encoding: 'utf8' }).trimEnd().split('\n');
    expect(out).toEqual(expected);
  });

  it('shows the screenshot the Chromium test takes (test/e2e/admin.test.ts), and it is a PNG', () => {
    const image = /!\[The admin page\]\((docs\/[\w.-]+\.png)\)/.exec(README);
    expect(image).not.toBeNull();
    const png = readFileSync(join(ROOT, image![1]!));
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.readUInt32BE(16)).toBe(1280); // IHDR width: the test's viewport
  });
});
