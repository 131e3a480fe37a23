import { REPUTATION_FACT } from '../../ip/facts.js';
import { listOutcome } from '../../ip/list-rule.js';
import { defineRule } from '../../core/rule.js';

export default defineRule({
  id: 'ipAddress.HOSTING',
  significance: 'medium',
  formula: { fixed: 2 },
  description: 'The address is in a data centre: its AS is a curated hosting ASN (clouds, VPS), or it is in a downloaded data-centre range list.',
  needs: { reputation: REPUTATION_FACT },
  score: (request, { reputation }) => listOutcome(request, reputation, 'hosting'),
});
