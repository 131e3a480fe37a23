import { mailRoutingFact } from '../../facts/email.js';
import { emailOf } from '../../email/address.js';
import { defineRule, hit, miss } from '../../core/rule.js';

export default defineRule({
  id: 'email.MX',
  significance: 'high',
  formula: { fixed: 5 },
  description:
    'Mail cannot be delivered to the domain: it does not exist (NXDOMAIN), publishes a null MX (RFC 7505), or has neither MX nor A/AAAA records.',
  skipReasons: ['invalid-email'],
  needs: { mail: mailRoutingFact },
  score(request, { mail }) {
    const domain = emailOf(request)?.domain ?? '';
    switch (mail.kind) {
      case 'mx':
        return miss({ mx: mail.exchanges.slice(0, 5) });
      case 'address':
        return miss({ mx: 'none: mail goes to the A/AAAA address (implicit MX)' });
      default:
        return hit([{ field: 'email', value: domain, reason: mail.kind }]);
    }
  },
});
