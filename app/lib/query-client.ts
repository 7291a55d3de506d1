import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http';

/** The spec's data-query defaults (§7), in TanStack Query's vocabulary (DESIGN.md "Data cache"). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 300_000,
      refetchOnMount: true,
      refetchOnWindowFocus: false,
      throwOnError: false,
      retry: (failureCount, error) => {
        // Answers that a retry cannot change; a 503 is maintenance, where routes send the user at once.
        if (error instanceof HttpError && [401, 403, 404, 422, 503].includes(error.status)) return false;
        return failureCount < 3;
      },
    },
  },
});
