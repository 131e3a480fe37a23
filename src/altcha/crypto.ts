/**
 * Small crypto helpers of the service layer (node:crypto): hashes and HMACs as lowercase hex,
 * constant-time comparison, and the AES-256-GCM box that encrypts API-key secrets at rest.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes as nodeRandomBytes, timingSafeEqual } from 'node:crypto';

/** The hash algorithms of ALTCHA v1 challenges (the widget accepts SHA-256, SHA-384, SHA-512). */
export const HASH_ALGORITHMS = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' } as const;
export type HashAlgorithm = keyof typeof HASH_ALGORITHMS;

/** Injected randomness: `n` cryptographically random bytes. */
export type RandomBytes = (n: number) => Uint8Array;
export const defaultRandomBytes: RandomBytes = (n) => nodeRandomBytes(n);

export function isHashAlgorithm(value: unknown): value is HashAlgorithm {
  return typeof value === 'string' && Object.hasOwn(HASH_ALGORITHMS, value);
}

export function hashHex(algorithm: HashAlgorithm, data: string | Uint8Array): string {
  return createHash(HASH_ALGORITHMS[algorithm]).update(data).digest('hex');
}

export function hmacHex(algorithm: HashAlgorithm, key: string | Uint8Array, data: string | Uint8Array): string {
  return createHmac(HASH_ALGORITHMS[algorithm], key).update(data).digest('hex');
}

/** Constant-time string equality (the length is not secret: digests have fixed lengths). */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  if (x.length !== y.length) {
    // Still spend the time of one comparison, then fail.
    timingSafeEqual(x, x);
    return false;
  }
  return timingSafeEqual(x, y);
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** A uniform random integer in `1..max` (inclusive), like altcha-lib's `randomInt`, from injected bytes. */
export function randomIntFrom(randomBytes: RandomBytes, max: number): number {
  const b = randomBytes(4);
  const n = ((b[0]! << 24) >>> 0) + (b[1]! << 16) + (b[2]! << 8) + b[3]!;
  return Math.floor((n / 0x1_0000_0000) * max + 1);
}

const ENCRYPTED_PREFIX = 'enc:v1:';

/**
 * Encrypts secrets at rest with AES-256-GCM. The 256-bit key is derived with HKDF-SHA-256 from
 * the master key (`FORMSPAM_MASTER_KEY`, at least 32 characters); the record's id (the API key)
 * is bound as additional data, so a ciphertext cannot be moved to another key.
 * Stored form: `enc:v1:<iv>.<ciphertext>.<tag>` (base64url).
 */
export class SecretBox {
  readonly #key: Buffer;
  readonly #randomBytes: RandomBytes;

  constructor(masterKey: string, randomBytes: RandomBytes = defaultRandomBytes) {
    if (typeof masterKey !== 'string' || masterKey.length < 32) {
      throw new TypeError('masterKey (FORMSPAM_MASTER_KEY) must be a string of at least 32 characters, e.g. `openssl rand -hex 32`');
    }
    this.#key = Buffer.from(hkdfSync('sha256', Buffer.from(masterKey, 'utf8'), 'formspam', 'secrets-v1', 32));
    this.#randomBytes = randomBytes;
  }

  /** Derives an independent sub-key (e.g. the M2M HMAC key) from the master key. */
  derive(purpose: string): string {
    return createHmac('sha256', this.#key).update(`formspam:${purpose}`).digest('hex');
  }

  static isEncrypted(value: string): boolean {
    return value.startsWith(ENCRYPTED_PREFIX);
  }

  encrypt(plaintext: string, aad: string): string {
    const iv = Buffer.from(this.#randomBytes(12));
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${ENCRYPTED_PREFIX}${iv.toString('base64url')}.${ct.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
  }

  /** Decrypts; throws when the value was not made with this master key and `aad`. */
  decrypt(value: string, aad: string): string {
    if (!SecretBox.isEncrypted(value)) return value;
    const [iv, ct, tag] = value.slice(ENCRYPTED_PREFIX.length).split('.');
    if (!iv || ct === undefined || !tag) throw new Error('malformed encrypted secret');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }
}
