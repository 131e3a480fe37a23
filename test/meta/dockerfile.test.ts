// `docker build` cannot run here. The Dockerfile is checked instead: a non-root user, a volume
// for the data directory, the README's install and build commands, documented settings, and
// its command and healthcheck run for real: `formspam serve` with the image's environment
// answers the healthcheck's request.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/service/openapi.js';
import { ROOT } from '../cli/run-cli.js';

const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
// Instructions with their continuation lines joined, comments left out.
const instructions = text
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [op, ...rest] = l.split(/\s+/);
    return { op: op!.toUpperCase(), args: rest.join(' ') };
  });
const stages = instructions.reduce<{ op: string; args: string }[][]>((all, i) => (i.op === 'FROM' ? [...all, [i]] : (all.at(-1)!.push(i), all)), []);
const final = stages.at(-1)!;
const env: Record<string, string> = {};
for (const i of final.filter((i) => i.op === 'ENV')) for (const m of i.args.matchAll(/(\w+)=(\S+)/g)) env[m[1]!] = m[2]!;
const json = (op: string) => JSON.parse(final.find((i) => i.op === op)!.args.replace(/^.*?(\[)/, '$1')) as string[];

describe('Dockerfile', () => {
  it('runs as a non-root user, with the data directory as a volume', () => {
    const user = final.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    const volume = JSON.parse(final.find((i) => i.op === 'VOLUME')!.args) as string[];
    expect(volume).toContain(env.FORMSPAM_DATA_DIR);
    // One data directory for the store and the lists (issue 17): no deprecated spelling.
    expect(env.FORMSPAM_SERVER_DATA_DIR).toBeUndefined();
    expect(final.find((i) => i.op === 'EXPOSE')?.args).toBe(env.FORMSPAM_PORT);
  });

  it('builds with the README install and build commands, and its docker commands are in the README', () => {
    const runs = stages[0]!.filter((i) => i.op === 'RUN').map((i) => i.args).join('\n');
    expect(runs).toMatch(/npm ci\b/);
    expect(runs).toMatch(/npm run build\b/);
    expect(README).toMatch(/npm ci/);
    for (const command of text.match(/^#\s+(docker (?:build|run) .*)$/gm)!.map((l) => l.replace(/^#\s+/, ''))) {
      expect(README, command).toContain(command);
    }
  });

  it('every setting it sets is documented in formspam serve --help', () => {
    const help = execFileSync(process.execPath, [join(ROOT, 'dist/cli/main.js'), 'serve', '--help'], { encoding: 'utf8' });
    for (const name of Object.keys(env).filter((n) => n.startsWith('FORMSPAM_'))) {
      expect(help.includes(name), name).toBe(true);
    }
  });

  it('its command is formspam serve, and the healthcheck asks a path the server has', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(json('CMD')).toEqual(['node', pkg.bin.formspam!.replace(/^\.\//, ''), 'serve']);
    const check = json('HEALTHCHECK');
    const url = new URL(/fetch\('([^']+)'\)/.exec(check.join(' '))![1]!);
    expect(url.port).toBe(env.FORMSPAM_PORT);
    expect(Object.keys(openApiDocument('0').paths as object)).toContain(url.pathname);
  });

  it("the image's command with the image's environment serves, and the healthcheck passes", async () => {
    const data = mkdtempSync(join(tmpdir(), 'formspam-docker-'));
    const [node, script, ...args] = json('CMD');
    const vars = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '/data' ? data : v]));
    // Port 0 and loopback: a free port on this machine instead of 8080 on all addresses.
    const child = spawn(node === 'node' ? process.execPath : node!, [join(ROOT, script!), ...args, '--no-warm-up', '--offline'], {
      cwd: ROOT,
      env: { ...process.env, ...vars, FORMSPAM_PORT: '0', FORMSPAM_HOST: '127.0.0.1', FORMSPAM_MASTER_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let logs = '';
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout!.setEncoding('utf8').on('data', (d: string) => {
          logs += d;
          const m = /"event":"listening".*?"port":(\d+)/.exec(logs);
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${logs}`)));
      });
      // The store is the SQLite file in the data directory's store/ (the volume), and nothing
      // warned about an old spelling or location.
      expect(logs).toContain('"store":"sqlite"');
      expect(existsSync(join(data, 'store', 'formspam.db'))).toBe(true);
      expect(logs).not.toMatch(/formspam: warning/);
      const check = json('HEALTHCHECK');
      const probe = check[check.length - 1]!.replace(`:${env.FORMSPAM_PORT}/`, `:${port}/`);
      const status = await new Promise<number | null>((resolve) => spawn(process.execPath, ['-e', probe]).once('exit', resolve));
      expect(status).toBe(0);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(data, { recursive: true, force: true });
    }
  });
});
