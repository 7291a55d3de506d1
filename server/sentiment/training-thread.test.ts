import diagnostics from 'node:diagnostics_channel';
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import type { Label } from './model';
import { runTraining, type TrainingInput } from './training-run';
import { trainOffThread, TrainingCancelled } from './training-thread';

/** Reviews as an installation has them, without the benchmark: the carried model learns them. */
const reviews = (n: number, length = 60) =>
  Array.from({ length: n }, (_, i) => {
    const label = (i % 3) as Label;
    const words = ['awful cold coffee', 'open on sunday', 'lovely staff'][label]!;
    return { message: `${words} ${i} `.repeat(Math.ceil(length / 20)).slice(0, length), label };
  });

const input = (n: number, length?: number): TrainingInput => ({
  benchmarkDir: undefined,
  taught: reviews(n, length),
  heldOut: reviews(12, length),
  current: null,
});

describe('a training on its own thread', () => {
  it('makes the very model a training here makes, and the same one every time', async () => {
    const here = runTraining(input(60));
    const [first, second] = await Promise.all([trainOffThread(input(60)), trainOffThread(input(60))]);
    expect(Buffer.from(first.candidate).equals(Buffer.from(here.candidate))).toBe(true);
    expect(Buffer.from(second.candidate).equals(Buffer.from(first.candidate))).toBe(true);
    expect(first.candidateReadings).toEqual(here.candidateReadings);
    expect(first.currentReadings).toHaveLength(12);
  }, 60_000);

  it('starts from the carried model whatever model is in use: the same reviews, the same model', () => {
    const first = runTraining(input(60));
    // The first one switched to: a second training on the same reviews refines it no further.
    const again = runTraining({ ...input(60), current: first.candidate });
    expect(Buffer.from(again.candidate).equals(Buffer.from(first.candidate))).toBe(true);
    expect(again.currentReadings).toEqual(first.candidateReadings);
  });

  it('ends at once when its instance stops, and says it was cancelled', async () => {
    // The thread the training starts, as Node announces each new one.
    const threads: Worker[] = [];
    const started = (message: unknown) => threads.push((message as { worker: Worker }).worker);
    diagnostics.subscribe('worker_threads', started);
    const stopping = new AbortController();
    let training: Promise<unknown>;
    try {
      training = trainOffThread(input(2000, 8000), stopping.signal);
    } finally {
      diagnostics.unsubscribe('worker_threads', started);
    }
    expect(threads).toHaveLength(1);
    const [thread] = threads as [Worker];
    const answered = vi.fn();
    thread.on('message', answered);
    const exited = once(thread, 'exit');
    // Stopped once its thread runs, not at a guess of when that is.
    await once(thread, 'online');
    const stopped = performance.now();
    stopping.abort();
    await expect(training).rejects.toBeInstanceOf(TrainingCancelled);
    // The thread itself ends, without a model.
    await exited;
    expect(answered).not.toHaveBeenCalled();
    // Two thousand comments of 8,000 characters take far longer to read and learn than this.
    expect(performance.now() - stopped).toBeLessThan(5_000);
    await expect(trainOffThread(input(10), stopping.signal)).rejects.toBeInstanceOf(TrainingCancelled);
  }, 60_000);
});
