/**
 * Compact sets of IP ranges (IPv4 and IPv6) with O(log n) membership: sorted, overlaps merged,
 * disjoint ranges in typed arrays, searched by bisection. IPv6 bounds are four 32-bit words,
 * so a look-up allocates nothing but the parsed address.
 */
import ipaddr from 'ipaddr.js';

/** An inclusive range of addresses of one family; IPv6 bounds as BigInt. */
export type IpRange = { family: 4; start: number; end: number } | { family: 6; start: bigint; end: bigint };

const V4 = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;

/** A canonical dotted-decimal IPv4 address as an unsigned 32-bit integer; -1 when it is not one. */
export function ipv4ToInt(address: string): number {
  const m = V4.exec(address);
  if (!m) return -1;
  let n = 0;
  for (let i = 1; i <= 4; i++) {
    const octet = Number(m[i]);
    if (octet > 255) return -1;
    n = n * 256 + octet;
  }
  return n;
}

export function intToIpv4(n: number): string {
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/** An IPv6 address as four 32-bit words (most significant first); null when it is not one. */
export function ipv6ToWords(address: string): [number, number, number, number] | null {
  let parts: number[];
  try {
    parts = ipaddr.IPv6.parse(address).parts;
  } catch {
    return null;
  }
  return [
    (parts[0]! << 16 | parts[1]!) >>> 0,
    (parts[2]! << 16 | parts[3]!) >>> 0,
    (parts[4]! << 16 | parts[5]!) >>> 0,
    (parts[6]! << 16 | parts[7]!) >>> 0,
  ];
}

function wordsToBigInt(w: ArrayLike<number>, at = 0): bigint {
  return (BigInt(w[at]!) << 96n) | (BigInt(w[at + 1]!) << 64n) | (BigInt(w[at + 2]!) << 32n) | BigInt(w[at + 3]!);
}

function bigIntToIpv6(n: bigint): string {
  const parts: number[] = [];
  for (let i = 7; i >= 0; i--) parts.push(Number((n >> BigInt(i * 16)) & 0xffffn));
  return new ipaddr.IPv6(parts).toRFC5952String();
}

/**
 * Parses `1.2.3.0/24`, `2001:db8::/32` or a single address (a /32 or /128). Host bits are
 * cleared. Returns null for anything else.
 */
export function parseCidr(text: string): IpRange | null {
  if (text.length > 60) return null;
  const slash = text.indexOf('/');
  const addr = slash === -1 ? text : text.slice(0, slash);
  const bitsText = slash === -1 ? null : text.slice(slash + 1);
  if (bitsText !== null && !/^\d{1,3}$/.test(bitsText)) return null;
  const v4 = ipv4ToInt(addr);
  if (v4 !== -1) {
    const bits = bitsText === null ? 32 : Number(bitsText);
    if (bits > 32) return null;
    const size = 2 ** (32 - bits);
    const start = Math.floor(v4 / size) * size;
    return { family: 4, start, end: start + size - 1 };
  }
  if (!addr.includes(':')) return null;
  const w = ipv6ToWords(addr);
  if (!w) return null;
  const bits = bitsText === null ? 128 : Number(bitsText);
  if (bits > 128) return null;
  const host = (1n << BigInt(128 - bits)) - 1n;
  const start = wordsToBigInt(w) & ~host & ((1n << 128n) - 1n);
  return { family: 6, start, end: start | host };
}

/** Text of a range: a CIDR when it is one, else `first-last`. */
export function rangeText(range: IpRange): string {
  if (range.family === 4) {
    const size = range.end - range.start + 1;
    const bits = 32 - Math.log2(size);
    if (Number.isInteger(bits) && range.start % size === 0) return `${intToIpv4(range.start)}/${bits}`;
    return `${intToIpv4(range.start)}-${intToIpv4(range.end)}`;
  }
  const size = range.end - range.start + 1n;
  if ((size & (size - 1n)) === 0n && range.start % size === 0n) {
    return `${bigIntToIpv6(range.start)}/${128 - (size.toString(2).length - 1)}`;
  }
  return `${bigIntToIpv6(range.start)}-${bigIntToIpv6(range.end)}`;
}

function compareWords(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): number {
  for (let k = 0; k < 4; k++) {
    const x = a[ai + k]!;
    const y = b[bi + k]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** A set of IPv4 and IPv6 ranges; overlapping ranges are merged (adjacent ones stay apart, so a match names its entry). */
/** Indexes of `ranges` in ascending order of start (stable for equal starts). */
function sortedByStart(ranges: readonly [number, number][]): ArrayLike<number> {
  const n = ranges.length;
  if (n >= 2 ** 20) {
    const idx = Array.from({ length: n }, (_, i) => i);
    return idx.sort((a, b) => ranges[a]![0] - ranges[b]![0] || a - b);
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = ranges[i]![0] * 2 ** 20 + i;
  keys.sort();
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = keys[i]! % 2 ** 20;
  return order;
}

export class CidrSet {
  /** Ranges as given (before merging). */
  readonly entries: number;
  private readonly v4Start: Uint32Array;
  private readonly v4End: Uint32Array;
  private readonly v6Start: Uint32Array;
  private readonly v6End: Uint32Array;

  constructor(ranges: Iterable<IpRange>) {
    const v4: [number, number][] = [];
    const v6: [bigint, bigint][] = [];
    let n = 0;
    for (const r of ranges) {
      n++;
      if (r.family === 4) v4.push([r.start, r.end]);
      else v6.push([r.start, r.end]);
    }
    this.entries = n;
    // Sorted by start with a native typed-array sort of start × 2^20 + index (exact below 2^53),
    // not an array of pairs and a comparator: 60,000 ranges in a few ms instead of 40-150 ms,
    // which a list reload in a running server would otherwise block requests for.
    const order = sortedByStart(v4);
    const s4 = new Uint32Array(v4.length);
    const e4 = new Uint32Array(v4.length);
    let k4 = -1;
    for (let i = 0; i < order.length; i++) {
      const r = v4[order[i]!]!;
      if (k4 >= 0 && r[0] <= e4[k4]!) {
        if (r[1] > e4[k4]!) e4[k4] = r[1];
      } else {
        k4++;
        s4[k4] = r[0];
        e4[k4] = r[1];
      }
    }
    this.v4Start = s4.slice(0, k4 + 1);
    this.v4End = e4.slice(0, k4 + 1);
    v6.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const m6: [bigint, bigint][] = [];
    for (const r of v6) {
      const last = m6[m6.length - 1];
      if (last && r[0] <= last[1]) last[1] = last[1] > r[1] ? last[1] : r[1];
      else m6.push([r[0], r[1]]);
    }
    this.v6Start = new Uint32Array(m6.length * 4);
    this.v6End = new Uint32Array(m6.length * 4);
    m6.forEach(([s, e], i) => {
      for (let k = 0; k < 4; k++) {
        const shift = BigInt((3 - k) * 32);
        this.v6Start[i * 4 + k] = Number((s >> shift) & 0xffffffffn);
        this.v6End[i * 4 + k] = Number((e >> shift) & 0xffffffffn);
      }
    });
  }

  /** Number of disjoint ranges after merging. */
  get ranges(): number {
    return this.v4Start.length + this.v6Start.length / 4;
  }

  /** Bytes of the typed arrays. */
  get byteLength(): number {
    return this.v4Start.byteLength * 2 + this.v6Start.byteLength * 2;
  }

  /** Index of the merged IPv4 range holding `ip` (a uint32), or -1. */
  indexOfV4(ip: number): number {
    const starts = this.v4Start;
    let lo = 0;
    let hi = starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid]! <= ip) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found !== -1 && ip <= this.v4End[found]! ? found : -1;
  }

  /** Index of the merged IPv6 range holding the address given as four words, or -1. */
  indexOfV6(words: ArrayLike<number>): number {
    const starts = this.v6Start;
    let lo = 0;
    let hi = starts.length / 4 - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (compareWords(starts, mid * 4, words, 0) <= 0) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found !== -1 && compareWords(words, 0, this.v6End, found * 4) <= 0 ? found : -1;
  }

  /** The range (as text) holding a canonical address, or null. */
  match(address: string): string | null {
    const v4 = ipv4ToInt(address);
    if (v4 !== -1) {
      const i = this.indexOfV4(v4);
      return i === -1 ? null : rangeText({ family: 4, start: this.v4Start[i]!, end: this.v4End[i]! });
    }
    const w = ipv6ToWords(address);
    return w ? this.matchV6(w) : null;
  }

  /** Like {@link match}, for an IPv4 address as a uint32. */
  matchV4(ip: number): string | null {
    const i = this.indexOfV4(ip);
    return i === -1 ? null : rangeText({ family: 4, start: this.v4Start[i]!, end: this.v4End[i]! });
  }

  /** Like {@link match}, for an IPv6 address as four words. */
  matchV6(words: ArrayLike<number>): string | null {
    const i = this.indexOfV6(words);
    if (i === -1) return null;
    return rangeText({ family: 6, start: wordsToBigInt(this.v6Start, i * 4), end: wordsToBigInt(this.v6End, i * 4) });
  }
}
