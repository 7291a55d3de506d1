import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import * as inbox from '../../contract/inbox';
import type { InboxOrder, InboxState, Network } from '../../contract/inbox';
import type { Sentiment } from '../../contract/comments';
import { rowsOf, type Database } from '../db/client';
import { channels, commentDays, comments, projectChannels, projects } from '../db/schema';
import {
  channelColumns,
  commentDaysMatching,
  COMMENT_DAYS_FILTERS,
  COUNT_AT_MOST,
  countUpTo,
  CountChanged,
  keptByCommentDays,
  matching,
  type CommentFilter,
} from '../comments/queries';

/** The inbox's filters (contract/inbox.ts inboxFilterShape), parsed. */
export interface InboxFilter {
  projectId?: string | undefined;
  channelId?: string | undefined;
  network?: Network | undefined;
  sentiment?: Sentiment | undefined;
  state?: InboxState | undefined;
  repliedByYou?: boolean | undefined;
  isBookmarked?: boolean | undefined;
  isHidden?: boolean | undefined;
  message?: string | undefined;
  authorName?: string | undefined;
}

/**
 * The channels of `userId`'s inbox that `filter` keeps: theirs, followed by at least one of their
 * projects (that one, with `projectId`), of the network and the channel asked for. A few rows;
 * every other question of the inbox is asked of these channels, one at a time where it lists.
 */
export async function inboxChannelIds(db: Database, userId: string, filter: InboxFilter = {}): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: channels.id })
    .from(channels)
    .innerJoin(projectChannels, eq(projectChannels.channelId, channels.id))
    .innerJoin(projects, eq(projects.id, projectChannels.projectId))
    .where(
      and(
        eq(channels.ownerId, userId),
        eq(projects.ownerId, userId),
        filter.projectId ? eq(projectChannels.projectId, filter.projectId) : undefined,
        filter.channelId ? eq(channels.id, filter.channelId) : undefined,
        filter.network ? inArray(channels.kind, inbox.NETWORK_KINDS[filter.network]) : undefined,
      ),
    );
  return rows.map((row) => row.id);
}

/** What the inbox lists of a channel: its top-level comments matching the filters, open or done. */
function commentsOf(filter: InboxFilter): SQL | undefined {
  const { message, authorName, sentiment, repliedByYou, isBookmarked, isHidden } = filter;
  return and(
    matching({ message, authorName, sentiment, repliedByYou, isBookmarked, isHidden, topLevel: true }),
    filter.state === 'done' ? isNotNull(comments.doneAt) : isNull(comments.doneAt),
  );
}

const uuids = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;

/**
 * How many comments, across the channels, a count by words reads on the order's indexes before it
 * asks the words' trigram index instead (`countInbox`): enough to find more than COUNT_AT_MOST of
 * a word one comment in twenty has.
 */
export const COUNT_WALK_BUDGET = 24_000;

/** The words' test as a value of each row read (never a condition the planner could index). */
const words = (condition: SQL | undefined) => (condition ? sql`coalesce((${condition}), false)` : sql`true`);

/**
 * A page of the inbox's ids, each with its rank in the order (0: a negative comment listed first,
 * or every comment newest first; 1: the others after them). Each channel is walked on its own
 * index (comments_channel_open_negative_idx, comments_channel_open_idx for the open ones) as far
 * as the page reaches, the negatives and the others apart, then merged: asked across the channels
 * at once, the planner would read and sort all of their comments (as a project's page:
 * server/comments/queries.ts `projectPageIds`). Filtered by words, it is asked once across the
 * channels instead: the words' trigram match covers the whole table, and walked channel by channel
 * it was built again for each one (400 channels: 7 s and more for a common word, measured by
 * `npm run bench -- --scale`), where once it is one match and a sort of what it found.
 */
