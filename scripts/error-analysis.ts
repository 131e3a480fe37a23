// Dumps every record of a split with its score and per-rule scores as JSON lines, for error
// analysis on the TRAINING split (tune only on training data).
// Run: node scripts/error-analysis.mjs [train|test] [--comment] > out.jsonl
// --comment: YouTube comments are classified with formType "comment" (the comment lists).
import { classify, createDefaultProviders } from '../src/index.js';
import { inSplit, loadLabelled, LABELLED_DATASETS } from '../src/eval/datasets.js';

const split = (process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'train') as 'train' | 'test';
const comment = process.argv.includes('--comment');
const dataDir = process.env.FORMSPAM_DATA ?? new URL('../../../../shared/data/', import.meta.url).pathname;
const providers = createDefaultProviders({ offline: true });
for (const dataset of LABELLED_DATASETS) {
  for (const r of inSplit(loadLabelled(dataDir, dataset), split)) {
    const res = await classify(comment && r.dataset === 'youtube' ? { text: r.text, formType: 'comment' } : { text: r.text }, providers, { maxMatches: 1000 });
    const rules: Record<string, { s: number; m?: string[] }> = {};
    for (const [k, v] of Object.entries(res.text?.rules ?? {})) {
      if (v.score > 0) rules[k] = { s: v.score, m: v.matches?.map((m) => (m.reason ? `${m.value}~${m.reason}` : m.value)) };
    }
    process.stdout.write(JSON.stringify({ d: r.dataset, l: r.language, y: r.label, c: res.classification, score: res.score, src: r.source, lang: res.text?.detectedLanguage, t: r.text, rules }) + '\n');
  }
}
