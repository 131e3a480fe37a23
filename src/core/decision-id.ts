/**
 * Decision ids: `d_` and 22 base64url characters (128 random bits), so a site can report
 * feedback on a decision and find it in the decision log. Random bytes come from Web Crypto
 * (`crypto.getRandomValues`), drawn 4 KiB at a time.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const POOL_BYTES = 4096;
const ID_BYTES = 16;

let pool = new Uint8Array(0);
let offset = 0;

/** The form of a decision id a caller may pass (`ClassifyOptions.id`): 1 to 100 of `A-Z a-z 0-9 _ - . :`. */
export const DECISION_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** A new random decision id: `d_` + 22 base64url characters. */
export function newDecisionId(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = new Uint8Array(POOL_BYTES);
    globalThis.crypto.getRandomValues(pool);
    offset = 0;
  }
  const b = pool;
  let out = 'd_';
  let i = offset;
  // 5 groups of 3 bytes (20 characters), then the 16th byte as 2 characters (8 bits, 4 of them padding).
  for (let g = 0; g < 5; g++, i += 3) {
    const n = (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
    out += ALPHABET[n >>> 18]! + ALPHABET[(n >>> 12) & 63]! + ALPHABET[(n >>> 6) & 63]! + ALPHABET[n & 63]!;
  }
  out += ALPHABET[b[i]! >>> 2]! + ALPHABET[(b[i]! & 3) << 4]!;
  offset += ID_BYTES;
  return out;
}
