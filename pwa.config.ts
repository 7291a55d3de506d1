import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The service worker and the web app manifest (docs/product.md#new-versions-and-offline;
 * docs/decisions/019). Workbox generates the worker after Remix has pre-rendered index.html (the
 * @vite-pwa/remix preset in vite.config.ts), so the shell it precaches is the one the server sends.
 */

/**
 * Paths the worker never answers from its cache: the API's (server/app.ts `API_PREFIXES`;
 * server/spa.test.ts holds the two lists together) and anything that looks like a file.
 * Tested against the path and query of a page the browser navigates to.
 */
export const NETWORK_ONLY_NAVIGATIONS = [
  /^\/(?:v1\.0|dev|docs|broadcasting|app|apps|sandbox|webhooks)(?:[/?]|$)/,
  // `/csp.json`, `/images/…`: a file opened in a tab is the file, never the app.
  /\/[^/?]+\.[^/?]+(?:\?|$)/,
];

/** The brand's colours as the manifest needs them, written out (the light theme's roles). */
const THEME_COLOR = '#00666d'; // --primary (brand-700)
const BACKGROUND_COLOR = '#f8fbfb'; // --canvas

export const pwaOptions: Partial<VitePWAOptions> = {
  // The app registers the worker itself (app/features/app-update/), when it is stable: no
  // inline script in index.html, whose scripts are hashed into the CSP.
  injectRegister: false,
  // A new version waits until the user (or `forceUpdate`) says so.
  registerType: 'prompt',
  manifest: {
    id: '/',
    name: 'Orbita',
    short_name: 'Orbita',
    description: 'Your projects, social channels and the sentiment of their comments, in one place.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The icons are precached by the glob below.
  includeManifestIcons: false,
  workbox: {
    // The shell: the pre-rendered page, scripts, styles, fonts, pictures and the translations.
    globPatterns: ['**/*.{html,js,css,woff2,svg,png}', 'assets/i18n/*.json'],
    // Every navigation inside the app gets the precached index.html (SPA mode), except these.
    navigateFallback: 'index.html',
    navigateFallbackDenylist: NETWORK_ONLY_NAVIGATIONS,
    // Nothing else is cached at run time: API answers always come from the network.
    runtimeCaching: [],
    // Files under /assets/ carry a content hash in their name and need no revision of their
    // own; the translation files there do not, so theirs is their content's.
    dontCacheBustURLsMatching: /^assets\/(?!i18n\/)/,
    // The new worker waits for a SKIP_WAITING message (the update dialog's "Update now"), then
    // takes over the open pages, which reload.
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // One file to fetch and to check for updates.
    inlineWorkboxRuntime: true,
    sourcemap: false,
  },
};

/**
 * `npm start` and `npm run dev` share http://localhost:3000: a worker installed by the first would
 * go on serving the built app in place of the dev server. In development `/sw.js` is a worker
 * that removes itself, its caches, and reloads the pages it had. The browser fetches it on the
 * next visit (every navigation checks the worker for a new version).
 */
const RETIRING_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    await self.registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
    for (const client of await self.clients.matchAll({ type: 'window' })) client.navigate(client.url);
  })());
});
`;

export function retireWorkerInDev(): Plugin {
  return {
    name: 'orbita:retire-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/sw.js', (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.setHeader('Cache-Control', 'no-cache');
        response.end(RETIRING_WORKER);
      });
    },
  };
}
