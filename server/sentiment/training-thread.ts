import { Worker } from 'node:worker_threads';
import type { TrainingInput, TrainingOutput } from './training-run';

/** Thrown when a training was stopped before it ended (its instance is stopping). */
export class TrainingCancelled extends Error {
  constructor() {
    super('the training was cancelled: this instance is stopping');
    this.name = 'TrainingCancelled';
  }
}

/**
 * Where the worker's code is: beside the built API, the bundle the build makes of
 * training-worker.ts (scripts/build-server.mjs); run from the sources (tests, `npm run dev`), the
 * TypeScript file itself, through a small loader that registers tsx in the thread first.
 */
function workerOf(): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    return new Worker(new URL('./training-worker-source.mjs', here), {
      workerData: { entry: new URL('./training-worker.ts', here).href },
    });
  }
  return new Worker(new URL('./sentiment-worker.mjs', here));
}

/**
 * Runs a training on a worker thread of its own (docs/decisions/058): reading 5,000 comments of
 * 8,000 characters and training on them takes seconds of CPU, which on the API's thread held every
 * request behind it. `signal` ends the thread at once (the instance is stopping); the promise then
 * rejects with `TrainingCancelled`.
 */
export function trainOffThread(input: TrainingInput, signal?: AbortSignal): Promise<TrainingOutput> {
  if (signal?.aborted) return Promise.reject(new TrainingCancelled());
  const worker = workerOf();
  return new Promise<TrainingOutput>((resolve, reject) => {
    const cancel = () => {
      reject(new TrainingCancelled());
      void worker.terminate();
    };
    signal?.addEventListener('abort', cancel, { once: true });
    const done = () => signal?.removeEventListener('abort', cancel);
    worker.once('message', (output: TrainingOutput) => {
      done();
      resolve(output);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      done();
      reject(error);
    });
    worker.once('exit', (code) => {
      done();
      // After a message or an error this changes nothing; a thread that ended without either did not finish.
      reject(signal?.aborted ? new TrainingCancelled() : new Error(`the training thread ended with code ${code}`));
    });
    worker.postMessage(input);
  });
}
