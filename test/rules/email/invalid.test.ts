import rule from '../../../src/rules/email/invalid.js';
import { testRule } from '../../../src/testing/rule.js';

const invalid = (email: string, reason: string, value = '') => ({ name: `${email} (${reason})`, request: { email }, score: 5, values: [value], fields: ['email'] });

testRule(rule, {
  hits: [
    invalid('john.doe', 'missing-at'),
    invalid('', 'empty'),
    invalid('   ', 'empty'),
    invalid('john@', 'empty-domain'),
    invalid('@', 'empty-domain'),
    invalid('john@[192.168.0.1]', 'ip-literal', '[192.168.0.1]'),
    invalid('john@192.168.0.1', 'ip-address', '192.168.0.1'),
    invalid('@exa mple.com', 'bad-characters', 'exa mple.com'),
    invalid('@ex%61mple.com', 'bad-characters', 'ex%61mple.com'),
    invalid('@under_score.com', 'bad-characters', 'under_score.com'),
    invalid('@localhost', 'no-dot', 'localhost'),
    invalid('@gmail', 'no-dot', 'gmail'),
    invalid('@example..com', 'empty-label', 'example..com'),
    invalid('@.example.com', 'empty-label', '.example.com'),
    invalid(`@${'a'.repeat(64)}.com`, 'label-too-long', `${'a'.repeat(64)}.com`),
    { name: 'a 256-character domain (domain-too-long)', request: { email: `@${'abcdefgh.'.repeat(28)}com` }, score: 5 },
    invalid('@-example.com', 'bad-hyphen', '-example.com'),
    invalid('@example-.com', 'bad-hyphen', 'example-.com'),
    invalid('@example.test', 'unknown-tld', 'example.test'),
    invalid('@example.example', 'unknown-tld', 'example.example'),
    invalid('@shop.invalidtld', 'unknown-tld', 'shop.invalidtld'),
    invalid('john..doe@example.com', 'bad-address', 'example.com'),
    invalid('john doe@example.com', 'bad-address', 'example.com'),
    invalid('a@b@example.com', 'bad-address', 'example.com'),
    invalid(`${'x'.repeat(65)}@example.com`, 'bad-address', 'example.com'),
  ],
  misses: [
    { request: { email: '@example.com' } },
    { request: { email: 'john.doe@example.com' } },
    { request: { email: 'John.Doe@EXAMPLE.COM' } },
    { name: 'trailing dot', request: { email: '@example.com.' } },
    { name: 'IDN domain', request: { email: 'müller@bücher.de' } },
    { name: 'IDN TLD', request: { email: '@пример.рф' } },
    { name: 'punycode', request: { email: '@xn--e1afmkfd.xn--p1ai' } },
    { name: 'quoted local part', request: { email: '"john doe"@example.com' } },
    { name: 'plus address', request: { email: 'john+forms@example.co.uk' } },
    { name: 'new gTLD', request: { email: '@studio.photography' } },
    { name: 'surrounding spaces', request: { email: '  @example.org  ' } },
  ],
});
