import { existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isApiPath } from './app';
import type { AppEnv } from './http/context';
import { appContentSecurityPolicy, inlineScriptHashes, type CspManifest } from './http/security-headers';
import { COMPRESSED_SUFFIXES, isCompressedCopy } from './precompressed';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Files under /assets/ carry a content hash in their name, except the translation files. */
const isHashedAsset = (path: string) => path.startsWith('/assets/') && !path.startsWith('/assets/i18n/');

/**
 * Serves the built SPA from `staticDir` and answers every other non-API GET with its
 * index.html, so client-side routes survive a reload. Returns false (and mounts nothing) when
 * there is no build, e.g. while developing behind Vite.
 *
 * Each file goes out as the compressed copy the build made of it (scripts/compress-assets.ts):
 * brotli when the client takes it, else gzip, else the file itself. Nothing is compressed here:
 * brotli at its best is far too slow to run per request, and the build does it once.
 */
export function mountSpa(
  app: Hono<AppEnv>,
  staticDir: string,
  /** Origins the page talks to that the build cannot know: an outside real-time service's socket. */
  options: { connectSrc?: string[] } = {},
): boolean {
  const root = resolve(staticDir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return false;

  const manifest = readCspManifest(root, indexFile);
  const policy = appContentSecurityPolicy({
    ...manifest,
    connectSrc: [...manifest.connectSrc, ...(options.connectSrc ?? [])],
  });
  // serveStatic tells which file it sent (the .br or .gz copy when it chose one) through onFound.
  const sent = new WeakMap<Context, string>();
  const onFound = (path: string, c: Context<AppEnv>) => void sent.set(c, path);
  // `precompressed` picks the first of br, zstd, gzip that Accept-Encoding lists and that has a
  // copy on disk, keeping the Content-Type of the file itself. It matches bare tokens only: a
  // `br;q=0` refusal is honoured, a `gzip;q=1` gets the file uncompressed, which is merely larger.
  const files = serveStatic<AppEnv>({ root, precompressed: true, onFound });
  const index = serveStatic<AppEnv>({ root, path: 'index.html', precompressed: true, onFound });

  app.get('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    // The copies are other encodings of a file, not files of their own: `/assets/x.js.br` as
    // itself would be brotli bytes typed application/octet-stream, which nothing of the app asks
    // for, and for a year under a hashed name. The file's own URL is the only way to them.
    if (isCompressedCopy(c.req.path)) return notFound(c);
    // The app's policy (its long list of script hashes) governs documents: pages, the worker,
    // an SVG opened on its own. A script, a stylesheet or a font needs none, and the policy's
    // kilobyte on each of them was most of what a small chunk cost on a slow network; they get
    // the short API policy from the security-headers middleware instead.
    if (!isHashedAsset(c.req.path)) c.header('Content-Security-Policy', policy);
    c.header('Cache-Control', isHashedAsset(c.req.path) ? IMMUTABLE : REVALIDATE);
    const answer = await files(c, next);
    return answer && revalidated(c, answer, sent.get(c));
  });

  app.get('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    // A missing hashed asset is a stale page asking for an old build: index.html in its place
    // would only turn into a confusing script error, so it gets a plain 404.
    if (isHashedAsset(c.req.path)) return notFound(c);
    c.header('Cache-Control', REVALIDATE);
    const answer = await index(c, next);
    return answer && revalidated(c, answer, sent.get(c));
  });
  return true;
}

function notFound(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  return c.text('Not found', 404);
}

/**
 * What serveStatic leaves out. `Vary: Accept-Encoding` on the plain answer of a file that has
 * compressed copies too (it adds it to the compressed ones only), so that no cache hands the
 * plain bytes to a client that takes brotli, or brotli to one that does not. An ETag per copy,
 * and the 304 that `no-cache` relies on: without it every revalidation of index.html and the
 * translations would download them again.
 */
async function revalidated(c: Context<AppEnv>, answer: Response, file: string | undefined): Promise<Response> {
  if (!file || answer.status !== 200) return answer;
  const encoding = answer.headers.get('Content-Encoding');
  if (!encoding && Object.values(COMPRESSED_SUFFIXES).some((suffix) => existsSync(file + suffix))) {
    answer.headers.append('Vary', 'Accept-Encoding');
  }
  const { size, mtime, mtimeMs } = await stat(file);
  // Size and time of the bytes sent, and their encoding: each copy is a representation of its own.
  const etag = `"${size.toString(36)}-${Math.trunc(mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
  answer.headers.set('ETag', etag);
  if (!isFresh(c, etag, mtime)) return answer;
  await answer.body?.cancel();
  const headers = new Headers(answer.headers);
  headers.delete('Content-Length');
  return new Response(null, { status: 304, headers });
}

/** RFC 9110 §13.2.2: If-None-Match decides when present (weak comparison), else If-Modified-Since. */
function isFresh(c: Context<AppEnv>, etag: string, modified: Date): boolean {
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const since = Date.parse(c.req.header('If-Modified-Since') ?? '');
  // Last-Modified is in whole seconds.
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/** The build's record of its inline scripts (scripts/csp-hashes.ts), or the same read off index.html. */
function readCspManifest(root: string, indexFile: string): CspManifest {
  const manifestFile = join(root, 'csp.json');
  if (existsSync(manifestFile)) return JSON.parse(readFileSync(manifestFile, 'utf8')) as CspManifest;
  return { scriptHashes: inlineScriptHashes(readFileSync(indexFile, 'utf8')), connectSrc: [] };
}
