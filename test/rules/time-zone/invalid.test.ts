import rule from '../../../src/rules/time-zone/invalid.js';
import { testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: { timeZone: 'Nowhere/Else' }, values: ['Nowhere/Else'], score: 1 },
    { name: 'an offset', request: { timeZone: '+01:00' } },
    { name: 'an abbreviation that is no zone', request: { timeZone: 'CEST' } },
    { name: 'empty', request: { timeZone: '' } },
    { name: 'a script', request: { timeZone: '<script>alert(1)</script>' } },
    { name: 'a typo', request: { timeZone: 'Europe/Pargue' } },
  ],
  misses: [
    'Europe/Prague',
    'America/New_York',
    'UTC',
    'Etc/GMT-14',
    'US/Eastern',
    'Asia/Calcutta',
    'Europe/Kyiv',
    'america/los_angeles',
  ].map((timeZone) => ({ request: { timeZone } })),
});
