/**
 * The geo-fencing logic shared by `ipAddress.*_COUNTRY` and `timeZone.*_COUNTRY`: one
 * function per rule, given the detected country (upper case) or the reason there is none.
 */
import { hit, miss, skip, type RuleOutcome } from '../rule.js';
import { fenceMatch } from './countries.js';

/** The detected country, or why there is none (`no-country`, `invalid-time-zone`). */
export type Detected = { country: string } | { none: string };

/** Hit when the country is in `blocked`; miss when `blocked` is empty or does not hold it. */
export function blockedOutcome(field: string, blocked: readonly string[], detected: Detected): RuleOutcome {
  if (blocked.length === 0) return miss('country' in detected ? { country: detected.country.toLowerCase() } : undefined);
  if (!('country' in detected)) return skip(detected.none);
  const country = detected.country.toLowerCase();
  const entry = fenceMatch(blocked, detected.country);
  return entry === null
    ? miss({ country })
    : hit([{ field, value: country, reason: entry }], { country, blockedBy: entry });
}

/** Hit when `expected` is given and does not hold the country. */
export function unexpectedOutcome(field: string, expected: readonly string[], detected: Detected): RuleOutcome {
  if (expected.length === 0) return miss('country' in detected ? { country: detected.country.toLowerCase() } : undefined);
  if (!('country' in detected)) return skip(detected.none);
  const country = detected.country.toLowerCase();
  const entry = fenceMatch(expected, detected.country);
  return entry === null
    ? hit([{ field, value: country }], { country, expected: [...expected] })
    : miss({ country, expectedBy: entry });
}
