import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_DEADLINE_MS, versionReadyAction, whenStableOrDeadline } from './timing';

describe('whenStableOrDeadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs as soon as the app is stable, and only once', async () => {
    const run = vi.fn();
    let stable!: () => void;
    whenStableOrDeadline(new Promise<void>((resolve) => (stable = resolve)), REGISTRATION_DEADLINE_MS, run);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).not.toHaveBeenCalled();
    stable();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(REGISTRATION_DEADLINE_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after 30000 ms when the app never becomes stable', async () => {
    const run = vi.fn();
    whenStableOrDeadline(new Promise(() => {}), REGISTRATION_DEADLINE_MS, run);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('counts the deadline from what is left of it, at once when it has passed', async () => {
    const run = vi.fn();
    // The page started 31 s ago (performance.now()): nothing is left to wait.
    whenStableOrDeadline(new Promise(() => {}), REGISTRATION_DEADLINE_MS - 31_000, run);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled (the root unmounted)', async () => {
    const run = vi.fn();
    let stable!: () => void;
    const cancel = whenStableOrDeadline(new Promise<void>((resolve) => (stable = resolve)), 100, run);
    cancel();
    stable();
    await vi.advanceTimersByTimeAsync(REGISTRATION_DEADLINE_MS);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('versionReadyAction', () => {
  it('activates the new version by itself with forceUpdate, and asks otherwise', () => {
    expect(versionReadyAction(true)).toBe('activate');
    expect(versionReadyAction(false)).toBe('ask');
  });
});