export async function inboxPage(
  db: Database,
  channelIds: string[],
  filter: InboxFilter,
  { order, after, limit, offset }: { order: InboxOrder; after?: string | undefined; limit: number; offset: number },
): Promise<Array<{ id: string; rank: 0 | 1 }>> {
  if (channelIds.length === 0) return [];
  const cursor = after ? inbox.parseInboxCursor(after) : undefined;
  const skip = cursor ? 0 : offset;
  const where = commentsOf(filter);
  const before = (from: { publishedAt: string; id: string }) =>
    sql`(${comments.publishedAt}, ${comments.id}) < (${from.publishedAt}::timestamptz, ${from.id}::uuid)`;
  const byWords = Boolean(filter.message || filter.authorName);
  const onChannels = byWords
    ? sql`${comments.channelId} = any(${uuids(channelIds)})`
    : sql`${comments.channelId} = followed.id`;
  /** One part of the order (on one channel, or on them all by words): its comments meeting `condition`, newest first, after the cursor. */
  const part = (rank: 0 | 1, condition: SQL | undefined) => {
    // The cursor is past this part altogether (its rank is after it): nothing of it is left.
    if (cursor && cursor.rank > rank) return undefined;
    const keyset = cursor && cursor.rank === rank ? before(cursor) : undefined;
    return sql`(select ${comments.id} as id, ${comments.publishedAt} as published_at, ${rank} as rank from ${comments}
      where ${onChannels} and ${and(where, condition, keyset) ?? sql`true`}
      order by ${comments.publishedAt} desc nulls last, ${comments.id} desc nulls last
      limit ${skip + limit})`;
  };
  const parts =
    order === 'newest' || filter.sentiment
      ? [part(0, undefined)]
      : [part(0, eq(comments.sentiment, 'NEGATIVE')), part(1, sql`${comments.sentiment} <> 'NEGATIVE'`)];
  const walked = parts.filter((each): each is SQL => each !== undefined);
  if (walked.length === 0) return [];
  const rows = rowsOf<{ id: string; rank: number }>(
    await db.execute(sql`
      select page.id, page.rank from ${
        byWords
          ? sql`(${sql.join(walked, sql` union all `)}) as page`
          : sql`unnest(${uuids(channelIds)}) as followed(id) cross join lateral (${sql.join(walked, sql` union all `)}) as page`
      }
      order by page.rank, page.published_at desc, page.id desc
      limit ${limit} offset ${skip}`),
  );
  return rows.map((row) => ({ id: row.id, rank: Number(row.rank) === 1 ? 1 : 0 }));
}

