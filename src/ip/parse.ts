/**
 * IP address parsing with ipaddr.js: strict IPv4 (four decimal parts), IPv6 with an optional
 * zone id (stripped), IPv4-mapped IPv6 (`::ffff:1.2.3.4` is `1.2.3.4`). Never throws.
 */
import ipaddr from 'ipaddr.js';
import { ipv4ToInt } from './cidr-set.js';

/** A parsed, canonical IP address. */
export interface ParsedIp {
  /** Canonical text: dotted decimal, or RFC 5952 IPv6. */
  readonly address: string;
  readonly family: 4 | 6;
  /**
   * The ipaddr.js range: `unicast` for a public address, else `private`, `loopback`,
   * `linkLocal`, `carrierGradeNat`, `uniqueLocal`, `multicast`, `reserved`, …
   */
  readonly range: string;
  /** True for a public (globally routed unicast) address: the only kind that is looked up. */
  readonly public: boolean;
}

const IPV6_CHARS = /^[0-9A-Fa-f:.]+$/;

/**
 * ipaddr.js's IPv4 special ranges as integer bounds, in its order (the first match wins, as
 * in `range()`: broadcast before the reserved 240/4). The IPv4 fast path uses them to skip
 * the object parse; a test checks it agrees with ipaddr.js.
 */
const V4_RANGES: readonly { start: number; end: number; name: string }[] = (() => {
  const special = (ipaddr.IPv4.prototype as unknown as { SpecialRanges: Record<string, unknown> }).SpecialRanges;
  const out: { start: number; end: number; name: string }[] = [];
  for (const [name, value] of Object.entries(special)) {
    const list = (Array.isArray(value) && Array.isArray(value[0]) ? value : [value]) as [ipaddr.IPv4, number][];
    for (const [addr, bits] of list) {
      const size = 2 ** (32 - bits);
      const start = Math.floor(ipv4ToInt(addr.toString()) / size) * size;
      out.push({ start, end: start + size - 1, name });
    }
  }
  return out;
})();

function v4Range(n: number): string {
  for (const r of V4_RANGES) if (n >= r.start && n <= r.end) return r.name;
  return 'unicast';
}

/** Parses an IP address; null when it is not one. */
export function parseIp(input: string): ParsedIp | null {
  if (typeof input !== 'string' || input.length === 0 || input.length > 100) return null;
  // Fast path: canonical dotted decimal, the common case.
  const n = ipv4ToInt(input);
  if (n !== -1) {
    const range = v4Range(n);
    return { address: input, family: 4, range, public: range === 'unicast' };
  }
  let text = input;
  const percent = text.indexOf('%');
  if (percent !== -1) {
    // A zone id (fe80::1%eth0) names the local interface: meaningless to anyone else.
    if (percent === text.length - 1 || !text.includes(':')) return null;
    text = text.slice(0, percent);
  }
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    if (ipaddr.IPv4.isValidFourPartDecimal(text)) {
      addr = ipaddr.IPv4.parse(text);
    } else if (text.includes(':') && IPV6_CHARS.test(text) && ipaddr.IPv6.isValid(text)) {
      addr = ipaddr.IPv6.parse(text);
      if (addr.isIPv4MappedAddress()) addr = addr.toIPv4Address();
    } else {
      return null;
    }
  } catch {
    return null;
  }
  const range = addr.range();
  const family = addr.kind() === 'ipv4' ? 4 : 6;
  const address = family === 4 ? addr.toString() : (addr as ipaddr.IPv6).toRFC5952String();
  return { address, family, range, public: range === 'unicast' };
}
