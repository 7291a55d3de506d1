import { matchRoutes } from '@remix-run/react';

/**
 * The one place that reads Remix's private build manifest (`window.__remixManifest`, the part
 * that says which files a route is): if a Remix upgrade changes its shape, this does nothing and
 * the route files load as Remix loads them, a round trip later (the first-load e2e spec's
 * request-order test notices).
 */
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
 * them, a round trip and the whole framework's start later
 * (docs/decisions/040-first-load-less-machinery.md gives the time it saves). The same URLs Remix
 * imports next, so each downloads and runs once.
 */
export function preloadRouteModules() {
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
