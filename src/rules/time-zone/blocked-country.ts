import { blockedOutcome } from '../support/fence.js';
import { timeZoneDetected } from '../support/time-zone.js';
import { defineRule } from '../../core/rule.js';

export default defineRule({
  id: 'timeZone.BLOCKED_COUNTRY',
  significance: 'high',
  formula: { fixed: 5 },
  description: 'The country of the browser\'s time zone is in `blockedCountries` (a code, `continent:…` or `list:…`).',
  skipReasons: ['no-country', 'invalid-time-zone'],
  score: (request) => blockedOutcome('timeZone', request.blockedCountries, timeZoneDetected(request)),
});
