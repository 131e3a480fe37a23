// Log-odds of each word-list entry on the TRAINING splits (tune only on training data).
// For every SPAM_WORDS and PROFANITY entry that matches, counts the spam and ham training messages
// it matches in, and prints ln((s+0.5)/S) − ln((h+0.5)/H) next to its weight, so a weight can be
// checked against the data (weights in the lists ≈ log-odds / 2, capped at 2.5, and entries with
// log-odds < 0 dropped or lowered). With --fp it also lists the ham classified BAD, with the
// rules that scored. Run: node scripts/lexicon-log-odds.mjs [--fp] [dataset…]
//
// --suggest [--write] [--lang=en] [--min=10]: the weight policy applied to the SPAM_WORDS entries
// of one language that scored in at least `min` training messages (spam + ham):
//   raised to log-odds / 2 rounded down to a multiple of 0.5, at most 2 for a phrase of two words
//   (common words together: "check out", "call now" — never BAD alone) and 2.5 for a longer
//   phrase; lowered to log-odds / 2 rounded up when the weight is above that (at least 0.5).
//   Single words are never raised: "free", "share", "txt", "guys" are spam words in SMS and
//   YouTube and ordinary words in a contact form, so their weights stay set by hand. An entry
//   that matches any training ham is never raised either (third pass): raising it moves known ham
//   towards BAD, and such entries ("working from home", 21 spam / 1 ham) are set by hand.
// Entries whose weight differs are printed; --write sets them in data/lexicons/<lang>/spam-words.txt.
// English is measured on `youtube sms` (sms-multilingual/en repeats the SMS messages), de and fr
// on `sms-multilingual` with their language.
import { classify, createDefaultProviders } from '../src/index.js';
import { inSplit, loadLabelled, LABELLED_DATASETS } from '../src/eval/datasets.js';
import { normalizePhrase } from '../src/lexicons/normalize.js';
import { readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const showFp = args.includes('--fp');
const showFn = args.includes('--fn');
const wanted = args.filter((a) => !a.startsWith('--'));
const suggest = args.includes('--suggest');
const write = args.includes('--write');
const suggestLang = args.find((a) => a.startsWith('--lang='))?.slice(7) ?? 'en';
const minSupport = Number(args.find((a) => a.startsWith('--min='))?.slice(6) ?? 10);
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
    if (wanted.includes('fr') && r.language !== 'fr') continue;
    if (wanted.includes('en') && r.language !== 'en') continue;
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

if (suggest) {
  /** The policy above. */
  const policy = (lo: number, phrase: string, current: number, ham: number) => {
    const words = phrase.split(/\s+/).length;
    const lower = Math.max(0.5, Math.ceil(lo) / 2);
    if (current > lower) return lower; // over-weighted: lower to what the data say
    if (words === 1) return current; // single words: set by hand
    if (ham > 0) return current; // matches training ham: set by hand
    return Math.max(current, Math.min(words === 2 ? 2 : 2.5, Math.floor(lo) / 2));
  };
  const measured = new Map<string, { lo: number; s: number; h: number }>();
  for (const [lo, s, h, , k] of rows) {
    const m = /^SPAM_WORDS ([a-z]{2}): (.+)$/.exec(k);
    if (m && m[1] === suggestLang && s + h >= minSupport) measured.set(m[2]!, { lo, s, h });
  }
  const file = new URL(`../../../data/lexicons/${suggestLang}/spam-words.txt`, import.meta.url).pathname;
  const lines = readFileSync(file, 'utf8').split('\n');
  let changed = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = /^(-?\d+(?:\.\d+)?)\t(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const data = measured.get(normalizePhrase(m[2]!.trim()));
    if (data === undefined) continue;
    const w = policy(data.lo, m[2]!.trim(), Number(m[1]), data.h);
    if (w === Number(m[1])) continue;
    console.log(`# suggest ${suggestLang}\t${m[2]}\t${m[1]} -> ${w}\t(log-odds ${data.lo.toFixed(2)}, ${data.s} spam / ${data.h} ham)`);
    lines[i] = `${w}\t${m[2]}`;
    changed++;
  }
  if (write) writeFileSync(file, lines.join('\n'));
  console.log(`# ${changed} weight(s) ${write ? 'written to' : 'would change in'} ${file}`);
}
