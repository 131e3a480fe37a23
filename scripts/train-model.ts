// Trains the text model of text.MODEL and writes data/text-model.bin (npm run train:model).
// Training data: the TRAINING splits only (YouTube videos 1–4, SMS and its de/fr translations
// with 0-based index not divisible by 3, the training half of ud-prose from treebanks whose
// licence allows it, the contact-form spam phrases, the 50 contact-form enquiries of
// fixtures/contact-form-ham-en.json as ham). NonCommercial ud-prose and the held-out enquiries
// (fixtures/contact-form-ham-en-holdout.json) never train it.
// Deterministic: the same data give the same file byte for byte (checked by a test).
import { writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { buildTrainingSet, TEXT_MODEL_OPTIONS } from '../src/model/training-set.js';
import { trainModel } from '../src/model/train.js';
import { serializeModel } from '../src/model/model.js';

const dataDir = process.env.FORMSPAM_DATA ?? new URL('../../../../shared/data/', import.meta.url).pathname;
const out = process.argv[2] ?? new URL('../../../data/text-model.bin', import.meta.url).pathname;
const t0 = Date.now();
const { examples, summary } = buildTrainingSet(dataDir);
process.stderr.write(`train:model: ${examples.length} examples (${JSON.stringify(summary)})\n`);
const model = trainModel(examples, { ...TEXT_MODEL_OPTIONS, training: { data: summary } });
const bytes = serializeModel(model.header, model.weights);
writeFileSync(out, bytes);
process.stderr.write(`train:model: wrote ${out}, ${bytes.length} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex')}, ${Date.now() - t0} ms\n`);
