import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';

/**
 * comment_days (docs/decisions/062) gains a row for each key (KEYS: channel, day, sentiment, in
 * review, top-level, the marks, replied) a statement changed; a count sums them. The fold makes one row of each such
 * set again, so a count reads one row a key, however busy the channel was since.
 */
export const FOLD_COMMENT_DAYS = 'fold-comment-days';

/** What a row of comment_days counts by (migrations 0022, 0023, 0025, 0026). */
const KEYS = sql.raw(
  'channel_id, day, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done',
);

/** How often the fold runs: a minute of a burst is a few thousand small rows at most. */
export const FOLD_EVERY_SECONDS = 60;

/**
 * Folds the rows of each key (KEYS) that has more than one into one (none where
 * they add up to nothing), in one statement; answers how many rows it folded. Rows a writer adds
 * meanwhile are not in this statement's snapshot and stay as they are; two folds at once each
 * fold only the rows they deleted. So a count is the same before, during and after.
 */
export async function foldCommentDays(db: Database): Promise<number> {
  const [row] = rowsOf<{ folded: number }>(
    await db.execute(sql`
      with many as (
        select ${KEYS} from comment_days group by ${KEYS} having count(*) > 1
      ),
      folded as (
        delete from comment_days as d using many as m
        where (d.channel_id, d.day, d.sentiment, d.in_review, d.top_level, d.is_bookmarked, d.is_hidden, d.replied_by_you, d.is_done)
            = (m.channel_id, m.day, m.sentiment, m.in_review, m.top_level, m.is_bookmarked, m.is_hidden, m.replied_by_you, m.is_done)
        returning d.*
      ),
      kept as (
        insert into comment_days (${KEYS}, comments)
        select ${KEYS}, sum(comments) from folded
        group by ${KEYS} having sum(comments) <> 0
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
