import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { isFormspamError } from '../core/errors.js';
import { requestTokens } from '../learn/learner.js';
import { learnerSalt } from '../learn/salt.js';
import { openStore } from '../stores/index.js';
import type { FeedbackLabel, SiteModelStore, Store } from '../stores/types.js';
import { UsageError, write } from './io.js';
import { resolveDataDir, storeDir, type Stderr } from './settings.js';

export const LEARN_HELP = `Usage: formspam learn --key <apiKey> [--spam <file>]... [--ham <file>]... [--store <store>] [--data-dir <dir>]

Trains a key's own model (text.SITE_MODEL) from a site's archive, in the store formspam serve
uses: each message of the files is counted once as spam or ham, as POST /api/v1/feedback with a
request does (run it once per archive: a message counted twice weighs twice). Each line of a
file is a classify request as JSON ({ "text": … } or { "fields": … }), or, when it does not start
with {, one message's text. Empty lines are skipped. Progress on standard error; a JSON summary
on standard output.

Options:
      --key <apiKey>        the key whose model learns (it must exist in the store)
      --spam <file>         messages that were spam (repeat for more files)
      --ham <file>          messages that were not
      --store <store>       sqlite (default), sqlite:<file> or redis://host:port [FORMSPAM_STORE]
  -d, --data-dir <dir>      formspam's data directory; the SQLite store is <dir>/store/formspam.db
  -h, --help                show this help
`;

type Io = { stdout: NodeJS.WritableStream; stderr?: NodeJS.WritableStream };

/** The requests of one file, one a line, with their line numbers. */
async function* requestsOf(file: string): AsyncGenerator<{ line: number; request: unknown }> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    const trimmed = text.trim();
    if (trimmed === '') continue;
    if (trimmed.startsWith('{')) {
      try {
        yield { line, request: JSON.parse(trimmed) as unknown };
      } catch (error) {
        throw new UsageError(`${file}:${line}: not JSON (${(error as Error).message}); a line that starts with { must be a classify request`, 'INVALID_JSON');
      }
    } else {
      yield { line, request: { text } };
    }
  }
}

export async function runLearn(argv: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      key: { type: 'string' },
      spam: { type: 'string', multiple: true },
      ham: { type: 'string', multiple: true },
      store: { type: 'string' },
      'data-dir': { type: 'string', short: 'd' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    await write(io.stdout, LEARN_HELP);
    return 0;
  }
  const apiKey = values.key;
  if (!apiKey) throw new UsageError('--key is required: the API key whose model learns');
  const files: [FeedbackLabel, string][] = [...(values.spam ?? []).map((f) => ['spam', f] as [FeedbackLabel, string]), ...(values.ham ?? []).map((f) => ['ham', f] as [FeedbackLabel, string])];
  if (files.length === 0) throw new UsageError('give at least one --spam <file> or --ham <file>');
  const spec = values.store ?? env.FORMSPAM_STORE ?? 'sqlite';
  if (spec === 'memory') throw new UsageError('--store memory would forget what it learns: give the store of the servers (sqlite, sqlite:<file>, redis://…)');
  const stderr: Stderr = io.stderr ?? process.stderr;
  let store: Store;
  try {
    store = await openStore(spec, { ...(spec === 'sqlite' && { storeDir: storeDir(resolveDataDir(values['data-dir'], env), undefined, stderr) }), timeoutMs: 5000 });
  } catch (error) {
    if (error instanceof TypeError || (isFormspamError(error) && error.code === 'INVALID_OPTIONS')) throw new UsageError(error.message);
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_UNAVAILABLE' || code === 'STORE_UNREACHABLE') throw new UsageError((error as Error).message, code);
    throw error;
  }
  try {
    if (typeof store.addSiteCounts !== 'function' || typeof store.readSiteCounts !== 'function') throw new UsageError(`the ${store.kind} store keeps no site model`, 'NOT_SUPPORTED');
    const counts = store as Store & SiteModelStore;
    const record = await store.getKey(apiKey);
    if (!record) throw new UsageError(`no key ${apiKey} in the ${store.kind} store (formspam keys list shows the keys)`, 'API_KEY_NOT_FOUND');
    if (record.revokedAt !== undefined) throw new UsageError(`the key ${apiKey} is revoked`, 'API_KEY_REVOKED');
    const salt = await learnerSalt(store);
    const learned = { spam: 0, ham: 0 };
    let last = performance.now();
    const started = last;
    for (const [label, file] of files) {
      stderr.write(`formspam learn: ${file} as ${label}\n`);
      for await (const { line, request } of requestsOf(file)) {
        let tokens: number[];
        try {
          tokens = requestTokens(request, salt);
        } catch (error) {
          if (isFormspamError(error)) throw new UsageError(`${file}:${line}: ${error.message}`, error.code);
          throw error;
        }
        await counts.addSiteCounts(apiKey, label, tokens, 1);
        learned[label]++;
        const t = performance.now();
        if (t - last >= 1000) {
          last = t;
          stderr.write(`formspam learn: ${learned.spam} spam and ${learned.ham} ham counted (${((t - started) / 1000).toFixed(1)} s)\n`);
        }
      }
    }
    const { spam, ham } = await counts.readSiteCounts(apiKey, []);
    stderr.write(`formspam learn: done: ${learned.spam} spam and ${learned.ham} ham counted in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    await write(io.stdout, `${JSON.stringify({ apiKey, store: store.kind, learned, reports: { spam, ham } })}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
