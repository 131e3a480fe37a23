import { emailOf } from '../../email/address.js';
import { defineRule, hit, miss } from '../../core/rule.js';

export default defineRule({
  id: 'email.INVALID',
  significance: 'high',
  formula: { fixed: 5 },
  description:
    'The address or its domain is malformed: no @, bad characters, an empty or too long label, no dot, an IP address or literal, or a TLD that does not exist.',
  skipReasons: [],
  score(request) {
    const email = emailOf(request);
    if (!email || email.invalid === null) return miss();
    return hit([{ field: 'email', value: email.domain ?? '', reason: email.invalid }]);
  },
});
