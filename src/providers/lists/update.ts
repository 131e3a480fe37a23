/**
 * `updateLists`: downloads the list sources, validates them (format, plausible size, no
 * sudden collapse against the previous copy) and writes each atomically (temporary file,
 * fsync, rename) into `<dataDir>/lists/<id>.list`. A failed or broken download never replaces
 * a good list: the previous file stays as it was.
 */
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { formatListFile, LIST_ID, listsDir, parseListHeader, parseListText, type ListMeta, type ListSource } from './lists.js';

export interface UpdateListsOptions {
  /** Where lists are written (see `defaultDataDir`). */
  dataDir: string;
  /** The sources to download (default: {@link DEFAULT_LIST_SOURCES}). */
  sources: readonly ListSource[];
  /** Time allowed for one download, in milliseconds (default 60,000). */
  timeoutMs?: number;
  /** Largest accepted download, in bytes (default 100 MB). */
  maxBytes?: number;
  /** Accept a list much smaller than the previous copy (normally refused as a broken download). */
  force?: boolean;
  /** The fetch implementation (default: the global fetch). */
  fetch?: typeof fetch;
  /** The clock, for the `fetched` date. */
  now?: () => Date;
  /** Called as bytes arrive. */
  onProgress?: (id: string, received: number, total: number | null) => void;
  signal?: AbortSignal;
}

export interface UpdateListResult {
  id: string;
  kind: ListSource['kind'];
  url: string;
  ok: boolean;
  /** Entries in the new list (on success). */
  entries?: number;
  /** Lines skipped as invalid in an accepted download. */
  invalid?: number;
  /** The list in place before (and, on failure, still in place). */
  previous: ListMeta | null;
  bytes?: number;
  error?: string;
  ms: number;
}

async function download(
  source: ListSource,
  options: UpdateListsOptions,
): Promise<{ text: string; bytes: number }> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxBytes = options.maxBytes ?? 100 * 1024 * 1024;
  const signals = [AbortSignal.timeout(timeoutMs)];
  if (options.signal) signals.push(options.signal);
  const signal = AbortSignal.any(signals);
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(source.url, { signal, redirect: 'follow', headers: { 'user-agent': 'formspam-update-lists' } });
  } catch (error) {
    throw new Error(signal.aborted && !options.signal?.aborted ? `no answer within ${timeoutMs} ms` : `download failed: ${messageOf(error)}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  const lengthHeader = response.headers.get('content-length');
  const total = lengthHeader !== null && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
  if (total !== null && total > maxBytes) throw new Error(`the download is ${total} bytes, more than the limit of ${maxBytes}`);
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    if (response.body) {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        received += chunk.byteLength;
        if (received > maxBytes) throw new Error(`the download is larger than the limit of ${maxBytes} bytes`);
        chunks.push(chunk);
        options.onProgress?.(source.id, received, total);
      }
    }
  } catch (error) {
    if (signal.aborted && !options.signal?.aborted) throw new Error(`no complete answer within ${timeoutMs} ms (${received} bytes received)`);
    const message = messageOf(error);
    throw new Error(message.startsWith('the download') ? message : `download interrupted after ${received} bytes: ${message}`);
  }
  if (total !== null && received !== total) throw new Error(`truncated download: ${received} of ${total} bytes`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new Error('not UTF-8 text');
  }
  return { text, bytes: received };
}

function messageOf(error: unknown): string {
  const e = error as { message?: unknown; cause?: { message?: unknown } };
  const main = typeof e?.message === 'string' ? e.message : String(error);
  const cause = typeof e?.cause?.message === 'string' ? `: ${e.cause.message}` : '';
  return `${main}${cause}`.slice(0, 200);
}

async function readPrevious(file: string): Promise<ListMeta | null> {
  try {
    const text = await readFile(file, 'utf8');
    return parseListHeader(text);
  } catch {
    return null;
  }
}

/** Writes `text` to `file` atomically: a temporary file in the same directory, fsync, rename. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const handle = await open(tmp, 'w', 0o644);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(tmp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/** Checks a list of sources: unique, well-formed ids, http(s) URLs. Returns an error message or null. */
export function checkSources(sources: readonly ListSource[]): string | null {
  const ids = new Set<string>();
  for (const s of sources) {
    if (!LIST_ID.test(s.id)) return `list id ${JSON.stringify(s.id)} must be lower-case letters, digits and dashes`;
    if (ids.has(s.id)) return `list id ${s.id} is given twice`;
    ids.add(s.id);
    let url: URL;
    try {
      url = new URL(s.url);
    } catch {
      return `${s.id}: ${JSON.stringify(s.url)} is not a URL`;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${s.id}: only http and https URLs are supported`;
  }
  return null;
}

/** Downloads, validates and installs each source; sources are processed one after another. */
export async function updateLists(options: UpdateListsOptions): Promise<UpdateListResult[]> {
  const problem = checkSources(options.sources);
  if (problem) throw new Error(problem);
  const dir = listsDir(options.dataDir);
  await mkdir(dir, { recursive: true });
  const results: UpdateListResult[] = [];
  for (const source of options.sources) {
    const t0 = performance.now();
    const file = join(dir, `${source.id}.list`);
    const previous = await readPrevious(file);
    const base = { id: source.id, kind: source.kind, url: source.url, previous };
    try {
      const { text, bytes } = await download(source, options);
      const parsed = parseListText(text, source);
      if (!parsed.ok) throw new Error(`rejected: ${parsed.error}`);
      if (!options.force && previous && previous.kind === source.kind && parsed.entries.length < previous.entries / 4) {
        throw new Error(
          `rejected: ${parsed.entries.length} entries against ${previous.entries} in the previous copy (use --force to accept)`,
        );
      }
      const meta: ListMeta = {
        id: source.id,
        kind: source.kind,
        source: source.url,
        licence: source.licence,
        fetched: (options.now?.() ?? new Date()).toISOString(),
        entries: parsed.entries.length,
      };
      await writeFileAtomic(file, formatListFile(meta, parsed.entries));
      results.push({ ...base, ok: true, entries: parsed.entries.length, invalid: parsed.invalid, bytes, ms: performance.now() - t0 });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      results.push({ ...base, ok: false, error: messageOf(error), ms: performance.now() - t0 });
    }
  }
  return results;
}
