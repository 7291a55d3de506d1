import { createPasswordHasher, TEST_SCRYPT_PARAMS } from '../auth/passwords';

/** Production-strength scrypt costs ~0.2 s per hash; the tests hash hundreds of times. */
export const testPasswords = () => createPasswordHasher(TEST_SCRYPT_PARAMS);
