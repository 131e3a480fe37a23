/**
 * Decision ids: `d_` and 22 base64url characters (128 random bits), so a site can report
 * feedback on a decision and find it in the decision log. Random bytes come from Web Crypto
 * (`crypto.getRandomValues`), drawn 4 KiB at a time.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The character codes of {@link ALPHABET}. */
const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));
const POOL_BYTES = 4096;
const ID_BYTES = 16;

let pool = new Uint8Array(0);
/** The character codes of the id being made: `d_` and 22 filled in per id. */
const ID_CODES: number[] = Array.from('d_' + 'A'.repeat(22), (c) => c.charCodeAt(0));
let offset = 0;

/** The form of a decision id a caller may pass (`ClassifyOptions.id`): 1 to 100 of `A-Z a-z 0-9 _ - . :`. */
export const DECISION_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** A new random decision id: `d_` + 22 base64url characters. */
export function newDecisionId(): string {
  if (offset + ID_BYTES > pool.length) {
    // Refilled in place: one buffer for the life of the process.
    if (pool.length === 0) pool = new Uint8Array(POOL_BYTES);
    globalThis.crypto.getRandomValues(pool);
    offset = 0;
  }
  const b = pool;
  const out = ID_CODES;
  let i = offset;
  // 5 groups of 3 bytes (20 characters), then the 16th byte as 2 characters (8 bits, 4 of them padding).
  for (let g = 0, o = 2; g < 5; g++, i += 3, o += 4) {
    const n = (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
    out[o] = CODES[n >>> 18]!;
    out[o + 1] = CODES[(n >>> 12) & 63]!;
    out[o + 2] = CODES[(n >>> 6) & 63]!;
    out[o + 3] = CODES[n & 63]!;
  }
  out[22] = CODES[b[i]! >>> 2]!;
  out[23] = CODES[(b[i]! & 3) << 4]!;
  offset += ID_BYTES;
  // One flat string from the codes (24 concatenations would make a tree of 23 strings first).
  return String.fromCharCode.apply(null, out);
}
