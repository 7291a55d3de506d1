import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportBackgroundError } from './api-errors';
import { registerQueryClient } from './cache';
import { HttpError, OfflineError } from './http';

/**
 * The data cache's instance, with the product's defaults (five minutes fresh, no refetch on
 * focus, no retry of an answer a retry cannot change). App code reaches it through `./cache`.
 */
export const queryClient = new QueryClient({
  // A loader's first fetch fails into its route's ErrorBoundary; only a refetch of data already
  // on screen, and mutations, fail here, where no page is waiting to show the error.
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.state.data !== undefined) reportBackgroundError(error);
    },
  }),
  mutationCache: new MutationCache({ onError: (error) => reportBackgroundError(error) }),
  defaultOptions: {
    queries: {
      // Asked even when the browser says it is offline: TanStack Query would otherwise hold the
      // read until it is back online, and a page opened offline would wait under the progress
      // bar without a word. Failing, it shows "You are offline" and loads once back
      // (app/components/error-boundary.tsx).
      networkMode: 'always',
      staleTime: 300_000,
      refetchOnMount: true,
      refetchOnWindowFocus: false,
      throwOnError: false,
      retry: (failureCount, error) => {
        // Answers that a retry cannot change; a 503 is maintenance, where routes send the user at once.
        if (error instanceof HttpError && [401, 403, 404, 422, 503].includes(error.status)) return false;
        // Offline: the page reloads its data when the connection is back (the shell listens).
        if (error instanceof OfflineError) return false;
        return failureCount < 3;
      },
    },
  },
});
registerQueryClient(queryClient);
