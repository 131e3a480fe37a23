// `formspam serve --demo` without a browser: how the widget is found (package name, file,
// missing), the CLI's usage error, the page, the script served from the local package, and the
// submit handler's answers (the browser flow is test/e2e/demo.test.ts).
import { solveChallenge as libSolve } from 'altcha-lib/v1';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDemoWidget } from '../../src/cli/demo.js';
import { runCli, ROOT } from '../cli/run-cli.js';
import { startServer, type TestServer } from '../helpers/serve.js';

describe('resolveDemoWidget', () => {
  it('finds a package by name and picks its ESM build', () => {
    // Package resolution gives real paths: node_modules may be a symbolic link (a git worktree's).
    const file = (path: string) => realpathSync(join(ROOT, path));
    expect(resolveDemoWidget('altcha-2.3', ROOT)).toEqual({ file: file('node_modules/altcha-2.3/dist/altcha.js'), version: '2.3.0', major: 2 });
    expect(resolveDemoWidget('altcha-0.9', ROOT)).toMatchObject({ file: file('node_modules/altcha-0.9/dist/altcha.js'), major: 0 });
    expect(resolveDemoWidget('altcha-3.2', ROOT)).toEqual({ file: file('node_modules/altcha-3.2/dist/main/altcha.js'), version: '3.2.2', major: 3 });
  });

  it('takes a file path and reads the version from its package', () => {
    expect(resolveDemoWidget('node_modules/altcha-1.5/dist/altcha.js', ROOT)).toMatchObject({ version: '1.5.1', major: 1 });
  });

  it('explains how to install the widget when it is missing', () => {
    expect(() => resolveDemoWidget('no-such-altcha-package', ROOT)).toThrow(/npm install altcha/);
    expect(() => resolveDemoWidget('./missing/altcha.js', ROOT)).toThrow(/no such file/);
  });
});

describe('formspam serve --demo', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(['--demo', '--demo-widget', 'altcha-2.3', '--store', 'memory', '--offline', '--no-rate-limits', '--no-warm-up']);
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('with --no-warm-up, listens without loading the text data first', () => {
    expect(server.logs()).toMatch(/"event":"listening"/);
    expect(server.logs()).not.toMatch(/"event":"warm-up"/);
  });

  it('exits with status 2 and the install hint when the widget cannot be found', async () => {
    const r = await runCli(['serve', '--demo', '--demo-widget', 'no-such-altcha-package', '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('npm install altcha');
  });

  it('serves the page with a demo key for the page\'s host and the widget from the local package', async () => {
    const html = await (await fetch(`${server.url}/demo`)).text();
    const apiKey = /apiKey=(ckey_[0-9a-f]{28})/.exec(html)![1]!;
    expect(html).toContain('<script type="module" src="/demo/altcha.js"></script>');
    expect(html).toContain('spamfilter');
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|spam\.example\.com)[a-z]/i);
    // The same key on every visit from this host.
    expect(await (await fetch(`${server.url}/demo/`)).text()).toContain(apiKey);
    const js = await fetch(`${server.url}/demo/altcha.js`);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(Buffer.from(await js.arrayBuffer()).equals(readFileSync(join(ROOT, 'node_modules/altcha-2.3/dist/altcha.js')))).toBe(true);
    // The key works with the widget endpoints from this page, and only from this host.
    expect((await fetch(`${server.url}/api/v1/challenge?apiKey=${apiKey}`, { headers: { referer: `${server.url}/demo` } })).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/challenge?apiKey=${apiKey}`, { headers: { referer: 'https://example.com/' } })).status).toBe(403);
  });

  it('checks a submission like a site\'s server: verdict, reasons, fields hash, used once', async () => {
    const html = await (await fetch(`${server.url}/demo`)).text();
    const apiKey = /apiKey=(ckey_[0-9a-f]{28})/.exec(html)![1]!;
    const c = await (await fetch(`${server.url}/api/v1/challenge?apiKey=${apiKey}&maxnumber=2000`)).json() as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
    const s = await libSolve(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    const pow = Buffer.from(JSON.stringify({ ...c, number: s!.number })).toString('base64');
    const fields = { name: 'Bob', message: 'BUY NOW!!! https://spam.example.com 1; drop table users' };
    const v = await (await fetch(`${server.url}/api/v1/verify?apiKey=${apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payload: pow, fields }) })).json() as { payload: string };
    const post = (form: Record<string, string>) => fetch(`${server.url}/demo/submit`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

    const edited = await (await post({ ...fields, message: 'edited', altcha: v.payload })).json();
    expect(edited).toMatchObject({ accepted: false, reason: 'fields-changed', checks: { signature: true, fieldsHash: false } });
    const replay = (await (await post({ ...fields, altcha: v.payload })).json()) as { reasons: string[] };
    // The edited try above used the payload up: a site must not let a refused submission be retried with the same proof.
    expect(replay).toMatchObject({ accepted: false, reason: 'already-used', classification: 'BAD', checks: { signature: true, fieldsHash: true, firstUse: false } });
    expect(replay.reasons).toContain('text.SQL_INJECTION');

    const garbage = await (await post({ ...fields, altcha: 'garbage' })).json();
    expect(garbage).toMatchObject({ accepted: false, reason: 'malformed', classification: null });
    const none = await post(fields);
    expect(none.status).toBe(400);
    const json = await fetch(`${server.url}/demo/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
    expect((await fetch(`${server.url}/demo/nope`)).status).toBe(404);
    expect((await fetch(`${server.url}/demo/submit`)).status).toBe(405);
  });
});
