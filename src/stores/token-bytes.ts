/**
 * A decision's learner tokens as bytes, for the stores that keep them as a blob (SQLite) or as
 * base64 text (Redis): 4 bytes per token, unsigned, little-endian.
 */

/** The tokens as 4 bytes each. */
export function tokensToBytes(tokens: readonly number[]): Buffer {
  const b = Buffer.allocUnsafe(tokens.length * 4);
  const view = new DataView(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < tokens.length; i++) view.setUint32(4 * i, tokens[i]! >>> 0, true);
  return b;
}

/** The tokens of bytes written by {@link tokensToBytes}. */
export function tokensFromBytes(bytes: Buffer): number[] {
  const out: number[] = new Array(bytes.length >>> 2);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readUInt32LE(i * 4);
  return out;
}
