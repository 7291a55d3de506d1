import { Outlet, useRouteLoaderData } from '@remix-run/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppFrame } from '~/components/app-header';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { PublicPage } from '~/components/public-page';
import type { User } from '~/features/auth/api';
import { requireUser } from '~/features/auth/guards';
import { useSignedInUser } from '~/features/auth/use-signed-in-user';
import { queryClient } from '~/lib/query-client';

/** Signed-in users only: every page of the app, in the app chrome. */
export async function clientLoader({ request }: { request: Request }) {
  await requireUser(request);
  return null;
}

/** The data cache's hooks work on every signed-in page (the guest pages never load it). */
export default function SignedInLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppFrame user={useSignedInUser()}>
        <Outlet />
      </AppFrame>
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
