/**
 * The DnsProvider conformance suite, and a static in-memory DnsProvider for tests.
 *
 * Every DnsProvider must pass {@link testDnsProvider} when it is pointed at DNS that serves
 * {@link DNS_CONFORMANCE_ZONE} (formspam runs it against its live provider and a DNS server
 * on loopback, and against {@link createStaticDnsProvider}).
 */
import { resolveRunner, type Runner } from './runner.js';
import { skipCase } from './conformance.js';
import assert from 'node:assert/strict';
import type { DnsAnswer, DnsProvider, MxRecord } from '../providers/types.js';

/** Records of one name. TXT records are strings or their character-string chunks. */
export interface StaticDnsRecords {
  MX?: readonly (readonly [priority: number, exchange: string])[];
  TXT?: readonly (string | readonly string[])[];
  A?: readonly string[];
  AAAA?: readonly string[];
}
/** Name → records, or a failure the server answers with. */
export type StaticDnsZone = Readonly<Record<string, StaticDnsRecords | 'SERVFAIL' | 'REFUSED'>>;

const LONG_TXT = `v=spf1 ${Array.from({ length: 40 }, (_, i) => `ip4:198.51.100.${i}`).join(' ')} -all`;

/** The zone a provider under test must see. Real TLDs; the names are unlikely to exist on the internet. */
export const DNS_CONFORMANCE_ZONE = {
  'conformance-mx-x7q.com': {
    MX: [[20, 'MX2.Conformance-MX-x7q.com'], [10, 'mx1.conformance-mx-x7q.com']],
    TXT: ['hello world', ['split ', 'in ', 'chunks'], LONG_TXT],
  },
  '_dmarc.conformance-mx-x7q.com': { TXT: ['v=DMARC1; p=reject'] },
  'conformance-nullmx-x7q.com': { MX: [[0, '.']] },
  'conformance-address-x7q.com': { A: ['192.0.2.10', '192.0.2.11'], AAAA: ['2001:db8::10'] },
  'conformance-v6only-x7q.com': { AAAA: ['2001:db8::6'] },
  'conformance-servfail-x7q.com': 'SERVFAIL',
} as const satisfies StaticDnsZone;

/** Names of {@link DNS_CONFORMANCE_ZONE} by what they test; the `missing` name does not exist. */
export const DNS_CONFORMANCE_NAMES = {
  mx: 'conformance-mx-x7q.com',
  nullMx: 'conformance-nullmx-x7q.com',
  addressOnly: 'conformance-address-x7q.com',
  v6Only: 'conformance-v6only-x7q.com',
  servfail: 'conformance-servfail-x7q.com',
  missing: 'conformance-missing-x7q.com',
  longTxt: LONG_TXT,
} as const;

export interface DnsConformanceSetup {
  /** The provider under test, answering from DNS that serves {@link DNS_CONFORMANCE_ZONE}. */
  provider: DnsProvider;
  /** The same provider pointed at a server that never answers, with a short timeout; checks the timeout contract. */
  unresponsive?: DnsProvider;
  /** Called after the suite. */
  close?: () => Promise<void> | void;
}


function signal(): { signal: AbortSignal } {
  return { signal: new AbortController().signal };
}

function sortedMx(answer: DnsAnswer<MxRecord>): MxRecord[] {
  assert.equal(answer.status, 'ok');
  return [...(answer as { records: MxRecord[] }).records].sort((a, b) => a.priority - b.priority);
}

/**
 * Declares the conformance tests of a DnsProvider (uses the runner's global
 * `describe`/`it`/`beforeAll`/`afterAll`, or the ones passed).
 *
 * @example
 * testDnsProvider('my provider', async () => ({ provider: createMyProvider({ server }) }));
 */
