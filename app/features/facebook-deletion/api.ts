import * as facebookDeletion from '~contract/facebook-deletion';
import { api } from '~/lib/api';
import { cached } from '~/lib/cache';

export type { FacebookDeletionStatus } from '~contract/facebook-deletion';

/** This feature's cache keys. */
export const facebookDeletionKeys = {
  all: ['facebook-deletion'] as const,
  status: (id: string) => [...facebookDeletionKeys.all, 'status', id] as const,
};

/**
 * Where a data-deletion request stands. Asked afresh on every visit (stale at once): the status
 * changes while the person waits, and the page is all there is to see it.
 */
export function getDeletionStatus(id: string) {
  return cached({
    queryKey: facebookDeletionKeys.status(id),
    queryFn: () => api.call(facebookDeletion.showFacebookDeletionStatus, { params: { id } }),
    staleTime: 0,
  });
}
