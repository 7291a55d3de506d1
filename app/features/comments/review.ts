import type { Comment, ReviewResult, Sentiment } from '~contract/comments';
import type { CommentPages, CommentReview } from './api';
import type { ReviewFilter } from './filter';

/** What an admin does to the comments in hand (docs/product.md#sentiment-review). */
export type ReviewChoice = { action: 'accept' } | { action: 'reject' } | { action: 'set'; sentiment: Sentiment };

/**
 * The bulk update's entries for a choice over some comments (`bulkUpdateComments`): accept sends each one's
 * proposed sentiment, reject none (the sentiment stays), set the chosen one; each ends the review.
 * Only comments in review are sent: the others have nothing to accept or reject.
 */
export function reviewsFor(choice: ReviewChoice, comments: readonly Comment[]): CommentReview[] {
  return comments
    .filter((comment) => comment.sentiment.inReview)
    .map((comment) => {
      const sentiment =
        choice.action === 'accept'
          ? (comment.proposedSentiment ?? undefined)
          : choice.action === 'set'
            ? choice.sentiment
            : undefined;
      return { id: comment.id, sentiment: { ...(sentiment ? { sentiment } : {}), inReview: false } };
    });
}

/**
 * The loaded list after a review landed, without asking the server again: the reviewed comments
 * take their new sentiment, and leave the list when it shows only comments in review (the
 * handled rows leave the in-review list, docs/product.md#sentiment-review); `meta.total` follows.
 * Comments the server left alone (conflicts) take the state it reported.
 */
export function applyReviews(
  pages: CommentPages,
  sent: readonly CommentReview[],
  result: ReviewResult,
  filter: ReviewFilter,
): CommentPages {
  const conflicts = new Map(result.conflicts.map((conflict) => [conflict.id, conflict]));
  // What each comment sent now is: the server's word for a conflict (null: gone), else what was asked.
  const changes = new Map<string, { sentiment?: Sentiment | undefined; inReview: boolean } | null>();
  for (const review of sent) {
    const conflict = conflicts.get(review.id);
    changes.set(review.id, conflict ? conflict.sentiment : review.sentiment);
  }
  let removed = 0;
  const next = pages.pages.map((page) => {
    const data: Comment[] = [];
    for (const comment of page.data) {
      if (!changes.has(comment.id)) {
        data.push(comment);
        continue;
      }
      const change = changes.get(comment.id);
      // Gone from the server, or no longer what the filter shows.
      if (!change || (filter.inReview !== undefined && change.inReview !== filter.inReview)) {
        removed += 1;
        continue;
      }
      data.push({
        ...comment,
        sentiment: { sentiment: change.sentiment ?? comment.sentiment.sentiment, inReview: change.inReview },
      });
    }
    return { ...page, data };
  });
  return {
    ...pages,
    pages: next.map((page) => ({ ...page, meta: { ...page.meta, total: Math.max(0, page.meta.total - removed) } })),
  };
}

/** The comments of the loaded pages, in order. */
export const loadedComments = (pages: CommentPages | undefined): Comment[] =>
  pages ? pages.pages.flatMap((page) => page.data) : [];
