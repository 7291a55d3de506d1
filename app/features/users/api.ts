import * as users from '~contract/users';
import { api } from '~/lib/api';
import { cached } from '~/lib/cache';
import { queryFromUrl } from '~/lib/url-query';

export type { AdminUserListEntry } from '~contract/users';
export { USERS_PAGE_SIZE } from '~contract/users';

/** What the Support page asks for: a one-based page of the users matching `search` ('' for all). */
export type UserListFilter = { page: number; search: string };

/**
 * The Support page's search and page as its URL keeps them (`?search=…&page=…`, so back, forward
 * and reload keep them), read with the API's own query schema, leniently: a page number that is
 * not one reads as the first page, a search the API would refuse as no search.
 */
export function userListFilterOf(params: URLSearchParams): UserListFilter {
  const query = queryFromUrl(users.listUsers.query.shape, params);
  return { page: query.page ?? 1, search: query.search ?? '' };
}

/** This feature's cache keys: every query and invalidation names them through here. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (filter: UserListFilter) => [...userKeys.lists(), filter] as const,
};

export function getUsers(filter: UserListFilter) {
  return cached({
    queryKey: userKeys.list(filter),
    queryFn: () =>
      api.call(
        users.listUsers,
        { query: { page: String(filter.page), ...(filter.search ? { search: filter.search } : {}) } },
        // Users calls never show the global loading indicator; the table shows its own.
        { countsForLoading: false },
      ),
  });
}
