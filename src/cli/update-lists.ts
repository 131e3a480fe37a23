import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEFAULT_LIST_SOURCES, LIST_KINDS, listsDir, type ListKind, type ListSource } from '../providers/lists/lists.js';
import { checkSources, updateLists } from '../providers/lists/update.js';
import { EXIT, UsageError, write } from './io.js';
import { deprecated, listsDataDir, resolveDataDir } from './settings.js';

export const UPDATE_LISTS_HELP = `Usage: formspam update-lists [options]

Downloads the IP lists (Tor exits, VPN/proxy, malicious, data-centre ranges) and the toxic
domain list, validates them and installs each atomically in <data-dir>/lists, where
formspam serve, status and classify read them. A failed or broken download leaves the previous
list in place. Sources and licences: docs/data.md.

Options (environment variable in brackets):
  -d, --data-dir <dir>   formspam's data directory; the lists go to <dir>/lists (default
                         $XDG_DATA_HOME/formspam, else ~/.local/share/formspam) [FORMSPAM_DATA_DIR]
  -s, --source <spec>    download only this source; repeatable. <spec> is <id>=<url> for a default
                         source (tor-exits, x4bnet-vpn, x4bnet-datacenter, firehol-level1,
                         spamhaus-drop, sfs-toxic-ip, sfs-toxic-domains) or <kind>:<id>=<url> for
                         a new one, kind being tor, proxy, malicious, hosting or domains
      --lists-config <file>  a JSON array of sources: {id, kind, url, licence, minEntries?,
                         maxEntries?} [FORMSPAM_LISTS_CONFIG]; --config is its old spelling
      --timeout <ms>     time allowed for one download (default 60000)
      --min-entries <n>  the plausible minimum size of every list (default: per source, 10 to 1000)
      --force            accept a list much smaller than the previous copy
  -h, --help             show this help

Exit status: 0 when every list was updated, 1 when any failed (the others are still installed).
`;

interface Streams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

function parseSource(spec: string): ListSource {
  const eq = spec.indexOf('=');
  if (eq <= 0) throw new UsageError(`--source ${JSON.stringify(spec)}: expected <id>=<url> or <kind>:<id>=<url>`);
  const name = spec.slice(0, eq);
  const url = spec.slice(eq + 1);
  const colon = name.indexOf(':');
  if (colon === -1) {
    const known = DEFAULT_LIST_SOURCES.find((s) => s.id === name);
    if (!known) throw new UsageError(`--source: ${JSON.stringify(name)} is not a default source; write <kind>:<id>=<url> for a new one`);
    return { ...known, url };
  }
  const kind = name.slice(0, colon) as ListKind;
  if (!LIST_KINDS.includes(kind)) throw new UsageError(`--source: kind ${JSON.stringify(kind)} must be one of ${LIST_KINDS.join(', ')}`);
  return { id: name.slice(colon + 1), kind, url, licence: 'custom source (see its provider)', minEntries: 1 };
}

export async function readConfig(file: string): Promise<ListSource[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as { code?: string }).code) throw error;
    throw new UsageError(`--lists-config ${file}: not valid JSON`);
  }
  if (!Array.isArray(parsed)) throw new UsageError(`--lists-config ${file}: expected a JSON array of sources`);
  return parsed.map((s: Partial<ListSource>, i) => {
    if (typeof s?.id !== 'string' || typeof s.url !== 'string' || !LIST_KINDS.includes(s.kind as ListKind)) {
      throw new UsageError(`--lists-config ${file}: source ${i} needs a string id and url and a kind (${LIST_KINDS.join(', ')})`);
    }
    return { licence: 'custom source', ...s } as ListSource;
  });
}

function size(bytes: number): string {
  return bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export async function runUpdateLists(argv: string[], io: Streams, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string', short: 'd' },
      source: { type: 'string', short: 's', multiple: true },
      'lists-config': { type: 'string' },
      config: { type: 'string' },
      timeout: { type: 'string' },
      'min-entries': { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    await write(io.stdout, UPDATE_LISTS_HELP);
    return EXIT.OK;
  }
  let sources: ListSource[] = [];
  if (values.config !== undefined) deprecated(io.stderr, '--config', '--lists-config');
  // The environment's sources file only when no source is given on the command line.
  const config = values['lists-config'] ?? values.config ?? (values.source === undefined ? env.FORMSPAM_LISTS_CONFIG || undefined : undefined);
  if (config !== undefined) sources.push(...(await readConfig(config)));
  for (const spec of values.source ?? []) sources.push(parseSource(spec));
  if (sources.length === 0) sources = [...DEFAULT_LIST_SOURCES];
  if (values['min-entries'] !== undefined) {
    const min = Number(values['min-entries']);
    if (!Number.isInteger(min) || min < 1) throw new UsageError('--min-entries must be a positive integer');
    sources = sources.map((s) => ({ ...s, minEntries: min }));
  }
  const problem = checkSources(sources);
  if (problem) throw new UsageError(problem);
  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    timeoutMs = Number(values.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new UsageError('--timeout must be a positive number of milliseconds');
  }
  const dataDir = listsDataDir(resolveDataDir(values['data-dir'], env), io.stderr, { move: true }, env);
  const tty = io.stderr.isTTY === true;
  const results = await updateLists({
    dataDir,
    sources,
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(values.force && { force: true }),
    ...(tty && {
      onProgress: (id: string, received: number, total: number | null) => {
        const pct = total ? ` (${Math.floor((received / total) * 100)} %)` : '';
        io.stderr.write(`\r\u001b[K${id}: ${size(received)}${pct}`);
      },
    }),
  });
  if (tty) io.stderr.write('\r\u001b[K');
  for (const r of results) {
    const line = r.ok
      ? `${r.id}: updated, ${r.entries} entries (${r.kind}, ${size(r.bytes ?? 0)}${r.invalid ? `, ${r.invalid} invalid lines skipped` : ''})`
      : `${r.id}: FAILED: ${r.error}; ${r.previous ? `kept the previous list (${r.previous.entries} entries, fetched ${r.previous.fetched})` : 'no previous list'}`;
    await write(io.stdout, `${line}\n`);
  }
  const failed = results.filter((r) => !r.ok).length;
  await write(io.stdout, `${results.length - failed} of ${results.length} lists updated in ${listsDir(dataDir)}\n`);
  return failed === 0 ? EXIT.OK : EXIT.FAILURE;
}
