import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import * as inbox from '../../contract/inbox';
import type { InboxOrder, InboxState, Network } from '../../contract/inbox';
import type { Sentiment } from '../../contract/comments';
import { rowsOf, type Database } from '../db/client';
import { channels, comments, commentTotals, inboxFirst, projectChannels, projects } from '../db/schema';
import {
  channelColumns,
  commentDaysMatching,
  COMMENT_DAYS_FILTERS,
  containsWords,
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
  commentId?: string | undefined;
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
    filter.commentId ? eq(comments.id, filter.commentId) : undefined,
  );
}

const uuids = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;

/**
 * How many comments, across the channels, a count by words first reads on the order's indexes
 * (`countInbox`): enough to settle a word most comments have, and to tell how often the others
 * come.
 */
export const COUNT_FIRST_WALK = 4_000;

/**
 * How far, across the channels, a count by words may read on the order's indexes at most
 * (`countInbox`): enough to find more than COUNT_AT_MOST of a word one comment in forty has,
 * about 50 ms; a rarer word is counted on the trigram index.
 */
export const COUNT_WALK_BUDGET = 48_000;

/** The words' test as a value of each row read (never a condition the planner could index). */
const matchedBy = (condition: SQL | undefined) => (condition ? sql`coalesce((${condition}), false)` : sql`true`);

/** The order's key of a comment: its time in microseconds and its id, the tie-break. */
interface OrderKey {
  at: bigint;
  id: string;
}

/** Whether `a` comes before `b` in the inbox's order (newest first, ties by the greater id). */
const comesBefore = (a: OrderKey, b: OrderKey) => (a.at !== b.at ? a.at > b.at : a.id > b.id);

const keyOf = (packed: string): OrderKey => {
  const [at = '0', id = ''] = packed.split('|');
  return { at: BigInt(at), id };
};

/** A comment's order key as text (`micros|id`), for a walk's answer. */
const packedKey = sql`floor(extract(epoch from ${comments.publishedAt}) * 1000000)::bigint::text || '|' || ${comments.id}::text`;

/**
 * How many comments, across the channels, a page by words reads on each channel's order before
 * it asks the words' trigram index instead (`inboxPage`).
 */
export const WALK_BUDGET = 3_000;

/**
 * How far, across the channels, a page by words may read at most where the first walk found its
 * words too seldom to be sure (`walkedFurther`), about 25 ms; rarer words are asked of the
 * trigram index, whose cost grows with how many comments have them.
 */
export const WALK_MOST = 24_000;

type Part = { rank: 0 | 1; condition: SQL | undefined };

/**
 * A page of the inbox's ids, each with its rank in the order (0: a negative comment listed first,
 * or every comment newest first; 1: the others after them). Each channel is walked on its own
 * index (comments_channel_open_negative_idx, comments_channel_open_idx for the open ones) as far
 * as the page reaches, the negatives and the others apart, then merged: asked across the channels
 * at once, the planner would read and sort all of their comments (as a project's page:
 * server/comments/queries.ts `projectPageIds`).
 *
 * Filtered by words, no plan the planner picks by itself holds (docs/decisions/070): it walks the
 * whole table's order while it expects the words often, and a word it guessed common but that
 * never goes with the sentiment asked read two million comments for none (1.5 s); it matches the
 * trigrams when it expects the words seldom, and a word one comment in twenty has is then fifty
 * thousand read and sorted. So each part of the order is first walked on each channel for a
 * bounded number of comments (`walkBudget` across the channels), the words tested on what was
 * read, which finds a common word's page among the newest; a part whose walk cannot be sure of
 * its page is asked of the trigram index with its sentiment (comments_sentiment_message_trgm_idx),
 * as a match sorted, never a walk.
 */
