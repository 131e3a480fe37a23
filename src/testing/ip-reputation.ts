/**
 * The IpReputationProvider conformance suite: every IP reputation provider (the bundled offline
 * one, yours) must pass it. The engine asks only about public addresses in canonical form
 * (dotted decimal; RFC 5952 IPv6), so the suite does too.
 *
 * @example
 * testIpReputationProvider('my lists', () => ({
 *   provider: createMyIpReputationProvider(),
 *   kinds: ['tor'],
 *   listed: [{ address: '185.220.101.1', kind: 'tor', list: 'tor-exits' }],
 *   unlisted: '192.0.2.1',
 * }));
 */
import assert from 'node:assert/strict';
import { resolveRunner, type Runner } from './runner.js';
import { checkAbortedCall, checkSameAnswers, liveSignal, settle, skipCase } from './conformance.js';
import type { IpListKind, IpReputation, IpReputationProvider } from '../providers/types.js';

const KINDS: readonly IpListKind[] = ['hosting', 'malicious', 'proxy', 'tor'];

/** An address in one list of the provider: the kind, the list's id and, when given, the entry that holds it. */
export interface IpListedAddress {
  address: string;
  kind: IpListKind;
  list: string;
  entry?: string;
}

export interface IpReputationConformanceSetup {
  provider: IpReputationProvider;
  /** The kinds of list the provider has loaded: every answer's `lists` has exactly these. */
  kinds: readonly IpListKind[];
  /** Public addresses with their AS number (at most one IPv4 and one IPv6 are checked each); none: the provider has no AS data. */
  asn?: readonly { address: string; asn: number }[];
  /** Addresses the provider's lists hold; none: the provider has no list to check, and the listed cases are skipped. */
  listed?: readonly IpListedAddress[];
  /** A public address in none of the provider's lists, with no AS number: every kind's `matches` is empty. */
  unlisted?: string;
  /** Called after the suite. */
  close?: () => Promise<void> | void;
}

/** Checks one answer against the IpReputation shape; `kinds` are the loaded kinds. */
function checkShape(answer: IpReputation, address: string): void {
  assert.ok(answer !== null && typeof answer === 'object', `the answer for ${address} is not an object`);
  assert.ok(Object.hasOwn(answer, 'asn') && Object.hasOwn(answer, 'organization'), `the answer for ${address} lacks asn or organization: unknown is null, not missing`);
  if (answer.asn !== null) assert.ok(Number.isInteger(answer.asn) && answer.asn >= 0 && answer.asn <= 4_294_967_295, `asn of ${address} is ${JSON.stringify(answer.asn)}`);
  assert.ok(answer.organization === null || (typeof answer.organization === 'string' && answer.organization !== ''), `organization of ${address} is ${JSON.stringify(answer.organization)}`);
  assert.ok(answer.lists !== null && typeof answer.lists === 'object', `lists of ${address} is not an object`);
  for (const [kind, value] of Object.entries(answer.lists)) {
    assert.ok(KINDS.includes(kind as IpListKind), `lists of ${address} has the kind ${JSON.stringify(kind)}, not one of ${KINDS.join(', ')}`);
    assert.ok(value !== undefined, `lists.${kind} of ${address} is present but undefined: a kind with no list loaded is absent`);
    assert.ok(Array.isArray(value.sources) && value.sources.length > 0, `lists.${kind}.sources of ${address}: the lists consulted, at least one`);
    for (const source of value.sources) assert.ok(typeof source === 'string' && source !== '', `lists.${kind}.sources of ${address} holds ${JSON.stringify(source)}`);
    assert.ok(Array.isArray(value.matches), `lists.${kind}.matches of ${address} is not an array`);
    for (const m of value.matches) {
      assert.ok(typeof m.list === 'string' && typeof m.entry === 'string' && m.entry !== '', `a match in lists.${kind} of ${address} is ${JSON.stringify(m)}`);
      assert.ok(value.sources.includes(m.list), `lists.${kind} of ${address} matches in ${m.list}, which is not among its sources ${JSON.stringify(value.sources)}`);
    }
  }
}

/**
 * Declares the conformance tests of an IpReputationProvider (uses the runner's global
 * `describe`/`it`/`beforeAll`/`afterAll`, or the ones passed). Cases the setup gives nothing
 * for are skipped with the reason.
 */
