// Every generated data file is what its generator writes (`--check`), every data file carries the
// one header (scripts/lib/generated.mjs, docs/data.md), and --check fails on a tampered copy.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHARED_DATA = join(ROOT, '../shared/data');
// @ts-expect-error: the scripts' plain .mjs helper has no types
const { parseGenerated } = (await import('../../scripts/lib/generated.mjs')) as { parseGenerated: (text: string, prefix?: string) => { error?: string; generated?: boolean; fields?: Record<string, string> } };

function run(script: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', script), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** The generators, their --check arguments and the files they check. */
const GENERATORS: [string, string[], string[]][] = [
  ['generate-email-data.mjs', [], ['src/data/free-email-domains.ts', 'src/data/tlds.ts']],
  ['build-language-model.mjs', [], ['src/data/language-ngrams.ts']],
  ['build-lexicons.mjs', ['--import'], ['src/data/lexicons.generated.ts', 'data/lexicons/en/sentiment.txt', 'data/lexicons/de/profanity.naughty-words.txt']],
  ['train-model.mjs', [], ['data/text-model.bin', 'data/text-model.bin.meta']],
];

const tmp = mkdtempSync(join(tmpdir(), 'formspam-generated-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the repository's data files under a fresh root, for --out-root. */
function copyTree(): string {
  const root = mkdtempSync(join(tmp, 'root-'));
  const files = [
    ...readdirSync(join(ROOT, 'src/data')).map((f) => `src/data/${f}`),
    ...readdirSync(join(ROOT, 'data/lexicons'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.txt')).map((f) => `data/lexicons/${f}`),
    'data/text-model.bin',
    'data/text-model.bin.meta',
  ];
  for (const f of files) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(root, f));
  }
  return root;
}

describe('generators --check', () => {
  it.each(GENERATORS)('%s --check passes on the committed files', (script, args) => {
    const r = run(script, ...args, '--check');
    expect(r.out).toMatch(/up to date/);
    expect(r.status).toBe(0);
  });

  it.each(GENERATORS.flatMap(([script, args, files]) => files.map((file) => [script, file, args] as const)))(
    '%s --check fails on a tampered copy of %s, naming the file and the command to run',
    (script, file, args) => {
      const root = copyTree();
      const path = join(root, file);
      const bytes = readFileSync(path);
      // Change one byte near the end: content, not header.
      bytes[bytes.length - 3] = bytes[bytes.length - 3] === 0x41 ? 0x42 : 0x41;
      writeFileSync(path, bytes);
      const r = run(script, ...args, '--check', '--out-root', root);
      expect(r.status).toBe(1);
      expect(r.out).toContain(file.replace(/\.meta$/, ''));
      expect(r.out).toMatch(/run `(node scripts\/|npm run )[^`]+`/);
    },
  );

  it.skipIf(!existsSync(SHARED_DATA))('train-model.mjs --check trains again and fails on a changed binary whose sidecar records its hash (skipped without ../shared/data)', () => {
    const root = copyTree();
    const bin = join(root, 'data/text-model.bin');
    const bytes = readFileSync(bin);
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 1;
    writeFileSync(bin, bytes);
    const meta = join(root, 'data/text-model.bin.meta');
    writeFileSync(meta, readFileSync(meta, 'utf8').replace(/SHA-256: [0-9a-f]{64}/, `SHA-256: ${createHash('sha256').update(bytes).digest('hex')}`));
    const r = run('train-model.mjs', '--check', '--out-root', root);
    expect(r.out).toContain('data/text-model.bin differs from what training on');
    expect(r.status).toBe(1);
  });

  it('build-asn.mjs --check compiles the installed CSVs again and matches data/asn.bin, and fails on a changed byte', () => {
    expect(run('build-asn.mjs', '--check').status).toBe(0);
    const copy = join(tmp, 'asn.bin');
    const bytes = readFileSync(join(ROOT, 'data/asn.bin'));
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
    writeFileSync(copy, bytes);
    const r = run('build-asn.mjs', '--check', '--out', copy);
    expect(r.status).toBe(1);
    expect(r.out).toContain(`${copy} differs`);
    expect(r.out).toContain('run `node scripts/build-asn.mjs --force`');
  });
});

describe('the one header', () => {
  const files = [
    ...readdirSync(join(ROOT, 'src/data')).map((f) => [`src/data/${f}`, '//'] as const),
    ...readdirSync(join(ROOT, 'data/lexicons'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /(^|\/)(sentiment|profanity\.naughty-words)\.txt$/.test(f))
      .map((f) => [`data/lexicons/${f}`, '#'] as const),
    ['data/text-model.bin.meta', '#'] as const,
  ];

  it.each(files)('%s has the header (generator, source, date, edit)', (file, prefix) => {
    const parsed = parseGenerated(readFileSync(join(ROOT, file), 'utf8'), prefix);
    expect(parsed.error).toBeUndefined();
    const curated = ['src/data/hosting-asns.ts', 'src/data/trusted-email-providers.ts'].includes(file);
    expect(parsed.generated).toBe(!curated);
  });

  it.each([
    ['no blank line', '// Generator: x\n// Source: y', /no header block/],
    ['a key out of the list', '// Generator: x\n// Author: y\n\nbody', /malformed header line/],
    ['no date', '// Generator: scripts/x.mjs\n// Source: y\n// Edit: do not edit; run x\n// SHA-256: ' + '0'.repeat(64) + '\n\nbody', /no Date line/],
    ['no hash on a generated file', '// Generator: scripts/x.mjs\n// Source: y\n// Date: 2026-11-22\n// Edit: do not edit; run x\n\nbody', /no SHA-256/],
  ])('refuses a header with %s', (_name, text, error) => {
    expect(parseGenerated(text).error).toMatch(error);
  });
});
