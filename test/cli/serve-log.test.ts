// formspam serve's log output (src/cli/serve-log.ts): the request line formatted without pino is
// byte-identical to pino's own for the same fields, anything it cannot format goes to pino, and
// the line buffer keeps the order of every line and writes in batches.
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOG_BATCH_CHARS, lineBuffer, requestLogger } from '../../src/cli/serve-log.js';

/** serve's logger (its options as src/cli/serve.ts gives them) writing into `lines`. */
function serveLogger(level = 'info') {
  const lines: string[] = [];
  const out = { write: (line: string) => void lines.push(line) };
  const logger = pino({ level, base: { service: 'formspam' }, redact: { paths: ['secret', '*.secret', 'apiKey', '*.apiKey', 'authorization', '*.authorization'], censor: '[redacted]' } }, out);
  return { logger, out, lines };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('requestLogger', () => {
  const cases: [string, object, string | undefined][] = [
    ['the request line', { event: 'request', method: 'POST', route: '/api/v1/classify', status: 200, ms: 16.55, ip: '127.0.0.1' }, 'request'],
    ['without ip', { event: 'request', method: 'GET', route: 'unknown', status: 404, ms: 0.07, ip: undefined }, 'request'],
    ['an IPv6 client', { event: 'request', method: 'OPTIONS', route: '/v1/verify', status: 204, ms: 1, ip: '2001:db8::1' }, 'request'],
    ['non-finite numbers, booleans, no message', { a: Number.NaN, b: Infinity, c: true, d: false, e: -0, f: 1e21 }, undefined],
    ['unicode and DEL', { route: 'ünïcødé ✓ \u007f', lone: '\ud800' }, 'ä message'],
    ['a quote (pino escapes it)', { method: 'PO"ST' }, 'request'],
    ['a backslash', { route: 'a\\b' }, 'request'],
    ['a control character', { route: 'a\nb\u0001' }, 'request'],
    ['a long string', { route: 'x'.repeat(150) }, 'request'],
    ['an object value', { event: 'request', nested: { secret: 's', n: 1 } }, 'request'],
    ['a secret key at the top', { secret: 'hunter2', apiKey: 'ckey_x' }, 'request'],
    ['an error under err', { err: new Error('boom') }, 'request'],
    ['a key needing escapes', { 'a"b': 1 }, 'm'],
    ['a message with a quote', { event: 'request' }, 'say "hi"'],
    ['a null value', { ip: null }, 'request'],
  ];
  for (const [name, fields, msg] of cases) {
    it(`writes what pino writes: ${name}`, () => {
      vi.spyOn(Date, 'now').mockReturnValue(1_795_800_614_618);
      const fast = serveLogger();
      const ref = serveLogger();
      requestLogger(fast.logger, fast.out).info(fields, msg);
      ref.logger.child({}, { redact: { paths: [] } }).info(fields, msg);
      expect(fast.lines).toHaveLength(1);
      expect(fast.lines).toEqual(ref.lines);
    });
  }

  const requestLines: [string, [string, string, number, number, string | undefined]][] = [
    ['the request line', ['POST', '/api/v1/classify', 200, 16.55, '127.0.0.1']],
    ['without ip', ['GET', 'unknown', 404, 0.07, undefined]],
    ['an IPv6 client', ['OPTIONS', '/v1/verify', 204, 1, '2001:db8::1']],
    ['a whole number of ms, zero and minus zero', ['HEAD', '/healthz', 200, -0, '10.0.0.1']],
    ['a method with a quote (pino escapes it)', ['PO"ST', 'unknown', 405, 0.5, '10.0.0.1']],
    ['a method with a control character', ['G\u0001T', 'unknown', 400, 0.5, undefined]],
    ['a route with a backslash', ['GET', 'a\\b', 404, 0.5, '::1']],
    ['unicode in the method', ['GÉT', 'unknown', 405, 2.25, '::1']],
  ];
  for (const [name, [method, route, status, ms, ip]] of requestLines) {
    it(`request() writes what pino writes for the same fields: ${name}`, () => {
      vi.spyOn(Date, 'now').mockReturnValue(1_795_800_614_618);
      const fast = serveLogger();
      const ref = serveLogger();
      const log = requestLogger(fast.logger, fast.out);
      expect(log.request).toBeTypeOf('function');
      log.request!(method, route, status, ms, ip);
      ref.logger.child({}, { redact: { paths: [] } }).info({ event: 'request', method, route, status, ms, ip }, 'request');
      expect(fast.lines).toHaveLength(1);
      expect(fast.lines).toEqual(ref.lines);
    });
  }

  it('request() writes nothing below its level', () => {
    const { logger, out, lines } = serveLogger('warn');
    requestLogger(logger, out).request!('POST', '/api/v1/classify', 200, 1, '127.0.0.1');
    requestLogger(logger, out).request!('PO"ST', '/api/v1/classify', 200, 1, '127.0.0.1');
    expect(lines).toEqual([]);
  });

  it('formats the request line itself (pino is not called for it)', () => {
    const { logger, out, lines } = serveLogger();
    const realChild = logger.child.bind(logger);
    let childInfo: ReturnType<typeof vi.fn> | undefined;
    vi.spyOn(logger, 'child').mockImplementation((bindings, options) => {
      const child = realChild(bindings, options);
      childInfo = vi.fn();
      child.info = childInfo as unknown as typeof child.info;
      return child;
    });
    const log = requestLogger(logger, out);
    expect(childInfo).toBeDefined();
    log.info({ event: 'request', method: 'POST', route: '/api/v1/classify', status: 200, ms: 3.25, ip: '10.0.0.1' }, 'request');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, service: 'formspam', event: 'request', status: 200, ms: 3.25, ip: '10.0.0.1', msg: 'request' });
    expect(childInfo).not.toHaveBeenCalled();
    // A value it does not format goes to the child.
    log.info({ event: 'request', method: 'PO"ST' }, 'request');
    expect(childInfo).toHaveBeenCalledTimes(1);
    log.request!('POST', '/api/v1/classify', 200, 3.25, '10.0.0.1');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(lines[0]!.replace(/"time":\d+/, `"time":${JSON.parse(lines[1]!).time}`));
    expect(childInfo).toHaveBeenCalledTimes(1);
    log.request!('PO"ST', '/api/v1/classify', 200, 3.25, '10.0.0.1');
    expect(childInfo).toHaveBeenCalledTimes(2);
  });

  it('writes nothing below its level, and warn/error go through pino', () => {
    const { logger, out, lines } = serveLogger('warn');
    const log = requestLogger(logger, out);
    log.info({ event: 'request', status: 200 }, 'request');
    expect(lines).toEqual([]);
    log.warn({ event: 'w', secret: 'x' }, 'careful');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, event: 'w', secret: 'x', msg: 'careful' });
  });
});

