/**
 * When the service worker is registered, and what a new version leads to
 * (docs/product.md#new-versions-and-offline). Pure, so the rules are tested without a browser.
 */

/** Registration waits for the app to be stable, but never longer than this. */
export const REGISTRATION_DEADLINE_MS = 30_000;

/**
 * Runs `run` once: when `stable` settles or when `deadlineMs` has passed, whichever comes first.
 * Registering early would compete with startup for the network (the worker downloads the whole
 * shell); late, a first visit would go without offline support for long. Returns a cancel.
 */
export function whenStableOrDeadline(stable: Promise<unknown>, deadlineMs: number, run: () => void): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    clearTimeout(deadline);
    run();
  };
  const deadline = setTimeout(fire, Math.max(0, deadlineMs));
  stable.then(fire, fire);
  return () => {
    done = true;
    clearTimeout(deadline);
  };
}

/**
 * What a version-ready event (a new worker installed and waiting) leads to: with `forceUpdate`
 * in the environment settings the new version takes over and the page reloads by itself;
 * otherwise the user is asked.
 */
export function versionReadyAction(forceUpdate: boolean): 'activate' | 'ask' {
  return forceUpdate ? 'activate' : 'ask';
}
