import { ipReputationFact } from '../../facts/ip.js';
import { listOutcome } from '../support/ip-list.js';
import { defineRule } from '../../core/rule.js';

export default defineRule({
  id: 'ipAddress.TOR',
  significance: 'medium',
  formula: { fixed: 1 },
  description: 'The address is a Tor exit in the downloaded Tor exit list (`formspam update-lists`).',
  skipReasons: ['no-input', 'non-public', 'no-data'],
  needs: { reputation: ipReputationFact },
  score: (request, { reputation }) => listOutcome(request, reputation, 'tor'),
});
