import { emailOf } from '../../email/address.js';
import { freeProviderTier } from '../../email/lists.js';
import { defineRule, hit, miss, skip } from '../../core/rule.js';

/** The weight of a match: 0.5 for a trusted provider, 1 for any other free provider. */
export const FREE_PROVIDER_WEIGHTS = { trusted: 0.5, free: 1 } as const;

export default defineRule({
  id: 'email.FREE_PROVIDER',
  significance: 'low',
  formula: { weighted: 1 },
  description:
    'The domain is a free email provider: 0.5 for one of the most popular trusted providers, 1 for any other; 0 for a custom (work) domain.',
  skipReasons: ['invalid-email'],
  score(request) {
    const email = emailOf(request);
    if (!email) return miss();
    if (email.invalid !== null || email.domain === null) return skip('invalid-email');
    const tier = freeProviderTier(email.domain);
    if (tier === null) return miss();
    return hit([{ field: 'email', value: email.domain, weight: FREE_PROVIDER_WEIGHTS[tier], reason: tier }]);
  },
});
