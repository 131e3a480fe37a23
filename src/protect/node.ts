/**
 * `protect(options)` middleware for node:http and Express: reads the form post (bounded),
 * classifies it, sets `req.formspam` to the verdict, and either answers a blocked post or
 * calls `next()`. When no body parser ran before it, it parses the form itself and sets
 * `req.body` to the fields (and `req._body`, so later body parsers skip it), since the body
 * stream is then consumed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../adapters/shared.js';
import { clientIpOf } from '../service/client-ip.js';
import { HttpError } from '../service/http.js';
import { createGuard, errorPlain, formOfObject, isFormType, mediaType, parseForm, SAFE_METHODS, type Form, type PlainResponse, type ProtectOptions, type Verdict } from './core.js';

/** A request `protect()` has seen: `formspam` is its verdict (absent when it carried no form). */
export type ProtectedRequest = IncomingMessage & { formspam?: Verdict; body?: unknown; _body?: boolean };

export type ProtectMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

function send(res: ServerResponse, r: PlainResponse): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(r.status, { ...r.headers, 'content-length': Buffer.byteLength(r.body) });
  res.end(r.body);
}

export function protect(options: ProtectOptions = {}): ProtectMiddleware {
  const guard = createGuard(options);
  const dryRun = options.dryRun === true;
  return (request, res, next) => {
    const req = request as ProtectedRequest;
    if (SAFE_METHODS.has(req.method ?? 'GET')) {
      next();
      return;
    }
    const refuse = (r: PlainResponse) => (dryRun ? next() : send(res, r));
    const run = async (): Promise<void> => {
      let form: Form | null = null;
      // A body parser ran (body-parser's `_body` marker, or a parsed object on an ended stream).
      if (req._body === true || (req.body !== undefined && req.readableEnded)) {
        form = formOfObject(req.body);
        if (form === null) {
          refuse(errorPlain(400, 'INVALID_FORM', 'The parsed body is not an object of form fields.'));
          return;
        }
      } else {
        const contentType = String(req.headers['content-type'] ?? '');
        if (!isFormType(mediaType(contentType))) {
          refuse(errorPlain(415, 'UNSUPPORTED_MEDIA_TYPE', 'A form post must be application/x-www-form-urlencoded, multipart/form-data or JSON.'));
          return;
        }
        const length = req.headers['content-length'];
        if (length !== undefined && /^\d+$/.test(length) && Number(length) > guard.bodyLimit) {
          if (!dryRun) res.setHeader('connection', 'close');
          refuse(errorPlain(413, 'REQUEST_TOO_LARGE', `Request body is larger than ${guard.bodyLimit} bytes.`));
          return;
        }
        let bytes: Uint8Array;
        try {
          bytes = await readBody(req, guard.bodyLimit);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          // The body was not read to its end: close the connection after answering.
          res.setHeader('connection', 'close');
          if (dryRun) next();
          else send(res, errorPlain(error.status, error.code, error.message));
          return;
        }
        const parsed = await parseForm(bytes, contentType);
        if ('error' in parsed) {
          refuse(parsed.error);
          return;
        }
        form = parsed.form;
        req.body = { ...form };
        req._body = true;
      }
      const ip = clientIpOf(req.socket.remoteAddress, req.headers, guard.trusted);
      const acceptLanguage = req.headers['accept-language'];
      const { verdict, blocked } = await guard.judge(form, ip, typeof acceptLanguage === 'string' ? acceptLanguage : undefined);
      if (verdict) req.formspam = verdict;
      if (blocked) send(res, blocked);
      else next();
    };
    run().catch((error: unknown) => next(error));
  };
}

export type { PlainResponse, ProtectOptions, Verdict } from './core.js';
