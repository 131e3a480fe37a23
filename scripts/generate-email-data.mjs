#!/usr/bin/env node
// Generates the compact email data modules under src/data/ from their sources:
//   src/data/tlds.ts                  every top-level domain in the IANA root zone
//   src/data/free-email-domains.ts    freemail's data/free.txt minus the disposable list
//
// Usage: node scripts/generate-email-data.mjs [--tlds <tlds-alpha-by-domain.txt>] [--check]
// The IANA list is https://data.iana.org/TLD/tlds-alpha-by-domain.txt; without --tlds the
// existing src/data/tlds.ts is kept. Re-run after updating freemail or
// disposable-email-domains-js, and commit the output.
//
// --check writes nothing and exits 1 when a committed file differs from what this script would
// write: free-email-domains.ts is regenerated from the installed packages and compared byte for
// byte; tlds.ts needs the IANA list from the network, so without --tlds only its header and the
// SHA-256 recorded there are checked (the content is what was generated, not edited since).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { domainToASCII } from 'node:url';
import { parseArgs } from 'node:util';
import { checkRecordedHash, emitGenerated, finishCheck, setOutRoot } from './lib/generated.mjs';

const require = createRequire(import.meta.url);
const { values } = parseArgs({ options: { tlds: { type: 'string' }, check: { type: 'boolean' }, 'out-root': { type: 'string' } } });
setOutRoot(values['out-root']);
const GENERATOR = 'scripts/generate-email-data.mjs';
const check = values.check === true;
const problems = [];

/** Wraps a list into a string literal of lines of about 100 characters. */
function literal(items) {
  const lines = [];
  let line = '';
  for (const item of items) {
    if (line.length + item.length + 1 > 100) {
      lines.push(line);
      line = '';
    }
    line += (line ? ' ' : '') + item;
  }
  if (line) lines.push(line);
  return lines.map((l) => `  '${l} ' +`).join('\n').replace(/ ' \+$/, "'");
}

if (values.tlds) {
  const text = readFileSync(values.tlds, 'utf8');
  const version = /^#\s*(.*)$/m.exec(text)?.[1] ?? 'unknown version';
  const tlds = text.split('\n').map((l) => l.trim().toLowerCase()).filter((l) => l && !l.startsWith('#'));
  if (tlds.length < 1000) throw new Error(`only ${tlds.length} TLDs: is ${values.tlds} the IANA list?`);
  const problem = emitGenerated('src/data/tlds.ts', {
    generator: GENERATOR,
    source: `IANA, https://data.iana.org/TLD/tlds-alpha-by-domain.txt (${version}): every top-level domain of the root zone, in ASCII (internationalised TLDs as xn--…), lower case; ${tlds.length} entries`,
    edit: `do not edit; run \`node ${GENERATOR} --tlds <tlds-alpha-by-domain.txt>\` (check: \`node ${GENERATOR} --check\`)`,
    render: () => `export const IANA_TLDS_VERSION = ${JSON.stringify(version)};

export const IANA_TLDS =
${literal(tlds)};
`,
    check,
  });
  if (problem) problems.push(problem);
  if (!check) console.log(`src/data/tlds.ts: ${tlds.length} TLDs (${version})`);
} else if (check) {
  const problem = checkRecordedHash('src/data/tlds.ts', GENERATOR);
  if (problem) problems.push(problem);
}

const freemailVersion = require('freemail/package.json').version;
const disposableVersion = require('disposable-email-domains-js/package.json').version;
const disposable = new Set(require('disposable-email-domains-js/dist/dict/disposable_email_blocklist.json'));
const free = [...new Set(
  readFileSync(require.resolve('freemail/data/free.txt'), 'utf8')
    .split('\n')
    .map((l) => domainToASCII(l.trim().toLowerCase()))
    .filter((d) => d && /^[a-z0-9.-]+$/.test(d) && d.includes('.') && !disposable.has(d)),
)].sort();
const problem = emitGenerated('src/data/free-email-domains.ts', {
  generator: GENERATOR,
  source: `freemail ${freemailVersion} (ISC), data/free.txt: domains of free email providers, minus the domains in disposable-email-domains-js ${disposableVersion} (CC0), so that a domain is either free or disposable, never both; ${free.length} entries`,
  edit: `do not edit; run \`npm run generate:email-data\` (check: \`node ${GENERATOR} --check\`)`,
  render: (date) => `export const FREE_EMAIL_DOMAINS_SOURCE = 'freemail ${freemailVersion} (ISC) minus disposable-email-domains-js ${disposableVersion} (CC0), ${date}';

export const FREE_EMAIL_DOMAINS =
${literal(free)};
`,
  check,
});
if (problem) problems.push(problem);
if (check) finishCheck(problems, `node ${GENERATOR}${values.tlds ? ' --tlds <file>' : ''}`, `src/data/free-email-domains.ts, src/data/tlds.ts${values.tlds ? '' : ' (offline: header and recorded SHA-256)'}`);
else console.log(`src/data/free-email-domains.ts: ${free.length} domains`);
