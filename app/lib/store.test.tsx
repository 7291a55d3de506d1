// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';
import { createStore, useStore, type Readable } from './store';

describe('a store', () => {
  it('holds a value, set or updated from the one before', () => {
    const store = createStore(1);
    expect(store.get()).toBe(1);
    store.set(2);
    store.update((value) => value * 10);
    expect(store.get()).toBe(20);
  });

  it('tells each listener of a change, of nothing when the value is the same, and nothing once it stops', () => {
    const store = createStore<readonly string[]>([]);
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = store.subscribe(first);
    store.subscribe(second);
    store.set(['a']);
    store.set(store.get());
    store.update((value) => value);
    expect(first).toHaveBeenCalledTimes(1);
    stopFirst();
    store.set(['b']);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('lets a listener stop listening while the others are told', () => {
    const store = createStore(0);
    const calls: string[] = [];
    const stop = store.subscribe(() => {
      calls.push('once');
      stop();
    });
    store.subscribe(() => calls.push('always'));
    store.set(1);
    store.set(2);
    expect(calls).toEqual(['once', 'always', 'always']);
  });
});

describe('useStore', () => {
  it('re-renders a component on each change of the value', async () => {
    const store = createStore('first');
    const Probe = () => <span>{useStore(store)}</span>;
    const container = await render(<Probe />);
    expect(container.textContent).toBe('first');
    await act(async () => store.set('second'));
    expect(container.textContent).toBe('second');
  });

  it('with a selection, re-renders only when what it selects changes', async () => {
    const store = createStore(0);
    let renders = 0;
    const Probe = () => {
      renders++;
      return <span>{useStore(store, (count) => count > 0) ? 'some' : 'none'}</span>;
    };
    const container = await render(<Probe />);
    await act(async () => store.set(1));
    await act(async () => store.set(2));
    await act(async () => store.set(3));
    expect(container.textContent).toBe('some');
    expect(renders).toBe(2);
    await act(async () => store.set(0));
    expect(container.textContent).toBe('none');
    expect(renders).toBe(3);
  });

  it("hydrates with the prerender's value, then shows the browser's", async () => {
    // A source the browser holds: the prerender (no window) saw 'server', the browser reads 'browser'.
    let current = 'server';
    const source: Readable<string> = { get: () => current, subscribe: () => () => {}, serverValue: 'server' };
    const Probe = () => <span>{useStore(source)}</span>;
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    current = 'browser';
    // A mismatch would be a console error, which fails the test (tests/setup/console.ts).
    await act(async () => void hydrateRoot(container, <Probe />));
    expect(container.textContent).toBe('browser');
  });
});
