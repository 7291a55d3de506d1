import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from './config';

/** What local mode generates once and keeps; a later secret (a websocket key) joins it here. */
type KeptSecrets = { jwtSecret: string };

const MIN_LENGTH = 32;

function read(file: string): Partial<KeptSecrets> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const value: unknown = JSON.parse(text);
  const jwtSecret = (value as { jwtSecret?: unknown } | null)?.jwtSecret;
  if (typeof jwtSecret !== 'string' || jwtSecret.length < MIN_LENGTH) {
    throw new Error(`${file} holds no usable jwtSecret: delete the file to make a new one (everybody signs in again)`);
  }
  // Someone may have copied it in with a looser mode; only this user reads it.
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return { jwtSecret };
}

/**
 * Reads the secrets kept in `file`, first generating and writing any that are missing (mode
 * 0600, written whole or not at all), so a restart signs nobody out.
 */
export function keptSecrets(file: string): KeptSecrets {
  const found = read(file);
  if (found.jwtSecret) return { jwtSecret: found.jwtSecret };
  const secrets: KeptSecrets = { jwtSecret: randomBytes(48).toString('base64url') };
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, file);
  return secrets;
}

/** The config with local mode's kept secrets in place of the per-process ones. */
export function withKeptSecrets(config: Config): Config {
  if (!config.secretsFile) return config;
  const { jwtSecret } = keptSecrets(config.secretsFile);
  return { ...config, jwtSecret: new TextEncoder().encode(jwtSecret), jwtSecretGenerated: false };
}
