import { ipReputationFact } from '../../facts/ip.js';
import { listOutcome } from '../support/ip-list.js';
import { defineRule } from '../../core/rule.js';

export default defineRule({
  id: 'ipAddress.PROXY',
  significance: 'low',
  formula: { fixed: 0.5 },
  description: 'The address is in a downloaded VPN or proxy list (`formspam update-lists`).',
  skipReasons: ['no-input', 'non-public', 'no-data'],
  needs: { reputation: ipReputationFact },
  score: (request, { reputation }) => listOutcome(request, reputation, 'proxy'),
});
