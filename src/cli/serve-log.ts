/**
 * `formspam serve`'s log output: JSON lines (pino) on standard output, batched, and the one line
 * each request gets formatted without pino's general machinery (the same bytes; a test compares
 * them with pino's own for the same fields).
 */
import { pino } from 'pino';
import type { RequestLogger } from '../service/http.js';

/** Log lines are written once this many characters are buffered… */
export const LOG_BATCH_CHARS = 4096;
/** …and at least this often (ms). */
export const LOG_FLUSH_MS = 100;

/** Where log lines go: written in batches; `flushSync()` writes what waits now. */
export interface LineBuffer {
  write(line: string): void;
  /** pino's `logger.flush(cb)`: writes what waits, then calls back. */
  flush(cb?: (error?: Error) => void): void;
  flushSync(): void;
}

/**
 * A line buffer over a file descriptor (standard output: 1): a line is appended to an array,
 * which is joined and written (synchronously, one write(2)) once it holds
 * {@link LOG_BATCH_CHARS} characters, and in any case every {@link LOG_FLUSH_MS} ms (an unref'd
 * timer, so that it keeps no process alive). Nothing waits in it past the process: it is written
 * when the process exits, normally, after SIGTERM/SIGINT (the shutdown also flushes it) or on an
 * uncaught exception; only a SIGKILL or a crash of node itself can lose the lines of the last
 * 100 ms. Writes go through a synchronous sonic-boom (`pino.destination`), which retries a full
 * non-blocking pipe (EAGAIN) instead of losing the lines.
 *
 * A line costs an array push and an addition: sonic-boom's own batching (`minLength`) measures
 * the byte length of its whole pending buffer on every line, which flattens that string each
 * time (docs/performance.md, 2026-11-27, night).
 */
export function lineBuffer(fd = 1, write?: (chunk: string) => void): LineBuffer {
  const destination = write ? null : pino.destination({ dest: fd, sync: true });
  const out = write ?? ((chunk: string) => destination!.write(chunk));
  let lines: string[] = [];
  let chars = 0;
  const flushSync = () => {
    if (lines.length === 0) return;
    const chunk = lines.length === 1 ? lines[0]! : lines.join('');
    lines = [];
    chars = 0;
    out(chunk);
  };
  const timer = setInterval(flushSync, LOG_FLUSH_MS);
  timer.unref();
  return {
    write(line) {
      lines.push(line);
      chars += line.length;
      if (chars >= LOG_BATCH_CHARS) flushSync();
    },
    flush(cb) {
      try {
        flushSync();
      } catch (error) {
        cb?.(error as Error);
        return;
      }
      cb?.();
    },
    flushSync,
  };
}

/** Standard output as a {@link LineBuffer}, written out on the process' exit too. */
export function logDestination(): LineBuffer {
  const buffer = lineBuffer(1);
  process.on('exit', () => {
    try {
      buffer.flushSync();
    } catch {
      // standard output is gone: nothing to write to
    }
  });
  return buffer;
}

/** A string pino writes as it is between quotes: at most 100 characters, without `"`, `\` or control characters. */
function plain(text: string): boolean {
  if (text.length > 100) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92) return false;
  }
  return true;
}

/**
 * The per-request logger (`ServiceOptions.requestLogger`) of a pino `logger` whose lines go to
 * `out`: `info()` formats a line of plain fields (numbers, booleans, strings without quotes,
 * backslashes or control characters; `undefined` left out) itself, as pino would with the
 * logger's level, time and bindings, and hands anything else to a pino child without redaction.
 * The request line's keys are fixed and its values plain, so a redacting logger could never
 * change it. `warn` and `error` go to the child.
 */
export function requestLogger(logger: pino.Logger, out: { write(line: string): void }): RequestLogger {
  const child = logger.child({}, { redact: { paths: [] } });
  const s = pino.symbols;
  const own = child as unknown as Record<symbol, unknown>;
  const formatters = own[s.formattersSym] as { log?: unknown };
  const fast =
    own[s.timeSym] === pino.stdTimeFunctions.epochTime &&
    own[s.mixinSym] === undefined &&
    formatters.log === undefined &&
    !own[s.nestedKeySym] &&
    own[s.endSym] === '}\n' &&
    typeof own[s.messageKeySym] === 'string' &&
    plain(own[s.messageKeySym] as string);
  if (!fast) return child;
  const start = (own[s.lsCacheSym] as Record<number, string>)[30]!;
  const bindings = own[s.chindingsSym] as string;
  const messageKey = own[s.messageKeySym] as string;
  const serializers = own[s.serializersSym] as Record<string, unknown>;
  // The request line's keys and message are plain and have no serializer: `request()` writes
  // them as `info()` would, checking only the values.
  const requestKeys = ['event', 'method', 'route', 'status', 'ms', 'ip'];
  const requestFast = plain('request') && requestKeys.every((key) => serializers[key] === undefined);
  const fastLogger: RequestLogger = {
    request(method, route, status, ms, ip) {
      if (!requestFast || !plain(method) || !plain(route) || (ip !== undefined && !plain(ip))) {
        fastLogger.info({ event: 'request', method, route, status, ms, ip }, 'request');
        return;
      }
      if (!child.isLevelEnabled('info')) return;
      const tail = ip === undefined ? '' : `,"ip":"${ip}"`;
      out.write(`${start},"time":${Date.now()}${bindings},"event":"request","method":"${method}","route":"${route}","status":${number(status)},"ms":${number(ms)}${tail},"${messageKey}":"request"}\n`);
    },
    info(obj, msg) {
      if (!child.isLevelEnabled('info')) return;
      let line = `${start},"time":${Date.now()}${bindings}`;
      const fields = obj as Record<string, unknown>;
      for (const key in fields) {
        if (!Object.hasOwn(fields, key)) continue;
        const value = fields[key];
        if (value === undefined) continue;
        if (serializers[key] !== undefined || !plain(key)) return child.info(obj, msg);
        if (typeof value === 'number') line += `,"${key}":${number(value)}`;
        else if (typeof value === 'string' && plain(value)) line += `,"${key}":"${value}"`;
        else if (typeof value === 'boolean') line += `,"${key}":${value}`;
        else return child.info(obj, msg);
      }
      if (msg !== undefined) {
        if (typeof msg !== 'string' || !plain(msg)) return child.info(obj, msg);
        line += `,"${messageKey}":"${msg}"`;
      }
      out.write(`${line}}\n`);
    },
    warn: (obj, msg) => child.warn(obj, msg),
    error: (obj, msg) => child.error(obj, msg),
  };
  return fastLogger;
}

/** A number as pino writes it (JSON: `null` for NaN and the infinities). */
function number(value: number): string | number {
  return Number.isFinite(value) ? value : 'null';
}
