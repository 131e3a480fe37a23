// Log-odds of each word-list entry on the TRAINING splits (issue 3: tune only on training data).
// For every SPAM_WORDS and PROFANITY entry that matches, counts the spam and ham training messages
// it matches in, and prints ln((s+0.5)/S) − ln((h+0.5)/H) next to its weight, so a weight can be
// checked against the data (weights in the lists ≈ log-odds / 2, capped at 2.5, and entries with
// log-odds < 0 dropped or lowered). With --fp it also lists the ham classified BAD, with the
// rules that scored. Run: node scripts/lexicon-log-odds.mjs [--fp] [dataset…]
import { classify, createDefaultProviders } from '../src/index.js';
import { inSplit, loadLabelled, LABELLED_DATASETS } from '../src/eval/datasets.js';

const args = process.argv.slice(2);
const showFp = args.includes('--fp');
const showFn = args.includes('--fn');
const wanted = args.filter((a) => !a.startsWith('--'));
const dataDir = process.env.FORMSPAM_DATA ?? new URL('../../../../shared/data/', import.meta.url).pathname; // relative to the bundle in node_modules/.cache/formspam/;
const providers = createDefaultProviders({ offline: true });
const stats = new Map<string, [number, number, number]>();
let fpTotal = 0;
let fpWithoutLexicons = 0;
let S = 0;
let H = 0;
for (const dataset of LABELLED_DATASETS) {
  if (wanted.length > 0 && !wanted.includes(dataset)) continue;
  for (const r of inSplit(loadLabelled(dataDir, dataset), 'train')) {
    if (wanted.includes('de') && r.language !== 'de') continue;
    const spam = r.label === 'spam';
    if (spam) S++;
    else H++;
    const res = await classify({ text: r.text }, providers, { maxMatches: 1000 });
    const rules = res.text?.rules ?? {};
    const seen = new Set<string>();
    for (const name of ['SPAM_WORDS', 'PROFANITY']) {
      for (const m of rules[name]?.matches ?? []) {
        const key = `${name} ${m.reason}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const s = stats.get(key) ?? [0, 0, m.weight ?? 0];
        s[spam ? 0 : 1]++;
        stats.set(key, s);
      }
    }
    if (!spam && res.classification === 'BAD') {
      const lexicon = ['SPAM_WORDS', 'PROFANITY', 'SENTIMENT'].reduce((n, k) => n + (rules[k]?.score ?? 0), 0);
      fpTotal++;
      if ((res.text?.score ?? 0) - lexicon > 2) fpWithoutLexicons++;
    }
    const wrong = (showFp && !spam && res.classification === 'BAD') || (showFn && spam && res.classification !== 'BAD');
    if (wrong) {
      const scored = Object.entries(rules).filter(([, v]) => v.score > 0).map(([k, v]) => `${k}=${v.score}${v.matches ? `(${v.matches.map((m) => m.value).join('|')})` : ''}`);
      console.log(`${spam ? 'FN' : 'FP'} ${r.dataset}/${r.language} ${res.classification} ${JSON.stringify(r.text.slice(0, 140))} :: ${scored.join(' ')}`);
    }
  }
}
console.log(`# ${S} spam / ${H} ham training messages; ham classified BAD: ${fpTotal}, of which ${fpWithoutLexicons} would be BAD without SPAM_WORDS, PROFANITY and SENTIMENT`);
const rows = [...stats].map(([k, [s, h, w]]) => [Math.log((s + 0.5) / S) - Math.log((h + 0.5) / H), s, h, w, k] as const);
rows.sort((a, b) => a[0] - b[0]);
for (const [lo, s, h, w, k] of rows) console.log(`${lo.toFixed(2)}\t${s}\t${h}\tw=${w}\t${k}`);
