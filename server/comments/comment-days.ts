import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';

/**
 * comment_days (docs/decisions/062) gains a row for each channel, day, sentiment, being in review
 * and being top-level a statement changed; a count sums them. The fold makes one row of each such
 * set again, so a count reads one row a key, however busy the channel was since.
 */
export const FOLD_COMMENT_DAYS = 'fold-comment-days';

/** How often the fold runs: a minute of a burst is a few thousand small rows at most. */
export const FOLD_EVERY_SECONDS = 60;

/**
 * Folds the rows of each key (channel, day, sentiment, in review, top-level) that has more than one into one (none where
 * they add up to nothing), in one statement; answers how many rows it folded. Rows a writer adds
 * meanwhile are not in this statement's snapshot and stay as they are; two folds at once each
 * fold only the rows they deleted. So a count is the same before, during and after.
 */
export async function foldCommentDays(db: Database): Promise<number> {
  const [row] = rowsOf<{ folded: number }>(
    await db.execute(sql`
      with many as (
        select channel_id, day, sentiment, in_review, top_level from comment_days
        group by 1, 2, 3, 4, 5 having count(*) > 1
      ),
      folded as (
        delete from comment_days as d using many as m
        where d.channel_id = m.channel_id and d.day = m.day and d.sentiment = m.sentiment
          and d.in_review = m.in_review and d.top_level = m.top_level
        returning d.channel_id, d.day, d.sentiment, d.in_review, d.top_level, d.comments
      ),
      kept as (
        insert into comment_days (channel_id, day, sentiment, in_review, top_level, comments)
        select channel_id, day, sentiment, in_review, top_level, sum(comments) from folded
        group by 1, 2, 3, 4, 5 having sum(comments) <> 0
      )
      select cast(count(*) as integer) as folded from folded`),
  );
  return Number(row?.folded ?? 0);
}

/** Registers the fold: one at a time across instances, each run queuing the next. */
export function workCommentDaysFold(jobs: JobQueue, db: Database): void {
  jobs.work(
    FOLD_COMMENT_DAYS,
    async () => {
      await foldCommentDays(db);
      await scheduleCommentDaysFold(jobs, FOLD_EVERY_SECONDS);
    },
    { policy: 'stately', retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 120 },
  );
}

/** Queues the fold, unless one is already waiting (the server calls it at start). */
export async function scheduleCommentDaysFold(jobs: JobQueue, afterSeconds = 0): Promise<void> {
  await jobs.send(
    FOLD_COMMENT_DAYS,
    {},
    { singletonKey: 'fold', ...(afterSeconds > 0 ? { startAfter: afterSeconds } : {}) },
  );
}
