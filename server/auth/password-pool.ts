import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/** Thrown when more derivations wait than the pool accepts; answered 429 with Retry-After. */
export class PasswordPoolBusy extends Error {
  constructor() {
    super('password hashing queue is full');
    this.name = 'PasswordPoolBusy';
  }
}

/**
 * Password derivations (scrypt, ~0.2 s of CPU each) on worker threads of their own (piscina,
 * docs/decisions/037), never on libuv's 4-thread pool that JWT checks and file reads share: a
 * burst of sign-ups then delays other sign-ups, not every signed-in request. At most `maxQueue`
 * wait; more is refused at once rather than queued without bound.
 */
export function createPasswordPool(options: { size?: number; maxQueue?: number } = {}) {
  // One core is left to the main thread (HTTP, the embedded database).
  const size = options.size ?? Math.max(1, availableParallelism() - 1);
  const maxQueue = options.maxQueue ?? 64;
  // Made on first use: a process that never hashes starts no thread. Its threads stay for the
  // next hash; piscina unrefs an idle one, so they never keep the process alive.
  let pool: Piscina | undefined;

  return {
    async derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number) {
      pool ??= new Piscina({
        filename: new URL('./password-worker.mjs', import.meta.url).href,
        minThreads: size,
        maxThreads: size,
        maxQueue,
      });
      // Checked here rather than read from piscina's rejection, whose only mark is its message.
      if (pool.queueSize >= maxQueue) throw new PasswordPoolBusy();
      const key: Uint8Array = await pool.run({ password, salt, ...params, keyLength });
      return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}

export type PasswordPool = ReturnType<typeof createPasswordPool>;

/** The process's one pool, started on first use. */
let shared: PasswordPool | undefined;
export const sharedPasswordPool = () => (shared ??= createPasswordPool());
