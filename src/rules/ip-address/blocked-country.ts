import { blockedOutcome } from '../../geo/fence-rules.js';
import { countryOf, GEO_FACT, nonPublic } from '../../ip/facts.js';
import { defineRule } from '../../rule.js';

export default defineRule({
  id: 'ipAddress.BLOCKED_COUNTRY',
  significance: 'high',
  formula: { fixed: 5 },
  description: 'The country of the IP address (offline geo-location) is in `blockedCountries` (a code, `continent:…` or `list:…`).',
  needs: { geo: GEO_FACT },
  score(request, { geo }) {
    const np = nonPublic(request);
    if (np) return np;
    const country = countryOf(geo);
    return blockedOutcome('ipAddress', request.blockedCountries, country ? { country } : { none: 'no-country' });
  },
});
