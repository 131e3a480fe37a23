// The DnsProvider conformance suite (formspam/testing testDnsProvider) says why it skips a case
// its setup gives nothing for, instead of passing it unchecked.
import { describe, expect, it } from 'vitest';
import { createStaticDnsProvider, DNS_CONFORMANCE_ZONE, testDnsProvider } from '../../src/testing/index.js';
import { casesWith, runSuite } from '../helpers/conformance-runner.js';

describe('testDnsProvider skips', () => {
  it('skips the timeout case, saying so, when no unresponsive provider is given', async () => {
    const outcomes = await runSuite((runner) => testDnsProvider('static', () => ({ provider: createStaticDnsProvider(DNS_CONFORMANCE_ZONE) }), runner));
    expect(casesWith(outcomes, 'failed')).toEqual([]);
    const skipped = [...outcomes.entries()].flatMap(([name, o]) => (o.status === 'skipped' ? [[name, o.reason]] : []));
    expect(skipped).toEqual([
      ['rejects with an error named TimeoutError when the server never answers', 'setup.unresponsive is not given: the timeout contract is not checked'],
    ]);
  });
});
