import { emailOf } from '../../email/address.js';
import { reportedFact } from '../../facts/email.js';
import type { Match } from '../../core/rule.js';
import { defineRule, matchesOutcome } from '../../core/rule.js';

export default defineRule({
  id: 'email.REPORTED',
  significance: 'high',
  formula: { fixed: 5 },
  description:
    'The domain (or a parent domain), or the full address by its SHA-256 hash, is in a loaded block-list of reported spammers; skipped with no-data when no list is loaded.',
  skipReasons: ['invalid-email', 'no-data'],
  needs: { listed: reportedFact },
  score(request, { listed }) {
    const matches: Match[] = [];
    if (listed.domain !== null) matches.push({ field: 'email', value: listed.domain, reason: 'domain' });
    // The address itself is never shown: the match names its domain.
    if (listed.address) matches.push({ field: 'email', value: emailOf(request)?.domain ?? '', reason: 'address' });
    return matchesOutcome(matches);
  },
});
