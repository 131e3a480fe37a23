/**
 * The client's IP address: the socket's, unless the socket is a trusted proxy; then the
 * right-most address of `X-Forwarded-For` (or `Forwarded: for=`) that is not itself a
 * trusted proxy. A client can therefore not choose its own IP by sending these headers.
 */
import { invalidOption } from '../core/errors.js';
import { CidrSet, parseCidr, type IpRange } from '../ip/cidr-set.js';
import { parseIp } from '../ip/parse.js';

export type HeaderValue = string | string[] | undefined;

/** Named groups usable in `trustedProxies`. */
const NAMED: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Compiles `trustedProxies` (CIDRs, single addresses, `loopback`, `private`); a bad entry throws
 * INVALID_OPTIONS naming `factory`, the one whose option it is.
 */
export function trustedProxySet(list: readonly string[] | undefined, factory = 'trustedProxySet'): CidrSet | null {
  if (!list || list.length === 0) return null;
  const ranges: IpRange[] = [];
  for (const entry of list) {
    for (const item of NAMED[entry] ?? [entry]) {
      const text = item.includes('/') ? item : parseIp(item)?.family === 6 ? `${item}/128` : `${item}/32`;
      const range = parseCidr(text);
      if (!range) throw invalidOption(factory, 'trustedProxies', `${JSON.stringify(entry)} is not a CIDR, an IP address, "loopback" or "private"`);
      ranges.push(range);
    }
  }
  return new CidrSet(ranges);
}

/** Canonical address from a header item: strips quotes, brackets and ports; null when not an IP. */
export function cleanAddress(value: string): string | null {
  let v = value.trim();
  if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) v = v.slice(1, -1);
  if (v.startsWith('[')) {
    const end = v.indexOf(']');
    if (end === -1) return null;
    v = v.slice(1, end);
  } else if (v.indexOf(':') !== -1 && v.indexOf(':') === v.lastIndexOf(':') && v.includes('.')) {
    v = v.slice(0, v.indexOf(':')); // 1.2.3.4:5678
  }
  return parseIp(v)?.address ?? null;
}

function first(h: HeaderValue): string | undefined {
  return Array.isArray(h) ? h.join(',') : h;
}

function forwardedChain(headers: Record<string, HeaderValue>): string[] | null {
  const xff = first(headers['x-forwarded-for']);
  if (xff !== undefined) return xff.split(',').slice(-50);
  const fwd = first(headers.forwarded);
  if (fwd === undefined) return null;
  const out: string[] = [];
  for (const element of fwd.split(',').slice(-50)) {
    for (const pair of element.split(';')) {
      const eq = pair.indexOf('=');
      if (eq !== -1 && pair.slice(0, eq).trim().toLowerCase() === 'for') out.push(pair.slice(eq + 1));
    }
  }
  return out;
}

// The last socket address cleaned, and the result (a pure function of the text): most requests
// come from the address of the one before (a proxy, a keep-alive client).
let lastRemote: string | undefined;
let lastClean: string | null = null;

export function clientIpOf(remoteAddress: string | undefined, headers: Record<string, HeaderValue>, trusted: CidrSet | null): string | undefined {
  if (remoteAddress !== undefined && remoteAddress !== lastRemote) {
    lastClean = cleanAddress(remoteAddress);
    lastRemote = remoteAddress;
  }
  let ip = remoteAddress === undefined ? null : lastClean;
  if (ip === null) return undefined;
  if (!trusted || trusted.match(ip) === null) return ip;
  const chain = forwardedChain(headers);
  if (!chain) return ip;
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = cleanAddress(chain[i]!);
    if (hop === null) return ip; // garbage: stop at the last address we trust to be real
    ip = hop;
    if (trusted.match(hop) === null) return hop;
  }
  return ip;
}
