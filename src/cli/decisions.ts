/**
 * `formspam decisions list|show|export|delete`: the decision log of a store (the one
 * `formspam serve` writes), read and deleted directly in the store.
 */
import { parseArgs } from 'node:util';
import { isFormspamError } from '../core/errors.js';
import { classify } from '../engine/classifier.js';
import { STORE_FILE } from '../providers/lists/paths.js';
import { openStore } from '../stores/index.js';
import type { DecisionFilter, DecisionRecord, Store } from '../stores/types.js';
import { UsageError, write } from './io.js';
import { deprecated, resolveDataDir, storeDir, type Stderr } from './settings.js';

export const DECISIONS_HELP = `Usage: formspam decisions <list|show|export|delete> [options]

Reads and deletes the decision log that formspam serve keeps in its store: per classification
of a key its id, time, key, verdict, score, reasons, country and salted token hashes (never the
text, email or IP, unless the server runs with --log-text).

  formspam decisions list [filters]          newest first, one line each: time, id, key,
                                             verdict, score, label, reasons
  formspam decisions show ID                 one decision as JSON, with its evidence
  formspam decisions export [filters]        every matching decision as JSON lines (all fields)
  formspam decisions delete --id ID          deletes one decision
  formspam decisions delete --key KEY        deletes every decision of a key and its site model

Filters (list, export):
      --verdict <v>         GOOD, NEUTRAL or BAD
      --reason <rule>       a rule among the reasons, e.g. text.SPAM_WORDS
      --key <key>           one API key's
      --label <label>       spam or ham (reported by feedback)
      --since <when>        an ISO date (2026-11-01, 2026-11-01T12:00Z) or a time ago (24h, 7d)
      --limit <n>           at most n (list: default 50; export: all)
Options:
      --store <store>       sqlite (default), sqlite:<file> or redis://host:port [FORMSPAM_STORE]
  -d, --data-dir <dir>      formspam's data directory; the SQLite store is <dir>/store/formspam.db
                            [FORMSPAM_DATA_DIR]
  -h, --help                show this help
`;

const VERDICTS = ['GOOD', 'NEUTRAL', 'BAD'] as const;
const AGO = /^(\d{1,9})(ms|s|m|h|d)$/;
const UNIT = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const ALL = 2 ** 31 - 1;

function since(text: string, now: number): number {
  const m = AGO.exec(text.trim());
  if (m) return now - Number(m[1]) * UNIT[m[2] as keyof typeof UNIT];
  const t = Date.parse(text);
  if (Number.isNaN(t)) throw new UsageError(`--since must be an ISO date (2026-11-01) or a time ago (24h, 7d), not ${JSON.stringify(text)}`);
  return t;
}

function filterOf(values: Record<string, string | boolean | undefined>, defaultLimit: number, now: number): DecisionFilter {
  const f: DecisionFilter = {};
  const verdict = values.verdict as string | undefined;
  if (verdict !== undefined) {
    const v = verdict.toUpperCase();
    if (!(VERDICTS as readonly string[]).includes(v)) throw new UsageError(`--verdict must be GOOD, NEUTRAL or BAD, not ${JSON.stringify(verdict)}`);
    f.classification = v as DecisionFilter['classification'];
  }
  if (values.reason !== undefined) f.reason = values.reason as string;
  if (values.key !== undefined) f.apiKey = values.key as string;
  const label = values.label as string | undefined;
  if (label !== undefined) {
    if (label !== 'spam' && label !== 'ham') throw new UsageError(`--label must be spam or ham, not ${JSON.stringify(label)}`);
    f.label = label;
  }
  if (values.since !== undefined) f.since = since(values.since as string, now);
  const limit = values.limit as string | undefined;
  if (limit !== undefined && (!/^\d{1,9}$/.test(limit) || Number(limit) < 1)) throw new UsageError('--limit must be a positive integer');
  f.limit = limit === undefined ? defaultLimit : Number(limit);
  return f;
}

/** One decision as a line of `list`. */
function line(d: DecisionRecord): string {
  return [new Date(d.at).toISOString(), d.id, d.apiKey, d.classification.padEnd(7), String(d.score).padStart(6), (d.label ?? '-').padEnd(4), d.reasons.join(',') || '-'].join('  ');
}

