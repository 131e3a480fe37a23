// The one header of formspam's data files (docs/data.md, "Generated files"): a block of comment
// lines at the top of the file, one `Key: value` a line, closed by a blank line:
//
//   // Generator: scripts/generate-email-data.mjs
//   // Source: freemail 1.7.0 (ISC) data/free.txt minus disposable-email-domains-js 1.26.0 (CC0)
//   // Date: 2026-11-22
//   // Edit: do not edit; run `npm run generate:email-data` (check: `node scripts/generate-email-data.mjs --check`)
//   // SHA-256: <hex digest of everything after the header>
//
// A hand-curated file has the same lines with `Generator: none (curated by hand)`, an `Edit` line
// that says how to change it, and no SHA-256 (nothing regenerates it). A binary file's header is
// a sidecar text file beside it (`data/text-model.bin.meta`, `#` comments) whose SHA-256 is the
// digest of the binary.
//
// Every generator renders its output as a function of the date, so that regenerating unchanged
// data keeps the recorded date and the file stays byte for byte as it was.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** Where generated files are read and written; `--out-root <dir>` moves it (the tests check a copy). */
let outRoot = ROOT;
export function setOutRoot(dir) {
  if (dir) outRoot = resolve(dir);
}
export const outPath = (file) => resolve(outRoot, file);
const KEYS = ['Generator', 'Source', 'Date', 'Edit', 'SHA-256'];

export const sha256 = (data) => createHash('sha256').update(data).digest('hex');
export const today = () => new Date().toISOString().slice(0, 10);

/** The header lines for `fields` ({ generator, source, date, edit, sha256 }) with `prefix` (`//` or `#`). */
export function formatHeader(fields, prefix = '//') {
  const values = [fields.generator, fields.source, fields.date, fields.edit, fields.sha256];
  return KEYS.map((k, i) => (values[i] === undefined ? null : `${prefix} ${k}: ${values[i]}`)).filter(Boolean).join('\n') + '\n\n';
}

/**
 * Splits a file into its header fields and body, or returns an error message naming what is
 * wrong with the header.
 */
export function parseGenerated(text, prefix = '//') {
  const end = text.indexOf('\n\n');
  if (end === -1) return { error: 'no header block (comment lines closed by a blank line)' };
  const fields = {};
  for (const line of text.slice(0, end).split('\n')) {
    const m = new RegExp(`^${prefix.replace(/\//g, '\\/')} ([A-Za-z0-9-]+): (.+)$`).exec(line);
    if (!m || !KEYS.includes(m[1])) return { error: `malformed header line ${JSON.stringify(line)}` };
    if (m[1] in fields) return { error: `header line ${m[1]} twice` };
    fields[m[1]] = m[2];
  }
  for (const k of ['Generator', 'Source', 'Date', 'Edit']) if (!(k in fields)) return { error: `header has no ${k} line` };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.Date)) return { error: `header Date ${JSON.stringify(fields.Date)} is not YYYY-MM-DD` };
  const generated = fields.Generator !== 'none (curated by hand)';
  if (generated && !/^[0-9a-f]{64}$/.test(fields['SHA-256'] ?? '')) return { error: 'header has no SHA-256 of the content' };
  if (generated && !/^do not edit; /.test(fields.Edit)) return { error: 'a generated file\'s Edit line must start "do not edit; "' };
  return { fields, body: text.slice(end + 2), generated };
}

/**
 * Checks a generated file offline: its header is well-formed and names `generator`, and the
 * SHA-256 it records is the digest of its body. Returns an error message or null.
 */
export function checkRecordedHash(file, generator, prefix = '//') {
  const path = outPath(file);
  if (!existsSync(path)) return `${file} is missing`;
  const parsed = parseGenerated(readFileSync(path, 'utf8'), prefix);
  if (parsed.error) return `${file}: ${parsed.error}`;
  if (parsed.fields.Generator !== generator) return `${file}: header names generator ${parsed.fields.Generator}, not ${generator}`;
  if (sha256(parsed.body) !== parsed.fields['SHA-256']) return `${file}: its content does not match the SHA-256 in its header (edited by hand?)`;
  return null;
}

/**
 * Writes (or, with `check`, compares) one generated text file. `render(date)` returns the body;
 * the date is the one already recorded when the body it gives is unchanged, else today's.
 * `digest` replaces the body's SHA-256 in the header: a binary's sidecar records the binary's.
 * Returns an error message in check mode when the committed file differs, else null.
 */
export function emitGenerated(file, { generator, source, edit, render, prefix = '//', check = false, digest: fixed }) {
  const path = outPath(file);
  const old = existsSync(path) ? readFileSync(path, 'utf8') : null;
  const parsed = old === null ? null : parseGenerated(old, prefix);
  const digestOf = (b) => fixed ?? sha256(b);
  let date = parsed?.fields?.Date;
  let body = date ? render(date) : null;
  if (body === null || digestOf(body) !== parsed.fields['SHA-256']) {
    date = today();
    body = render(date);
  }
  const text = formatHeader({ generator, source, date, edit, sha256: digestOf(body) }, prefix) + body;
  if (check) {
    if (old === text) return null;
    const why = old === null ? 'is missing' : parsed.error ? `has a bad header (${parsed.error})` : body !== parsed.body ? 'differs from what its generator writes' : 'has a header that differs from what its generator writes';
    return `${file} ${why}`;
  }
  if (old !== text) writeFileSync(path, text);
  return null;
}

/** Ends a generator's --check: prints the problems and exits 1, or prints that all is current. */
export function finishCheck(problems, fix, checked) {
  if (problems.length === 0) {
    console.log(`--check: ${checked}: up to date`);
    return;
  }
  for (const p of problems) console.error(`--check: ${p}`);
  console.error(`--check: run \`${fix}\` and commit the result.`);
  process.exit(1);
}
