import { ipReputationFact } from '../../facts/ip.js';
import { listOutcome } from '../support/ip-list.js';
import { defineRule } from '../../core/rule.js';

export default defineRule({
  id: 'ipAddress.MALICIOUS',
  significance: 'high',
  formula: { fixed: 5 },
  description: 'The address is in a downloaded block-list of malicious actors (FireHOL level 1, Spamhaus DROP, StopForumSpam toxic ranges).',
  skipReasons: ['no-input', 'non-public', 'no-data'],
  needs: { reputation: ipReputationFact },
  score: (request, { reputation }) => listOutcome(request, reputation, 'malicious'),
});
