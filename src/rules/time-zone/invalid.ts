import { timeZoneCountry } from '../../geo/time-zone.js';
import { defineRule, hit, miss } from '../../core/rule.js';

export default defineRule({
  id: 'timeZone.INVALID',
  significance: 'medium',
  formula: { fixed: 1 },
  description: 'The time zone is not an IANA zone name: a browser never sends one, bots do.',
  skipReasons: [],
  score(request) {
    const zone = request.timeZone ?? '';
    const tz = timeZoneCountry(zone);
    if (tz.status === 'unknown') return hit([{ field: 'timeZone', value: zone }]);
    return miss({ zone: tz.zone, country: tz.status === 'country' ? tz.country.toLowerCase() : null });
  },
});
