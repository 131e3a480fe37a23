// Real prose for the benchmarks, from ../shared/data (FORMSPAM_SHARED_DATA to override): the
// ud-prose messages (Universal Dependencies sentences grouped into messages; evaluation data,
// read at run time, never shipped) joined into 800-character and 10 KB submissions, and the Hindi
// column of the multilingual SMS collection (machine-translated SMS) joined to 800 characters.
// Returns null, with the reason, when the data is absent.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { csv } from './csv.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DATA = resolve(process.env.FORMSPAM_SHARED_DATA ?? join(root, '../shared/data'));

/** Consecutive messages joined with a blank line into `count` texts of exactly `size` characters. */
function chunks(messages, size, count) {
  const out = [];
  let s = '';
  for (let i = 0; out.length < count && i < messages.length * 4; i++) {
    s += (s ? '\n\n' : '') + messages[i % messages.length];
    if (s.length >= size) {
      out.push(s.slice(0, size));
      s = '';
    }
  }
  return out;
}


/**
 * `{ prose: { [lang]: { typical: string[], long: string[] } }, hindi: string[] | null }` or
 * `{ missing: reason }`.
 */
export function loadProse(languages, { typicalCount = 20, longCount = 3 } = {}) {
  const dir = join(DATA, 'ud-prose');
  if (!existsSync(dir)) return { missing: `${dir} not found (set FORMSPAM_SHARED_DATA)` };
  const prose = {};
  for (const lang of languages) {
    const file = join(dir, `${lang}.jsonl`);
    if (!existsSync(file)) continue;
    const messages = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).text);
    prose[lang] = { typical: chunks(messages, 800, typicalCount), long: chunks(messages, 10 * 1024, longCount) };
  }
  const sms = join(DATA, 'sms-spam-multilingual/data-en-hi-de-fr.csv');
  let hindi = null;
  if (existsSync(sms)) {
    const rows = csv(readFileSync(sms, 'utf8'));
    const col = rows[0].indexOf('text_hi');
    if (col !== -1) hindi = chunks(rows.slice(1).map((r) => r[col]).filter(Boolean), 800, typicalCount);
  }
  return { prose, hindi };
}
