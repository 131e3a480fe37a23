import type { ApiKeyRecord, KeyLimits } from './types.js';

/** The order of `listKeys`: oldest first, ties by key. */
export function byCreation(a: ApiKeyRecord, b: ApiKeyRecord): number {
  return a.createdAt - b.createdAt || (a.apiKey < b.apiKey ? -1 : a.apiKey > b.apiKey ? 1 : 0);
}

/** A record with `revokedAt` only when it is set (stores keep null or nothing for a valid key). */
export function keyRecord(apiKey: string, hostname: string, secret: string, license: string, createdAt: number, revokedAt: number | null | undefined, limits?: string | null): ApiKeyRecord {
  const r: ApiKeyRecord = { apiKey, hostname, secret, license, createdAt };
  if (revokedAt !== null && revokedAt !== undefined) r.revokedAt = revokedAt;
  if (limits !== null && limits !== undefined) r.limits = JSON.parse(limits) as KeyLimits;
  return r;
}
