// The README's browser-widget example (the widget's side played by fetch, the site's side by
// formspam/verify) runs against the built package and prints what its comments say.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { expectedOutput, readmeExample } from '../helpers/readme.js';

describe('README widget example', () => {
  it('prints what its comments say', () => {
    const code = readmeExample('widget-flow');
    const expected = expectedOutput(code);
    expect(expected).toEqual(['true GOOD', 'true', 'invalid-signature']);
    const file = join(mkdtempSync(join(tmpdir(), 'formspam-readme-widget-')), 'example.mjs');
    writeFileSync(
      file,
      code
        .replace("from 'formspam/node'", `from ${JSON.stringify(join(ROOT, 'dist/adapters/node.js'))}`)
        .replace("from 'formspam/server'", `from ${JSON.stringify(join(ROOT, 'dist/service/index.js'))}`)
        .replace("from 'formspam/verify'", `from ${JSON.stringify(join(ROOT, 'dist/verify/index.js'))}`),
    );
    const out = execFileSync(process.execPath, [file], { encoding: 'utf8' }).trimEnd().split('\n');
    expect(out).toEqual(expected);
  });
});
