// µs per call of SPAM_WORDS, PROFANITY and SENTIMENT (and of the shared word normalisation) on
// the typical enquiry and the 10 KB multilingual text of bench/classify.mjs, with the language
// unknown (every list: the worst case) and known (cs: Czech + English lists), and the heap
// after every list of every language is loaded. Run after a build:
//   npm run build && node --expose-gc bench/lexicons.mjs
import { defaultRules } from '../dist/index.js';
import { normalizeRequest } from '../dist/internal/bench.js';
import { LONG, TYPICAL } from './texts.mjs';

const ids = ['text.SPAM_WORDS', 'text.PROFANITY', 'text.SENTIMENT'];
const rules = defaultRules.filter((r) => ids.includes(r.id));
const KNOWN = { language: [{ language: 'cs', confidence: 0.99 }] };

/** Median over 15 batches of the mean µs per call (robust to other load on the machine). */
function time(request, n, fn) {
  const batch = Math.max(20, Math.floor(n / 15));
  const means = [];
  for (let b = 0; b < 15; b++) {
    const prepared = Array.from({ length: batch }, () => normalizeRequest(request));
    const t0 = performance.now();
    for (const r of prepared) fn(r);
    means.push(((performance.now() - t0) / batch) * 1000);
  }
  return means.sort((a, b) => a - b)[7];
}

// Memory first: every list of every language loaded (built tries), in a fresh process.
const langs = ['bg', 'cs', 'da', 'nl', 'en', 'fi', 'fr', 'de', 'el', 'hu', 'it', 'no', 'pl', 'pt', 'ro', 'ru', 'sk', 'es', 'sv'];
globalThis.gc?.();
const before = process.memoryUsage();
for (const l of langs) for (const rule of rules) rule.score(normalizeRequest({ text: 'x' }), { language: [{ language: l, confidence: 1 }] });
for (const rule of rules) rule.score(normalizeRequest({ text: 'x' }), {});
globalThis.gc?.();
const after = process.memoryUsage();
console.log(`all lists of all 19 languages and the all-languages tries: +${((after.heapUsed - before.heapUsed) / 1048576).toFixed(1)} MB heap, +${((after.rss - before.rss) / 1048576).toFixed(1)} MB RSS (process RSS ${(after.rss / 1048576).toFixed(0)} MB)`);
for (const [name, request, n] of [
  ['typical (~800 chars)', { fields: { name: 'Petra Nováková', message: TYPICAL } }, 5000],
  ['10 KB', { text: LONG }, 500],
]) {
  for (const [mode, facts] of [['language unknown (all lists)', {}], ['language known (cs+en)', KNOWN]]) {
    const all = (r) => { for (const rule of rules) rule.score(r, facts); };
    time(request, Math.min(n, 300), all); // warm up (builds the tries)
    const rows = rules.map((rule) => [rule.id, time(request, n, (r) => rule.score(r, facts))]);
    rows.push(['all three (words normalised once)', time(request, n, all)]);
    console.log(`\n${name}, ${mode}`);
    for (const [id, us] of rows) console.log(`  ${id.padEnd(36)} ${us.toFixed(1).padStart(8)} µs`);
  }
}

// classify() (text rules only, no providers) with and without the three rules, p50.
const { classify } = await import('../dist/index.js');
async function p50(request, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await classify(request, {});
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[n >> 1] * 1000;
}
const OFF = ['text.SPAM_WORDS', 'text.PROFANITY', 'text.SENTIMENT'];
console.log('\nclassify() p50, text rules only, no providers (language unknown: every list)');
for (const [name, request, n] of [
  ['typical (~800 chars)', { fields: { name: 'Petra Nováková', message: TYPICAL } }, 3000],
  ['10 KB', { text: LONG }, 300],
]) {
  await p50(request, 200);
  const without = await p50({ ...request, disableRules: OFF }, n);
  const withRules = await p50(request, n);
  const without2 = await p50({ ...request, disableRules: OFF }, n);
  console.log(`  ${name.padEnd(22)} without the three: ${Math.min(without, without2).toFixed(0)} µs   with: ${withRules.toFixed(0)} µs`);
}
