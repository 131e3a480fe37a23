// A small MaxMind DB (mmdb) writer for tests: an IPv4 or IPv6 search tree with 24-bit records,
// the 16-byte data-section separator, the data section (maps, arrays, strings, unsigned
// integers, doubles, booleans; no pointers) and the metadata after "\xAB\xCD\xEFMaxMind.com",
// as the MaxMind DB File Format Specification 2.0 describes. mmdb-lib reads the files back,
// which is what checks the writer. Not for real databases: every record is written out again,
// nothing is deduplicated, and at most 2^24 nodes fit.
import { isIPv4 } from 'node:net';

export type MmdbValue =
  | string
  | number
  | boolean
  | readonly MmdbValue[]
  | { readonly uint32: number }
  | { readonly uint64: bigint }
  | { readonly double: number }
  | { readonly [key: string]: MmdbValue };

export interface MmdbNetwork {
  /** `5.9.0.0/16`, or `2a01:4f8::/32` in an IPv6 database (an IPv4 network there is placed at ::/96). */
  network: string;
  data: MmdbValue;
}

export interface MmdbOptions {
  ipVersion?: 4 | 6;
  databaseType?: string;
  languages?: string[];
  description?: Record<string, string>;
  /** Build time, seconds since the epoch. */
  buildEpoch?: number;
}

function control(type: number, size: number): number[] {
  const out: number[] = [];
  const typeBits = type <= 7 ? type << 5 : 0;
  let sizeBits: number;
  const extra: number[] = [];
  if (size < 29) sizeBits = size;
  else if (size < 29 + 256) {
    sizeBits = 29;
    extra.push(size - 29);
  } else if (size < 285 + 65536) {
    sizeBits = 30;
    const n = size - 285;
    extra.push(n >> 8, n & 0xff);
  } else {
    sizeBits = 31;
    const n = size - 65821;
    extra.push((n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
  }
  out.push(typeBits | sizeBits);
  if (type > 7) out.push(type - 7);
  out.push(...extra);
  return out;
}

function unsigned(type: number, value: bigint): number[] {
  const bytes: number[] = [];
  for (let v = value; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  return [...control(type, bytes.length), ...bytes];
}

/** Encodes one value of the data section. Integers become uint32 (uint16 below 65536); negative or fractional numbers doubles. */
export function encodeValue(value: MmdbValue): number[] {
  if (typeof value === 'string') {
    const bytes = [...Buffer.from(value, 'utf8')];
    return [...control(2, bytes.length), ...bytes];
  }
  if (typeof value === 'boolean') return control(14, value ? 1 : 0);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0 && value < 2 ** 32) return unsigned(value < 65536 ? 5 : 6, BigInt(value));
    return encodeValue({ double: value });
  }
  if (Array.isArray(value)) return [...control(11, value.length), ...value.flatMap((v: MmdbValue) => encodeValue(v))];
  const object = value as Record<string, unknown>;
  if ('uint64' in object && typeof object.uint64 === 'bigint') return unsigned(9, object.uint64);
  if ('uint32' in object && typeof object.uint32 === 'number' && Object.keys(object).length === 1) return unsigned(6, BigInt(object.uint32));
  if ('double' in object && typeof object.double === 'number' && Object.keys(object).length === 1) {
    const b = Buffer.alloc(8);
    b.writeDoubleBE(object.double);
    return [...control(3, 8), ...b];
  }
  const entries = Object.entries(object as Record<string, MmdbValue>);
  return [...control(7, entries.length), ...entries.flatMap(([k, v]) => [...encodeValue(k), ...encodeValue(v)])];
}

function bitsOf(network: string, ipVersion: 4 | 6): { bits: number[]; length: number } {
  const [address, prefix] = network.split('/') as [string, string | undefined];
  let bytes: number[];
  let offset = 0;
  if (isIPv4(address)) {
    bytes = address.split('.').map(Number);
    if (ipVersion === 6) {
      bytes = [...new Array<number>(12).fill(0), ...bytes];
      offset = 96;
    }
  } else {
    if (ipVersion === 4) throw new Error(`${network}: an IPv6 network in an IPv4 database`);
    const [head, tail] = address.split('::') as [string, string | undefined];
    const words = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
    const h = words(head);
    const t = words(tail);
    const all = tail === undefined ? h : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
    bytes = all.flatMap((w) => [w >> 8, w & 0xff]);
  }
  const bits = bytes.flatMap((b) => [7, 6, 5, 4, 3, 2, 1, 0].map((i) => (b >> i) & 1));
  const length = offset + Number(prefix ?? bytes.length * 8 - offset);
  return { bits, length };
}

/** Builds an mmdb file's bytes holding `networks` (which must not overlap). */
export function buildMmdb(networks: readonly MmdbNetwork[], options: MmdbOptions = {}): Buffer {
  const ipVersion = options.ipVersion ?? 4;
  // Records: a node index, EMPTY, or { data: offset in the data section }.
  type Ref = number | 'empty' | { data: number };
  const nodes: [Ref, Ref][] = [['empty', 'empty']];
  const data: number[] = [];
  for (const { network, data: value } of networks) {
    const { bits, length } = bitsOf(network, ipVersion);
    const ref: Ref = { data: data.length };
    data.push(...encodeValue(value));
    let node = 0;
    for (let depth = 0; depth < length; depth++) {
      const bit = bits[depth]!;
      if (depth === length - 1) {
        nodes[node]![bit] = ref;
        break;
      }
      const next = nodes[node]![bit]!;
      if (typeof next === 'number') node = next;
      else if (next === 'empty') {
        nodes.push(['empty', 'empty']);
        nodes[node]![bit] = nodes.length - 1;
        node = nodes.length - 1;
      } else throw new Error(`${network} overlaps another network`);
    }
  }
  const count = nodes.length;
  const tree = Buffer.alloc(count * 6);
  const value = (r: Ref): number => (typeof r === 'number' ? r : r === 'empty' ? count : count + 16 + r.data);
  nodes.forEach(([left, right], i) => {
    tree.writeUIntBE(value(left), i * 6, 3);
    tree.writeUIntBE(value(right), i * 6 + 3, 3);
  });
  const metadata = encodeValue({
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: { uint64: BigInt(options.buildEpoch ?? 1_767_225_600) },
    database_type: options.databaseType ?? 'formspam-test-city',
    description: options.description ?? { en: 'formspam test database' },
    ip_version: ipVersion,
    languages: options.languages ?? ['en'],
    node_count: { uint32: count },
    record_size: 24,
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    Buffer.from(data),
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com', 'latin1'),
    Buffer.from(metadata),
  ]);
}
