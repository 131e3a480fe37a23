import rule from '../../../src/rules/email/disposable.js';
import { testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: { email: '@mailinator.com' }, score: 5, values: ['mailinator.com'], fields: ['email'] },
    { request: { email: 'someone@Mailinator.COM.' }, values: ['mailinator.com'] },
    { request: { email: '@guerrillamail.com' }, values: ['guerrillamail.com'] },
    { request: { email: '@10minutemail.com' }, values: ['10minutemail.com'] },
    { request: { email: '@yopmail.com' }, values: ['yopmail.com'] },
    { name: 'a subdomain of a listed domain', request: { email: '@abc.mailinator.com' }, values: ['mailinator.com'] },
  ],
  misses: [
    { request: { email: '@gmail.com' } },
    { request: { email: '@acme-widgets.com' } },
    { name: 'a listed name as a label of another domain', request: { email: '@mailinator.com.example.org' } },
  ],
  skips: [{ request: { email: '@mailinator' }, reason: 'invalid-email' }],
});
