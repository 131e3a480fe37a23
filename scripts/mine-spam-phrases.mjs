#!/usr/bin/env node
// Suggests spam-word entries and weights from the TRAINING splits only: for each word
// n-gram (1–3 words, lower case, diacritics kept), the smoothed log-odds of spam vs ham
//   ln((s + 0.5) / S) − ln((h + 0.5) / H)
// with s/h the numbers of spam/ham messages containing it and S/H the numbers of messages.
// Output: `logodds  s  h  phrase`, best first. The word lists in data/lexicons/ are curated by
// hand from this output (generic or topical n-grams dropped), with weight ≈ log-odds / 2,
// capped at 2.5. Usage: node scripts/mine-spam-phrases.mjs <sms|youtube|de|fr|en> [minSpam]
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const DATA = process.env.FORMSPAM_DATA ?? new URL('../../shared/data/', import.meta.url).pathname;
const which = process.argv[2] ?? 'sms';
const minSpam = Number(process.argv[3] ?? 6);

function csv(text) {
  const rows = [];
  let row = [], field = '', q = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      if (c === '"') { if (text[i + 1] === '"') { field += '"'; i++; } else q = false; } else field += c;
    } else if (c === '"') q = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') { if (c === '\r' && text[i + 1] === '\n') i++; row.push(field); rows.push(row); row = []; field = ''; }
    else field += c;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  return rows;
}

const train = [];
if (which === 'sms') {
  readFileSync(join(DATA, 'sms-spam-collection/SMSSpamCollection'), 'utf8').split(/\r?\n/).forEach((line, i) => {
    if (!line || i % 3 === 0) return;
    const [label, ...rest] = line.split('\t');
    train.push([label === 'spam', rest.join('\t')]);
  });
} else if (which === 'youtube') {
  const dir = join(DATA, 'youtube-spam-collection');
  for (const f of readdirSync(dir).filter((f) => /^Youtube0[1-4]/.test(f))) {
    for (const r of csv(readFileSync(join(dir, f), 'utf8')).slice(1)) if (r.length >= 5) train.push([r[4] === '1', r[3]]);
  }
} else {
  const col = { en: 1, de: 3, fr: 4 }[which];
  csv(readFileSync(join(DATA, 'sms-spam-multilingual/data-en-hi-de-fr.csv'), 'utf8')).slice(1).forEach((r, i) => {
    if (i % 3 === 0 || r.length < 5) return;
    train.push([r[0] === 'spam', r[col]]);
  });
}
const S = train.filter((t) => t[0]).length, H = train.length - S;
const counts = new Map();
for (const [spam, text] of train) {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
  const seen = new Set();
  for (let n = 1; n <= 3; n++) for (let i = 0; i + n <= words.length; i++) seen.add(words.slice(i, i + n).join(' '));
  for (const g of seen) {
    const c = counts.get(g) ?? [0, 0];
    c[spam ? 0 : 1]++;
    counts.set(g, c);
  }
}
const out = [];
for (const [g, [s, h]] of counts) {
  if (s < minSpam) continue;
  out.push([Math.log((s + 0.5) / S) - Math.log((h + 0.5) / H), s, h, g]);
}
out.sort((a, b) => b[0] - a[0]);
console.log(`# ${which}: ${S} spam / ${H} ham training messages`);
for (const [lo, s, h, g] of out) if (lo > 1.5) console.log(`${lo.toFixed(2)}\t${s}\t${h}\t${g}`);
