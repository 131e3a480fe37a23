// Trains the text model of text.MODEL and writes data/text-model.bin (npm run train:model) and its
// header, the sidecar data/text-model.bin.meta (generator, source, date, SHA-256 of the binary).
// Training data: the TRAINING splits only (YouTube videos 1–4, SMS and its de/fr translations
// with 0-based index not divisible by 3, the training half of ud-prose from treebanks whose
// licence allows it, the contact-form spam phrases, the 50 contact-form enquiries of
// fixtures/contact-form-ham-en.json as ham). NonCommercial ud-prose and the held-out enquiries
// (fixtures/contact-form-ham-en-holdout.json) never train it.
// Deterministic: the same data give the same file byte for byte (checked by a test).
//
//   node scripts/train-model.mjs [out.bin]      train and write
//   node scripts/train-model.mjs --check        write nothing; exit 1 when the sidecar's header is
//                                               malformed or its SHA-256 is not the binary's, and,
//                                               when the corpora of ../shared/data (FORMSPAM_DATA)
//                                               are there, when training again in memory (about 1 s)
//                                               does not give the committed binary byte for byte;
//                                               without them it says it checked the header only
//   node scripts/train-model.mjs --check --retrain   the same, and fails without the corpora
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildTrainingSet, TEXT_MODEL_OPTIONS } from '../src/model/training-set.js';
import { trainModel } from '../src/model/train.js';
import { serializeModel } from '../src/model/model.js';
// @ts-expect-error: a plain .mjs module of the scripts, bundled by esbuild
import { emitGenerated, finishCheck, outPath, parseGenerated, setOutRoot, sha256 } from './lib/generated.mjs';

const GENERATOR = 'scripts/train-model.mjs';
const BIN = 'data/text-model.bin';
const META = 'data/text-model.bin.meta';
const { values, positionals } = parseArgs({ allowPositionals: true, options: { check: { type: 'boolean' }, retrain: { type: 'boolean' }, 'out-root': { type: 'string' } } });
// This file runs bundled from node_modules/.cache/formspam/: the repository is three folders up.
setOutRoot(values['out-root'] ?? new URL('../../../', import.meta.url).pathname);
const dataDir = process.env.FORMSPAM_DATA ?? new URL('../../../../shared/data/', import.meta.url).pathname;
const SOURCE = 'the training splits of ../shared/data (youtube videos 1-4, sms and sms-multilingual de/fr, ud-prose treebanks whose licence allows training, contact-form-spam-phrases) and fixtures/contact-form-ham-en.json; docs/data.md';
const EDIT = `do not edit; run \`npm run train:model\` (check: \`node ${GENERATOR} --check\`)`;

function train(): Uint8Array {
  const t0 = Date.now();
  const { examples, summary } = buildTrainingSet(dataDir);
  process.stderr.write(`train:model: ${examples.length} examples (${JSON.stringify(summary)})\n`);
  const model = trainModel(examples, { ...TEXT_MODEL_OPTIONS, training: { data: summary } });
  const bytes = serializeModel(model.header, model.weights);
  process.stderr.write(`train:model: ${bytes.length} bytes, sha256 ${sha256(bytes)}, ${Date.now() - t0} ms\n`);
  return bytes;
}


if (values.check) {
  const problems: string[] = [];
  const bin = outPath(BIN);
  const metaFile = outPath(META);
  if (!existsSync(bin) || !existsSync(metaFile)) problems.push(`${!existsSync(bin) ? BIN : META} is missing`);
  else {
    const parsed = parseGenerated(readFileSync(metaFile, 'utf8'), '#');
    const digest = sha256(readFileSync(bin));
    if (parsed.error) problems.push(`${META}: ${parsed.error}`);
    else if (parsed.fields.Generator !== GENERATOR) problems.push(`${META}: header names generator ${parsed.fields.Generator}, not ${GENERATOR}`);
    else if (parsed.fields['SHA-256'] !== digest) problems.push(`${BIN}: its SHA-256 ${digest} is not the one recorded in ${META}`);
    else {
      const problem = writeSidecar(digest, true);
      if (problem) problems.push(problem);
    }
    if (!existsSync(dataDir)) {
      if (values.retrain) problems.push(`--retrain needs the training corpora in ${dataDir} (FORMSPAM_DATA)`);
      else console.log(`--check: no training corpora in ${dataDir} (FORMSPAM_DATA): ${BIN} not trained again, only its recorded SHA-256 checked`);
    } else if (sha256(train()) !== digest) problems.push(`${BIN} differs from what training on ${dataDir} gives`);
  }
  finishCheck(problems, 'npm run train:model', `${BIN} (${existsSync(dataDir) ? 'trained again and compared' : `SHA-256 recorded in ${META}`})`);
} else {
  const bytes = train();
  const out = positionals[0] ?? outPath(BIN);
  writeFileSync(out, bytes);
  process.stderr.write(`train:model: wrote ${out}\n`);
  if (positionals[0] === undefined) writeSidecar(sha256(bytes));
}

/** The sidecar: the one header format with `#` comments and no body; its SHA-256 is the binary's. */
function writeSidecar(digest: string, check = false): string | null {
  return emitGenerated(META, { generator: GENERATOR, source: SOURCE, edit: EDIT, render: () => '', prefix: '#', digest, check });
}