/** The inbox's rows by id, with their channels, in the order of `ids`. */
export async function inboxRows(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ comment: comments, channel: channelColumns })
    .from(comments)
    .innerJoin(channels, eq(channels.id, comments.channelId))
    .where(inArray(comments.id, ids));
  const byId = new Map(rows.map((row) => [row.comment.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * How many of the inbox's comments on `channelIds` match `filter`: from the counts kept as
 * comments change (comment_days, keyed also by done: migration 0026) unless it filters by words,
 * which are counted on the comments up to COUNT_AT_MOST (`atLeast` past it): first on each
 * channel's newest, read on its order's index for a bounded number (`walkBudget`), which finds a
 * common word more than COUNT_AT_MOST times, or every match of a channel read to its end; else,
 * a rarer word, on the words' trigram index (`countUpTo`), quick when few match.
 */
export async function countInbox(
  db: Database,
  channelIds: string[],
  filter: InboxFilter,
  { walkBudget = COUNT_WALK_BUDGET }: { walkBudget?: number } = {},
): Promise<{ total: number; atLeast: boolean }> {
  if (channelIds.length === 0) return { total: 0, atLeast: false };
  const { message, authorName, sentiment, repliedByYou, isBookmarked, isHidden } = filter;
  const asked: CommentFilter = { message, authorName, sentiment, repliedByYou, isBookmarked, isHidden };
  if (keptByCommentDays(asked, [...COMMENT_DAYS_FILTERS])) {
    const [row] = await db
      .select({ total: sql<number>`cast(coalesce(sum(${commentDays.comments}), 0) as integer)`.mapWith(Number) })
      .from(commentDays)
      .where(
        and(
          inArray(commentDays.channelId, channelIds),
          eq(commentDays.topLevel, true),
          eq(commentDays.isDone, filter.state === 'done'),
          commentDaysMatching(asked),
        ),
      );
    return { total: row?.total ?? 0, atLeast: false };
  }
  if ((message || authorName) && walkBudget > 0) {
    const perChannel = Math.ceil(walkBudget / channelIds.length);
    const walked = rowsOf<{ examined: number; matched: number }>(
      await db.execute(sql`
        select walked.examined, walked.matched
        from unnest(${uuids(channelIds)}) as followed(id)
        cross join lateral (
          select count(*)::int as examined, (count(*) filter (where read.matched))::int as matched
          from (
            select ${words(matching({ message, authorName }))} as matched
            from ${comments}
            where ${comments.channelId} = followed.id
              and ${commentsOf({ ...filter, message: undefined, authorName: undefined }) ?? sql`true`}
            order by ${comments.publishedAt} desc nulls last, ${comments.id} desc nulls last
            limit ${perChannel}
          ) as read
        ) as walked`),
    );
    const total = walked.reduce((sum, channel) => sum + Number(channel.matched), 0);
    if (total > COUNT_AT_MOST) return { total: COUNT_AT_MOST, atLeast: true };
    if (walked.every((channel) => Number(channel.examined) < perChannel)) return { total, atLeast: false };
  }
  return countUpTo(db, and(inArray(comments.channelId, channelIds), commentsOf(filter)));
}

/**
 * Marks `ids` done (or open again) where they are top-level comments of `channelIds` not so
 * already; answers how many changed. A done one names `batchId`, what its undo names.
 */
export async function markDone(
  db: Database,
  channelIds: string[],
  ids: string[],
  done: boolean,
  { batchId, now }: { batchId: string; now: Date },
): Promise<number> {
  if (channelIds.length === 0) return 0;
  const changed = await db
    .update(comments)
    .set(done ? { doneAt: now, doneBatchId: batchId } : { doneAt: null, doneBatchId: null })
    .where(
      and(
        inArray(comments.id, ids),
        inArray(comments.channelId, channelIds),
        isNull(comments.parentId),
        done ? isNull(comments.doneAt) : isNotNull(comments.doneAt),
      ),
    )
    .returning({ id: comments.id });
  return changed.length;
}

/**
 * "Done for all matching": every open comment of `channelIds` matching `filter`, in one
 * statement; more than `expectedTotal` rolls it back (CountChanged), so no more than was
 * confirmed ever changes.
 */
export async function markMatchingDone(
  db: Database,
  channelIds: string[],
  filter: InboxFilter,
  expectedTotal: number,
  { batchId, now }: { batchId: string; now: Date },
): Promise<number> {
  if (channelIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(comments)
      .set({ doneAt: now, doneBatchId: batchId })
      .where(and(inArray(comments.channelId, channelIds), commentsOf({ ...filter, state: 'open' })))
      .returning({ id: comments.id });
    if (changed.length > expectedTotal) throw new CountChanged(changed.length);
    return changed.length;
  });
}

/** Undo: the batch's comments on `userId`'s channels, still done, open again; undefined when none. */
export async function undoDone(db: Database, userId: string, batchId: string): Promise<number | undefined> {
  const changed = await db
    .update(comments)
    .set({ doneAt: null, doneBatchId: null })
    .where(
      and(
        eq(comments.doneBatchId, batchId),
        isNotNull(comments.doneAt),
        sql`${comments.channelId} in (select ${channels.id} from ${channels} where ${channels.ownerId} = ${userId}::uuid)`,
      ),
    )
    .returning({ id: comments.id });
  return changed.length > 0 ? changed.length : undefined;
}

/** A reply from the app answers a comment: it is done (docs/product.md#inbox), unless it was already. */
export async function markDoneByReply(db: Database, commentId: string, now: Date): Promise<boolean> {
  const changed = await db
    .update(comments)
    .set({ doneAt: now, doneBatchId: null })
    .where(and(eq(comments.id, commentId), isNull(comments.doneAt), isNull(comments.parentId)))
    .returning({ id: comments.id });
  return changed.length > 0;
}
