import { blockedOutcome } from '../support/fence.js';
import { countryOf, geoFact, nonPublic, regionOf } from '../../facts/ip.js';
import { defineRule } from '../../core/rule.js';

export default defineRule({
  id: 'ipAddress.BLOCKED_COUNTRY',
  significance: 'high',
  formula: { fixed: 5 },
  description: 'The country of the IP address (offline geo-location) is in `blockedCountries` (a code, `continent:…` or `list:…`), or its region is (an ISO 3166-2 code such as `DE-BY`, with a city database that gives regions).',
  skipReasons: ['no-input', 'non-public', 'no-country'],
  needs: { geo: geoFact },
  score(request, { geo }) {
    const np = nonPublic(request);
    if (np) return np;
    const country = countryOf(geo);
    return blockedOutcome('ipAddress', request.blockedCountries, country ? { country, region: regionOf(geo, country) } : { none: 'no-country' });
  },
});
