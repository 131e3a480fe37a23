import { ipReputationFact } from '../../facts/ip.js';
import { listOutcome } from '../support/ip-list.js';
import { defineRule } from '../../core/rule.js';

export default defineRule({
  id: 'ipAddress.HOSTING',
  significance: 'medium',
  formula: { fixed: 2 },
  description: 'The address is in a data centre: its AS is a curated hosting ASN (clouds, VPS), or it is in a downloaded data-centre range list.',
  skipReasons: ['no-input', 'non-public', 'no-data'],
  needs: { reputation: ipReputationFact },
  score: (request, { reputation }) => listOutcome(request, reputation, 'hosting'),
});
