import { unexpectedOutcome } from '../../geo/fence-rules.js';
import { countryOf, GEO_FACT, nonPublic } from '../../ip/facts.js';
import { defineRule } from '../../rule.js';

export default defineRule({
  id: 'ipAddress.UNEXPECTED_COUNTRY',
  significance: 'medium',
  formula: { fixed: 1 },
  description: '`expectedCountries` is given and the country of the IP address (offline geo-location) is not in it.',
  needs: { geo: GEO_FACT },
  score(request, { geo }) {
    const np = nonPublic(request);
    if (np) return np;
    const country = countryOf(geo);
    return unexpectedOutcome('ipAddress', request.expectedCountries, country ? { country } : { none: 'no-country' });
  },
});
