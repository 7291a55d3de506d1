import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import {
  bulkUpdateComments,
  COMMENTS_PAGE_SIZE,
  commentsCursor,
  listComments,
  reviewMatchingComments,
  undoReview,
  type Comment,
  type ReviewAction,
  type Sentiment,
} from '~contract/comments';
import type { Paged } from '~contract/common';
import { api } from '~/lib/api';
import { queryClient } from '~/lib/query-client';
import type { ReviewFilter } from './filter';

export type { Comment, ReviewResult, Sentiment } from '~contract/comments';
export { COMMENTS_PAGE_SIZE, SENTIMENTS } from '~contract/comments';

/** This feature's cache keys: every query and invalidation names them through here. */
export const commentKeys = {
  all: ['comments'] as const,
  lists: () => [...commentKeys.all, 'list'] as const,
  list: (filter: ReviewFilter) => [...commentKeys.lists(), filter] as const,
};

export type CommentPages = InfiniteData<Paged<Comment>, unknown>;

const flag = (value: boolean | undefined) => (value === undefined ? undefined : (String(value) as 'true' | 'false'));

/** The list's query string for `filter`, from the row after `after` (null: the first page). */
function listQuery(filter: ReviewFilter, after: string | null) {
  return {
    ...(after ? { after } : {}),
    ...(filter.message ? { message: filter.message } : {}),
    ...(filter.authorName ? { authorName: filter.authorName } : {}),
    ...(filter.sentiment ? { sentiment: filter.sentiment } : {}),
    ...(filter.inReview !== undefined ? { inReview: flag(filter.inReview) } : {}),
    ...(filter.isBookmarked !== undefined ? { isBookmarked: flag(filter.isBookmarked) } : {}),
    ...(filter.isHidden !== undefined ? { isHidden: flag(filter.isHidden) } : {}),
    ...(filter.repliedByYou !== undefined ? { repliedByYou: flag(filter.repliedByYou) } : {}),
  };
}

/**
 * The review list as TanStack Query's infinite query: each page starts after the last comment
 * of the one before (a cursor, so comments that leave the list while one scrolls skip nothing).
 * Comments calls never show the global loading indicator (spec §4): the list shows its own.
 */
export const commentListQuery = (filter: ReviewFilter) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      api.call(listComments, { query: listQuery(filter, pageParam) }, { countsForLoading: false, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Paged<Comment>) =>
      last.data.length < COMMENTS_PAGE_SIZE ? undefined : commentsCursor(last.data[last.data.length - 1]),
  });

/** The first page, for the route's loader: the page opens with its rows. */
export function getCommentList(filter: ReviewFilter) {
  return queryClient.ensureInfiniteQueryData(commentListQuery(filter));
}

/** One comment's review as the bulk update takes it (spec §7). */
export type CommentReview = { id: string; sentiment: { sentiment?: Sentiment; inReview: boolean } };

export function reviewComments(comments: CommentReview[]) {
  return api.call(bulkUpdateComments, { body: { comments } }, { countsForLoading: false });
}

export function reviewAllMatching(
  filter: ReviewFilter,
  action: ReviewAction,
  expectedTotal: number,
  sentiment?: Sentiment,
) {
  return api.call(
    reviewMatchingComments,
    {
      body: {
        filter: {
          ...(filter.message ? { message: filter.message } : {}),
          ...(filter.authorName ? { authorName: filter.authorName } : {}),
          ...(filter.sentiment ? { sentiment: filter.sentiment } : {}),
          ...(filter.isBookmarked !== undefined ? { isBookmarked: filter.isBookmarked } : {}),
          ...(filter.isHidden !== undefined ? { isHidden: filter.isHidden } : {}),
          ...(filter.repliedByYou !== undefined ? { repliedByYou: filter.repliedByYou } : {}),
        },
        action,
        ...(sentiment ? { sentiment } : {}),
        expectedTotal,
      },
    },
    { countsForLoading: false },
  );
}

export function undoCommentReview(batchId: string) {
  return api.call(undoReview, { params: { batchId } }, { countsForLoading: false });
}
