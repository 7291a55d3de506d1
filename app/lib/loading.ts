import { useEffect, useState } from 'react';
import { createStore, useStore } from './store';

/**
 * The global loading flag (docs/product.md#startup-and-the-loading-indicator): how many requests
 * that count for it are out. The HTTP client reports each start and end (a call declares
 * `countsForLoading: false` for the kinds that never show it: images, comments, assets,
 * insights, users, ads, v2); navigations and fetchers join in the shell.
 */
const pending = createStore(0);

export const loadingCounter = {
  start: () => pending.update((count) => count + 1),
  end: () => pending.update((count) => Math.max(0, count - 1)),
};

/** Whether any counted request is out. */
export const useRequestsPending = () => useStore(pending, (count) => count > 0);

/**
 * A route's `handle` for a page that shows its own loading for what it does in place (a new
 * search, filter or page of its list; its own buttons and forms): the global indicator leaves
 * those to it and lights only for the requests that count (docs/decisions/051-lists-load-in-place.md).
 */
export interface LoadingHandle {
  loadsInPlace?: boolean;
}
export const LOADS_IN_PLACE: LoadingHandle = { loadsInPlace: true };

/** The indicator's countdown after the last request, and the flag's debounce. */
export const LOADING_COUNTDOWN_MS = 400;
export const LOADING_DEBOUNCE_MS = 0;

/**
 * The indicator: on as soon as the flag is (debounce 0 ms), off only once the flag has stayed
 * off for the whole countdown. A burst of fast requests, one after another, is one showing of
 * the indicator, not a flicker per request.
 */
export function useLoadingIndicator(active: boolean): boolean {
  const [shown, setShown] = useState(active);
  useEffect(() => {
    if (active) {
      const timer = setTimeout(() => setShown(true), LOADING_DEBOUNCE_MS);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => setShown(false), LOADING_COUNTDOWN_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return shown;
}
