import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../cli/run-cli.js';

export const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The fenced block right after `<!-- example: NAME ... -->` in the README. */
export function readmeExample(name: string): string {
  const at = README.indexOf(`<!-- example: ${name} `);
  if (at === -1) throw new Error(`README has no example "${name}"`);
  const block = /```[a-z]*\n([\s\S]*?)```/.exec(README.slice(at));
  if (!block) throw new Error(`README example "${name}" has no code block`);
  return block[1]!;
}

/** What each `console.log(...); // expected` line of an example says it prints. */
export function expectedOutput(code: string): string[] {
  return code
    .split('\n')
    .filter((l) => l.startsWith('console.log('))
    .map((l) => l.slice(l.indexOf('); // ') + 6));
}
