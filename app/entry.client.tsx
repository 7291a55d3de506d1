import { matchRoutes, RemixBrowser } from '@remix-run/react';
import i18next from 'i18next';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { getInitialNamespaces } from 'remix-i18next/client';
import { startTranslations } from './lib/i18n';

/**
 * Translations start loading now (the boot script in index.html has usually started the
 * download already) and hydration does not wait for them: the startup screen has no words, and
 * the root clientLoader holds the first page until they are in (`showLanguage`), in parallel
 * with the current user and the route's own modules (docs/decisions/021-first-load.md).
 */
startTranslations(getInitialNamespaces());

/** The part of Remix's build manifest (window.__remixManifest) that says which files a route is. */
interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
  imports?: string[];
}

/**
 * Starts downloading the modules of the routes this URL shows, now, while React starts: left
 * to Remix (SPA mode pre-renders only the root), they are asked for once hydration reaches
 * them, a round trip and the whole framework's start later (docs/decisions/021-first-load.md).
 * The same URLs Remix imports next, so each downloads and runs once.
 */
function preloadRouteModules() {
  const manifest = (window as unknown as { __remixManifest?: { routes: Record<string, ManifestRoute> } })
    .__remixManifest?.routes;
  if (!manifest) return;
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Node[] };
  const tree = (parentId: string | undefined): Node[] =>
    Object.values(manifest)
      .filter((route) => route.parentId === parentId)
      .map(({ id, path, index, caseSensitive }) => ({ id, path, index, caseSensitive, children: tree(id) }));
  const matches = matchRoutes(tree(undefined) as Parameters<typeof matchRoutes>[0], window.location) ?? [];
  for (const { route } of matches) {
    const files = route.id ? [manifest[route.id].module, ...(manifest[route.id].imports ?? [])] : [];
    // A failure here is Remix's to report, when it imports the same file.
    for (const file of files) import(/* @vite-ignore */ file).catch(() => {});
  }
}

preloadRouteModules();

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </I18nextProvider>,
  );
});
