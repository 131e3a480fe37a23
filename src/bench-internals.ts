/**
 * Internals the benchmarks (bench/*.mjs) time on their own, built to dist/internal/bench.js.
 * Not a public subpath: package.json "exports" has no entry for it, so `formspam/...` cannot
 * reach it (test/meta/exports.test.ts).
 */
export { normalizeRequest } from './core/request.js';
export { parseIp } from './ip/parse.js';
export { loadLabelled } from './eval/datasets.js';
export { siteTokenWords } from './learn/tokens.js';
export { scoreTokens } from './learn/model.js';
export { MIN_STRENGTH, ROBINSON_S, ROBINSON_X, MAX_TOKENS } from './learn/model.js';
export { SITE_MODEL_BUCKETS } from './rules/text/site-model.js';
export { siteShapes } from './learn/tokens.js';
export { wordsOf } from './lexicons/normalize.js';
export { trainingRecords, TEXT_MODEL_OPTIONS } from './model/training-set.js';
export { trainingExamples } from './eval/leave-one-out.js';
export { trainModel } from './model/train.js';
