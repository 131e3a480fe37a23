// formspam/verify stays tiny: the built entry and everything it imports (followed through the
// chunks) use node:crypto only, and none of it comes from the classifier, the rules, the
// lexicons or the language data.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';

const ENTRY = join(ROOT, 'dist/verify/index.js');

function closure(entry: string): { files: string[]; bare: Set<string> } {
  const files: string[] = [];
  const bare = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (files.includes(file)) continue;
    files.push(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:^|[;\n])\s*(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?['"]([^'"]{1,200})['"]/g)) {
      const spec = m[1]!;
      if (spec.startsWith('.')) stack.push(resolve(dirname(file), spec));
      else bare.add(spec);
    }
    for (const m of text.matchAll(/import\(\s*['"]([^'"]{1,200})['"]\s*\)/g)) {
      const spec = m[1]!;
      if (spec.startsWith('.')) stack.push(resolve(dirname(file), spec));
      else bare.add(spec);
    }
  }
  return { files, bare };
}

describe('the built formspam/verify', () => {
  it('is exported by package.json', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.exports['./verify']).toEqual({ types: './dist/verify/index.d.ts', default: './dist/verify/index.js' });
    expect(existsSync(ENTRY)).toBe(true);
  });

  it('pulls in node:crypto and the signature and challenge code only, under 40 KB', () => {
    const { files, bare } = closure(ENTRY);
    expect([...bare].every((b) => b === 'crypto' || b === 'node:crypto'), [...bare].join(', ')).toBe(true);
    const size = files.reduce((n, f) => n + statSync(f).size, 0);
    expect(size).toBeLessThan(40_000);
    const sources = new Set(files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/^\/\/ (src\/\S+)$/gm)].map((m) => m[1]!)));
    expect(sources.has('src/altcha/signature.ts')).toBe(true);
    const heavy = [...sources].filter((s) => /^src\/(?:rules|lexicons|language|languages|text|data|geo|ip|email|providers|facts|engine|service|classify|schema|request|response|core\/(?:schema|request|response))\b/.test(s));
    expect(heavy).toEqual([]);
  });
});
