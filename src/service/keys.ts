/**
 * API keys: `ckey_<28 hex>` (14 random bytes) with a secret `sec_<48 hex>` (24 random bytes),
 * the hostname they are issued for, and the Referer/Origin check.
 */
import { domainToASCII } from 'node:url';
import { toHex, type RandomBytes } from '../altcha/crypto.js';

export const API_KEY_PATTERN = /^ckey_[0-9a-f]{28}$/;

export function newApiKey(randomBytes: RandomBytes): { apiKey: string; secret: string } {
  return { apiKey: `ckey_${toHex(randomBytes(14))}`, secret: `sec_${toHex(randomBytes(24))}` };
}

/** A validated hostname: ASCII (IDN → punycode), lower case, with an optional port. */
export interface Hostname {
  /** `example.com` or `example.com:3000`, the form stored with the key. */
  text: string;
  host: string;
  port: string;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}$/;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * Validates the `hostname` of a key request: a DNS name of at least two labels (IDN allowed),
 * `localhost`, or an IPv4 address, with an optional `:port` (1–65535). Returns an error message
 * when invalid.
 */
export function parseHostname(input: unknown): Hostname | string {
  if (typeof input !== 'string') return '`hostname` must be a string';
  const raw = input.trim();
  if (raw.length === 0 || raw.length > 300) return '`hostname` must be 1 to 253 characters';
  let host = raw;
  let port = '';
  const colon = raw.lastIndexOf(':');
  if (colon !== -1) {
    host = raw.slice(0, colon);
    port = raw.slice(colon + 1);
    if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) return '`hostname` has an invalid port';
    port = String(Number(port));
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (/[/?#@\\\s[\]]/.test(host)) return '`hostname` must be a host name, not a URL';
  const ascii = domainToASCII(host).toLowerCase();
  if (!ascii || ascii.length > 253) return '`hostname` is not a valid host name';
  if (ascii !== 'localhost' && !IPV4.test(ascii)) {
    const labels = ascii.split('.');
    if (labels.length < 2) return '`hostname` must be a domain name with a dot, or localhost';
    for (const l of labels) if (!LABEL.test(l) || l.endsWith('-')) return '`hostname` is not a valid host name';
    if (/^\d+$/.test(labels[labels.length - 1]!)) return '`hostname` is not a valid host name';
  }
  return { text: port ? `${ascii}:${port}` : ascii, host: ascii, port };
}

// parseHostname() of the keys' hostnames (a pure function of the text; IDN conversion is the
// costly part), so the per-request check parses only the page URL. Bounded: cleared when full.
const keyHosts = new Map<string, Hostname | string>();
function keyHost(text: string): Hostname | string {
  let h = keyHosts.get(text);
  if (h === undefined) {
    if (keyHosts.size >= 10_000) keyHosts.clear();
    h = parseHostname(text);
    keyHosts.set(text, h);
  }
  return h;
}

/**
 * True when the page URL (`Referer` or `Origin`) is on the key's host or a subdomain of it
 * (and on its port, when the key names one).
 */
export function refererAllowed(keyHostname: string, pageUrl: string): boolean {
  const key = keyHost(keyHostname);
  if (typeof key === 'string') return false;
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host !== key.host && !host.endsWith(`.${key.host}`)) return false;
  if (key.port) {
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    if (port !== key.port) return false;
  }
  return true;
}
