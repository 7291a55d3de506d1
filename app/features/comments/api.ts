import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import * as commentsContract from '~contract/comments';
import { COMMENTS_PAGE_SIZE, type Comment, type ReviewAction, type Sentiment } from '~contract/comments';
import type { Paged } from '~contract/common';
import { api } from '~/lib/api';
import { cachedPages, invalidate, updateCached } from '~/lib/cache';
import type { ReviewFilter } from './filter';
import { applyReviews } from './review';

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
 * Comments calls never show the global loading indicator
 * (docs/product.md#startup-and-the-loading-indicator): the list shows its own.
 */
export const commentListQuery = (filter: ReviewFilter) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        commentsContract.listComments,
        { query: listQuery(filter, pageParam) },
        { countsForLoading: false, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Paged<Comment>) =>
      last.data.length < COMMENTS_PAGE_SIZE
        ? undefined
        : commentsContract.commentsCursor(last.data[last.data.length - 1]),
  });

/** The first page, for the route's loader: the page opens with its rows. */
export function getCommentList(filter: ReviewFilter) {
  return cachedPages(commentListQuery(filter));
}

/** One comment's review as the bulk update takes it (`bulkUpdateComments` in contract/comments.ts). */
export type CommentReview = { id: string; sentiment: { sentiment?: Sentiment; inReview: boolean } };

/**
 * Reviews some comments of the list `filter` shows, in one request. Once the API took it, the
 * loaded list follows without being read again (`applyReviews`: the rows leave the in-review
 * list, where the eye is); when someone else had reviewed some meanwhile, or when the request
 * failed (someone else's count moved, or the list is stale), every list is read again.
 */
export async function reviewComments(filter: ReviewFilter, comments: readonly CommentReview[]) {
  try {
    const result = await api.call(
      commentsContract.bulkUpdateComments,
      { body: { comments: [...comments] } },
      { countsForLoading: false },
    );
    await updateCached<CommentPages>(commentKeys.list(filter), (pages) =>
      pages ? applyReviews(pages, comments, result, filter) : pages,
    );
    if (result.conflicts.length > 0) await invalidate(commentKeys.lists());
    return result;
  } catch (error) {
    await invalidate(commentKeys.lists());
    throw error;
  }
}

/** Reviews every comment in review matching `filter` (the count the admin confirmed); every list is read again. */
export async function reviewAllMatching(
  filter: ReviewFilter,
  action: ReviewAction,
  expectedTotal: number,
  sentiment?: Sentiment,
) {
  try {
    return await reviewAllMatchingCall(filter, action, expectedTotal, sentiment);
  } finally {
    await invalidate(commentKeys.lists());
  }
}

function reviewAllMatchingCall(
  filter: ReviewFilter,
  action: ReviewAction,
  expectedTotal: number,
  sentiment?: Sentiment,
) {
  return api.call(
    commentsContract.reviewMatchingComments,
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

/** Puts a review's comments back as they were; they come back where they were as every list is read again. */
export async function undoCommentReview(batchId: string) {
  try {
    return await api.call(commentsContract.undoReview, { params: { batchId } }, { countsForLoading: false });
  } finally {
    await invalidate(commentKeys.lists());
  }
}
