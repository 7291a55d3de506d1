import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isApiPath } from './app';
import type { AppEnv } from './http/context';
import { appContentSecurityPolicy, inlineScriptHashes, type CspManifest } from './http/security-headers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Files under /assets/ carry a content hash in their name, except the translation files. */
const isHashedAsset = (path: string) => path.startsWith('/assets/') && !path.startsWith('/assets/i18n/');

/**
 * Serves the built SPA from `staticDir` and answers every other non-API GET with its
 * index.html, so client-side routes survive a reload. Returns false (and mounts nothing) when
 * there is no build, e.g. while developing behind Vite.
 */
export function mountSpa(app: Hono<AppEnv>, staticDir: string): boolean {
  const root = resolve(staticDir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return false;

  const policy = appContentSecurityPolicy(readCspManifest(root, indexFile));
  const files = serveStatic<AppEnv>({ root });
  app.get('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    c.header('Content-Security-Policy', policy);
    c.header('Cache-Control', isHashedAsset(c.req.path) ? IMMUTABLE : REVALIDATE);
    return files(c, next);
  });

  app.get('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    // A missing hashed asset is a stale page asking for an old build: index.html in its place
    // would only turn into a confusing script error, so it gets a plain 404.
    if (isHashedAsset(c.req.path)) {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    }
    c.header('Cache-Control', REVALIDATE);
    return c.html(await readFile(indexFile, 'utf8'), 200);
  });
  return true;
}

/** The build's record of its inline scripts (scripts/csp-hashes.ts), or the same read off index.html. */
function readCspManifest(root: string, indexFile: string): CspManifest {
  const manifestFile = join(root, 'csp.json');
  if (existsSync(manifestFile)) return JSON.parse(readFileSync(manifestFile, 'utf8')) as CspManifest;
  return { scriptHashes: inlineScriptHashes(readFileSync(indexFile, 'utf8')), connectSrc: [] };
}
