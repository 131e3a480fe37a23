/**
 * `formspam/express`: the service as Express middleware (Express 4 or 5, an optional peer
 * dependency; only its types are imported). Mount it anywhere: `app.use('/spam', router)`.
 * Paths it does not know go to `next()`. A body that `express.json()` already parsed is used
 * as is; otherwise the middleware reads the body itself (with the service's size limit).
 *
 * @example
 * import express from 'express';
 * import { createRouter } from 'formspam/express';
 * const app = express();
 * app.use(createRouter({ offline: true }));
 * app.listen(8080);
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createService, type Service, type ServiceOptions } from '../service/service.js';
import { toServiceRequest, writeResponse } from './shared.js';

export interface ExpressRouter extends RequestHandler {
  readonly service: Service;
  close(): Promise<void>;
}

export interface ExpressRouterOptions extends ServiceOptions {
  service?: Service;
}

export function createRouter(options: ExpressRouterOptions = {}): ExpressRouter {
  const service = options.service ?? createService(options);
  const router = ((req: Request, res: Response, next: NextFunction) => {
    if (!service.handles(req.url)) {
      next();
      return;
    }
    // A body parser ran when it set `req._body` (body-parser's marker) or left a non-empty object.
    const parsed = (req as { _body?: boolean })._body === true || (req.body !== undefined && req.readableEnded);
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort(new Error('client went away'));
    });
    const request = toServiceRequest(req, { signal: abort.signal, ...(parsed && { parsedBody: req.body }) });
    service.handle(request).then((response) => writeResponse(res, response), next);
  }) as ExpressRouter;
  Object.defineProperty(router, 'service', { value: service });
  Object.defineProperty(router, 'close', { value: () => service.close() });
  return router;
}

export { createService, type Service, type ServiceOptions } from '../service/service.js';
export { protect, type ProtectMiddleware, type ProtectedRequest, type PlainResponse, type ProtectOptions, type Verdict } from '../protect/node.js';
