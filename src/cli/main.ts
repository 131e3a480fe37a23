#!/usr/bin/env node
import { createRequire } from 'node:module';
import { isFormspamError } from '../core/errors.js';
import { CLASSIFY_HELP, runClassify } from './classify.js';
import { DECISIONS_HELP, runDecisions } from './decisions.js';
import { EVAL_HELP, runEval } from './eval.js';
import { errorJson, EXIT, UsageError, write } from './io.js';
import { runStatus, STATUS_HELP } from './status.js';
import { KEYGEN_HELP, runKeygen } from './keygen.js';
import { KEYS_HELP, runKeys } from './keys.js';
import { LEARN_HELP, runLearn } from './learn.js';
import { runServe, SERVE_HELP } from './serve.js';
import { runUpdateLists, UPDATE_LISTS_HELP } from './update-lists.js';

const HELP = `formspam: explainable spam classification for web forms

Usage: formspam <command> [options]

Commands:
  classify     classify a request (JSON) or many (--jsonl); see formspam classify --help
  update-lists download the Tor, proxy, malicious and data-centre lists; see formspam update-lists --help
  status       show every dataset with its generation date, age and entry count
  serve        run the HTTP API (classify, API keys, health, metrics); see formspam serve --help
  keygen       get an API key from a server (solves its M2M challenge); see formspam keygen --help
  keys         list, create and revoke a server's API keys (admin token), rotate the master key; see formspam keys --help
  eval         measure accuracy on the labelled data sets (offline); see formspam eval --help
  decisions    list, show, export and delete the decision log of a server's store; see formspam decisions --help
  learn        train a key's own model from a site's archive of spam and ham; see formspam learn --help

Options:
  -h, --help      show this help
  -v, --version   print the version

Exit status: 0 on success, 2 on invalid input or usage, 1 on an unexpected failure.

Everything formspam writes is in one data directory, the same for every command:
-d, --data-dir <dir> or FORMSPAM_DATA_DIR (default $XDG_DATA_HOME/formspam, else
~/.local/share/formspam), with the downloaded lists in <dir>/lists and the SQLite key store
of formspam serve in <dir>/store/formspam.db.

${CLASSIFY_HELP}
${UPDATE_LISTS_HELP}
${STATUS_HELP}
${SERVE_HELP}
${KEYGEN_HELP}
${KEYS_HELP}
${EVAL_HELP}
${DECISIONS_HELP}
${LEARN_HELP}`;

function version(): string {
  const require = createRequire(import.meta.url);
  return (require('../../package.json') as { version: string }).version;
}

/**
 * Node's errors that a user causes and can fix, with a code and a message that says what to
 * do; null for anything else (reported as INTERNAL: a bug).
 */
function systemError(error: unknown): UsageError | null {
  const e = error as NodeJS.ErrnoException & { address?: string; port?: number };
  const where = e.path ?? (e.port !== undefined ? `${e.address ?? ''}:${e.port}` : 'the path given');
  switch (e?.code) {
    case 'ENOENT':
      return new UsageError(`no such file or directory: ${where} (check the path)`, 'FILE_NOT_FOUND');
    case 'EISDIR':
      return new UsageError(`${where} is a directory: give a file`, 'IS_A_DIRECTORY');
    case 'ENOTDIR':
      return new UsageError(`a part of ${where} is not a directory (check the path)`, 'NOT_A_DIRECTORY');
    case 'EACCES':
    case 'EPERM':
      return e.syscall === 'listen'
        ? new UsageError(`not allowed to listen on ${where}: ports below 1024 need privileges; pick another with --port`, 'PORT_NOT_ALLOWED')
        : new UsageError(`permission denied: ${where} (check its owner and mode)`, 'PERMISSION_DENIED');
    case 'EROFS':
      return new UsageError(`${where} is on a read-only file system: choose a writable directory`, 'READ_ONLY');
    case 'ENOSPC':
      return new UsageError(`no space left on the device for ${where}`, 'NO_SPACE');
    case 'EADDRINUSE':
      return new UsageError(`${where} is already in use: stop what listens there or pick another port with --port`, 'PORT_IN_USE');
    case 'EADDRNOTAVAIL':
      return new UsageError(`cannot listen on ${where}: the address is not on this machine (check --host)`, 'ADDRESS_UNAVAILABLE');
    default:
      return null;
  }
}

export async function main(argv: string[], io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        await write(command === undefined ? io.stderr : io.stdout, HELP);
        return command === undefined ? EXIT.INVALID_INPUT : EXIT.OK;
      case '-v':
      case '--version':
        await write(io.stdout, `${version()}\n`);
        return EXIT.OK;
      case 'classify':
        return await runClassify(rest, io);
      case 'update-lists':
        return await runUpdateLists(rest, io);
      case 'status':
        return await runStatus(rest, io);
      case 'serve':
        return await runServe(rest, io);
      case 'keygen':
        return await runKeygen(rest, io);
      case 'keys':
        return await runKeys(rest, io);
      case 'eval':
        return await runEval(rest, io);
      case 'decisions':
        return await runDecisions(rest, io);
      case 'learn':
        return await runLearn(rest, io);
      default:
        throw new UsageError(`unknown command ${JSON.stringify(command)}; try formspam --help`);
    }
  } catch (caught) {
    // A system error the user can fix (a file, a port) becomes a UsageError with its own code.
    const error = systemError(caught) ?? caught;
    const known = isFormspamError(error) || error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true;
    const body = known && !isFormspamError(error) && !(error instanceof UsageError)
      ? { error: { code: 'USAGE', message: (error as Error).message } }
      : errorJson(error);
    await write(io.stderr, `${JSON.stringify(body)}\n`);
    if (!known && process.env.FORMSPAM_DEBUG) await write(io.stderr, `${(error as Error).stack ?? ''}\n`);
    const fsError = (error as { code?: string }).code;
    if (fsError === 'ENOENT' || fsError === 'EISDIR' || fsError === 'EACCES') return EXIT.INVALID_INPUT;
    return known ? EXIT.INVALID_INPUT : EXIT.FAILURE;
  }
}

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // The reader went away (formspam classify --jsonl | head): stop quietly.
  if (error.code === 'EPIPE') process.exit(EXIT.OK);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${JSON.stringify(errorJson(error))}\n`);
    process.exitCode = EXIT.FAILURE;
  },
);
