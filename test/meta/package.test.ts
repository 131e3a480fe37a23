// What a user's install needs: `import { classify } from 'formspam'` loads no native module
// (better-sqlite3 is an optional dependency, loaded by the SQLite store only) and no optional
// peer; and the published types of formspam, formspam/server, formspam/node, formspam/fetch and formspam/verify
// compile with `skipLibCheck: false` in a project that has formspam's dependencies but not
// ioredis (an optional peer) nor better-sqlite3.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

describe('package', () => {
  it('better-sqlite3 is an optional dependency and ioredis an optional peer', () => {
    expect(pkg.dependencies['better-sqlite3']).toBeUndefined();
    expect(pkg.optionalDependencies?.['better-sqlite3']).toBeDefined();
    expect(pkg.peerDependenciesMeta?.ioredis?.optional).toBe(true);
  });

  it('importing formspam and formspam/server and classifying loads neither better-sqlite3 nor ioredis', () => {
    const script = `
      const { classify, createDefaultProviders } = await import(${JSON.stringify(join(ROOT, 'dist/index.js'))});
      const server = await import(${JSON.stringify(join(ROOT, 'dist/service/index.js'))});
      const r = await classify({ text: 'Hello, I would like to ask whether the workshop next Tuesday still has free seats, and whether I can pay by invoice. Best regards, Maria' }, createDefaultProviders({ offline: true }));
      const store = server.createMemoryStore();
      await store.putKey({ apiKey: 'k', hostname: 'example.com', secret: 's', license: 'free', createdAt: 1 });
      const { createRequire } = await import('node:module');
      const Module = createRequire(import.meta.url)('module');
      const loaded = Object.keys(Module._cache).filter((k) => /better-sqlite3|ioredis/.test(k));
      console.log(JSON.stringify({ classification: r.classification, loaded }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: ROOT });
    expect(JSON.parse(out)).toEqual({ classification: 'GOOD', loaded: [] });
  });

  it('the types compile without ioredis and better-sqlite3, without skipLibCheck', () => {
    const dir = mkdtempSync(join(tmpdir(), 'formspam-types-'));
    try {
      const modules = join(dir, 'node_modules');
      mkdirSync(join(modules, 'formspam'), { recursive: true });
      cpSync(join(ROOT, 'dist'), join(modules, 'formspam', 'dist'), { recursive: true, filter: (src) => !src.endsWith('.map') });
      cpSync(join(ROOT, 'package.json'), join(modules, 'formspam', 'package.json'));
      // formspam's own dependencies and Node's types: nothing else (no ioredis, no better-sqlite3).
      for (const name of [...Object.keys(pkg.dependencies), '@types/node', 'undici-types']) {
        const target = join(modules, name);
        mkdirSync(join(target, '..'), { recursive: true });
        symlinkSync(join(ROOT, 'node_modules', name), target, 'dir');
      }
      writeFileSync(
        join(dir, 'main.ts'),
        `import { classify, createDefaultProviders, type ClassifyResponse } from 'formspam';
import { createRedisStore, createSqliteStore, createMemoryStore, createService, type RedisStoreOptions } from 'formspam/server';
import { createHandler } from 'formspam/node';
import { createFetchHandler } from 'formspam/fetch';
import { verifyServerSignature } from 'formspam/verify';
const r: Promise<ClassifyResponse> = classify({ text: 'hi' }, createDefaultProviders({ offline: true }));
const o: RedisStoreOptions = { url: 'redis://127.0.0.1:6379' };
void [r, o, createRedisStore, createSqliteStore, createMemoryStore, createService, createHandler, createFetchHandler, verifyServerSignature];
`,
      );
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, noEmit: true, types: ['node'] }, files: ['main.ts'] }),
      );
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
      let output = '';
      try {
        execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8', cwd: dir });
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error);
      }
      expect(output).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
