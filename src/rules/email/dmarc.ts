import { dmarcFact } from '../../facts/email.js';
import { defineRule, hit, miss } from '../../core/rule.js';

export default defineRule({
  id: 'email.DMARC',
  significance: 'low',
  formula: { fixed: 0.5 },
  description: 'No `v=DMARC1` TXT record at `_dmarc.<domain>` nor at the `_dmarc` of a parent domain up to the organisational domain.',
  skipReasons: ['invalid-email'],
  needs: { dmarc: dmarcFact },
  score(_request, { dmarc }) {
    if (dmarc.found) return miss({ record: dmarc.name, policy: dmarc.policy });
    return hit([{ field: 'email', value: dmarc.checked[0] ?? '' }], { checked: dmarc.checked });
  },
});
