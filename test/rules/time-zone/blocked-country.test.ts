import rule from '../../../src/rules/time-zone/blocked-country.js';
import { testRule } from '../../../src/testing/rule.js';

testRule(rule, {
  hits: [
    { request: { timeZone: 'Europe/Berlin', blockedCountries: ['de'] }, values: ['de'], score: 5 },
    { name: 'deprecated link', request: { timeZone: 'Asia/Calcutta', blockedCountries: ['IN'] }, values: ['in'] },
    { name: 'old US name', request: { timeZone: 'US/Eastern', blockedCountries: ['continent:NA'] }, values: ['us'] },
    { name: 'named list', request: { timeZone: 'Europe/Moscow', blockedCountries: ['list:sanctioned'] }, values: ['ru'] },
    { name: 'lower-case zone name', request: { timeZone: 'europe/prague', blockedCountries: ['cz'] }, values: ['cz'] },
    { name: 'Kiev and Kyiv', request: { timeZone: 'Europe/Kiev', blockedCountries: ['ua'] }, values: ['ua'] },
  ],
  misses: [
    { request: { timeZone: 'Europe/Prague', blockedCountries: ['sk', 'continent:AS'] } },
    { name: 'nothing blocked', request: { timeZone: 'Europe/Prague' } },
    { name: 'UTC, nothing blocked', request: { timeZone: 'UTC' } },
  ],
  skips: [
    { name: 'UTC has no country', request: { timeZone: 'UTC', blockedCountries: ['de'] }, reason: 'no-country' },
    { name: 'Etc zone', request: { timeZone: 'Etc/GMT+5', blockedCountries: ['de'] }, reason: 'no-country' },
    { name: 'unknown zone', request: { timeZone: 'Mars/Olympus_Mons', blockedCountries: ['de'] }, reason: 'invalid-time-zone' },
  ],
});
