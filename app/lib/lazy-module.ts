import { lazy, type ComponentType } from 'react';

/** The pauses before each new try while the browser says it is online; then it gives up. */
const ONLINE_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000];

/**
 * Resolves on the browser's next 'online' event, or after `ms` if given: whichever comes first.
 */
function nextTry(ms: number | null): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      if (timer !== undefined) clearTimeout(timer);
      resolve();
    };
    const timer = ms === null ? undefined : setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/**
 * Imports a module the app loads after its first screen (or on first use), trying again when
 * the download fails: once the browser is back online if it knows it is offline, else after
 * a pause (or the 'online' event, if sooner). A connection lost for a moment then costs that
 * part a delay, where `React.lazy` would keep the failure for good and hand it to the page's
 * error boundary, which replaces the whole page. A download that keeps failing while online (a
 * file gone after a new release, say) does fail, after the last pause. Chromium fetches a failed
 * module again when it is imported again (the app-shell end-to-end spec shows it).
 */
export async function importWithRetry<T>(load: () => Promise<T>, delaysMs = ONLINE_RETRY_DELAYS_MS): Promise<T> {
  let failuresOnline = 0;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!navigator.onLine) await nextTry(null);
      else if (failuresOnline < delaysMs.length) await nextTry(delaysMs[failuresOnline++]);
      else throw error;
    }
  }
}

/**
 * `React.lazy` for a component the app can do without for a moment: its module is imported
 * with `importWithRetry`, so a failed download is tried again rather than breaking the page.
 */
export function lazyModule<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(() => importWithRetry(load));
}
