// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// For its one side effect: React told this is a test environment whose updates run in act().
import '~/test/render';
import { useDebouncedSearch } from './use-debounced-search';

function SearchProbe({ searched, settled }: { searched: string; settled: string[] }) {
  const [text, setText] = useDebouncedSearch(searched, (value) => settled.push(value), 600);
  return <input aria-label="search" value={text} onChange={(event) => setText(event.target.value)} />;
}

describe('useDebouncedSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function mountSearch(initial: string) {
    const settled: string[] = [];
    const container = document.createElement('div');
    const root = createRoot(container);
    const url = (searched: string) => act(() => root.render(<SearchProbe searched={searched} settled={settled} />));
    await url(initial);
    const input = () => container.querySelector('input')!;
    const type = (value: string) =>
      act(() => {
        // React's onChange listens to the native input event, with the value set as a user would.
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input(), value);
        input().dispatchEvent(new Event('input', { bubbles: true }));
      });
    return { settled, url, type, input, wait: (ms: number) => act(() => vi.advanceTimersByTime(ms)) };
  }

  it('tells the caller once the typing has rested, once', async () => {
    const { settled, type, wait } = await mountSearch('');
    await type('jo');
    await wait(300);
    await type('jose ');
    await wait(599);
    expect(settled).toEqual([]);
    await wait(1);
    expect(settled).toEqual(['jose']);
  });

  it('keeps a space typed at the end once its search is in the URL, so the next word stays apart', async () => {
    const { settled, url, type, input, wait } = await mountSearch('');
    await type('giulia ');
    await wait(600);
    expect(settled).toEqual(['giulia']);
    // The caller puts the trimmed words in the URL.
    await url('giulia');
    expect(input().value).toBe('giulia ');
    await type('giulia rossi');
    await wait(600);
    expect(settled).toEqual(['giulia', 'giulia rossi']);
  });

  it('follows the URL back and forward, dropping a wait for what was typed before', async () => {
    const { settled, url, type, input, wait } = await mountSearch('jose');
    await type('jos');
    await url('');
    expect(input().value).toBe('');
    await wait(600);
    expect(settled).toEqual([]);
  });

  it('takes a clear made right after the URL moved (back, then clear within the wait)', async () => {
    const { settled, url, type, wait } = await mountSearch('');
    await url('jose');
    await wait(100);
    await type('');
    await wait(600);
    expect(settled).toEqual(['']);
  });
});
