import { parentPort } from 'node:worker_threads';
import { runTraining, type TrainingInput } from './training-run';

/**
 * The worker thread a training runs on (server/sentiment/training-thread.ts): one message in, the
 * training's output back, the new model's bytes moved rather than copied.
 */
parentPort!.once('message', (input: TrainingInput) => {
  const output = runTraining(input);
  parentPort!.postMessage(output, [output.candidate.buffer as ArrayBuffer]);
});
