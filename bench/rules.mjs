// Per-rule profile: µs per call of each text rule alone on an already normalised request, for
// the typical enquiry and the 10 KB multilingual text of bench/classify.mjs. Run after a build:
//   npm run build && node bench/rules.mjs
import { readFileSync } from 'node:fs';
import { defaultRules } from '../dist/index.js';
import { normalizeRequest } from '../dist/internal/bench.js';
import { parseModel } from '../dist/providers/index.js';
import { LONG, TYPICAL } from './texts.mjs';

// text.MODEL's fact: the bundled model (the other rules ignore it).
const FACTS = { model: parseModel(readFileSync(new URL('../data/text-model.bin', import.meta.url))) };

function profile(request, n) {
  const rows = [];
  let t0 = performance.now();
  for (let i = 0; i < n; i++) void normalizeRequest(request).text.tokens;
  rows.push(['normalise + tokenise', ((performance.now() - t0) / n) * 1000]);
  // Rules whose facts this profile cannot give (text.SITE_MODEL needs a site's counts) are left out.
  for (const rule of defaultRules.filter((r) => r.category === 'text' && Object.keys(r.needs).every((k) => k in FACTS))) {
    const prepared = Array.from({ length: n }, () => {
      const r = normalizeRequest(request);
      void r.text.tokens;
      return r;
    });
    t0 = performance.now();
    for (const r of prepared) rule.score(r, FACTS);
    rows.push([rule.id, ((performance.now() - t0) / n) * 1000]);
  }
  return rows;
}

for (const [name, request, n] of [
  ['typical (~800 chars)', { fields: { name: 'Petra Nováková', message: TYPICAL } }, 3000],
  ['10 KB', { text: LONG }, 300],
]) {
  profile(request, Math.min(n, 200)); // warm up
  const rows = profile(request, n);
  console.log(`${name}: µs per call`);
  for (const [id, us] of rows) console.log(`  ${id.padEnd(22)} ${us.toFixed(1).padStart(8)}`);
  console.log(`  ${'sum'.padEnd(22)} ${rows.reduce((s, r) => s + r[1], 0).toFixed(1).padStart(8)}`);
}
