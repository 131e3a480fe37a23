import { describe, expect, it } from 'vitest';
import { normalizeRequest } from '../../src/core/request.js';
import { classify, isFormspamError } from '../../src/index.js';

describe('blockedCountries and expectedCountries', () => {
  it('normalises codes, continents and named lists', () => {
    const r = normalizeRequest({ blockedCountries: ['de', 'DE', 'continent:eu', 'list:EU', 'xk'], expectedCountries: ['Continent:EU'.toLowerCase()] });
    expect(r.blockedCountries).toEqual(['DE', 'continent:EU', 'list:eu', 'XK']);
    expect(r.expectedCountries).toEqual(['continent:EU']);
  });

  it.each([
    [{ blockedCountries: ['de', 'xx'] }, '$.blockedCountries[1]', /"xx" is not an ISO 3166-1 alpha-2 country code/],
    [{ expectedCountries: ['uk'] }, '$.expectedCountries[0]', /United Kingdom is GB/],
    [{ blockedCountries: ['continent:XX'] }, '$.blockedCountries[0]', /"continent:XX" names no continent; use one of continent:AF/],
    [{ expectedCountries: ['list:nato'] }, '$.expectedCountries[0]', /"list:nato" names no country list; use one of list:eu, list:eea, list:sanctioned/],
    [{ blockedCountries: ['region:EU'] }, '$.blockedCountries[0]', /is not valid here: expected ISO 3166-1 alpha-2 country code/],
    [{ blockedCountries: ['continent:europe'] }, '$.blockedCountries[0]', /is not valid here: expected ISO 3166-1 alpha-2 country code/],
  ])('%j is INVALID_REQUEST at %s', async (request, path, message) => {
    const error = await classify(request).catch((e: unknown) => e);
    expect(isFormspamError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', path });
    expect((error as Error).message).toMatch(message);
  });

  it('every named list and continent code is accepted', async () => {
    const r = await classify({ timeZone: 'Europe/Oslo', expectedCountries: ['list:eea', 'list:eu', 'list:sanctioned', ...['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'].map((c) => `continent:${c}`)] });
    expect(r.reasons).toEqual([]);
    expect(r.country?.code).toBe('no');
  });
});
