import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useChangeLanguage } from 'remix-i18next/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ChatWidget } from '~/components/chat-widget';
import { DevTools } from '~/components/dev-tools';
import { LoadingOverlay } from '~/components/loading-overlay';
import { LoadingScreen } from '~/components/ui/loading-screen';
import { isPublicPath } from '~/lib/paths';
import { queryClient } from '~/lib/query-client';
import { SnackbarViewport } from '~/components/ui/snackbar-viewport';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { PublicPage } from '~/components/public-page';
import { loadCurrentUser } from '~/features/auth/guards';
import { UpdatePrompt } from '~/features/app-update/update-prompt';
import { detectLanguage } from '~/lib/i18n';
import { pickTheme, THEME_BOOT_SCRIPT, useTheme } from '~/lib/theme';
import { APP_NAME, defaultLanguage } from '~/lib/env';
import './tailwind.css';

/**
 * Startup (spec §4): who the user is, and so which language and theme to show. While this runs
 * the pre-rendered HydrateFallback shows the loading animation.
 */
export async function clientLoader({ request }: { request: Request }) {
  // A public URL (spec §2 Root shell) completes startup at once: no user, no channels.
  const user = isPublicPath(new URL(request.url).pathname) ? null : await loadCurrentUser(request);
  return { user, locale: detectLanguage(user?.language), theme: pickTheme(user?.theme) };
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

export default function App() {
  const data = useRouteLoaderData<typeof clientLoader>('root');
  useChangeLanguage(data?.locale ?? defaultLanguage);
  useTheme(data?.theme ?? 'system');
  return (
    <QueryClientProvider client={queryClient}>
      <LoadingOverlay />
      <Outlet />
      <SnackbarViewport />
      <UpdatePrompt />
      <ChatWidget />
      <DevTools />
    </QueryClientProvider>
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
