/** What the fetch handler and the fetch-world protect() share: reading a body stream with a limit. */
import { HttpError } from '../service/http.js';

/** Reads a fetch body stream, rejecting with 413 as soon as it passes `limit` bytes (the rest is not read). */
export async function readStream(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      let part: Awaited<ReturnType<typeof reader.read>>;
      try {
        part = await reader.read();
      } catch {
        throw new HttpError(400, 'BODY_UNREADABLE', 'The request body could not be read.');
      }
      if (part.done) break;
      size += part.value.byteLength;
      if (size > limit) {
        reader.cancel().catch(() => {});
        throw new HttpError(413, 'REQUEST_TOO_LARGE', `Request body is larger than ${limit} bytes.`);
      }
      chunks.push(part.value);
    }
  } finally {
    reader.releaseLock();
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Lower-case header record of a fetch `Headers` (repeated headers joined by `, `, as `Headers` does). */
export function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

