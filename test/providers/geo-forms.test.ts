import { describe, expect, it } from 'vitest';
import { createGeoProvider } from '../../src/providers/geo.js';

const o = () => ({ signal: new AbortController().signal });

describe('offline geo provider: address forms', () => {
  const geo = createGeoProvider({ cityDatabase: false });

  it('answers an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const plain = await geo.lookup('5.9.1.1', o());
    expect(plain?.country).toBe('DE');
    expect(await geo.lookup('::ffff:5.9.1.1', o())).toEqual(plain);
    expect(await geo.lookup('::FFFF:0509:0101', o())).toEqual(plain);
  });

  it('answers an IPv6 address in upper case or with a zone id as its canonical form', async () => {
    const canonical = await geo.lookup('2a01:4f8::1', o());
    expect(canonical?.country).toBe('DE');
    expect(await geo.lookup('2A01:04F8:0000::0001', o())).toEqual(canonical);
  });
});
