/** What the node:http and Express adapters share: reading a body with a limit, writing a response. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, type ServiceRequest, type ServiceResponse } from '../service/http.js';

/** Reads the request body, rejecting with 413 as soon as it passes `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error: Error | null) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
      if (error) {
        // Stop reading; the response closes the connection.
        req.pause();
        reject(error);
      } else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(new HttpError(413, 'REQUEST_TOO_LARGE', `Request body is larger than ${limit} bytes.`));
      else chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    const onError = () => finish(new HttpError(400, 'BODY_UNREADABLE', 'The request body could not be read.'));
    const onAborted = () => finish(new HttpError(400, 'REQUEST_ABORTED', 'The request was aborted.'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}

/** The {@link ServiceRequest} of a node:http request. */
export function toServiceRequest(req: IncomingMessage, extra: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: req.headers,
    remoteAddress: req.socket.remoteAddress,
    readBody: (limit) => readBody(req, limit),
    ...extra,
  };
}

export function writeResponse(res: ServerResponse, response: ServiceResponse): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const headers: Record<string, string | number> = { ...response.headers, 'content-length': Buffer.byteLength(response.body) };
  if (response.close) headers.connection = 'close';
  res.writeHead(response.status, headers);
  res.end(response.body);
}
