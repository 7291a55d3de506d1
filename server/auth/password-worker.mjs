// Runs scrypt for server/auth/password-pool.ts on a thread of piscina's pool. Plain JavaScript,
// so it starts the same under tsx, Vitest and plain Node; scripts/build-server.mjs writes it
// beside the bundled API, where the pool's `new URL(…, import.meta.url)` finds it. Synchronous
// on purpose: this thread does nothing else, and the main thread and libuv's pool (JWTs, file
// reads) stay free meanwhile.
import { scryptSync } from 'node:crypto';

export default function derive({ password, salt, N, r, p, keyLength }) {
  return scryptSync(password, Buffer.from(salt), keyLength, { N, r, p, maxmem: 256 * N * r });
}
