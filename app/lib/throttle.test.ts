import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs the first call at once, gathers the calls of the next second into one, then runs at once again', () => {
    const run = vi.fn();
    const throttled = throttle(run, 1000);
    throttled.call();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    throttled.call();
    throttled.call();
    vi.advanceTimersByTime(400);
    throttled.call();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(2);
    throttled.call();
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('runs nothing more once cancelled', () => {
    const run = vi.fn();
    const throttled = throttle(run, 1000);
    throttled.call();
    throttled.call();
    throttled.cancel();
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
