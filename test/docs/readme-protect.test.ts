// The README's "Guard your own form" examples, run against the built package: Express and Hono
// print what their comments say; the Next.js route handler's POST is imported and called with
// a spam post and a real one, blocking and with FORMSPAM_DRY_RUN=1 (never blocks).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { expectedOutput, readmeExample as example } from '../helpers/readme.js';

function rewrite(code: string): string {
  return code
    .replace("from 'formspam/express'", `from ${JSON.stringify(join(ROOT, 'dist/adapters/express.js'))}`)
    .replace("from 'formspam/fetch'", `from ${JSON.stringify(join(ROOT, 'dist/adapters/fetch.js'))}`)
    .replace("from 'express'", `from ${JSON.stringify(join(ROOT, 'node_modules/express/index.js'))}`)
    .replace("from 'hono'", `from ${JSON.stringify(join(ROOT, 'node_modules/hono/dist/index.js'))}`);
}

function file(code: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'formspam-readme-protect-'));
  const path = join(dir, 'example.mjs');
  writeFileSync(path, rewrite(code));
  return path;
}

const SPAM = { name: 'Deals', message: 'BUY CHEAP FOLLOWERS NOW!!! Only $5 at https://spam.example.com/buy CLICK HERE https://spam.example.com/now !!!' };
const REAL = { name: 'Maria', email: 'maria.novak@gmail.com', tz: 'Europe/Prague', message: 'Hello, does the workshop next Tuesday still have free seats? Can I pay by invoice? Best regards, Maria' };

describe('README: guard your own form', () => {
  it.each(['protect-express', 'protect-hono'])('the %s example prints what its comments say', (name) => {
    const code = example(name);
    const expected = expectedOutput(code);
    expect(expected.length).toBeGreaterThan(0);
    const out = execFileSync(process.execPath, [file(code)], { encoding: 'utf8' }).trimEnd().split('\n');
    expect(out).toEqual(expected);
  });

  describe('the Next.js route handler', () => {
    const path = file(example('protect-nextjs'));
    const post = (form: Record<string, string>) => new Request('https://site.example/contact', { method: 'POST', body: new URLSearchParams(form) });
    afterEach(() => {
      delete process.env.FORMSPAM_DRY_RUN;
    });

    it('blocks the spam post with 403 SPAM and answers the real one', async () => {
      const { POST } = (await import(`${pathToFileURL(path).href}?blocking`)) as { POST: (r: Request) => Promise<Response> };
      const spam = await POST(post(SPAM));
      expect(spam.status).toBe(403);
      expect(await spam.json()).toMatchObject({ code: 'SPAM', classification: 'BAD' });
      const real = await POST(post(REAL));
      expect(real.status).toBe(200);
      expect(await real.json()).toEqual({ thanks: 'Maria', verdict: expect.stringMatching(/^(GOOD|NEUTRAL)$/) });
    });

    it('with FORMSPAM_DRY_RUN=1 never blocks: the spam post is answered with its BAD verdict', async () => {
      process.env.FORMSPAM_DRY_RUN = '1';
      const { POST } = (await import(`${pathToFileURL(path).href}?dry-run`)) as { POST: (r: Request) => Promise<Response> };
      const warn = console.warn;
      console.warn = () => {};
      try {
        const spam = await POST(post(SPAM));
        expect(spam.status).toBe(200);
        expect(await spam.json()).toEqual({ thanks: 'Deals', verdict: 'BAD' });
      } finally {
        console.warn = warn;
      }
    });
  });
});