export function testIpReputationProvider(name: string, setup: () => Promise<IpReputationConformanceSetup> | IpReputationConformanceSetup, runner: Runner = {}): void {
  const { describe, it, beforeAll, afterAll } = resolveRunner('testIpReputationProvider', runner, ['describe', 'it', 'beforeAll', 'afterAll']);
  describe(`IpReputationProvider conformance: ${name}`, () => {
    let s: IpReputationConformanceSetup;
    beforeAll(async () => {
      s = await setup();
    });
    afterAll(async () => {
      await s?.close?.();
    });
    const lookup = (address: string) => s.provider.lookup(address, liveSignal());
    const addresses = () => [...(s.asn ?? []).map((a) => a.address), ...(s.listed ?? []).map((l) => l.address), ...(s.unlisted === undefined ? [] : [s.unlisted])];
    const asnCase = (family: 4 | 6) => async (...args: unknown[]) => {
      const a = (s.asn ?? []).find((x) => x.address.includes(':') === (family === 6));
      if (!a) return skipCase(args[0], `setup.asn has no IPv${family} address: the provider has no AS data${family === 6 ? ' for IPv6' : ''} to check`);
      const answer = await lookup(a.address);
      checkShape(answer, a.address);
      assert.equal(answer.asn, a.asn, `asn of ${a.address}`);
      assert.notEqual(answer.organization, null, `no organization for ${a.address} (AS${a.asn})`);
    };
    const listedCase = (family: 4 | 6) => async (...args: unknown[]) => {
      const listed = (s.listed ?? []).filter((l) => l.address.includes(':') === (family === 6));
      if (listed.length === 0) return skipCase(args[0], `setup.listed has no IPv${family} address: no list of the provider holds one to check`);
      for (const l of listed) {
        const answer = await lookup(l.address);
        checkShape(answer, l.address);
        const of = answer.lists[l.kind];
        assert.ok(of, `lists.${l.kind} is absent for ${l.address}, which the list ${l.list} holds`);
        const found = of.matches.find((m) => m.list === l.list);
        assert.ok(found, `${l.address} is not matched in ${l.list} (matches: ${JSON.stringify(of.matches)})`);
        if (l.entry !== undefined) assert.equal(found.entry, l.entry, `the entry of ${l.list} that holds ${l.address}`);
      }
    };

    it('answers the IpReputation shape: asn and organization present (null when unknown), every match from a list among its kind\'s sources', async () => {
      const all = addresses();
      assert.ok(all.length > 0, 'the setup gives no address (asn, listed or unlisted) to ask about');
      for (const address of all) checkShape(await lookup(address), address);
    });
    it('reports exactly the kinds of list it has loaded, for every address: a kind with no list is absent, not empty', async () => {
      const expected = [...s.kinds].sort();
      for (const address of addresses()) {
        assert.deepEqual(Object.keys((await lookup(address)).lists).sort(), expected, `the kinds in the answer for ${address}`);
      }
    });
    it('gives the AS number and organisation of a public IPv4 address', asnCase(4));
    it('gives the AS number and organisation of a public IPv6 address', asnCase(6));
    it('matches IPv4 addresses its lists hold, naming the list and the entry', listedCase(4));
    it('matches IPv6 addresses its lists hold, naming the list and the entry', listedCase(6));
    it('matches nothing and gives no AS number for an address in none of its lists', async (...args: unknown[]) => {
      if (s.unlisted === undefined) return skipCase(args[0], 'setup.unlisted is not given: no address outside the lists to check');
      const answer = await lookup(s.unlisted);
      checkShape(answer, s.unlisted);
      assert.equal(answer.asn, null, `asn of ${s.unlisted}`);
      for (const [kind, value] of Object.entries(answer.lists)) assert.deepEqual(value!.matches, [], `lists.${kind}.matches of ${s.unlisted}`);
    });
    it('answers the same for the same address, also to concurrent callers', async () => {
      for (const address of addresses()) await checkSameAnswers(`lookup(${address})`, () => lookup(address));
    });
    it('answers without AS number or matches, or rejects, for input that is not an IP address; never throws synchronously', async () => {
      for (const input of ['not-an-ip', '', '999.1.2.3', '::g']) {
        const result = await settle(`lookup(${JSON.stringify(input)})`, () => s.provider.lookup(input, liveSignal()));
        if (!result.ok) continue;
        checkShape(result.value, input);
        assert.equal(result.value.asn, null, `the provider gave ${JSON.stringify(input)}, which is not an IP address, an AS number`);
        for (const [kind, value] of Object.entries(result.value.lists)) assert.deepEqual(value!.matches, [], `lists.${kind}.matches of ${JSON.stringify(input)}`);
      }
    });
    it('with an aborted signal rejects or answers as it would have', async () => {
      const address = addresses()[0];
      assert.ok(address !== undefined, 'the setup gives no address to ask about');
      await checkAbortedCall(`lookup(${address})`, (options) => s.provider.lookup(address, options));
    });
  });
}
