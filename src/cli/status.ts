import { parseArgs } from 'node:util';
import { datasetStatus, type DatasetStatus } from '../providers/lists/datasets.js';
import { listsDir } from '../providers/lists/lists.js';
import { EXIT, geoCityDatabases, UsageError, write } from './io.js';
import { listsDataDir, resolveDataDir } from './settings.js';

export const STATUS_HELP = `Usage: formspam status [options]

Prints every dataset formspam uses (bundled geo and ASN data, curated hosting ASNs, the
downloaded lists) with its generation date, age and entry count.

Options (environment variable in brackets):
  -d, --data-dir <dir>     formspam's data directory; the lists are read from <dir>/lists (default
                           $XDG_DATA_HOME/formspam, else ~/.local/share/formspam) [FORMSPAM_DATA_DIR]
      --max-age <days>     mark datasets older than this as STALE and exit 1 when any is
      --json               print JSON instead of a table
      --geo-city-db <file> report this city database (mmdb) instead of the installed
                           packages'; repeat or separate with commas [FORMSPAM_GEO_CITY_DB]
  -h, --help               show this help
`;

function age(days: number | null): string {
  if (days === null) return '-';
  if (days < 1) return `${Math.floor(days * 24)} h`;
  return `${Math.floor(days)} d`;
}

function row(d: DatasetStatus): string[] {
  return [
    d.id,
    d.kind,
    d.generated ? d.generated.slice(0, 10) : 'missing',
    age(d.ageDays),
    d.entries === null ? '-' : `${d.entries.toLocaleString('en-US')} ${d.unit}`,
    d.stale ? 'STALE' : d.problem ? d.problem : '',
  ];
}

export async function runStatus(argv: string[], io: { stdout: NodeJS.WritableStream; stderr?: NodeJS.WritableStream }, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string', short: 'd' },
      'max-age': { type: 'string' },
      json: { type: 'boolean' },
      'geo-city-db': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    await write(io.stdout, STATUS_HELP);
    return EXIT.OK;
  }
  let maxAgeDays: number | undefined;
  if (values['max-age'] !== undefined) {
    maxAgeDays = Number(values['max-age']);
    if (!Number.isFinite(maxAgeDays) || maxAgeDays < 0) throw new UsageError('--max-age must be a number of days');
  }
  // Read-only: lists left at the old default location are shown where they are, with a warning.
  const dataDir = listsDataDir(resolveDataDir(values['data-dir'], env), io.stderr, { move: false }, env);
  const city = geoCityDatabases(values['geo-city-db'], env);
  const status = datasetStatus({ dataDir, ...(maxAgeDays !== undefined && { maxAgeDays }), ...(city && { cityDatabase: city.paths }) });
  if (values.json) {
    await write(io.stdout, `${JSON.stringify({ dataDir, datasets: status })}\n`);
  } else {
    const rows = [['dataset', 'kind', 'generated', 'age', 'entries', ''], ...status.map(row)];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    const text = rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd()).join('\n');
    await write(io.stdout, `${text}\nlists: ${listsDir(dataDir)}\n`);
  }
  return status.some((d) => d.stale) ? EXIT.FAILURE : EXIT.OK;
}
