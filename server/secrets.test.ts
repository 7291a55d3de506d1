import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { keptSecrets, withKeptSecrets } from './secrets';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'orbita-secrets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('local mode secrets', () => {
  it('are generated once, readable by the owner only, and reused on the next start', () => {
    const config = parseConfig({ DATA_DIR: join(dir, 'data', 'pglite') });
    const file = join(dir, 'data', 'secrets.json');
    expect(config.secretsFile).toBe(file);

    const first = withKeptSecrets(config);
    expect(first.jwtSecretGenerated).toBe(false);
    expect(first.facebookAppSecretGenerated).toBe(false);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {
      jwtSecret: string;
      facebookAppSecret: string;
      tokenEncryptionKey: string;
    };
    expect(first.tokenEncryptionKeyGenerated).toBe(false);
    expect(first.tokenEncryptionKey).toEqual(new Uint8Array(Buffer.from(stored.tokenEncryptionKey, 'base64url')));
    expect(first.tokenEncryptionKey).toHaveLength(32);
    expect(stored.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(new TextDecoder().decode(first.jwtSecret)).toBe(stored.jwtSecret);
    expect(stored.facebookAppSecret).toMatch(/^[0-9a-f]{32}$/);
    expect(first.facebookAppSecret).toBe(stored.facebookAppSecret);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);

    // A restart: a new process parses again and finds the same secret, so tokens stay valid.
    const second = withKeptSecrets(parseConfig({ DATA_DIR: join(dir, 'data', 'pglite') }));
    expect(second.jwtSecret).toEqual(first.jwtSecret);
    expect(second.facebookAppSecret).toBe(first.facebookAppSecret);
    // What was encrypted before the restart still decrypts.
    expect(second.tokenEncryptionKey).toEqual(first.tokenEncryptionKey);
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(stored, null, 2)}\n`);
  });

  it('are left alone when every secret is set in the environment or the database is in memory', () => {
    const given = parseConfig({
      JWT_SECRET: 'z'.repeat(32),
      FACEBOOK_APP_SECRET: 'f'.repeat(32),
      TOKEN_ENCRYPTION_KEY: 'e'.repeat(64),
      DATA_DIR: join(dir, 'pglite'),
    });
    expect(withKeptSecrets(given)).toBe(given);
    const memory = parseConfig({ DATA_DIR: 'memory://' });
    expect(withKeptSecrets(memory)).toBe(memory);
  });

  it('keep a secret given in the environment, and the kept one for the other', () => {
    const config = withKeptSecrets(parseConfig({ JWT_SECRET: 'z'.repeat(32), DATA_DIR: join(dir, 'data', 'pglite') }));
    expect(new TextDecoder().decode(config.jwtSecret)).toBe('z'.repeat(32));
    const stored = JSON.parse(readFileSync(join(dir, 'data', 'secrets.json'), 'utf8')) as { facebookAppSecret: string };
    expect(config).toMatchObject({ facebookAppSecret: stored.facebookAppSecret, facebookAppSecretGenerated: false });
  });

  it('add a secret missing from an older file, keeping the ones it has', () => {
    const file = join(dir, 'secrets.json');
    writeFileSync(file, JSON.stringify({ jwtSecret: 's'.repeat(40) }), { mode: 0o600 });
    const secrets = keptSecrets(file);
    expect(secrets.jwtSecret).toBe('s'.repeat(40));
    expect(secrets.facebookAppSecret).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(secrets);
    expect(keptSecrets(file)).toEqual(secrets);
  });

  it('tighten a file copied in with a looser mode, and refuse one without a usable secret', () => {
    const file = join(dir, 'secrets.json');
    const both = { jwtSecret: 's'.repeat(40), facebookAppSecret: 'f'.repeat(32), tokenEncryptionKey: 'e'.repeat(64) };
    writeFileSync(file, JSON.stringify(both), { mode: 0o644 });
    expect(keptSecrets(file)).toEqual(both);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);

    writeFileSync(file, JSON.stringify({ jwtSecret: 'short' }));
    expect(() => keptSecrets(file)).toThrow(/holds no usable jwtSecret: delete the file/);
    writeFileSync(file, JSON.stringify({ jwtSecret: 's'.repeat(40), facebookAppSecret: 12 }));
    expect(() => keptSecrets(file)).toThrow(/holds no usable facebookAppSecret: delete the file/);
    writeFileSync(file, JSON.stringify({ ...both, tokenEncryptionKey: 'not a key, though long enough to pass' }));
    expect(() => keptSecrets(file)).toThrow(/holds no usable tokenEncryptionKey: delete the file/);
  });
});
