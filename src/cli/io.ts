import { isFormspamError, type FormspamErrorJSON } from '../core/errors.js';
import { loadMmdb, type LoadedMmdb } from '../providers/geo.js';

/** Exit codes of the CLI. */
export const EXIT = { OK: 0, FAILURE: 1, INVALID_INPUT: 2 } as const;

export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** The stable code printed with the message (default `USAGE`). */
  readonly code: string;
  constructor(message: string, code = 'USAGE') {
    super(message);
    this.code = code;
  }
}

/** The error of a fetch that got no HTTP answer (`fetch failed`), or null for any other error. */
export function unreachableServer(server: string, error: unknown): UsageError | null {
  if (!(error instanceof TypeError) || !('cause' in error)) return null;
  const cause = error.cause as { code?: string; message?: string; errors?: { code?: string }[] } | undefined;
  const why = cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? error.message;
  return new UsageError(`cannot reach the server at ${server} (${why}): is formspam serve running there?`, 'SERVER_UNREACHABLE');
}

/** The JSON printed for an error: `{ "error": { code, message, path? } }`, never a stack trace. */
export function errorJson(error: unknown): { error: FormspamErrorJSON | { code: string; message: string } } {
  if (isFormspamError(error)) return { error: error.toJSON() };
  if (error instanceof UsageError) return { error: { code: error.code, message: error.message } };
  return { error: { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) } };
}

/** Writes to a stream and resolves when it is flushed (or the reader has gone away). */
export function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (!stream.write(text)) stream.once('drain', resolve);
    else resolve();
  });
}

/** Reads a whole stream as UTF-8, failing beyond `limit` bytes. */
export async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) throw new UsageError(`input is larger than ${limit} bytes; use --jsonl for many requests`);
    chunks.push(buf);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

/**
 * The city databases of `--geo-city-db <file>` (repeatable, or a comma-separated list) or
 * `$FORMSPAM_GEO_CITY_DB`, loaded now so that a missing, unreadable or non-mmdb file stops the
 * command with `INVALID_GEO_DATABASE` (exit 2) instead of failing every look-up later;
 * undefined when neither is given (the geo provider then finds an installed package).
 */
export function geoCityDatabases(flag: readonly string[] | undefined, env: NodeJS.ProcessEnv = process.env): { paths: string[]; databases: LoadedMmdb[] } | undefined {
  const given = flag ?? (env.FORMSPAM_GEO_CITY_DB !== undefined && env.FORMSPAM_GEO_CITY_DB.trim() !== '' ? [env.FORMSPAM_GEO_CITY_DB] : undefined);
  if (given === undefined) return undefined;
  const paths = given.flatMap((p) => p.split(',')).map((p) => p.trim()).filter(Boolean);
  if (paths.length === 0) throw new UsageError('--geo-city-db needs the path of a city database (mmdb), e.g. GeoLite2-City.mmdb');
  return { paths, databases: paths.map(loadMmdb) };
}
