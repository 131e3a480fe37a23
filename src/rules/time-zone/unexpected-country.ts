import { unexpectedOutcome } from '../support/fence.js';
import { timeZoneDetected } from '../support/time-zone.js';
import { defineRule } from '../../core/rule.js';

export default defineRule({
  id: 'timeZone.UNEXPECTED_COUNTRY',
  significance: 'medium',
  formula: { fixed: 1 },
  description: '`expectedCountries` is given and the country of the browser\'s time zone is not in it.',
  skipReasons: ['no-country', 'invalid-time-zone'],
  score: (request) => unexpectedOutcome('timeZone', request.expectedCountries, timeZoneDetected(request)),
});
