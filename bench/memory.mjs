// Memory with all text data and the text model loaded, in a fresh process: warmUp() (the
// language model and every word-list trie), then one classification per language and script
// with the default offline providers and the text model (which loads it), then three GCs.
//   npm run build && node --expose-gc bench/memory.mjs [dist-dir]
// (bench/classify.mjs runs it so.) Prints one line; with --json, a JSON object.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LONG, OTHER_SCRIPTS, SHORT, TYPICAL } from './texts.mjs';

const dist = resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? new URL('../dist', import.meta.url).pathname);
const { classify, createDefaultProviders, warmUp } = await import(pathToFileURL(resolve(dist, 'index.js')).href);

const MiB = 2 ** 20;
const before = process.memoryUsage().rss;
await warmUp();
const providers = createDefaultProviders({ offline: true, textModel: true });
for (const text of [SHORT, TYPICAL, LONG, ...Object.values(OTHER_SCRIPTS)]) await classify({ text }, providers);
for (let i = 0; i < 3; i++) globalThis.gc?.();
const m = process.memoryUsage();
const out = { rssMiB: m.rss / MiB, rssMB: m.rss / 1e6, heapUsedMiB: m.heapUsed / MiB, arrayBuffersMiB: m.arrayBuffers / MiB, importedRssMiB: before / MiB, gc: Boolean(globalThis.gc) };
if (process.argv.includes('--json')) console.log(JSON.stringify(out));
else {
  console.log(
    `memory with all text data and the text model loaded${out.gc ? ' (after GC)' : ' (no --expose-gc: garbage included)'}: rss ${out.rssMiB.toFixed(1)} MiB (${out.rssMB.toFixed(0)} MB; budget 200 MB), heap used ${out.heapUsedMiB.toFixed(1)} MiB, array buffers ${out.arrayBuffersMiB.toFixed(1)} MiB; ${out.importedRssMiB.toFixed(1)} MiB before loading`,
  );
}
