/**
 * Graceful shutdown of a node:http server under keep-alive load.
 *
 * `server.close()` in Node 20 closes every idle keep-alive connection at once. A client that
 * has just received a response on such a connection may already be sending its next request:
 * that request is then reset unanswered, and a client cannot safely retry a POST. Instead:
 *
 * 1. stop accepting connections (the listener closes; new connections are refused, which a
 *    client knows it may retry);
 * 2. answer every request that arrives on a connection already open, with `Connection: close`,
 *    so the client stops using that connection after the response;
 * 3. close a connection only once it has been idle for `idleGraceMs` since the shutdown began
 *    or since its last response (a client under load sends its next request well within that);
 * 4. after `forceAfterMs`, close whatever is left.
 */
import type { Server, IncomingMessage, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

export interface DrainOptions {
  /** How long a connection may stay idle during the shutdown before it is closed (default 1000 ms). */
  idleGraceMs?: number;
  /** Close every remaining connection after this long (default 10 s). */
  forceAfterMs?: number;
}

interface Tracked {
  /** Requests read on the socket and not yet answered. */
  active: number;
  /** When the socket last became idle (ms, performance.now()). */
  idleSince: number;
  /** The shutdown has ended (FIN) this idle socket. */
  ended: boolean;
}

export interface ConnectionTracker {
  /** Stops accepting, drains the open connections, resolves when the last one has closed. */
  drain(options?: DrainOptions): Promise<void>;
}

/** Starts tracking the server's connections; call before `listen()`. */
export function trackConnections(server: Server): ConnectionTracker {
  const sockets = new Map<Socket, Tracked>();
  let draining = false;
  let drainStart = 0;

  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { active: 0, idleSince: performance.now(), ended: false });
    socket.once('close', () => sockets.delete(socket));
  });
  // One listener function for every response, not a closure and a once-wrapper per request: a
  // response's request still holds the socket when the response closes (a socket that closed
  // first is no longer tracked, and nothing is left to count).
  function responseClosed(this: ServerResponse): void {
    const t = sockets.get(this.req.socket);
    if (!t) return;
    t.active--;
    t.idleSince = performance.now();
  }
  // Before the server's own handler, so that a response written at once still gets the header.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const t = sockets.get(req.socket);
    if (t) t.active++;
    if (draining && !res.headersSent) res.setHeader('connection', 'close');
    res.on('close', responseClosed);
  });

  return {
    drain(options: DrainOptions = {}) {
      const idleGraceMs = options.idleGraceMs ?? 1000;
      const forceAfterMs = options.forceAfterMs ?? 10_000;
      draining = true;
      drainStart = performance.now();
      return new Promise<void>((resolve) => {
        // net.Server's close, not http.Server's: the latter also closes idle connections at once.
        NetServer.prototype.close.call(server, () => {
          clearInterval(sweep);
          clearTimeout(force);
          resolve();
        });
        // Responses already being written before the shutdown: ask the client to close too.
        for (const socket of sockets.keys()) {
          const res = (socket as unknown as { _httpMessage?: ServerResponse | null })._httpMessage;
          if (res && !res.headersSent) res.setHeader('connection', 'close');
        }
        const sweep = setInterval(() => {
          const now = performance.now();
          for (const [socket, t] of sockets) {
            if (t.ended || t.active > 0 || now - Math.max(t.idleSince, drainStart) < idleGraceMs) continue;
            t.ended = true;
            socket.end();
          }
        }, Math.min(100, idleGraceMs));
        sweep.unref();
        const force = setTimeout(() => {
          for (const socket of sockets.keys()) socket.destroy();
        }, forceAfterMs);
        force.unref();
      });
    },
  };
}
