// Builds src/data/language-ngrams.ts, the n-gram model of formspam's language detector, from
// the "small" n-gram database of eld 2.1.0 (Nito T.M., Apache-2.0, https://github.com/nitotm/efficient-language-detector-js).
// The scores are eld's, unchanged; only the layout differs (one compact string instead of a
// 1.6 MB object literal, so that loading takes ~30 MB instead of ~140 MB).
//   node scripts/build-language-model.mjs [--check]
// --check writes nothing: it regenerates the file in memory from the installed eld and exits 1
// when the committed file differs.
// Layout of MODEL: `<lang>,<lang>,…` (60 ISO 639-1 codes) then, per n-gram, `\n<key>\t<pairs>`,
// where <key> is eld's byte-string and <pairs> is one character per (language index + 48)
// followed by one character per (score + 48).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { emitGenerated, finishCheck, ROOT as root, setOutRoot } from './lib/generated.mjs';

const { values } = parseArgs({ options: { check: { type: 'boolean' }, 'out-root': { type: 'string' } } });
setOutRoot(values['out-root']);
const GENERATOR = 'scripts/build-language-model.mjs';
const eldDir = join(root, 'node_modules/eld');
const version = JSON.parse(readFileSync(join(eldDir, 'package.json'), 'utf8')).version;
const { ngramsData } = await import(pathToFileURL(join(eldDir, 'src/ngrams/small.js')).href);
const { dictionary } = await import(pathToFileURL(join(eldDir, 'src/dictionary.js')).href);
const { avgScore } = await import(pathToFileURL(join(eldDir, 'src/avgScore.js')).href);

const langs = Object.keys(ngramsData.languages).sort((a, b) => a - b).map((k) => ngramsData.languages[k]);
let maxScore = 0;
const lines = [langs.join(',')];
for (const [key, entry] of Object.entries(ngramsData.ngrams)) {
  if (key.includes('\n') || key.includes('\t')) throw new Error(`unexpected n-gram ${JSON.stringify(key)}`);
  let pairs = '';
  for (const [lang, score] of Object.entries(entry)) {
    if (score < 0 || score > 60000) throw new Error(`score out of range: ${score}`);
    maxScore = Math.max(maxScore, score);
    pairs += String.fromCharCode(48 + Number(lang), 48 + score);
  }
  lines.push(`${key}\t${pairs}`);
}
const averages = langs.map((l) => avgScore[l] ?? 0.8);
const body = `/* eslint-disable */
/** eld's average normalised score of a correct detection, per language, in the order of MODEL's header. */
export const AVERAGE_SCORES: readonly number[] = ${JSON.stringify(averages)};
/** eld's characters for the UTF-8 bytes 0x80–0xFF (its dictionary.js). */
export const HIGH_BYTES: string = ${JSON.stringify(dictionary.slice(0x80).join(''))};
/** eld's score offset (its database stores score - 53). */
export const BASE_SCORE = 53;
export const MODEL: string = ${JSON.stringify(lines.join('\n'))};
`;
const problem = emitGenerated('src/data/language-ngrams.ts', {
  generator: GENERATOR,
  source: `eld ${version} src/ngrams/small.js (${langs.length} languages, ${lines.length - 1} n-grams; scores unchanged, compact layout). eld: Copyright 2023 Nito T.M., Apache-2.0, https://github.com/nitotm/efficient-language-detector-js`,
  edit: `do not edit; run \`npm run build:language-model\` (check: \`node ${GENERATOR} --check\`)`,
  render: () => body,
  check: values.check === true,
});
if (values.check) finishCheck(problem ? [problem] : [], `npm run build:language-model`, 'src/data/language-ngrams.ts');
else console.log(`wrote src/data/language-ngrams.ts: ${langs.length} languages, ${lines.length - 1} n-grams, max score ${maxScore}, ${(body.length / 1024).toFixed(0)} KiB`);
