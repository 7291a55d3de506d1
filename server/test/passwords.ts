import { createPasswordHasher } from '../auth/passwords';

/** Production-strength scrypt costs ~0.2 s per hash; the tests hash hundreds of times. */
export const testPasswords = () => createPasswordHasher({ N: 1024, r: 8, p: 1 });
