/**
 * Decision ids: `d_` and 22 base64url characters, so a site can report feedback on a decision
 * and find it in the decision log. The first 8 characters are the time the id was made (ms since
 * 1970, big-endian, in the base64url characters taken in ASCII order), the other 14 are random
 * (84 bits, from Web Crypto's `crypto.getRandomValues`, drawn 64 KiB at a time, the most one
 * call may fill: a call cost 7–15 µs for 4 KiB and 17–25 µs for 64 KiB here), as UUIDv7 puts
 * its time first: the ids of a stream of decisions sort by the time they were made, so that a
 * store that keeps decisions in a B-tree by id (SQLite) appends them to its last pages instead of
 * dirtying a page at a random place of the index for each one (`docs/performance.md`,
 * "time-ordered decision ids").
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The base64url characters in ASCII order: the time's digits, so that ids compare as their times do. */
export const ORDERED_ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
/** The character codes of {@link ALPHABET} and of {@link ORDERED_ALPHABET}. */
const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));
const ORDERED = Array.from(ORDERED_ALPHABET, (c) => c.charCodeAt(0));
const POOL_BYTES = 65536;
/** Characters of the time, and random characters (one random byte each, its low 6 bits). */
const TIME_CHARS = 8;
const RANDOM_CHARS = 14;

let pool = new Uint8Array(0);
/** The character codes of the id being made: `d_` and 22 filled in per id. */
const ID_CODES: number[] = Array.from('d_' + 'A'.repeat(22), (c) => c.charCodeAt(0));
let offset = 0;

/** The form of a decision id a caller may pass (`ClassifyOptions.id`): 1 to 100 of `A-Z a-z 0-9 _ - . :`. */
export const DECISION_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * A new decision id: `d_`, the time in 8 characters, 14 random base64url characters.
 * `now` is the time in ms (a test's clock; by default `Date.now()`).
 */
export function newDecisionId(now: number = Date.now()): string {
  if (offset + RANDOM_CHARS > pool.length) {
    // Refilled in place: one buffer for the life of the process.
    if (pool.length === 0) pool = new Uint8Array(POOL_BYTES);
    globalThis.crypto.getRandomValues(pool);
    offset = 0;
  }
  const out = ID_CODES;
  // 8 digits of base 64: 48 bits, up to the year 10889. Split in two halves of 24 bits, as
  // bit operations in JavaScript take 32.
  const t = Math.max(0, Math.floor(now));
  const high = Math.floor(t / 0x1000000) & 0xffffff;
  const low = t % 0x1000000;
  out[2] = ORDERED[high >>> 18]!;
  out[3] = ORDERED[(high >>> 12) & 63]!;
  out[4] = ORDERED[(high >>> 6) & 63]!;
  out[5] = ORDERED[high & 63]!;
  out[6] = ORDERED[low >>> 18]!;
  out[7] = ORDERED[(low >>> 12) & 63]!;
  out[8] = ORDERED[(low >>> 6) & 63]!;
  out[9] = ORDERED[low & 63]!;
  // 256 is a multiple of 64: a byte's low 6 bits are uniform.
  const b = pool;
  for (let k = 0, i = offset; k < RANDOM_CHARS; k++, i++) out[2 + TIME_CHARS + k] = CODES[b[i]! & 63]!;
  offset += RANDOM_CHARS;
  // One flat string from the codes (24 concatenations would make a tree of 23 strings first).
  return String.fromCharCode.apply(null, out);
}

/** The time (ms) a decision id made by {@link newDecisionId} says it was made at; undefined for another form. */
export function decisionIdTime(id: string): number | undefined {
  if (id.length !== 24 || !id.startsWith('d_')) return undefined;
  let t = 0;
  for (let k = 2; k < 2 + TIME_CHARS; k++) {
    const d = ORDERED_ALPHABET.indexOf(id[k]!);
    if (d < 0) return undefined;
    t = t * 64 + d;
  }
  return t;
}
