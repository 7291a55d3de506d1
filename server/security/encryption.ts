import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the API must keep and later use again (a Mautic token now, the social networks' tokens
 * next), encrypted at rest: a copy of the database, a backup or a log of a query holds nothing a
 * thief can use without TOKEN_ENCRYPTION_KEY, which lives apart from the database.
 *
 * AES-256-GCM with a fresh random 12-byte IV per value, so the same token stored twice reads
 * differently, and GCM's tag makes any change to a stored value (or a value moved to another
 * column, with `context`) fail to decrypt rather than decrypt to something else. The stored text
 * is `v1:<iv>:<tag>:<ciphertext>`, each part base64url: the version says how to read it, so a
 * later key rotation or algorithm can sit beside values written today.
 */

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored value that does not decrypt with this key: altered, truncated, or written with another key. */
export class DecryptionError extends Error {
  constructor(reason: string) {
    super(`Cannot decrypt a stored secret: ${reason}`);
    this.name = 'DecryptionError';
  }
}

/**
 * TOKEN_ENCRYPTION_KEY as written in the environment: 32 bytes as 64 hexadecimal characters, or
 * as base64 or base64url (`openssl rand -base64 32`). Undefined for anything else, including
 * text of the right length that is not exactly 32 bytes: a key is never padded or cut.
 */
export function parseEncryptionKey(text: string): Uint8Array | undefined {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return new Uint8Array(Buffer.from(value, 'hex'));
  // 32 bytes are 43 base64 characters and one `=` of padding (or none, as base64url writes it).
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === KEY_BYTES) return new Uint8Array(bytes);
  }
  return undefined;
}

/** A new key, as the local secrets file keeps it (base64url). */
export const generateEncryptionKey = () => randomBytes(KEY_BYTES).toString('base64url');

export type Encryption = {
  /** `plaintext` encrypted, as the text to store. */
  encrypt(plaintext: string, context?: string): string;
  /** The text `encrypt` gave back, decrypted; DecryptionError when it does not open with this key. */
  decrypt(stored: string, context?: string): string;
};

/**
 * The encryption of one key. `context` (optional, the same on both sides) binds a value to where
 * it is kept, say `mautic_tokens.access_token`: GCM authenticates it without storing it, so a
 * value copied into another column does not decrypt there.
 */
export function createEncryption(key: Uint8Array): Encryption {
  if (key.length !== KEY_BYTES) throw new Error(`An encryption key is ${KEY_BYTES} bytes, not ${key.length}`);
  const secret = Buffer.from(key);
  return {
    encrypt(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, secret, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join(':');
    },
    decrypt(stored, context = '') {
      const [version, iv, tag, ciphertext, ...rest] = stored.split(':');
      if (version !== VERSION) throw new DecryptionError(`unknown format ${JSON.stringify(version?.slice(0, 8))}`);
      if (iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
        throw new DecryptionError('malformed value');
      }
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new DecryptionError('malformed value');
      const decipher = createDecipheriv(ALGORITHM, secret, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tagBytes);
      try {
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // GCM says only that the tag does not match: the value changed, or the key is another.
        throw new DecryptionError('altered, or encrypted with another key');
      }
    },
  };
}
