import rule from '../../../src/rules/time-zone/unexpected-country.js';
import { testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: { timeZone: 'Europe/Prague', expectedCountries: ['us'] }, values: ['cz'], score: 1 },
    { name: 'not in the EU', request: { timeZone: 'Europe/Zurich', expectedCountries: ['list:eu'] }, values: ['ch'] },
    { name: 'Asia/Saigon', request: { timeZone: 'Asia/Saigon', expectedCountries: ['continent:EU'] }, values: ['vn'] },
  ],
  misses: [
    { request: { timeZone: 'Europe/Prague', expectedCountries: ['CZ', 'SK'] } },
    { name: 'continent', request: { timeZone: 'America/Buenos_Aires', expectedCountries: ['continent:SA'] } },
    { name: 'Europe/Berlin is Germany (not DK/NO/SE of the backzone merge)', request: { timeZone: 'Europe/Berlin', expectedCountries: ['de'] } },
    { name: 'nothing expected', request: { timeZone: 'Europe/Prague' } },
  ],
  skips: [
    { name: 'UTC', request: { timeZone: 'UTC', expectedCountries: ['de'] }, reason: 'no-country' },
    { name: 'unknown zone', request: { timeZone: 'Nowhere/Else', expectedCountries: ['de'] }, reason: 'invalid-time-zone' },
  ],
});
