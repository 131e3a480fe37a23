import type { NormalizedRequest } from '../../core/request.js';
import type { Detected } from './fence.js';
import { timeZoneCountry } from '../../geo/time-zone.js';

/** The country of the request's time zone, or why there is none. */
export function timeZoneDetected(request: NormalizedRequest): Detected {
  const tz = timeZoneCountry(request.timeZone ?? '');
  if (tz.status === 'country') return { country: tz.country };
  return { none: tz.status === 'unknown' ? 'invalid-time-zone' : 'no-country' };
}
