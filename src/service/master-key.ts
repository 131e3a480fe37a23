/**
 * The master key against the store: the store keeps a check value of the master key
 * that encrypted its secrets (the setting `master-key-check`, an HMAC-SHA-256 of a fixed label
 * under the key derived from the master key), so that a server started without the key, or
 * with another one, refuses to start instead of using ciphertext as a secret or failing on
 * every widget request. `rotateMasterKey` re-encrypts every secret with a new key, atomically.
 */
import type { ApiKeyRecord, Store } from '../stores/types.js';
import { constantTimeEqual, SecretBox, type RandomBytes } from '../altcha/crypto.js';

/** The setting that holds the check value. */
export const MASTER_KEY_CHECK_SETTING = 'master-key-check';

export type MasterKeyErrorCode = 'MASTER_KEY_MISSING' | 'MASTER_KEY_MISMATCH';

/** The master key does not fit the store: missing for an encrypted store, or not the one that wrote it. */
export class MasterKeyError extends Error {
  override readonly name = 'MasterKeyError';
  constructor(readonly code: MasterKeyErrorCode, message: string) {
    super(message);
  }
}

export function isMasterKeyError(error: unknown): error is MasterKeyError {
  return error instanceof Error && error.name === 'MasterKeyError' && ((error as { code?: unknown }).code === 'MASTER_KEY_MISSING' || (error as { code?: unknown }).code === 'MASTER_KEY_MISMATCH');
}

/** The check value of a master key: `hmac-sha256:<hex>` (reveals nothing about the key). */
export function masterKeyCheck(box: SecretBox): string {
  return `hmac-sha256:${box.derive('master-key-check')}`;
}

const missing = () =>
  new MasterKeyError('MASTER_KEY_MISSING', 'the store holds API-key secrets encrypted with a master key, but no master key is set: set FORMSPAM_MASTER_KEY to the key that encrypted them');
const mismatch = (what: string) =>
  new MasterKeyError('MASTER_KEY_MISMATCH', `FORMSPAM_MASTER_KEY is not the master key that encrypted the store's API-key secrets (${what}): set the key they were written with, or re-encrypt them with formspam keys rotate-master`);

/**
 * The cheap check (one read, for `/readyz` and before a key is issued): null when the master
 * key fits the store's check value (or the store has none, or cannot say), else the error.
 */
export async function masterKeyProblem(store: Store, box: SecretBox | null): Promise<MasterKeyError | null> {
  if (!store.getSetting) return null;
  const stored = await store.getSetting(MASTER_KEY_CHECK_SETTING);
  if (stored === null) return null;
  if (!box) return missing();
  return constantTimeEqual(stored, masterKeyCheck(box)) ? null : mismatch('its check value differs');
}

/**
 * The start-up check. With a check value in the store: the key must match it. Without one (a
 * new store, or one written before the check existed): every encrypted secret must decrypt
 * with the key; then the key's check value is stored. Throws a {@link MasterKeyError}.
 */
export async function verifyMasterKey(store: Store, box: SecretBox | null): Promise<void> {
  if (!store.getSetting) return;
  const problem = await masterKeyProblem(store, box);
  if (problem) throw problem;
  if ((await store.getSetting(MASTER_KEY_CHECK_SETTING)) !== null) return;
  const encrypted = (await store.listKeys()).filter((r) => SecretBox.isEncrypted(r.secret));
  if (encrypted.length > 0) {
    if (!box) throw missing();
    for (const r of encrypted) {
      try {
        box.decrypt(r.secret, r.apiKey);
      } catch {
        throw mismatch(`the secret of ${r.apiKey} does not decrypt with it`);
      }
    }
  }
  if (box) {
    const check = masterKeyCheck(box);
    // Two instances starting at once with different keys: the first one's value stays.
    const stored = await store.initSetting(MASTER_KEY_CHECK_SETTING, check);
    if (!constantTimeEqual(stored, check)) throw mismatch('another instance stored a different check value');
  }
}

export interface RotateResult {
  /** Keys in the store, every one's secret now encrypted with the new key. */
  keys: number;
  /** Rewrite rounds (more than 1 when keys were added during the first one). */
  rounds: number;
}

/**
 * Re-encrypts every key's secret with `newKey` and stores its check value, in one transaction
 * of the store (`rewriteSecrets`: a SQLite transaction; Redis WATCH/MULTI/EXEC). `oldKey` is
 * the current master key (undefined when the secrets are not encrypted yet). Nothing is
 * written when `oldKey` does not fit the store or a secret does not decrypt with it. A key
 * added by a running server with the old key during the rewrite is re-encrypted in another
 * round. Run it with the servers stopped, or restart them with the new key at once: until
 * then their `/readyz` says MASTER_KEY_MISMATCH.
 */
export async function rotateMasterKey(store: Store, oldKey: string | undefined, newKey: string, randomBytes?: RandomBytes): Promise<RotateResult> {
  if (!store.rewriteSecrets) throw new TypeError(`the ${store.kind} store cannot rewrite secrets (no rewriteSecrets)`);
  const oldBox = oldKey === undefined ? null : new SecretBox(oldKey);
  const newBox = new SecretBox(newKey, randomBytes);
  const problem = await masterKeyProblem(store, oldBox);
  if (problem) throw problem;
  const reencrypt = (r: ApiKeyRecord): string => {
    if (!SecretBox.isEncrypted(r.secret)) return newBox.encrypt(r.secret, r.apiKey);
    try {
      newBox.decrypt(r.secret, r.apiKey);
      return r.secret; // rewritten in an earlier round already
    } catch {
      // not the new key's: the old key's, below
    }
    if (!oldBox) throw missing();
    let plain: string;
    try {
      plain = oldBox.decrypt(r.secret, r.apiKey);
    } catch {
      throw mismatch(`the secret of ${r.apiKey} does not decrypt with the old key`);
    }
    return newBox.encrypt(plain, r.apiKey);
  };
  let keys = await store.rewriteSecrets(reencrypt, { [MASTER_KEY_CHECK_SETTING]: masterKeyCheck(newBox) });
  let rounds = 1;
  // Keys that a server still running with the old key wrote meanwhile (Redis: not in the round).
  for (; rounds < 5; rounds++) {
    const left = (await store.listKeys()).filter((r) => {
      if (!SecretBox.isEncrypted(r.secret)) return true;
      try {
        newBox.decrypt(r.secret, r.apiKey);
        return false;
      } catch {
        return true;
      }
    });
    if (left.length === 0) break;
    keys = await store.rewriteSecrets(reencrypt, { [MASTER_KEY_CHECK_SETTING]: masterKeyCheck(newBox) });
  }
  return { keys, rounds };
}
