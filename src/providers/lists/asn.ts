/**
 * IP → autonomous system and organisation, from data/asn.bin: the CSVs of @ip-location-db/asn
 * (CC BY 4.0: RouteViews, DB-IP, NRO) compiled by scripts/build-asn.mjs into sorted range
 * starts with an ASN each. A look-up is one bisection over typed arrays that are views of the
 * file, so loading costs one read and no parsing.
 */
import { readFileSync } from 'node:fs';

const MAGIC = 'FSASN001';

/** The header of an ASN database, as written by scripts/build-asn.mjs. */
export interface AsnHeader {
  format: number;
  source: string;
  version: string;
  /** When the source data was generated (ISO 8601). */
  generated: string;
  licence: string;
  attribution: string;
  v4: number;
  v6: number;
  asns: number;
  orgBytes: number;
}

export interface AsnInfo {
  asn: number;
  organization: string;
}

export class AsnDatabase {
  readonly header: AsnHeader;
  readonly byteLength: number;
  private readonly v4Start: Uint32Array;
  private readonly v4Asn: Uint32Array;
  private readonly v6Start: Uint32Array;
  private readonly v6Asn: Uint32Array;
  private readonly asnNumber: Uint32Array;
  private readonly orgOffset: Uint32Array;
  private readonly orgBlob: Uint8Array;
  private readonly orgCache: (string | undefined)[];
  private readonly decoder = new TextDecoder('utf-8');

  constructor(buffer: Uint8Array) {
    if (buffer.byteOffset % 4 !== 0) buffer = new Uint8Array(buffer);
    const latin = (from: number, to: number) => String.fromCharCode(...buffer.subarray(from, to));
    if (buffer.length < 12 || latin(0, 8) !== MAGIC) throw new Error('not a formspam ASN database (bad magic)');
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const headerLength = view.getUint32(8, true);
    this.header = JSON.parse(this.decoder.decode(buffer.subarray(12, 12 + headerLength))) as AsnHeader;
    const h = this.header;
    if (h.format !== 1) throw new Error(`unsupported ASN database format ${h.format}`);
    let offset = 12 + headerLength;
    const take = (n: number): Uint32Array => {
      const a = new Uint32Array(buffer.buffer, buffer.byteOffset + offset, n);
      offset += n * 4;
      return a;
    };
    this.v4Start = take(h.v4);
    this.v4Asn = take(h.v4);
    this.v6Start = take(h.v6 * 4);
    this.v6Asn = take(h.v6);
    this.asnNumber = take(h.asns);
    this.orgOffset = take(h.asns + 1);
    this.orgBlob = buffer.subarray(offset, offset + h.orgBytes);
    if (offset + h.orgBytes !== buffer.length) throw new Error('ASN database has the wrong size (truncated?)');
    this.byteLength = buffer.length;
    this.orgCache = new Array<string | undefined>(h.asns);
  }

  static fromFile(path: string): AsnDatabase {
    return new AsnDatabase(readFileSync(path));
  }

  private info(index: number): AsnInfo | null {
    if (index === 0) return null;
    const i = index - 1;
    let org = this.orgCache[i];
    if (org === undefined) {
      org = this.decoder.decode(this.orgBlob.subarray(this.orgOffset[i]!, this.orgOffset[i + 1]!));
      this.orgCache[i] = org;
    }
    return { asn: this.asnNumber[i]!, organization: org };
  }

  /** The AS of an IPv4 address given as a uint32. */
  lookupV4(ip: number): AsnInfo | null {
    const s = this.v4Start;
    let lo = 0;
    let hi = s.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (s[mid]! <= ip) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found === -1 ? null : this.info(this.v4Asn[found]!);
  }

  /** The AS of an IPv6 address given as four 32-bit words. */
  lookupV6(words: ArrayLike<number>): AsnInfo | null {
    const s = this.v6Start;
    let lo = 0;
    let hi = s.length / 4 - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = mid * 4;
      let cmp = 0;
      for (let k = 0; k < 4 && cmp === 0; k++) {
        const x = s[at + k]!;
        const y = words[k]!;
        if (x !== y) cmp = x < y ? -1 : 1;
      }
      if (cmp <= 0) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found === -1 ? null : this.info(this.v6Asn[found]!);
  }
}
