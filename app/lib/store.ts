import { useSyncExternalStore } from 'react';

/**
 * State kept outside React, for what must outlive a page or be told from outside one (the
 * snackbar, the live connection's state, an event's dialog): a value, its readers told of each
 * change, and a hook that re-renders on it (docs/decisions/039-one-store-and-url-filters.md).
 * A store's module says what the changes mean (`snackbar.show`); the store only holds the value.
 * What the browser holds rather than the app (the window's size) is read through the same
 * `Readable` shape and the same hook.
 */
export interface Readable<T> {
  get(): T;
  /** Calls `listener` after each change; answers how to stop. */
  subscribe(listener: () => void): () => void;
  /** What React reads while hydrating the prerendered page: the value the prerender saw. */
  readonly serverValue: T;
}

export interface Store<T> extends Readable<T> {
  /** Replaces the value; the same value again (Object.is) tells nobody. */
  set(next: T): void;
  update(change: (current: T) => T): void;
}

/** A store holding `initial` until set; the prerender saw `initial` too. */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const set = (next: T) => {
    if (Object.is(next, value)) return;
    value = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => value,
    set,
    update: (change) => set(change(value)),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    serverValue: initial,
  };
}

/**
 * The store's value in a component, re-rendered when it changes; or what `select` makes of it,
 * re-rendered only when that changes (`select` answers a primitive or a value kept in the store).
 */
export function useStore<T>(store: Readable<T>): T;
export function useStore<T, S>(store: Readable<T>, select: (value: T) => S): S;
export function useStore<T, S>(store: Readable<T>, select?: (value: T) => S): T | S {
  const read = select ?? ((value: T) => value);
  return useSyncExternalStore(
    store.subscribe,
    () => read(store.get()),
    () => read(store.serverValue),
  );
}