export async function inboxPage(
  db: Database,
  channelIds: string[],
  filter: InboxFilter,
  {
    order,
    after,
    limit,
    offset,
    walkBudget = WALK_BUDGET,
    walkMost = WALK_MOST,
  }: {
    order: InboxOrder;
    after?: string | undefined;
    limit: number;
    offset: number;
    /** How far a page by words walks first (0: the trigram index at once). */
    walkBudget?: number;
    /** How far it may walk at most where the first walk found its words too seldom to be sure. */
    walkMost?: number;
  },
): Promise<Array<{ id: string; rank: 0 | 1 }>> {
  if (channelIds.length === 0) return [];
  const cursor = after ? inbox.parseInboxCursor(after) : undefined;
  const skip = cursor ? 0 : offset;
  const where = commentsOf(filter);
  const keysetOf = (rank: 0 | 1) =>
    cursor && cursor.rank === rank
      ? sql`(${comments.publishedAt}, ${comments.id}) < (${cursor.publishedAt}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
  // The cursor may be past a part altogether (its rank is after it): nothing of that part is left.
  const parts = (
    order === 'newest' || filter.sentiment
      ? [{ rank: 0, condition: undefined }]
      : [
          { rank: 0, condition: inboxFirst(comments) },
          { rank: 1, condition: sql`not ${inboxFirst(comments)}` },
        ]
  ).filter((part): part is Part => !(cursor && cursor.rank > part.rank));
  if (parts.length === 0) return [];

  if (filter.message || filter.authorName) {
    const rest = commentsOf({ ...filter, message: undefined, authorName: undefined });
    const words = containsWords({ message: filter.message, authorName: filter.authorName });
    const need = skip + limit;
    // Every part walked side by side; then the trigram index asked, side by side, for the parts
    // whose walk was not sure and that the parts before them do not already fill.
    const walked = await Promise.all(
      parts.map(({ rank, condition }) =>
        walkBudget > 0
          ? walkedFurther(db, channelIds, { rest: and(rest, condition, keysetOf(rank)), words }, need, {
              budget: walkBudget,
              most: walkMost,
            })
          : null,
      ),
    );
    let before = 0;
    const asked = parts.map((_, n) => {
      const needed = before < need;
      before += walked[n]?.length ?? 0;
      return needed;
    });
    const found = await Promise.all(
      parts.map(({ rank, condition }, n) =>
        !asked[n]
          ? []
          : (walked[n] ??
            matchedSorted(
              db,
              sql`select ${comments.id} as id from ${comments}
                where ${ofChannels(channelIds)} and ${and(where, condition, keysetOf(rank)) ?? sql`true`}
                order by ${comments.publishedAt} desc, ${comments.id} desc
                limit ${need}`,
            )),
      ),
    );
    return parts.flatMap(({ rank }, n) => found[n]!.map((id) => ({ id, rank }))).slice(skip, skip + limit);
  }

  /** One part of the order on one channel: its comments meeting `condition`, newest first, after the cursor. */
  const walk = ({ rank, condition }: Part, reach: number) =>
    sql`(select ${comments.id} as id, ${comments.publishedAt} as published_at, ${rank} as rank from ${comments}
      where ${comments.channelId} = followed.id and ${and(where, condition, keysetOf(rank)) ?? sql`true`}
      order by ${comments.publishedAt} desc nulls last, ${comments.id} desc nulls last
      limit ${reach})`;
  const pageOf = async (asked: Part[], pageLimit: number) =>
    rowsOf<{ id: string; rank: number }>(
      await db.execute(sql`
        select page.id, page.rank
        from unnest(${uuids(channelIds)}) as followed(id) cross join lateral (${sql.join(
          asked.map((part) => walk(part, skip + pageLimit)),
          sql` union all `,
        )}) as page
        order by page.rank, page.published_at desc, page.id desc
        limit ${pageLimit} offset ${skip}`),
    ).map((row) => ({ id: row.id, rank: Number(row.rank) === 1 ? (1 as const) : (0 as const) }));
  // A page by number (an offset) reads the parts together: where one ends depends on how many
  // the first has. From the start or a cursor, the negatives are read first, and the others only
  // where they do not fill the page: most first pages are all negatives, and each channel's others
  // would be read (25 a channel) for nothing.
  if (skip > 0) return pageOf(parts, limit);
  const page: Array<{ id: string; rank: 0 | 1 }> = [];
  for (const part of parts) {
    if (page.length >= limit) break;
    page.push(...(await pageOf([part], limit - page.length)));
  }
  return page;
}

/**
 * The channels' condition of a match by words, tested on what the words' index found rather than
 * asked of an index of its own (`is true`): the planner would otherwise read every comment of the
 * channels from comments_channel_open_idx to intersect with the words' few (40 ms at a million).
 */
const ofChannels = (channelIds: string[]) => sql`(${comments.channelId} = any(${uuids(channelIds)})) is true`;

/**
 * The ids a query by words finds as a match sorted: the words' trigram index (with the sentiment,
 * where it asks one) read and what it found sorted, never an index walked in its order (the plan
 * a wrong guess of how common the words are picks), nor the whole table read.
 */
async function matchedSorted(db: Database, query: SQL): Promise<string[]> {
  return asMatch(db, async (tx) => rowsOf<{ id: string }>(await tx.execute(query)).map((row) => row.id));
}

/**
 * Runs `ask` with the planner held to a match (a bitmap of what an index found, read and sorted):
 * no index walked in its order, no table read whole, for the statements of one transaction.
 */
function asMatch<T>(db: Database, ask: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    return ask(tx as unknown as Database);
  });
}

/**
 * `columns` of one channel's newest comments matching `rest`, at most `perChannel`, read on its
 * order's index: the part a walk reads of each channel (`followed.id`, the lateral's channel).
 */
const channelNewest = (columns: SQL, rest: SQL | undefined, perChannel: number) => sql`(
  select ${columns}
  from ${comments}
  where ${comments.channelId} = followed.id and ${rest ?? sql`true`}
  order by ${comments.publishedAt} desc nulls last, ${comments.id} desc nulls last
  limit ${perChannel}
) as read`;

/** How much more than the rate a walk found the words at says is needed a further walk reads. */
const FURTHER_MARGIN = 1.25;

/** How far a walk must read to find `need` matches, as often as the last walk found them. */
const furtherReach = ({ examined, matched }: { examined: number; matched: number }, need: number) =>
  Math.ceil(((examined * need) / matched) * FURTHER_MARGIN);

/**
 * The first `need` comments of one part by words, walked: each channel read newest first on its
 * index, at most its share of `budget`, the words tested on what was read. The answer is sure
 * only when nothing left unread could come before its last comment: every channel either read to
 * its end, or stopped at a comment older than that last one. Otherwise `null`: the caller asks
 * the trigram index.
 */
async function walkedPart(
  db: Database,
  channelIds: string[],
  { rest, words }: { rest: SQL | undefined; words: SQL | undefined },
  need: number,
  budget: number,
): Promise<{ ids: string[] | null; examined: number; matched: number }> {
  const perChannel = Math.ceil(budget / channelIds.length);
  const walked = rowsOf<{ examined: number; oldest: string | null; matched: string[] | null }>(
    await db.execute(sql`
      select walked.examined, walked.oldest, walked.matched
      from unnest(${uuids(channelIds)}) as followed(id)
      cross join lateral (
        select count(*)::int as examined,
               (array_agg(read.key order by read.published_at, read.id))[1] as oldest,
               (array_agg(read.key order by read.published_at desc, read.id desc) filter (where read.matched))[1:${need}] as matched
        from ${channelNewest(
          sql`${comments.publishedAt} as published_at, ${comments.id} as id, ${packedKey} as key,
              ${matchedBy(words)} as matched`,
          rest,
          perChannel,
        )}
      ) as walked`),
  );
  const found = walked
    .flatMap((channel) => (channel.matched ?? []).map(keyOf))
    .sort((a, b) => (comesBefore(a, b) ? -1 : comesBefore(b, a) ? 1 : 0));
  const examined = walked.reduce((sum, channel) => sum + Number(channel.examined), 0);
  const answer = (ids: string[] | null) => ({ ids, examined, matched: found.length });
  // The channels read only part of the way: a comment they did not read may match.
  const stopped = walked
    .filter((channel) => Number(channel.examined) >= perChannel && channel.oldest)
    .map((channel) => keyOf(channel.oldest!));
  if (found.length < need) return answer(stopped.length === 0 ? found.map((key) => key.id) : null);
  const last = found[need - 1]!;
  if (stopped.some((oldest) => !comesBefore(last, oldest))) return answer(null);
  return answer(found.slice(0, need).map((key) => key.id));
}

/**
 * One part by words, walked (`walkedPart`) from `budget` on, and further while, as often as the
 * last walk found the words, a walk within `most` would find the page (with a margin); `null`
 * when no walk is sure, words it never found among them.
 */
async function walkedFurther(
  db: Database,
  channelIds: string[],
  asked: { rest: SQL | undefined; words: SQL | undefined },
  need: number,
  { budget, most }: { budget: number; most: number },
): Promise<string[] | null> {
  for (let reach = budget; ;) {
    const walked = await walkedPart(db, channelIds, asked, need, reach);
    if (walked.ids || walked.matched === 0) return walked.ids;
    // Found enough but not sure (a channel stopped among them): read twice as far.
    const further = walked.matched >= need ? reach * 2 : furtherReach(walked, need);
    if (further > most || further <= reach) return null;
    reach = further;
  }
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
 * comments change (comment_totals, keyed also by done: migrations 0026, 0035) unless it filters by words,
 * which are counted on the comments up to COUNT_AT_MOST (`atLeast` past it): first on each
 * channel's newest, a few thousand read on its order's index (`firstWalk`), which settles a word
 * most comments have and tells how often the others come; read further (at most `walkBudget`)
 * where that is enough to find more than COUNT_AT_MOST; else, a rarer word, on the words' trigram
 * index (`countUpTo`), quick when few match. The trigram index reads every comment that has the
 * words' trigrams, so a common word costs it a second at a million comments: never asked first.
 */
export async function countInbox(
  db: Database,
  channelIds: string[],
  filter: InboxFilter,
  {
    walkBudget = COUNT_WALK_BUDGET,
    firstWalk = COUNT_FIRST_WALK,
  }: {
    /** How far a count by words may read on each channel's order at most (0: the trigram index at once). */
    walkBudget?: number;
    /** How far it reads first, to settle a common word and tell how often the words come. */
    firstWalk?: number;
  } = {},
): Promise<{ total: number; atLeast: boolean }> {
  if (channelIds.length === 0) return { total: 0, atLeast: false };
  // One comment (a notification's link): its row, found by its key; the kept counts know no ids.
  if (filter.commentId) return countUpTo(db, and(inArray(comments.channelId, channelIds), commentsOf(filter)));
  const { message, authorName, sentiment, repliedByYou, isBookmarked, isHidden } = filter;
  const asked: CommentFilter = { message, authorName, sentiment, repliedByYou, isBookmarked, isHidden };
  if (keptByCommentDays(asked, [...COMMENT_DAYS_FILTERS])) {
    // Each channel's rows on its index (comment_totals_channel_idx): a few dozen a channel,
    // however many channels the database holds besides.
    const [row] = rowsOf<{ total: number }>(
      await db.execute(sql`
        select cast(coalesce(sum(counted.comments), 0) as integer) as total
        from unnest(${uuids(channelIds)}) as followed(id)
        cross join lateral (
          select sum(${commentTotals.comments}) as comments from ${commentTotals}
          where ${and(
            sql`${commentTotals.channelId} = followed.id`,
            eq(commentTotals.topLevel, true),
            eq(commentTotals.isDone, filter.state === 'done'),
            commentDaysMatching(asked, commentTotals),
          )}
        ) as counted`),
    );
    return { total: Number(row?.total ?? 0), atLeast: false };
  }
  if ((message || authorName) && walkBudget > 0) {
    const words = containsWords({ message, authorName });
    const rest = commentsOf({ ...filter, message: undefined, authorName: undefined });
    // Read further while, as often as the last walk found the words, a walk the budget allows
    // would find more than COUNT_AT_MOST (with a margin); words it never found go to the index.
    for (let reach = Math.min(firstWalk, walkBudget); ;) {
      const walked = await countWalked(db, channelIds, { words, rest }, reach);
      if (walked.matched > COUNT_AT_MOST) return { total: COUNT_AT_MOST, atLeast: true };
      if (walked.ended) return { total: walked.matched, atLeast: false };
      if (walked.matched === 0) break;
      const further = furtherReach(walked, COUNT_AT_MOST + 1);
      if (further > walkBudget || further <= reach) break;
      // Most often it is there: read as far as it takes to find one more than COUNT_AT_MOST,
      // and no further. Where it is not, the walk to `further` says how often they came.
      if (await countReaches(db, channelIds, { words, rest }, further)) return { total: COUNT_AT_MOST, atLeast: true };
      reach = further;
    }
    // Then as a match (`matchedSorted`): what the planner would walk for is not there.
    return asMatch(db, (tx) => countUpTo(tx, and(ofChannels(channelIds), commentsOf(filter))));
  }
  return countUpTo(db, and(inArray(comments.channelId, channelIds), commentsOf(filter)));
}

/**
 * Whether more than COUNT_AT_MOST of the channels' newest, at most each channel's share of
 * `budget`, match the words: read a channel after another and stopped at the match past it, so a
 * common word costs what it takes to find that many, not the whole budget.
 */
async function countReaches(
  db: Database,
  channelIds: string[],
  { words, rest }: { words: SQL | undefined; rest: SQL | undefined },
  budget: number,
): Promise<boolean> {
  const perChannel = Math.ceil(budget / channelIds.length);
  const [row] = rowsOf<{ found: number }>(
    await db.execute(sql`
      select count(*)::int as found from (
        select 1 from unnest(${uuids(channelIds)}) as followed(id)
        cross join lateral ${channelNewest(sql`${matchedBy(words)} as matched`, rest, perChannel)}
        where read.matched
        limit ${COUNT_AT_MOST + 1}
      ) as reached`),
  );
  return Number(row?.found ?? 0) > COUNT_AT_MOST;
}

/**
 * A count by words on each channel's newest, read on its order's index, at most its share of
 * `budget`: how many were read, how many matched, and whether every channel was read to its end
 * (then the count is exact).
 */
async function countWalked(
  db: Database,
  channelIds: string[],
  { words, rest }: { words: SQL | undefined; rest: SQL | undefined },
  budget: number,
): Promise<{ examined: number; matched: number; ended: boolean }> {
  const perChannel = Math.ceil(budget / channelIds.length);
  const walked = rowsOf<{ examined: number; matched: number }>(
    await db.execute(sql`
      select walked.examined, walked.matched
      from unnest(${uuids(channelIds)}) as followed(id)
      cross join lateral (
        select count(*)::int as examined, (count(*) filter (where read.matched))::int as matched
        from ${channelNewest(sql`${matchedBy(words)} as matched`, rest, perChannel)}
      ) as walked`),
  );
  return {
    examined: walked.reduce((sum, channel) => sum + Number(channel.examined), 0),
    matched: walked.reduce((sum, channel) => sum + Number(channel.matched), 0),
    ended: walked.every((channel) => Number(channel.examined) < perChannel),
  };
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
