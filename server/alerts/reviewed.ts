import { and, eq, gt } from 'drizzle-orm';
import { comments } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { notifyNegativeComments, nowOf, tellGuessesConfirmed, type AlertDeps } from './notify';

/**
 * The job that tells owners of the comments a review labelled NEGATIVE (docs/product.md#alerts,
 * docs/decisions/110): one a review batch.
 */
export const TELL_REVIEWED_NEGATIVES = 'tell-reviewed-negatives';

/**
 * How long after a review its negatives are told: past the admin's offer to undo it (the
 * snackbar's 12 s, app/components/ui/snackbar-viewport.tsx), so a label taken back at once is
 * never mailed. The job reads the comments again when it runs: an undone review has left the
 * batch and tells nobody.
 */
export const REVIEWED_TOLD_AFTER_SECONDS = 20;

/**
 * How recent a comment must be for a review to tell of it: a complaint a reviewer finds within a
 * week of its arrival may still be answered while it matters; an older one is listed in the inbox,
 * negatives first, and is not news.
 */
export const REVIEWED_TOLD_WITHIN_DAYS = 7;

type ReviewedBatch = { batchId: string };

/** Queues the telling of review `batchId`'s negatives, once, after the undo offer has gone. */
export async function tellAfterReview(jobs: JobQueue, batchId: string): Promise<void> {
  await jobs.send<ReviewedBatch>(
    TELL_REVIEWED_NEGATIVES,
    { batchId },
    { singletonKey: batchId, startAfter: REVIEWED_TOLD_AFTER_SECONDS },
  );
}

/**
 * Tells the owners of the comments review `batchId` still holds as NEGATIVE (not undone, not
 * reopened) and published within REVIEWED_TOLD_WITHIN_DAYS, each as the negative comment it now
 * is, as `notifyNegativeComments` tells: only one still open in the inbox, and not one told already
 * (as probably negative when it arrived), since the alert's key is the comment and project; the
 * bells of those told so read their lists again (`tellGuessesConfirmed`).
 */
export async function notifyReviewedNegatives(deps: AlertDeps, batchId: string): Promise<number> {
  const reviewed = await deps.db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.reviewBatchId, batchId),
        eq(comments.inReview, false),
        eq(comments.sentiment, 'NEGATIVE'),
        gt(comments.publishedAt, new Date(nowOf(deps).getTime() - REVIEWED_TOLD_WITHIN_DAYS * 86_400_000)),
      ),
    );
  const ids = reviewed.map((row) => row.id);
  const told = await notifyNegativeComments(deps, ids, { reviewed: true });
  // Those told as probably negative when they arrived are a guess no more: their bells say so live.
  // An owner also told of a new one here hears twice; the bell reads its list once a second at most.
  await tellGuessesConfirmed(deps, ids);
  return told;
}

/** Registers the job: a failure is retried a few times, a minute apart. */
export function workReviewedNegatives(jobs: JobQueue, deps: AlertDeps): void {
  jobs.work<ReviewedBatch>(
    TELL_REVIEWED_NEGATIVES,
    async ({ batchId }) => {
      const told = await notifyReviewedNegatives(deps, batchId);
      if (told > 0) deps.log.info({ batchId, told }, 'negative comments told after a review');
    },
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 120 },
  );
}
