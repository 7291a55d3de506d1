import { listUsers } from '~contract/users';
import { api } from '~/lib/api';
import { cached } from '~/lib/cache';

export type { AdminUserListEntry } from '~contract/users';
export { USERS_PAGE_SIZE } from '~contract/users';

/** What the Support page asks for: a one-based page of the users matching `search` ('' for all). */
export type UserListFilter = { page: number; search: string };

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
        listUsers,
        { query: { page: String(filter.page), ...(filter.search ? { search: filter.search } : {}) } },
        // Users calls never show the global loading indicator; the table shows its own.
        { countsForLoading: false },
      ),
  });
}
