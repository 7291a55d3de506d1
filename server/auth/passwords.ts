import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sharedPasswordPool } from './password-pool';

/**
 * scrypt with N=2^14, r=8, p=5: one of OWASP's equivalent minimums (same CPU cost as
 * N=2^17, p=1) at a 16 MiB memory cost, about 0.2 s per hash on the reference machine.
 * The parameters travel inside each hash, so they can be raised later without breaking
 * existing passwords.
 */
export const DEFAULT_SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
/**
 * For test runs only (the API tests, and the API under NODE_ENV=test, which a deployment refuses):
 * ~1 ms a hash, where the end-to-end suite signs up and signs in hundreds of users.
 */
export const TEST_SCRYPT_PARAMS = { N: 1024, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

export type ScryptParams = { N: number; r: number; p: number };

/** On the password threads (./password-pool.ts), never on the thread pool requests share. */
function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number) {
  return sharedPasswordPool().derive(password.normalize('NFKC'), salt, params, keyLength);
}

/** Format: `scrypt$N$r$p$<salt base64url>$<key base64url>`. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params, KEY_LENGTH);
  return [PREFIX, params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parseHash(hash: string) {
  const [prefix, n, r, p, salt, key] = hash.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    prefix === PREFIX &&
    Number.isInteger(params.N) &&
    params.N > 1 &&
    params.N <= 2 ** 20 &&
    (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r > 0 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p > 0 &&
    params.p <= 16 &&
    salt !== undefined &&
    key !== undefined;
  if (!sane) return undefined;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed || parsed.key.length === 0) return false;
  const candidate = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(candidate, parsed.key);
}

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /**
   * For sign-in with an unknown email: pays for one scrypt run against a dummy hash made with
   * the same parameters, so the answer time does not tell whether the address has an account.
   */
  verifyUnknown(password: string): Promise<false>;
};

/** Tests pass cheap parameters; verifying always follows the parameters inside the hash. */
export function createPasswordHasher(params: ScryptParams = DEFAULT_SCRYPT_PARAMS): PasswordHasher {
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hashPassword(password, params),
    verify: verifyPassword,
    async verifyUnknown(password) {
      dummyHash ??= hashPassword(randomBytes(16).toString('base64url'), params);
      await verifyPassword(password, await dummyHash);
      return false;
    },
  };
}
