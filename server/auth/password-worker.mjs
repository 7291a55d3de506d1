// Runs scrypt for server/auth/password-pool.ts on a thread of its own. Plain JavaScript, so it
// starts the same under tsx, Vitest and plain Node. Synchronous on purpose: this thread does
// nothing else, and the main thread and libuv's pool (JWTs, file reads) stay free meanwhile.
import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ id, password, salt, N, r, p, keyLength }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, { N, r, p, maxmem: 256 * N * r });
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
