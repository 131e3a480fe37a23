/**
 * `formspam/node`: a request handler for `node:http` (and anything with its `(req, res)` shape).
 *
 * @example
 * import { createServer } from 'node:http';
 * import { createHandler } from 'formspam/node';
 * const handler = createHandler({ offline: true });
 * createServer(handler).listen(8080);
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createService, errorResponse, type Service, type ServiceOptions, type ServiceRequest } from '../service/service.js';
import { readBody, writeResponse } from './shared.js';

export interface NodeHandler {
  (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void;
  readonly service: Service;
  /** Closes the service's store. */
  close(): Promise<void>;
}

export interface NodeHandlerOptions extends ServiceOptions {
  /** An existing service to serve (its options win). */
  service?: Service;
  /** For paths the service does not know: call `next()` when given (middleware style), else answer 404 (default). */
  passThrough?: boolean;
}

/** The {@link ServiceRequest} of a node:http request, with a lazily made `signal`. */
class NodeServiceRequest implements ServiceRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly remoteAddress: string | undefined;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  #abort: AbortController | undefined;

  constructor(req: IncomingMessage, res: ServerResponse) {
    this.method = req.method ?? 'GET';
    this.url = req.url ?? '/';
    this.headers = req.headers;
    this.remoteAddress = req.socket.remoteAddress;
    this.#req = req;
    this.#res = res;
  }

  readBody(limit: number): Promise<Uint8Array> {
    return readBody(this.#req, limit);
  }

  get signal(): AbortSignal {
    if (this.#abort === undefined) {
      const a = (this.#abort = new AbortController());
      const res = this.#res;
      if (res.closed) {
        if (!res.writableFinished) a.abort(new Error('client went away'));
      } else {
        res.once('close', () => {
          if (!res.writableFinished) a.abort(new Error('client went away'));
        });
      }
    }
    return this.#abort.signal;
  }
}

export function createHandler(options: NodeHandlerOptions = {}): NodeHandler {
  const service = options.service ?? createService(options);
  const handler = ((req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => {
    if (options.passThrough && next && !service.handles(req.url ?? '/')) {
      next();
      return;
    }
    // The request's signal (aborted when the client goes away) is made on first use only: the
    // classify route does not read it, and an AbortController plus a 'close' listener per
    // request cost more than the routing. A class with the getter on its prototype: defining
    // an accessor on each request object cost about 2 µs and gave every request its own shape.
    const request: ServiceRequest = new NodeServiceRequest(req, res);
    service.handle(request).then(
      (response) => writeResponse(res, response),
      () => writeResponse(res, errorResponse(500, 'INTERNAL', 'Internal Server Error')),
    );
  }) as NodeHandler;
  Object.defineProperty(handler, 'service', { value: service });
  Object.defineProperty(handler, 'close', { value: () => service.close() });
  return handler;
}

export { createService, HttpError, type Service, type ServiceOptions, type ServiceRequest, type ServiceResponse } from '../service/service.js';
export { protect, type ProtectMiddleware, type ProtectedRequest, type PlainResponse, type ProtectOptions, type Verdict } from '../protect/node.js';
