// Run from the sources (tests, `npm run dev`): the training worker is TypeScript, so tsx is
// registered in this thread before it is loaded (server/sentiment/training-thread.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
