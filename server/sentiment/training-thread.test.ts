import { describe, expect, it } from 'vitest';
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
    const stopping = new AbortController();
    const started = performance.now();
    const training = trainOffThread(input(2000, 8000), stopping.signal);
    setTimeout(() => stopping.abort(), 200);
    await expect(training).rejects.toBeInstanceOf(TrainingCancelled);
    // Two thousand comments of 8,000 characters take far longer to read and learn than this.
    expect(performance.now() - started).toBeLessThan(5_000);
    await expect(trainOffThread(input(10), stopping.signal)).rejects.toBeInstanceOf(TrainingCancelled);
  }, 60_000);
});
