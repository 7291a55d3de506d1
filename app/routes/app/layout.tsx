import { Outlet, useRouteLoaderData } from '@remix-run/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { AppFrame } from '~/components/app-header';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { PublicPage } from '~/components/public-page';
import type { User } from '~/features/auth/api';
import { requireUser } from '~/features/auth/guards';
import { useSignedInUser } from '~/features/auth/use-signed-in-user';
import { lazyModule } from '~/lib/lazy-module';
import { whenIdle } from '~/lib/idle';
import { queryClient } from '~/lib/query-client';

/** Signed-in users only: every page of the app, in the app chrome. */
export async function clientLoader({ request }: { request: Request }) {
  await requireUser(request);
  return null;
}

/** The live connection and what it shows: its libraries load once the first screen is up. */
const LiveUpdates = lazyModule(() => import('~/components/live-updates'));

function useIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

/**
 * The data cache's hooks work on every signed-in page (the guest pages never load it), and the
 * live updates run on each (one socket per session: a new one when the user or their session
 * changes, decision 056).
 */
export default function SignedInLayout() {
  const user = useSignedInUser();
  const idle = useIdle();
  return (
    <QueryClientProvider client={queryClient}>
      <AppFrame user={user}>
        <Outlet />
      </AppFrame>
      {idle ? (
        <Suspense fallback={null}>
          <LiveUpdates key={`${user._id}.${user.sessionId}`} userId={user._id} sessionId={user.sessionId} />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}

/** A page's error keeps the chrome when the user is known (its own boundary sits inside it). */
export function ErrorBoundary() {
  const user = useRouteLoaderData<{ user: User | null }>('root')?.user;
  return user ? (
    <AppFrame user={user}>
      <RouteErrorBoundary />
    </AppFrame>
  ) : (
    <PublicPage>
      <RouteErrorBoundary />
    </PublicPage>
  );
}
