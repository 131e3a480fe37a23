// One HTTP conformance suite (formspam/testing's testHttpAdapter), run against every adapter:
// node:http, Express (mounted under a path), the fetch handler served by node:http through a
// small Request/Response bridge, the fetch handler called directly with `new Request(...)`,
// and the fetch handler inside a Hono app run in-process (`app.request`).
import express from 'express';
import { Hono } from 'hono';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { createHandler } from '../../src/adapters/node.js';
import { createRouter } from '../../src/adapters/express.js';
import { createFetchHandler, type FetchHandler } from '../../src/adapters/fetch.js';
import { testHttpAdapter } from '../../src/testing/http.js';

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server })));
}
const stop = (server: Server) => new Promise<void>((r) => server.close(() => r()));

/** node:http → fetch Request → handler → Response → node:http, as a runtime would. */
function bridge(handler: FetchHandler) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method!,
      headers,
      ...(hasBody && { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' }),
    } as RequestInit);
    void handler(request).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  };
}

testHttpAdapter('formspam/node on node:http', async (options) => {
  const handler = createHandler(options);
  const { url, server } = await listen(handler);
  return { baseUrl: url, close: async () => { await stop(server); await handler.close(); } };
});

testHttpAdapter('formspam/express under /spam', async (options) => {
  const router = createRouter(options);
  const app = express();
  app.use('/spam', router);
  const { url, server } = await listen(app);
  return { baseUrl: `${url}/spam`, passesUnknownPaths: true, close: async () => { await stop(server); await router.close(); } };
});

testHttpAdapter('formspam/fetch served by node:http', async (options) => {
  const handler = createFetchHandler({ ...options, clientIp: () => '127.0.0.1' });
  const { url, server } = await listen(bridge(handler));
  return { baseUrl: url, close: async () => { await stop(server); await handler.close(); } };
});

testHttpAdapter('formspam/fetch called with a Request', (options) => {
  const handler = createFetchHandler(options);
  return { fetch: (url, init) => handler(new Request(url, init)), close: () => handler.close() };
});

testHttpAdapter('formspam/fetch in a Hono app under /spam (in-process)', (options) => {
  const handler = createFetchHandler({ ...options, basePath: '/spam' });
  const app = new Hono();
  app.all('/spam/*', (c) => handler(c.req.raw));
  return { baseUrl: 'http://formspam.test/spam', fetch: async (url, init) => app.request(url, init), close: () => handler.close() };
});
