import { createHash } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';

/**
 * The `'sha256-…'` sources of every inline script in an HTML page. The pre-rendered
 * `index.html` carries a few (Remix's context and module loader, scroll restoration): the
 * app's CSP allows exactly those, never `'unsafe-inline'`. Computed at build
 * (`scripts/csp-hashes.ts` writes them to `build/client/csp.json`) and, failing that, when the
 * server mounts the build.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1])
    .filter((body) => body.length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return [...new Set(hashes)];
}

/** What the build records for the server (and for any other host of the static build). */
export type CspManifest = {
  scriptHashes: string[];
  connectSrc: string[];
  /** A configured third party the page loads (the customer-chat widget): its script, calls, pictures, frames. */
  widgetOrigins?: string[];
};

/** The app's policy: its own origin only, its inline scripts by hash, and no framing at all. */
export function appContentSecurityPolicy({ scriptHashes, connectSrc, widgetOrigins = [] }: CspManifest): string {
  const widgets = widgetOrigins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${widgets} ${scriptHashes.join(' ')}`.replace(/\s+/g, ' ').trim(),
    "style-src 'self'",
    `img-src 'self' data: ${widgets}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${[...connectSrc, ...widgetOrigins].join(' ')}`.trim(),
    ...(widgets ? [`frame-src ${widgets}`] : []),
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** JSON answers load nothing and are framed by nobody. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The development-only API reference (Swagger UI): its own files, its inline styles. */
export const DOCS_CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/**
 * Headers every answer carries, app and API alike. HSTS only when the app is served over https
 * (a browser would otherwise pin plain-http localhost to https).
 */
export const securityHeaders = (options: { https: boolean }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Frame-Options', 'DENY');
    // Reset links carry their token in the path: no other site hears it.
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.https) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!c.res.headers.has('Content-Security-Policy')) {
      const policy =
        c.req.path === '/docs' || c.req.path.startsWith('/docs/')
          ? DOCS_CONTENT_SECURITY_POLICY
          : API_CONTENT_SECURITY_POLICY;
      c.header('Content-Security-Policy', policy);
    }
  });
