import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEncryption, DecryptionError, generateEncryptionKey, parseEncryptionKey } from './encryption';

const key = () => new Uint8Array(randomBytes(32));

describe('encryption at rest', () => {
  it('gives back what it was given, in the versioned format, never the same text twice', () => {
    const encryption = createEncryption(key());
    for (const plaintext of ['', 'a', 'mautic-access-token-0123456789', 'è€😀\u0000\n', 'x'.repeat(10_000)]) {
      const stored = encryption.encrypt(plaintext);
      expect(stored).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]*$/);
      expect(encryption.decrypt(stored)).toBe(plaintext);
    }
    const once = encryption.encrypt('same token');
    const twice = encryption.encrypt('same token');
    expect(once).not.toBe(twice);
    expect(once.split(':')[1]).not.toBe(twice.split(':')[1]);
    expect(once).not.toContain(Buffer.from('same token').toString('base64url'));
  });

  it('detects any change to a stored value', () => {
    const encryption = createEncryption(key());
    const stored = encryption.encrypt('a secret token');
    const [version, iv, tag, ciphertext] = stored.split(':');
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] ^= 1;
      return bytes.toString('base64url');
    };
    for (const altered of [
      [version, iv, tag, flip(ciphertext)].join(':'),
      [version, iv, flip(tag), ciphertext].join(':'),
      [version, flip(iv), tag, ciphertext].join(':'),
      [version, iv, tag, ciphertext.slice(0, -2)].join(':'),
      [version, iv, tag.slice(0, -2), ciphertext].join(':'),
      [version, iv, tag].join(':'),
      `${stored}:extra`,
      ['v2', iv, tag, ciphertext].join(':'),
      'plain text',
      '',
    ]) {
      expect(() => encryption.decrypt(altered), altered).toThrow(DecryptionError);
    }
  });

  it('does not open with another key, nor under another context', () => {
    const stored = createEncryption(key()).encrypt('a secret token');
    expect(() => createEncryption(key()).decrypt(stored)).toThrow(/altered, or encrypted with another key/);

    const encryption = createEncryption(key());
    const access = encryption.encrypt('token', 'mautic_tokens.access_token');
    expect(encryption.decrypt(access, 'mautic_tokens.access_token')).toBe('token');
    expect(() => encryption.decrypt(access, 'mautic_tokens.refresh_token')).toThrow(DecryptionError);
    expect(() => encryption.decrypt(access)).toThrow(DecryptionError);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createEncryption(new Uint8Array(16))).toThrow(/32 bytes/);
  });
});

describe('TOKEN_ENCRYPTION_KEY', () => {
  it('is 32 bytes as hex, base64 or base64url', () => {
    const bytes = randomBytes(32);
    for (const text of [
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('base64url'),
      ` ${bytes.toString('base64')}\n`,
    ]) {
      expect(parseEncryptionKey(text), text).toEqual(new Uint8Array(bytes));
    }
    expect(parseEncryptionKey(generateEncryptionKey())).toHaveLength(32);
  });

  it('is nothing else: shorter, longer, or not an encoding', () => {
    for (const text of [
      '',
      'x'.repeat(32),
      randomBytes(16).toString('hex'),
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      randomBytes(33).toString('hex'),
      `${randomBytes(32).toString('base64').slice(0, -2)}!=`,
    ]) {
      expect(parseEncryptionKey(text), text).toBeUndefined();
    }
  });
});
