import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';

/**
 * comment_days (docs/decisions/062) gains a row for each key (DAY_KEYS: channel, day, sentiment,
 * in review, top-level, the marks, replied) a statement changed, and comment_totals one for the
 * same but the day (decision 071); a count sums them. The fold makes one row of each such set
 * again, so a count reads one row a key, however busy the channel was since.
 */
export const FOLD_COMMENT_DAYS = 'fold-comment-days';

/** What a row of comment_days counts by (migrations 0022, 0023, 0025, 0026). */
const DAY_KEYS = [
  'channel_id',
  'day',
  'sentiment',
  'in_review',
  'top_level',
  'is_bookmarked',
  'is_hidden',
  'replied_by_you',
  'is_done',
];

/** comment_totals's: the same but the day (migration 0035, docs/decisions/071). */
const TOTAL_KEYS = DAY_KEYS.filter((key) => key !== 'day');

/** How often the fold runs: a minute of a burst is a few thousand small rows at most. */
export const FOLD_EVERY_SECONDS = 60;

/**
 * Folds the rows of each key that has more than one into one (none where they add up to
 * nothing), in comment_days and comment_totals, one statement each; answers how many rows it
 * folded. Rows a writer adds meanwhile are not in the statement's snapshot and stay as they are;
 * two folds at once each fold only the rows they deleted. So a count is the same before, during
 * and after.
 *
 * A channel being deleted is left for the next fold: the fold holds each channel it folds
 * (`for key share`) and skips one another transaction holds to delete it. That deletion takes its
 * rows here with it, in its own order; a fold that waited on one of them while holding another
 * channel's rows that the same deletion then reached was a deadlock, and PostgreSQL ended one of
 * the two (the deletion of a user, say; docs/decisions/075).
 */
export async function foldCommentDays(db: Database): Promise<number> {
  let folded = 0;
  for (const [table, names] of [
    ['comment_days', DAY_KEYS],
    ['comment_totals', TOTAL_KEYS],
  ] as const) {
    const keys = sql.raw(names.join(', '));
    const of = (alias: string) => sql.raw(names.map((name) => `${alias}.${name}`).join(', '));
    const [row] = rowsOf<{ folded: number }>(
      await db.execute(sql`
        with many as (
          select ${keys} from ${sql.raw(table)} group by ${keys} having count(*) > 1
        ),
        held as (
          select id from channels where id in (select channel_id from many) for key share skip locked
        ),
        folded as (
          delete from ${sql.raw(table)} as d using many as m
          where (${of('d')}) = (${of('m')}) and d.channel_id in (select id from held)
          returning d.*
        ),
        kept as (
          insert into ${sql.raw(table)} (${keys}, comments)
          select ${keys}, sum(comments) from folded
          group by ${keys} having sum(comments) <> 0
        )
        select cast(count(*) as integer) as folded from folded`),
    );
    folded += Number(row?.folded ?? 0);
  }
  return folded;
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