async function open(values: { store?: string; 'data-dir'?: string }, stderr: Stderr, env: NodeJS.ProcessEnv): Promise<Store> {
  const spec = values.store ?? env.FORMSPAM_STORE ?? 'sqlite';
  if (spec === 'memory') throw new UsageError('--store memory keeps nothing between processes: give the store of the server (sqlite, sqlite:<file>, redis://…)');
  const data = resolveDataDir(values['data-dir'], env);
  if (env.FORMSPAM_SERVER_DATA_DIR) deprecated(stderr, 'FORMSPAM_SERVER_DATA_DIR', 'FORMSPAM_DATA_DIR', ` (the store is in <data-dir>/store/${STORE_FILE})`);
  let store: Store;
  try {
    store = await openStore(spec, { ...(spec === 'sqlite' && { storeDir: storeDir(data, env.FORMSPAM_SERVER_DATA_DIR || undefined, stderr) }), timeoutMs: 5000 });
  } catch (error) {
    if (error instanceof TypeError || (isFormspamError(error) && error.code === 'INVALID_OPTIONS')) throw new UsageError(error.message);
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_UNAVAILABLE' || code === 'STORE_UNREACHABLE') throw new UsageError((error as Error).message, code);
    throw error;
  }
  if (typeof store.listDecisions !== 'function') {
    await store.close();
    throw new UsageError(`the ${store.kind} store has no decision log`, 'NO_DECISION_LOG');
  }
  return store;
}

/** The evidence of a decision: its reasons, and with a kept request its readable reasons (classified again now, offline). */
async function evidenceOf(d: DecisionRecord): Promise<Record<string, unknown>> {
  if (d.request === undefined) {
    return { reasons: d.reasons, note: 'the server kept no text (--log-text was off): the reasons and their rules are the evidence' };
  }
  try {
    const again = await classify(d.request, undefined, { id: d.id, explain: 'en' });
    return { reasons: d.reasons, explanations: again.explanations ?? [], note: 'the kept request classified again now, with the offline providers: the evidence may differ from the logged decision where lists or DNS changed' };
  } catch (error) {
    return { reasons: d.reasons, note: `the kept request could not be classified again: ${(error as Error).message}` };
  }
}

export async function runDecisions(argv: string[], io: { stdout: NodeJS.WritableStream; stderr?: NodeJS.WritableStream }, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      verdict: { type: 'string' },
      reason: { type: 'string' },
      key: { type: 'string' },
      label: { type: 'string' },
      since: { type: 'string' },
      limit: { type: 'string' },
      id: { type: 'string' },
      store: { type: 'string' },
      'data-dir': { type: 'string', short: 'd' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const [sub, ...rest] = positionals;
  if (values.help || sub === undefined) {
    await write(values.help ? io.stdout : (io.stderr ?? process.stderr), DECISIONS_HELP);
    return values.help ? 0 : 2;
  }
  if (!['list', 'show', 'export', 'delete'].includes(sub)) throw new UsageError(`unknown subcommand ${JSON.stringify(sub)}: list, show, export or delete`);
  if (sub !== 'show' && rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`);
  const now = Date.now();
  // Check the arguments before opening the store.
  const filter = sub === 'list' || sub === 'export' ? filterOf(values, sub === 'list' ? 50 : ALL, now) : undefined;
  if (sub === 'show' && (rest.length !== 1 || rest[0] === '')) throw new UsageError('give one decision id: formspam decisions show ID');
  if (sub === 'delete' && (values.id === undefined) === (values.key === undefined)) throw new UsageError('give --id ID or --key KEY (one of them)');
  const store = await open(values, io.stderr, env);
  try {
    switch (sub) {
      case 'list': {
        const found = await store.listDecisions!(filter);
        await write(io.stdout, found.map((d) => `${line(d)}\n`).join(''));
        return 0;
      }
      case 'export': {
        for (const d of await store.listDecisions!(filter)) await write(io.stdout, `${JSON.stringify(d)}\n`);
        return 0;
      }
      case 'show': {
        const d = await store.getDecision!(rest[0]!);
        if (!d) throw new UsageError(`no decision ${JSON.stringify(rest[0])} in the ${store.kind} store`, 'NOT_FOUND');
        const { tokens, ...shown } = d;
        await write(io.stdout, `${JSON.stringify({ ...shown, at: new Date(d.at).toISOString(), ...(d.labelledAt !== undefined && { labelledAt: new Date(d.labelledAt).toISOString() }), tokens: tokens.length, evidence: await evidenceOf(d) }, null, 2)}\n`);
        return 0;
      }
      default: {
        if (values.id !== undefined) {
          const deleted = await store.deleteDecisions!({ id: values.id });
          await write(io.stdout, `${JSON.stringify({ deleted })}\n`);
          return 0;
        }
        const deleted = await store.deleteDecisions!({ apiKey: values.key! });
        const model = typeof store.deleteSiteModel === 'function';
        if (model) await store.deleteSiteModel!(values.key!);
        await write(io.stdout, `${JSON.stringify({ deleted, key: values.key, siteModelDeleted: model })}\n`);
        return 0;
      }
    }
  } finally {
    await store.close();
  }
}
