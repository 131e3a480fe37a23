// The README's server examples (node:http, Express and the fetch handler) are run against the built package, and
// their output is compared with what their comments say.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { expectedOutput, README, readmeExample as example } from '../helpers/readme.js';

describe('README server examples', () => {
  it.each(['node-http', 'express', 'fetch', 'explain-http', 'decision-log'])('the %s example prints what its comments say', (name) => {
    const code = example(name);
    const expected = expectedOutput(code);
    expect(expected.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'formspam-readme-server-'));
    const file = join(dir, 'example.mjs');
    const rewritten = code
      .replace("from 'formspam/node'", `from ${JSON.stringify(join(ROOT, 'dist/adapters/node.js'))}`)
      .replace("from 'formspam/express'", `from ${JSON.stringify(join(ROOT, 'dist/adapters/express.js'))}`)
      .replace("from 'formspam/fetch'", `from ${JSON.stringify(join(ROOT, 'dist/adapters/fetch.js'))}`)
      .replace("from 'formspam/server'", `from ${JSON.stringify(join(ROOT, 'dist/service/index.js'))}`)
      .replace("from 'express'", `from ${JSON.stringify(join(ROOT, 'node_modules/express/index.js'))}`);
    writeFileSync(file, rewritten);
    const out = execFileSync(process.execPath, [file], { encoding: 'utf8' }).trimEnd().split('\n');
    expect(out).toEqual(expected);
  });
});
