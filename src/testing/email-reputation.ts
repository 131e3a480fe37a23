/**
 * The EmailReputationProvider conformance suite: every provider of reported email senders (the
 * bundled list provider, yours) must pass it. The engine asks only about valid addresses, with
 * the domain in lower-case ASCII without a trailing dot, and the address as the SHA-256 (hex)
 * of `local@domain` in lower case; the suite asks the same way.
 *
 * @example
 * testEmailReputationProvider('my block-list', () => ({
 *   provider: createMyEmailReputationProvider(),
 *   listedDomain: 'spam-domain.example',
 *   listedAddress: 'spammer@mail.example',
 * }));
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { resolveRunner, type Runner } from './runner.js';
import { checkAbortedCall, checkSameAnswers, liveSignal, settle, skipCase } from './conformance.js';
import type { EmailReputation, EmailReputationProvider } from '../providers/types.js';

export interface EmailReputationConformanceSetup {
  provider: EmailReputationProvider;
  /**
   * A domain the provider's domain list holds, with at least two labels (lower-case ASCII); the
   * suite also asks about a subdomain of it and about names that only end with it. None: the
   * provider has no domain list, and the domain cases are skipped.
   */
  listedDomain?: string;
  /** A full address whose hash the provider's address list holds (ASCII); none: no address list. */
  listedAddress?: string;
  /** The same kind of provider with no list loaded: it must reject with `FactUnavailable('no-data')`. */
  unloaded?: EmailReputationProvider;
  /** Called after the suite. */
  close?: () => Promise<void> | void;
}

/** SHA-256 (hex) of `local@domain` in lower case, as the engine hashes an address. */
function hashOf(address: string): string {
  return createHash('sha256').update(address.toLowerCase()).digest('hex');
}

const UNLISTED = 'conformance-unlisted-x7q.com';

function checkShape(answer: EmailReputation, query: string): void {
  assert.ok(answer !== null && typeof answer === 'object', `the answer for ${query} is not an object`);
  assert.ok(answer.domain === null || (typeof answer.domain === 'string' && answer.domain !== ''), `domain of ${query} is ${JSON.stringify(answer.domain)}: the listed domain or null`);
  assert.equal(typeof answer.address, 'boolean', `address of ${query} is ${JSON.stringify(answer.address)}: a boolean`);
}

/**
 * Declares the conformance tests of an EmailReputationProvider (uses the runner's global
 * `describe`/`it`/`beforeAll`/`afterAll`, or the ones passed). Cases the setup gives nothing
 * for are skipped with the reason.
 */
export function testEmailReputationProvider(name: string, setup: () => Promise<EmailReputationConformanceSetup> | EmailReputationConformanceSetup, runner: Runner = {}): void {
  const { describe, it, beforeAll, afterAll } = resolveRunner('testEmailReputationProvider', runner, ['describe', 'it', 'beforeAll', 'afterAll']);
  describe(`EmailReputationProvider conformance: ${name}`, () => {
    let s: EmailReputationConformanceSetup;
    beforeAll(async () => {
      s = await setup();
    });
    afterAll(async () => {
      await s?.close?.();
    });
    const lookup = async (domain: string, addressHash: string | null = null) => {
      const answer = await s.provider.lookup({ domain, addressHash }, liveSignal());
      checkShape(answer, addressHash === null ? domain : `${domain} with an address hash`);
      return answer;
    };
    const noDomainList = 'setup.listedDomain is not given: the provider has no domain list to check';
    const noAddressList = 'setup.listedAddress is not given: the provider has no address list to check';

    it('answers the EmailReputation shape: domain the listed domain or null, address a boolean', async () => {
      await lookup(UNLISTED);
      await lookup(UNLISTED, hashOf(`someone@${UNLISTED}`));
      if (s.listedDomain !== undefined) await lookup(s.listedDomain);
    });
    it('names a listed domain; address is false when only the domain is asked about', async (...args: unknown[]) => {
      if (s.listedDomain === undefined) return skipCase(args[0], noDomainList);
      assert.deepEqual(await lookup(s.listedDomain), { domain: s.listedDomain, address: false });
    });
    it('names the listed parent of a subdomain', async (...args: unknown[]) => {
      if (s.listedDomain === undefined) return skipCase(args[0], noDomainList);
      assert.equal((await lookup(`mail.${s.listedDomain}`)).domain, s.listedDomain);
      assert.equal((await lookup(`a.b.${s.listedDomain}`)).domain, s.listedDomain);
    });
    it('matches whole labels only: not a name that merely ends with a listed domain, not its parent', async (...args: unknown[]) => {
      if (s.listedDomain === undefined) return skipCase(args[0], noDomainList);
      const d = s.listedDomain;
      assert.equal((await lookup(`x${d}`)).domain, null, `x${d} is not ${d} nor below it`);
      assert.equal((await lookup(`x-${d}`)).domain, null, `x-${d} is not ${d} nor below it`);
      assert.equal((await lookup(d.slice(d.indexOf('.') + 1))).domain, null, `the parent of ${d} is not listed`);
      assert.equal((await lookup(UNLISTED)).domain, null, `${UNLISTED} is not listed`);
    });
    it('says whether the hash of a full address is listed; false for another address and for no hash', async (...args: unknown[]) => {
      if (s.listedAddress === undefined) return skipCase(args[0], noAddressList);
      const address = s.listedAddress;
      const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
      assert.equal((await lookup(domain, hashOf(address))).address, true, `the hash of ${address} is listed`);
      assert.equal((await lookup(domain, hashOf(`x${address}`))).address, false, `the hash of x${address} is not listed`);
      assert.equal((await lookup(domain, null)).address, false, 'no hash asked about, address must be false');
    });
    it("rejects with FactUnavailable('no-data') when no list is loaded", async (...args: unknown[]) => {
      if (!s.unloaded) return skipCase(args[0], 'setup.unloaded is not given: no provider without lists to check');
      const result = await settle('lookup', () => s.unloaded!.lookup({ domain: UNLISTED, addressHash: null }, liveSignal()));
      assert.ok(!result.ok, `a provider with no list answered ${JSON.stringify(result.ok && result.value)}: it must reject, or the rule would count an unchecked address as clean`);
      const error = result.error as { name?: unknown; reason?: unknown };
      assert.equal(error?.name, 'FactUnavailable', 'the rejection is a FactUnavailable');
      assert.equal(error?.reason, 'no-data', "the FactUnavailable's reason");
    });
    it('answers the same for the same question, also to concurrent callers', async () => {
      const domain = s.listedDomain ?? UNLISTED;
      await checkSameAnswers(`lookup(${domain})`, () => s.provider.lookup({ domain, addressHash: hashOf(s.listedAddress ?? `someone@${domain}`) }, liveSignal()));
    });
    it('answers (nothing listed) or rejects for an empty domain or a hash that is not SHA-256 hex; never throws synchronously', async () => {
      for (const query of [{ domain: '', addressHash: null }, { domain: UNLISTED, addressHash: 'not-a-hash' }, { domain: '.', addressHash: '' }]) {
        const result = await settle(`lookup(${JSON.stringify(query)})`, () => s.provider.lookup(query, liveSignal()));
        if (!result.ok) continue;
        checkShape(result.value, JSON.stringify(query));
        assert.deepEqual(result.value, { domain: null, address: false }, `the answer for ${JSON.stringify(query)}`);
      }
    });
    it('with an aborted signal rejects or answers as it would have', async () => {
      const domain = s.listedDomain ?? UNLISTED;
      await checkAbortedCall(`lookup(${domain})`, (options) => s.provider.lookup({ domain, addressHash: null }, options));
    });
  });
}
