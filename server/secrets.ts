import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from './config';
import { generateEncryptionKey, parseEncryptionKey } from './security/encryption';

/** What local mode generates once and keeps; a later secret (a websocket key) joins it here. */
type KeptSecrets = { jwtSecret: string; facebookAppSecret: string; tokenEncryptionKey: string };

const MIN_LENGTH = 32;

/** Each kept secret and how a new one is made: as long as what a deployment is asked for. */
const GENERATORS: { [K in keyof KeptSecrets]: () => string } = {
  jwtSecret: () => randomBytes(48).toString('base64url'),
  // Meta's own app secrets are 32 hexadecimal characters; a local one looks the same.
  facebookAppSecret: () => randomBytes(16).toString('hex'),
  // 32 bytes in base64url: what TOKEN_ENCRYPTION_KEY takes.
  tokenEncryptionKey: generateEncryptionKey,
};

/** A kept secret's own shape beyond its length: the key must decode to 32 bytes. */
const usable = (name: keyof KeptSecrets, secret: string) =>
  name !== 'tokenEncryptionKey' || parseEncryptionKey(secret) !== undefined;

const NAMES = Object.keys(GENERATORS) as Array<keyof KeptSecrets>;

function read(file: string): Partial<KeptSecrets> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const value = JSON.parse(text) as Record<string, unknown> | null;
  const found: Partial<KeptSecrets> = {};
  for (const name of NAMES) {
    const secret = value?.[name];
    // A file from before a secret joined lacks it: it is made and added. One that is there but
    // unusable is someone's mistake, not ours to overwrite.
    if (secret === undefined && name !== 'jwtSecret') continue;
    if (typeof secret !== 'string' || secret.length < MIN_LENGTH || !usable(name, secret)) {
      throw new Error(`${file} holds no usable ${name}: delete the file to make a new one (everybody signs in again)`);
    }
    found[name] = secret;
  }
  // Someone may have copied it in with a looser mode; only this user reads it.
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return found;
}

/**
 * Reads the secrets kept in `file`, first generating and writing any that are missing (mode
 * 0600, written whole or not at all), so a restart signs nobody out.
 */
export function keptSecrets(file: string): KeptSecrets {
  const found = read(file);
  if (NAMES.every((name) => found[name] !== undefined)) return found as KeptSecrets;
  const secrets = Object.fromEntries(NAMES.map((name) => [name, found[name] ?? GENERATORS[name]()])) as KeptSecrets;
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, file);
  return secrets;
}

/** The config with local mode's kept secrets in place of the per-process ones. */
export function withKeptSecrets(config: Config): Config {
  if (!config.secretsFile) return config;
  const kept = keptSecrets(config.secretsFile);
  // A secret given in the environment wins over the kept one.
  return {
    ...config,
    ...(config.jwtSecretGenerated && {
      jwtSecret: new TextEncoder().encode(kept.jwtSecret),
      jwtSecretGenerated: false,
    }),
    ...(config.facebookAppSecretGenerated && {
      facebookAppSecret: kept.facebookAppSecret,
      facebookAppSecretGenerated: false,
    }),
    ...(config.tokenEncryptionKeyGenerated && {
      // Checked when read (`usable`), so it decodes.
      tokenEncryptionKey: parseEncryptionKey(kept.tokenEncryptionKey)!,
      tokenEncryptionKeyGenerated: false,
    }),
  };
}
