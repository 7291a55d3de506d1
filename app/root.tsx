import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useChangeLanguage } from 'remix-i18next/react';
import { DevTools } from '~/components/dev-tools';
import { LoadingOverlay } from '~/components/loading-overlay';
import { LoadingScreen } from '~/components/ui/loading-screen';
import { lazyModule } from '~/lib/lazy-module';
import { isPublicPath } from '~/lib/paths';
import { SnackbarViewport } from '~/components/ui/snackbar-viewport';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { PublicPage } from '~/components/public-page';
import { RouteAnnouncer } from '~/components/route-announcer';
import { SkipLink } from '~/components/skip-link';
import { loadCurrentUser } from '~/features/auth/guards';
import { whenIdle } from '~/lib/idle';
import { detectLanguage, showLanguage } from '~/lib/i18n';
import { TRANSLATION_PRELOAD_SCRIPT } from '~/lib/translation-preload';
import { pickTheme, THEME_BOOT_SCRIPT, useTheme } from '~/lib/theme';
import { APP_NAME, defaultLanguage } from '~/lib/env';
import latinFont from '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url';
import './tailwind.css';

/**
 * The typeface's Latin subset (English and Italian need no other) starts with the page, not
 * once the stylesheet has been read and a text needs it: one round trip less before the first
 * screen in its own type. The same hashed file the stylesheet names, so it downloads once.
 */
export function links() {
  return [{ rel: 'preload', href: latinFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' }];
}

/**
 * Startup (docs/product.md#startup-and-the-loading-indicator): who the user is, and so which
 * language and theme to show. While this runs the pre-rendered HydrateFallback shows the loading
 * animation.
 */
export async function clientLoader({ request }: { request: Request }) {
  // A public URL completes startup at once: no user, no channels.
  const user = isPublicPath(new URL(request.url).pathname) ? null : await loadCurrentUser(request);
  const locale = detectLanguage(user?.language);
  await showLanguage(locale);
  return { user, locale, theme: pickTheme(user?.theme) };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof clientLoader>('root');
  return (
    <html lang={data?.locale ?? defaultLanguage} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <meta name="theme-color" content="#00666d" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon-180.png" />
        {/* Before any paint; its hash is in the CSP (scripts/csp-hashes.ts). */}
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: TRANSLATION_PRELOAD_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-canvas text-fg antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

const AfterStartup = lazyModule(() => import('~/components/after-startup'));

/** True once the first screen is up and the browser is idle: the moment for AfterStartup. */
function useStarted() {
  const [started, setStarted] = useState(false);
  useEffect(() => whenIdle(() => setStarted(true)), []);
  return started;
}

export default function App() {
  const data = useRouteLoaderData<typeof clientLoader>('root');
  useChangeLanguage(data?.locale ?? defaultLanguage);
  useTheme(data?.theme ?? 'system');
  const started = useStarted();
  return (
    <>
      <SkipLink />
      <LoadingOverlay />
      <Outlet />
      <RouteAnnouncer />
      <SnackbarViewport />
      <DevTools />
      {started ? (
        <Suspense fallback={null}>
          <AfterStartup />
        </Suspense>
      ) : null}
    </>
  );
}

export function HydrateFallback() {
  return <LoadingScreen />;
}

export function meta() {
  return [{ title: APP_NAME }];
}

export function ErrorBoundary() {
  return (
    <PublicPage>
      <RouteErrorBoundary />
    </PublicPage>
  );
}
