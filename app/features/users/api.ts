import * as fields from '~contract/fields';
import * as users from '~contract/users';
import { api } from '~/lib/api';
import { cached } from '~/lib/cache';
import { queryFromUrl } from '~/lib/url-query';

export type { AdminUserListEntry } from '~contract/users';
export { USERS_PAGE_SIZE } from '~contract/users';

/** The longest search the API takes. */
export const USER_SEARCH_MAX = fields.LIMITS.search;

/** What the Support page asks for: a one-based page of the users matching `search` ('' for all). */
export type UserListFilter = { page: number; search: string };

/**
 * The Support page's search and page as its URL keeps them (`?search=…&page=…`, so back, forward
 * and reload keep them), read with the API's own query schema, leniently: a page number that is
 * not one reads as the first page, a search the API would refuse as the nearest one it takes.
 */
export function userListFilterOf(params: URLSearchParams): UserListFilter {
  const query = queryFromUrl(users.listUsers.query.shape, params);
  return { page: query.page ?? 1, search: query.search ?? searchAsTheApiTakesIt(params.get('search') ?? '') };
}

/**
 * A search the API would refuse, made one it takes: its hidden characters left out and its end
 * cut at the limit, as the search box (`maxLength`) cuts what is pasted. Never no search: a list
 * of every user shown under the words searched would read as their result.
 */
function searchAsTheApiTakesIt(raw: string) {
  return raw.replace(new RegExp(fields.CONTROL_CHARACTERS.source, 'g'), '').trim().slice(0, USER_SEARCH_MAX).trim();
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