export function testDnsProvider(name: string, setup: () => Promise<DnsConformanceSetup> | DnsConformanceSetup, runner: Runner = {}): void {
  const { describe, it, beforeAll, afterAll } = resolveRunner('testDnsProvider', runner, ['describe', 'it', 'beforeAll', 'afterAll']);
  const N = DNS_CONFORMANCE_NAMES;
  describe(`DnsProvider conformance: ${name}`, () => {
    let s: DnsConformanceSetup;
    beforeAll(async () => {
      s = await setup();
    });
    afterAll(async () => {
      await s?.close?.();
    });

    it('answers MX records: exchange in lower case without the trailing dot', async () => {
      assert.deepEqual(sortedMx(await s.provider.mx(N.mx, signal())), [
        { exchange: 'mx1.conformance-mx-x7q.com', priority: 10 },
        { exchange: 'mx2.conformance-mx-x7q.com', priority: 20 },
      ]);
    });
    it("answers a null MX (RFC 7505) as one record with exchange ''", async () => {
      assert.deepEqual(sortedMx(await s.provider.mx(N.nullMx, signal())), [{ exchange: '', priority: 0 }]);
    });
    it('answers nodata for a name without MX, nxdomain for a name that does not exist', async () => {
      assert.deepEqual(await s.provider.mx(N.addressOnly, signal()), { status: 'nodata' });
      assert.deepEqual(await s.provider.mx(N.missing, signal()), { status: 'nxdomain' });
    });
    it('answers TXT records with their chunks joined, a long record whole', async () => {
      const answer = await s.provider.txt(N.mx, signal());
      assert.equal(answer.status, 'ok');
      assert.deepEqual([...(answer as { records: string[] }).records].sort(), ['hello world', N.longTxt, 'split in chunks'].sort());
      assert.deepEqual(await s.provider.txt(`_dmarc.${N.mx}`, signal()), { status: 'ok', records: ['v=DMARC1; p=reject'] });
    });
    it('answers nodata and nxdomain for TXT', async () => {
      assert.deepEqual(await s.provider.txt(N.addressOnly, signal()), { status: 'nodata' });
      assert.deepEqual(await s.provider.txt(`_dmarc.${N.addressOnly}`, signal()), { status: 'nxdomain' });
    });
    it('answers IPv4 and IPv6 addresses together', async () => {
      const answer = await s.provider.addresses(N.addressOnly, signal());
      assert.equal(answer.status, 'ok');
      assert.deepEqual([...(answer as { records: string[] }).records].sort(), ['192.0.2.10', '192.0.2.11', '2001:db8::10']);
      assert.deepEqual(await s.provider.addresses(N.v6Only, signal()), { status: 'ok', records: ['2001:db8::6'] });
    });
    it('answers nodata and nxdomain for addresses', async () => {
      assert.deepEqual(await s.provider.addresses(N.mx, signal()), { status: 'nodata' });
      assert.deepEqual(await s.provider.addresses(N.missing, signal()), { status: 'nxdomain' });
    });
    it('treats names case-insensitively and accepts a trailing dot', async () => {
      assert.deepEqual(sortedMx(await s.provider.mx(`${N.mx.toUpperCase()}.`, signal())), sortedMx(await s.provider.mx(N.mx, signal())));
    });
    it('rejects on SERVFAIL: a failure is not an answer', async () => {
      await assert.rejects(s.provider.mx(N.servfail, signal()));
      await assert.rejects(s.provider.txt(N.servfail, signal()));
      await assert.rejects(s.provider.addresses(N.servfail, signal()));
    });
    it('gives concurrent callers the same answer', async () => {
      const answers = await Promise.all(Array.from({ length: 50 }, () => s.provider.mx(N.mx, signal())));
      for (const a of answers) assert.deepEqual(sortedMx(a), sortedMx(answers[0]!));
    });
    it('rejects when the signal has already fired', async () => {
      const controller = new AbortController();
      controller.abort(new Error('stop'));
      await assert.rejects(s.provider.mx(`other.${N.mx}`, { signal: controller.signal }));
    });
    it('rejects with an error named TimeoutError when the server never answers', async (...args: unknown[]) => {
      if (!s.unresponsive) return skipCase(args[0], 'setup.unresponsive is not given: the timeout contract is not checked');
      await assert.rejects(s.unresponsive.mx(N.mx, signal()), (e: unknown) => (e as Error).name === 'TimeoutError');
    });
  });
}

function normalize(name: string): string {
  const n = name.toLowerCase();
  return n.endsWith('.') ? n.slice(0, -1) : n;
}

/**
 * A DnsProvider answering from a fixed zone, with no network: for tests of rules and
 * classifications that need DNS. Names not in the zone are NXDOMAIN; names with records of
 * other types (or with names below them) are NODATA; a `'SERVFAIL'` entry rejects for its name and the names below it.
 *
 * @example
 * const dns = createStaticDnsProvider({ 'example.com': { MX: [[10, 'mx.example.com']] } });
 * await classify({ email: '@example.com' }, { dns });
 */
export function createStaticDnsProvider(zone: StaticDnsZone): DnsProvider {
  const records = new Map<string, StaticDnsRecords | 'SERVFAIL' | 'REFUSED'>();
  for (const [name, value] of Object.entries(zone)) records.set(normalize(name), value);
  const names = [...records.keys()];
  const find = (raw: string, signal: AbortSignal | undefined): StaticDnsRecords | null => {
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    const name = normalize(raw);
    // A failing entry fails for its name and every name below it.
    const failing = names.find((n) => typeof records.get(n) === 'string' && (name === n || name.endsWith(`.${n}`)));
    const entry = failing === undefined ? records.get(name) : records.get(failing);
    if (entry === 'SERVFAIL' || entry === 'REFUSED') throw new Error(`DNS ${name}: ${entry}`);
    if (entry !== undefined) return entry;
    return names.some((n) => n.endsWith(`.${name}`)) ? {} : null;
  };
  const answer = <T>(list: readonly T[] | undefined): DnsAnswer<T> =>
    list && list.length > 0 ? { status: 'ok', records: [...list] } : { status: 'nodata' };
  return {
    name: 'static',
    async mx(domain, options) {
      const entry = find(domain, options?.signal);
      if (!entry) return { status: 'nxdomain' };
      return answer(entry.MX?.map(([priority, exchange]) => ({ priority, exchange: exchange === '.' ? '' : normalize(exchange) })));
    },
    async txt(name, options) {
      const entry = find(name, options?.signal);
      if (!entry) return { status: 'nxdomain' };
      return answer(entry.TXT?.map((t) => (typeof t === 'string' ? t : t.join(''))));
    },
    async addresses(domain, options) {
      const entry = find(domain, options?.signal);
      if (!entry) return { status: 'nxdomain' };
      return answer([...(entry.A ?? []), ...(entry.AAAA ?? [])]);
    },
  };
}
