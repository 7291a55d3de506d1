/**
 * The browser's side of the service worker (docs/decisions/019): registers the worker Workbox
 * generated at build (`/sw.js`, pwa.config.ts) and reports each new version that is installed
 * and waiting. The plain ServiceWorker API: all it takes is a few listeners, and it keeps
 * `workbox-window`'s guesses about which tab triggered an update out of the way.
 */

export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Where there is no worker, this is logged and nothing else happens
 * (docs/product.md#new-versions-and-offline).
 */
export const DISABLED_MESSAGE = 'Service workers are disabled or not supported by this browser';

/**
 * A tab left open for days never navigates, so the browser would never look for a new worker
 * on its own: the page asks now and then.
 */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** A new version, installed and waiting for the open pages to let it take over. */
export type VersionReady = {
  /** Lets the new version take over, then reloads the page onto it. */
  activate: () => void;
};

export function startServiceWorker({
  enabled,
  onVersionReady,
  container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
  reload = () => window.location.reload(),
}: {
  /** False outside a production build: `npm run dev` has no worker to register. */
  enabled: boolean;
  onVersionReady: (version: VersionReady) => void;
  container?: ServiceWorkerContainer;
  reload?: () => void;
}): () => void {
  if (!enabled || !container) {
    console.log(DISABLED_MESSAGE);
    return () => {};
  }

  let stopped = false;
  let updateChecks: ReturnType<typeof setInterval> | undefined;

  const activate = (worker: ServiceWorker) => {
    if (container.controller === worker) return reload();
    // The new worker claims this page once active (clientsClaim): then the page runs the old
    // build's code under the new worker, so it reloads onto the new one.
    container.addEventListener('controllerchange', () => reload(), { once: true });
    // The generated worker skips waiting on this message (Workbox's generateSW, skipWaiting off).
    worker.postMessage({ type: 'SKIP_WAITING' });
  };

  const offer = (worker: ServiceWorker) => {
    // The very first worker installs with no page to update: no controller, nothing to offer.
    if (stopped || !container.controller) return;
    onVersionReady({ activate: () => activate(worker) });
  };

  const watch = (registration: ServiceWorkerRegistration, worker: ServiceWorker) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && registration.waiting === worker) offer(worker);
    });
  };

  container.register(SERVICE_WORKER_URL, { scope: '/' }).then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // No registration without a failure: what an automated browser that blocks workers answers.
      if (!registration) return console.log(DISABLED_MESSAGE);
      if (stopped) return;
      // Installed while an earlier page of this app was open (or before a reload).
      if (registration.waiting) offer(registration.waiting);
      if (registration.installing) watch(registration, registration.installing);
      registration.addEventListener('updatefound', () => {
        if (registration.installing) watch(registration, registration.installing);
      });
      updateChecks = setInterval(() => {
        // Offline, or the server is away: the next check will do.
        registration.update().catch(() => {});
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    // Blocked by the browser's settings or policy (a private window, an enterprise rule).
    () => console.log(DISABLED_MESSAGE),
  );

  return () => {
    stopped = true;
    clearInterval(updateChecks);
  };
}
