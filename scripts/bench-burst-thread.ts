import { parentPort, workerData } from 'node:worker_threads';
import { burstOf } from './bench-ingest';

/**
 * The burst `scripts/bench-scale.ts` times its calls under, on a thread of its own: bursts of
 * 10,000 webhook deliveries to `workerData.origin`, one after another, until the bench posts
 * `'stop'`; then it posts how many bursts it sent and how many deliveries were acknowledged.
 * Sending them from the timing thread made each timed call wait for that thread too (its 32
 * senders' signing and answers), which is the bench's load, not the API's.
 */
const { origin } = workerData as { origin: string };
let stopping = false;
parentPort!.once('message', () => (stopping = true));

let bursts = 0;
let acked = 0;
while (!stopping) {
  acked += (await burstOf(origin, 10_000, bursts * 10_000)).acked;
  bursts += 1;
}
parentPort!.postMessage({ bursts, acked });
