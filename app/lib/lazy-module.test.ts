// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWithRetry } from './lazy-module';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

/** A download that fails `failures` times, then gives the module. */
function download(failures: number) {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: 'module' };
  });
  return load;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('importWithRetry', () => {
  it('gives the module at once when the download works', async () => {
    const load = download(0);
    await expect(importWithRetry(load)).resolves.toEqual({ default: 'module' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('offline, waits for the browser to be back online, however long that takes', async () => {
    vi.useFakeTimers();
    setOnline(false);
    const load = download(1);
    const imported = importWithRetry(load);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(load).toHaveBeenCalledTimes(1);
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await expect(imported).resolves.toEqual({ default: 'module' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('online, tries again after each pause, or at the online event if sooner', async () => {
    vi.useFakeTimers();
    setOnline(true);
    const load = download(3);
    const imported = importWithRetry(load, [1000, 2000, 4000]);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    await expect(imported).resolves.toEqual({ default: 'module' });
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('online, fails with the download’s error once the pauses run out', async () => {
    vi.useFakeTimers();
    setOnline(true);
    const load = download(Infinity);
    const imported = importWithRetry(load, [1000, 2000]);
    const outcome = expect(imported).rejects.toThrow('Failed to fetch dynamically imported module');
    await vi.advanceTimersByTimeAsync(3000);
    await outcome;
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('leaves no listener behind once the module is in', async () => {
    vi.useFakeTimers();
    setOnline(true);
    const removed = vi.spyOn(window, 'removeEventListener');
    await Promise.all([importWithRetry(download(1), [1000]), vi.advanceTimersByTimeAsync(1000)]);
    expect(removed).toHaveBeenCalledWith('online', expect.any(Function));
    expect(vi.getTimerCount()).toBe(0);
  });
});
