import { unexpectedOutcome } from '../support/fence.js';
import { countryOf, geoFact, nonPublic, regionOf } from '../../facts/ip.js';
import { defineRule } from '../../core/rule.js';

export default defineRule({
  id: 'ipAddress.UNEXPECTED_COUNTRY',
  significance: 'medium',
  formula: { fixed: 1 },
  description: '`expectedCountries` is given and the country of the IP address (offline geo-location) is not in it (nor, for an ISO 3166-2 entry such as `DE-BY`, its region).',
  skipReasons: ['no-input', 'non-public', 'no-country'],
  needs: { geo: geoFact },
  score(request, { geo }) {
    const np = nonPublic(request);
    if (np) return np;
    const country = countryOf(geo);
    return unexpectedOutcome('ipAddress', request.expectedCountries, country ? { country, region: regionOf(geo, country) } : { none: 'no-country' });
  },
});
