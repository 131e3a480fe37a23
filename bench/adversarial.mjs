// Times every built-in text rule on every 100 KB adversarial input (bench/adversarial-inputs.mjs).
// A linear-time rule takes a few milliseconds; the budget is 50 ms per rule and input.
// Prints the slowest cases and exits 1 when any case is over budget.
// Each case is run RUNS times, each on a request of its own, and its time is the least of them:
// the first run of a rule on an input of a new shape measures V8 compiling and optimising the
// rule's code for it (a standalone cold run put rules at up to twice their steady time), not the
// algorithm.
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { defaultRules } from '../dist/index.js';
import { normalizeRequest } from '../dist/internal/bench.js';
import { parseModel } from '../dist/providers/index.js';
import { ADVERSARIAL_INPUTS } from './adversarial-inputs.mjs';

export const BUDGET_MS = 50;
/** Runs per case; the least time counts. */
export const RUNS = 3;

// Each case builds its own request of the 100 KB input (up to 300,000 characters after NFKC,
// with a token object per word): the garbage of the cases before it would be collected during
// whichever rule comes next. So the heap is collected before each timed call, and a rule's time
// is its own work and the collection of its own garbage only.
setFlagsFromString('--expose-gc');
const collect = globalThis.gc ?? runInNewContext('gc');

// The facts of the rules that need one (text.MODEL: the bundled model; text.SITE_MODEL: a site
// whose reports had every token of the text); the others ignore them.
const everyToken = { size: 1, get: (t) => ({ spam: t % 4, ham: (t >>> 2) % 3 }) };
const FACTS = {
  model: parseModel(readFileSync(new URL('../data/text-model.bin', import.meta.url))),
  site: { salt: 0x12345678, minReports: 1, counts: { spam: 40, ham: 30, tokens: everyToken } },
};

/**
 * The least time of RUNS calls of `run(prepare())`, each on what `prepare` makes afresh (a new
 * request: the rules memoise on it), with the heap collected before each.
 */
function least(prepare, run) {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const arg = prepare();
    collect();
    const t0 = performance.now();
    run(arg);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

export function runAdversarial({ log = console.log } = {}) {
  const rows = [];
  const textRules = defaultRules.filter((r) => r.category === 'text');
  // Each rule once on a short text first: the word lists are built into tries on first use,
  // once per process (40–90 ms on this machine), which is not the rule's time on an input
  // (it used to land on the first input, "one letter").
  for (const rule of textRules) rule.score(normalizeRequest({ text: 'Warm-up: hello world.' }), FACTS);
  for (const rule of textRules) rule.score(normalizeRequest({ text: 'Warm-up: hello world.', formType: 'comment' }), FACTS);
  for (const input of ADVERSARIAL_INPUTS) {
    // Normalisation (NFKC, tokenising) is timed on its own, as the engine does it once per request.
    rows.push({ rule: '(normalise)', input: input.name, ms: least(() => {}, () => normalizeRequest({ text: input.text })) });
    for (const rule of textRules) {
      const ms = least(() => {
        const request = normalizeRequest({ text: input.text });
        void request.text.tokens; // tokenising belongs to normalisation, not to the rule
        return request;
      }, (request) => rule.score(request, FACTS));
      rows.push({ rule: rule.id, input: input.name, ms });
    }
    // SPAM_WORDS with formType "comment" scans other tries (the comment lists on top).
    const spamWords = textRules.find((r) => r.id === 'text.SPAM_WORDS');
    if (spamWords) {
      const ms = least(() => {
        const request = normalizeRequest({ text: input.text, formType: 'comment' });
        void request.text.tokens;
        return request;
      }, (request) => spamWords.score(request, {}));
      rows.push({ rule: 'text.SPAM_WORDS (formType comment)', input: input.name, ms });
    }
  }
  rows.sort((a, b) => b.ms - a.ms);
  const over = rows.filter((r) => r.ms > BUDGET_MS);
  log(`adversarial inputs: ${ADVERSARIAL_INPUTS.length} × ${textRules.length} rules (+ SPAM_WORDS with formType comment), 100 KB each, budget ${BUDGET_MS} ms; each case the least of ${RUNS} runs (the first run of a case measures the JIT warming up)`);
  log('slowest:');
  for (const r of rows.slice(0, 8)) log(`  ${r.ms.toFixed(2).padStart(8)} ms  ${r.rule}  on  ${r.input}`);
  log(over.length === 0 ? `all ${rows.length} cases under ${BUDGET_MS} ms` : `${over.length} cases over ${BUDGET_MS} ms`);
  return { rows, over };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { over } = runAdversarial();
  process.exitCode = over.length === 0 ? 0 : 1;
}
