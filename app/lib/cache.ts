import type { FetchInfiniteQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The data cache (TanStack Query), and the one way app code reaches it
 * (docs/decisions/043-one-cache.md): a feature's API module reads through `cached` with its own
 * key factory, and the function that changes data invalidates or writes the keys it touched,
 * right beside the call. Components never touch the cache; they read what loaders return (paging
 * an infinite list is the one exception: `useInfiniteQuery` with a feature's query options).
 *
 * The cache loads on first use rather than with the app: a guest on the sign-in pages never
 * needs it, and its 30 KB stay off their first load (docs/decisions/021-first-load.md). Only
 * this module and the signed-in layout's provider import `./query-client`.
 */
let loaded: QueryClient | null = null;

async function client(): Promise<QueryClient> {
  const { queryClient } = await import('./query-client');
  return queryClient;
}

/** Called once by `./query-client` as it is created, however it was imported. */
export function registerQueryClient(queryClient: QueryClient) {
  loaded = queryClient;
}

/** The cache itself, for the development tools' panel only. */
export const cacheForDevTools = client;

/**
 * Reads through the cache: the cached answer while it is fresh (the stale time, five minutes
 * unless `staleTime` says otherwise), else the API's, which is then cached. `retry: false` for a
 * read whose failure its card says in place, with its own "Try again": asked three times more
 * first (about 7 s), it would hold the rest of the page, which its loader reads beside it.
 */
export async function cached<T>(options: {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  staleTime?: number;
  retry?: false;
}) {
  return (await client()).fetchQuery(options);
}

/**
 * An infinite list's first page (or the pages already loaded), for its route's loader: the page
 * opens with its rows; the list's own `useInfiniteQuery` reads them again once stale.
 */
export async function cachedPages<T, Key extends QueryKey, PageParam>(
  options: FetchInfiniteQueryOptions<T, Error, T, Key, PageParam>,
) {
  return (await client()).ensureInfiniteQueryData(options);
}

/** After a change: what the keys name is read again on next use (at once, where a page shows it). */
export async function invalidate(queryKey: QueryKey) {
  await (await client()).invalidateQueries({ queryKey });
}

/** After a change already written into the cache: what the keys name is read again on its next visit only. */
export async function markStale(queryKey: QueryKey) {
  await (await client()).invalidateQueries({ queryKey, refetchType: 'none' });
}

/** After a change whose answer is the new value: the cache keeps it, no second request. */
export async function keepInCache<T>(queryKey: QueryKey, value: T) {
  (await client()).setQueryData(queryKey, value);
}

/**
 * After a change whose answer changes part of what is cached (a comment in loaded pages): every
 * entry the key names (it and the keys under it) becomes what `update` makes of it.
 */
export async function updateCached<T>(queryKey: QueryKey, update: (value: T | undefined) => T | undefined) {
  (await client()).setQueriesData<T>({ queryKey }, update);
}

/** What is cached under the key (it and the keys under it), as it stands: for an action that names a row the page shows. */
export async function cachedEntries<T>(queryKey: QueryKey): Promise<T[]> {
  return (await client()).getQueriesData<T>({ queryKey }).flatMap(([, value]) => (value === undefined ? [] : [value]));
}

/** Everything cached goes (another account's session starts or ends); nothing if never loaded. */
export function forgetCache() {
  loaded?.clear();
}

/**
 * The session ended: every cached answer goes but those being read now, which fail on their own
 * (removing them would reject their loaders with a cancellation instead of the 401 that leads to
 * sign-in).
 */
export function forgetSettledQueries() {
  loaded?.removeQueries({ predicate: (query) => query.state.fetchStatus !== 'fetching' });
}
