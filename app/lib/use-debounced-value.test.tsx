// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// For its one side effect: React told this is a test environment whose updates run in act().
import '~/test/render';
import { useDebouncedValue } from './use-debounced-value';

function Probe({ value, seen }: { value: string; seen: string[] }) {
  const debounced = useDebouncedValue(value, 600);
  seen.push(debounced);
  return <output>{debounced}</output>;
}

/** The probe in a root of its own; `type` re-renders it with a new value, as a parent would. */
async function mount(initial: string) {
  const seen: string[] = [];
  const container = document.createElement('div');
  const root = createRoot(container);
  const type = (value: string) => act(() => root.render(<Probe value={value} seen={seen} />));
  await type(initial);
  return {
    seen,
    type,
    shown: () => container.querySelector('output')?.textContent,
    wait: (ms: number) => act(() => vi.advanceTimersByTime(ms)),
  };
}

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the first value at once', async () => {
    const { shown } = await mount('mario');
    expect(shown()).toBe('mario');
  });

  it('gives a new value only after it has stood for the whole wait', async () => {
    const { shown, type, wait } = await mount('');
    await type('m');
    await wait(599);
    expect(shown()).toBe('');
    await wait(1);
    expect(shown()).toBe('m');
  });

  it('restarts the wait at each change, so quick typing gives only the last value', async () => {
    const { shown, seen, type, wait } = await mount('');
    await type('m');
    await wait(400);
    await type('ma');
    await wait(400);
    await type('mar');
    await wait(599);
    expect(shown()).toBe('');
    await wait(1);
    expect(shown()).toBe('mar');
    expect(new Set(seen)).toEqual(new Set(['', 'mar']));
  });
});
