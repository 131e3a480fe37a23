// Every factory given a bad option throws FormspamError INVALID_OPTIONS, and the message names
// the factory and the option (docs/errors: "createService: `bodyLimit` must be …").
import { describe, expect, it } from 'vitest';
import { createRouter, protect as protectExpress } from '../../src/adapters/express.js';
import { createFetchHandler, protect as protectFetch } from '../../src/adapters/fetch.js';
import { createHandler, protect as protectNode } from '../../src/adapters/node.js';
import { FormspamError, invalidOption, isFormspamError } from '../../src/core/errors.js';
import { createClassifier } from '../../src/engine/classifier.js';
import { createDnsProvider } from '../../src/providers/dns.js';
import { trustedProxySet } from '../../src/service/client-ip.js';
import { M2MGate } from '../../src/service/m2m.js';
import { createService } from '../../src/service/service.js';
import { createMemoryStore, createRedisStore, createSqliteStore, guardStore, openStore } from '../../src/stores/index.js';

/** The thrown (or rejected) error of `make`, or null when it throws nothing. */
async function errorOf(make: () => unknown): Promise<unknown> {
  try {
    await make();
  } catch (error) {
    return error;
  }
  return null;
}

const world = { now: Date.now, randomBytes: (n: number) => new Uint8Array(n) };

/** [factory, option, a call with a bad value of it]. */
const CASES: [string, string, () => unknown][] = [
  ['createService', 'bodyLimit', () => createService({ offline: true, bodyLimit: 0 })],
  ['createService', 'bodyLimit', () => createService({ offline: true, bodyLimit: 1.5 })],
  ['createService', 'trustedProxies', () => createService({ offline: true, trustedProxies: ['10.0.0.0/33'] })],
  ['createService', 'maxListAgeDays', () => createService({ offline: true, maxListAgeDays: 0 })],
  ['createService', 'keyIssuance', () => createService({ offline: true, keyIssuance: 'shut' as never })],
  ['createService', 'adminToken', () => createService({ offline: true, adminToken: 'short' })],
  ['createService', 'masterKey', () => createService({ offline: true, masterKey: 'short' })],
  ['createService', 'storeOutageGraceMs', () => createService({ offline: true, storeOutageGraceMs: -1 })],
  ['createService', 'widget.maxNumber', () => createService({ offline: true, widget: { maxNumber: 0 } as never })],
  // The one classifier of the service (and of protect) is made, and its options checked, at start-up.
  ['createService', 'classifyOptions.timeoutMs', () => createService({ offline: true, classifyOptions: { timeoutMs: 0 } })],
  ['createService', 'classifyOptions.explain', () => createService({ offline: true, classifyOptions: { explain: 'it' as never } })],
  ['protect', 'classifyOptions.maxMatches', () => protectNode({ classifyOptions: { maxMatches: -1 } })],
  ['protect', 'classifyOptions.signal', () => protectExpress({ classifyOptions: { signal: AbortSignal.abort() } as never })],
  ['createClassifier', 'timeoutMs', () => createClassifier({ timeoutMs: Number.NaN })],
  ['createService', 'widget.minMaxNumber', () => createService({ offline: true, widget: { minMaxNumber: 10, maxMaxNumber: 5 } as never })],
  // The adapters hand their options to createService, which names itself.
  ['createService', 'bodyLimit', () => createHandler({ offline: true, bodyLimit: -1 })],
  ['createService', 'keyIssuance', () => createFetchHandler({ offline: true, keyIssuance: 'x' as never })],
  ['createService', 'trustedProxies', () => createRouter({ offline: true, trustedProxies: ['nope'] })],
  ['protect', 'bodyLimit', () => protectNode({ bodyLimit: 0 })],
  ['protect', 'explain', () => protectExpress({ explain: 'it' as never })],
  ['protect', 'trustedProxies', () => protectNode({ trustedProxies: ['300.1.1.1'] })],
  ['protect', 'bodyLimit', () => protectFetch(new Request('http://localhost/', { method: 'POST' }), { bodyLimit: 0 })],
  ['trustedProxySet', 'trustedProxies', () => trustedProxySet(['x'])],
  ['M2MGate', 'hmacKey', () => new M2MGate({ hmacKey: '' }, createMemoryStore(), world as never)],
  ['createSqliteStore', 'timeoutMs', () => createSqliteStore({ path: ':memory:', timeoutMs: -1 })],
  ['createRedisStore', 'timeoutMs', () => createRedisStore({ url: 'redis://127.0.0.1:1', timeoutMs: 1.5 })],
  ['createRedisStore', 'url', () => createRedisStore({})],
  ['guardStore', 'timeoutMs', () => guardStore(createMemoryStore(), { timeoutMs: Number.NaN })],
  ['openStore', 'spec', () => openStore('mongodb://x')],
  ['createDnsProvider', 'servers', () => createDnsProvider({ servers: [] })],
  ['createDnsProvider', 'healthCheck', () => createDnsProvider({ healthCheck: 'yes' as never })],
];

describe('INVALID_OPTIONS: every factory names itself and the option', () => {
  it.each(CASES)('%s with a bad `%s`', async (factory, option, make) => {
    const error = await errorOf(make);
    expect(isFormspamError(error), String(error)).toBe(true);
    expect((error as FormspamError).code).toBe('INVALID_OPTIONS');
    expect((error as FormspamError).message.startsWith(`${factory}: \`${option}\` `), (error as Error).message).toBe(true);
  });

  it('invalidOption writes "<factory>: `<option>` <problem>"', () => {
    const error = invalidOption('createX', 'y', 'must be z');
    expect(error).toBeInstanceOf(FormspamError);
    expect(error.toJSON()).toEqual({ code: 'INVALID_OPTIONS', message: 'createX: `y` must be z' });
  });
});
