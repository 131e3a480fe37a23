/**
 * The learner's token hash (`tokens.ts`, `shapes.ts`): FNV-1a over UTF-16 code units, seeded with
 * the salt, then finished with MurmurHash3's mixer so that every bit of the 32 depends on every
 * input bit.
 */
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** MurmurHash3's final mix of a 32-bit hash; an unsigned 32-bit result. */
export function finish(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