describe('lineBuffer', () => {
  it('writes in batches of at least 4,096 characters, in order, and what waits on flushSync', () => {
    const chunks: string[] = [];
    const buffer = lineBuffer(1, (chunk) => void chunks.push(chunk));
    const log = pino({ level: 'info', base: { service: 'formspam' } }, buffer);
    const fast = requestLogger(log, buffer);
    const sent: string[] = [];
    for (let i = 0; i < 100; i++) {
      if (i % 10 === 0) log.warn({ event: 'other', i }, 'another line');
      fast.info({ event: 'request', method: 'POST', route: '/api/v1/classify', status: 200, ms: i, ip: '127.0.0.1' }, 'request');
      sent.push(String(i));
    }
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.length).toBeGreaterThanOrEqual(LOG_BATCH_CHARS);
    const written = chunks.join('').length;
    buffer.flushSync();
    expect(chunks.join('').length).toBeGreaterThan(written);
    const lines = chunks.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { event: string; ms?: number; i?: number });
    expect(lines).toHaveLength(110);
    // Every 11th line is the warning logged before request i, every request in order.
    expect(lines.filter((l) => l.event === 'request').map((l) => String(l.ms))).toEqual(sent);
    expect(lines.map((l, k) => (l.event === 'other' ? k : -1)).filter((k) => k >= 0)).toEqual([0, 11, 22, 33, 44, 55, 66, 77, 88, 99]);
  });

  it('writes a line that waits within 100 ms, and pino\'s flush() writes at once', async () => {
    const chunks: string[] = [];
    const buffer = lineBuffer(1, (chunk) => void chunks.push(chunk));
    const log = pino({ level: 'info' }, buffer);
    log.info({ event: 'one' }, 'one');
    expect(chunks).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(chunks).toHaveLength(1);
    log.info({ event: 'two' }, 'two');
    log.flush();
    expect(chunks).toHaveLength(2);
    expect(chunks[1]).toContain('"event":"two"');
  });
});
