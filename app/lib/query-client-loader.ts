import type { QueryClient } from '@tanstack/react-query';

/**
 * The data cache (TanStack Query), loaded on first use rather than with the app: a guest on
 * the sign-in pages never needs it, and its 30 KB stay off their first load (issue 9,
 * docs/decisions/021-first-load.md). Signed-in routes may import `./query-client` directly.
 */
let loaded: QueryClient | null = null;

export async function getQueryClient(): Promise<QueryClient> {
  const { queryClient } = await import('./query-client');
  return queryClient;
}

/** The cache if it is loaded; `null` means nothing was ever cached, so there is nothing to clear. */
export function loadedQueryClient(): QueryClient | null {
  return loaded;
}

/** Called once by `./query-client` as it is created, however it was imported. */
export function registerQueryClient(client: QueryClient) {
  loaded = client;
}
