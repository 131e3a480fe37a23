import { emailOf } from '../../email/address.js';
import { disposableDomainSet, matchDomainOrParent } from '../../email/lists.js';
import { defineRule, hit, miss, skip } from '../../core/rule.js';

export default defineRule({
  id: 'email.DISPOSABLE',
  significance: 'high',
  formula: { fixed: 5 },
  description:
    'The domain, or a domain it is a subdomain of, is a disposable (throw-away) email service listed by disposable-email-domains.',
  skipReasons: ['invalid-email'],
  score(request) {
    const email = emailOf(request);
    if (!email) return miss();
    if (email.invalid !== null || email.domain === null) return skip('invalid-email');
    const listed = matchDomainOrParent(disposableDomainSet(), email.domain);
    if (listed === null) return miss();
    return hit([listed === email.domain ? { field: 'email', value: listed } : { field: 'email', value: listed, reason: 'parent-domain' }]);
  },
});
