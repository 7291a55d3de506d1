import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Thrown when more derivations wait than the pool accepts; answered 429 with Retry-After. */
export class PasswordPoolBusy extends Error {
  constructor() {
    super('password hashing queue is full');
    this.name = 'PasswordPoolBusy';
  }
}

type Job = {
  id: number;
  message: { password: string; salt: Uint8Array; N: number; r: number; p: number; keyLength: number };
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
};

/**
 * Password derivations (scrypt, ~0.2 s of CPU each) on worker threads of their own, never on
 * libuv's 4-thread pool that JWT checks and file reads share: a burst of sign-ups then delays
 * other sign-ups, not every signed-in request. At most `maxQueue` wait; more is refused at once
 * rather than queued without bound.
 */
export function createPasswordPool(options: { size?: number; maxQueue?: number } = {}) {
  // One core is left to the main thread (HTTP, the embedded database).
  const size = options.size ?? Math.max(1, availableParallelism() - 1);
  const maxQueue = options.maxQueue ?? 64;
  const workers: Array<{ worker: Worker; job: Job | undefined }> = [];
  const queue: Job[] = [];
  let nextId = 1;

  function start() {
    const slot: { worker: Worker; job: Job | undefined } = {
      worker: new Worker(new URL('./password-worker.mjs', import.meta.url)),
      job: undefined,
    };
    // Idle workers never keep the process alive.
    slot.worker.unref();
    slot.worker.on('message', (reply: { id: number; key?: Uint8Array; error?: string }) => {
      const job = slot.job;
      slot.job = undefined;
      if (job && reply.id === job.id) {
        if (reply.key) job.resolve(Buffer.from(reply.key));
        else job.reject(new Error(reply.error ?? 'scrypt failed'));
      }
      pump();
    });
    slot.worker.on('error', (error) => {
      slot.job?.reject(error);
      workers.splice(workers.indexOf(slot), 1);
      start();
      pump();
    });
    workers.push(slot);
  }

  function pump() {
    for (const slot of workers) {
      if (slot.job || queue.length === 0) continue;
      const job = queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, ...job.message });
    }
    for (const slot of workers) if (!slot.job) slot.worker.unref();
  }

  return {
    derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number) {
      if (workers.length === 0) for (let i = 0; i < size; i++) start();
      if (queue.length >= maxQueue) return Promise.reject(new PasswordPoolBusy());
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, message: { password, salt, ...params, keyLength }, resolve, reject });
        pump();
      });
    },
    /** Jobs waiting for a worker (not counting those running). */
    waiting: () => queue.length,
    async close() {
      await Promise.all(workers.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}

export type PasswordPool = ReturnType<typeof createPasswordPool>;

/** The process's one pool, started on first use. */
let shared: PasswordPool | undefined;
export const sharedPasswordPool = () => (shared ??= createPasswordPool());
