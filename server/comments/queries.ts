import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import * as commentsContract from '../../contract/comments';
import { SENTIMENTS, type ReviewAction, type Sentiment } from '../../contract/comments';
import { rowsOf, type Database } from '../db/client';
import { channels, commentDays, comments, commentTotals, projectChannels } from '../db/schema';

/** What a comment shows of its channel; whether it was connected through an account says if it can reply. */
export const channelColumns = {
  id: channels.id,
  kind: channels.kind,
  name: channels.name,
  accountId: channels.accountId,
  externalId: channels.externalId,
};

/** The review list's filters (contract/comments.ts commentFilterShape), parsed. */
export interface CommentFilter {
  message?: string | undefined;
  authorName?: string | undefined;
  sentiment?: Sentiment | undefined;
  inReview?: boolean | undefined;
  isBookmarked?: boolean | undefined;
  isHidden?: boolean | undefined;
  repliedByYou?: boolean | undefined;
  /** A project's comments: those on the channels it follows. */
  projectId?: string | undefined;
  channelId?: string | undefined;
  /** Top-level comments only (their replies come with them). */
  topLevel?: boolean | undefined;
}

/** `%`, `_` and the escape itself match literally in a LIKE pattern once escaped. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A substring of a folded column (migration 0007), ignoring case and accents; the trigram index answers it. */
const contains = (column: typeof comments.authorSearch, text: string) =>
  sql`${column} like '%' || search_fold(${likeLiteral(text)}) || '%'`;

/**
 * How much of a message its trigram index holds (server/db/schema.ts
 * `comments_sentiment_message_trgm_idx`): a comment found there, or among the longer ones
 * (`comments_long_message_idx`, the longer ones only), is then checked in full. A match across the boundary is a longer
 * comment, so nothing is missed.
 */
const MESSAGE_HEAD = 500;
const messageContains = (text: string) => {
  const pattern = sql`'%' || search_fold(${likeLiteral(text)}) || '%'`;
  return sql`(left(${comments.messageSearch}, ${sql.raw(String(MESSAGE_HEAD))}) like ${pattern} or length(${comments.messageSearch}) > ${sql.raw(String(MESSAGE_HEAD))}) and ${comments.messageSearch} like ${pattern}`;
};

/**
 * The words of `filter` (message, author) as a test of a row already read, not a condition for
 * an index: the same substring as `matching`'s, found with `strpos` on the folded text. Reading a
 * channel's newest comments and testing each (server/inbox/queries.ts), the test was most of the
 * cost: 25,000 rows read in 6 ms, tested the index's way in 26 ms more, this way in 12.
 */
export function containsWords({ message, authorName }: Pick<CommentFilter, 'message' | 'authorName'>): SQL | undefined {
  return and(
    message ? sql`strpos(${comments.messageSearch}, search_fold(${message})) > 0` : undefined,
    authorName ? sql`strpos(${comments.authorSearch}, search_fold(${authorName})) > 0` : undefined,
  );
}

/** The comments `filter` asks for, as a condition on `comments` (the inbox adds its own scope). */
export function matching(filter: CommentFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    filter.message ? messageContains(filter.message) : undefined,
    filter.authorName ? contains(comments.authorSearch, filter.authorName) : undefined,
    filter.sentiment ? eq(comments.sentiment, filter.sentiment) : undefined,
    filter.inReview === undefined ? undefined : eq(comments.inReview, filter.inReview),
    filter.isBookmarked === undefined ? undefined : eq(comments.isBookmarked, filter.isBookmarked),
    filter.isHidden === undefined ? undefined : eq(comments.isHidden, filter.isHidden),
    filter.repliedByYou === undefined
      ? undefined
      : filter.repliedByYou
        ? sql`${comments.channelReplyCount} > 0`
        : sql`${comments.channelReplyCount} = 0`,
    filter.projectId
      ? sql`${comments.channelId} in (select ${projectChannels.channelId} from ${projectChannels} where ${projectChannels.projectId} = ${filter.projectId}::uuid)`
      : undefined,
    filter.channelId ? eq(comments.channelId, filter.channelId) : undefined,
    filter.topLevel ? isNull(comments.parentId) : undefined,
  ];
  return and(...conditions);
}

/**
 * Where counting the comments themselves stops (a filter by words, an author or a mark, which
 * comment_days does not hold): past it, the answer says "at least". On two million comments, an
 * author one comment in thirteen has: a thousand counted in about 20 ms, ten thousand in 45 to
 * 390 ms, all eighty thousand in 850 ms.
 */
export const COUNT_AT_MOST = 1_000;

/**
 * How many comments match `filter`: from the counts kept as comments change (comment_days) when
 * it asks only what they hold (in review or not, a sentiment, a channel, top-level), a few rows a
 * channel and day, exact; otherwise by counting the comments up to COUNT_AT_MOST (`atLeast` when
 * more match).
 */
export async function countComments(db: Database, filter: CommentFilter): Promise<{ total: number; atLeast: boolean }> {
  if (keptByCommentDays(filter, [...COMMENT_DAYS_FILTERS, 'inReview', 'topLevel'])) {
    // Every day: comment_totals, a few rows a channel (docs/decisions/071).
    const [row] = await db
      .select({ total: sql<number>`cast(coalesce(sum(${commentTotals.comments}), 0) as integer)`.mapWith(Number) })
      .from(commentTotals)
      .where(
        and(
          commentDaysMatching(filter, commentTotals),
          filter.inReview === undefined ? undefined : eq(commentTotals.inReview, filter.inReview),
          filter.topLevel ? eq(commentTotals.topLevel, true) : undefined,
        ),
      );
    return { total: row?.total ?? 0, atLeast: false };
  }
  return countUpTo(db, matching(filter));
}

/** The comments `where` finds, counted up to COUNT_AT_MOST (`atLeast` when more match). */
export async function countUpTo(db: Database, where: SQL | undefined): Promise<{ total: number; atLeast: boolean }> {
  const matched = db
    .select({ one: sql`1` })
    .from(comments)
    .where(where)
    .limit(COUNT_AT_MOST + 1)
    .as('matched');
  const [{ total }] = await db.select({ total: count() }).from(matched);
  return total > COUNT_AT_MOST ? { total: COUNT_AT_MOST, atLeast: true } : { total, atLeast: false };
}

export type Order = 'publishedAt:-1' | 'publishedAt:1';

/**
 * A page of comments with their channel: newest first (or oldest), ties by id, so the keyset
 * `(published_at, id)` orders every row. `after` continues after that row; otherwise `offset`.
 * The order is written as the indexes are (`desc nulls last`), so the planner walks
 * comments_in_review_published_idx (in review) or comments_published_idx instead of sorting. The
 * page's ids come first, then its rows: a project's channel by channel (`projectPageIds`), the
 * others' in one walk (`pageIds`).
 */
export async function listComments(
  db: Database,
  filter: CommentFilter,
  { order, after, limit, offset }: { order: Order; after?: string | undefined; limit: number; offset: number },
) {
  const descending = order === 'publishedAt:-1';
  // The route's schema has refused a malformed cursor (422); one that does not parse here reads from the start.
  const cursor = after ? commentsContract.parseCommentsCursor(after) : undefined;
  const keyset = cursor
    ? descending
      ? sql`(${comments.publishedAt}, ${comments.id}) < (${cursor.publishedAt}::timestamptz, ${cursor.id}::uuid)`
      : sql`(${comments.publishedAt}, ${comments.id}) > (${cursor.publishedAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const direction = descending ? sql`desc nulls last` : sql`asc nulls first`;
  const skip = cursor ? 0 : offset;
  const page = { direction, limit, offset: skip };
  const ids = filter.projectId
    ? await projectPageIds(db, filter.projectId, and(matching({ ...filter, projectId: undefined }), keyset), page)
    : await pageIds(db, and(matching(filter), keyset), page);
  if (ids.length === 0) return [];
  return db
    .select({ comment: comments, channel: channelColumns })
    .from(comments)
    .innerJoin(channels, eq(channels.id, comments.channelId))
    .where(inArray(comments.id, ids))
    .orderBy(sql`${comments.publishedAt} ${direction}`, sql`${comments.id} ${direction}`);
}

/**
 * The ids of a page across every channel (the review), in the list's order. Asked for the ids
 * alone, the review by author reads comments_in_review_published_idx only, the author being in
 * the index: walking past a hundred thousand newer comments of other authors took 163 ms through
 * the rows and 8 ms through the index alone (docs/decisions/074).
 */
async function pageIds(
  db: Database,
  where: SQL | undefined,
  { direction, limit, offset }: { direction: SQL; limit: number; offset: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: comments.id })
    .from(comments)
    .where(where)
    .orderBy(sql`${comments.publishedAt} ${direction}`, sql`${comments.id} ${direction}`)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

/**
 * The ids of a project's page: each channel it follows walked in the list's order on its own
 * index (comments_channel_published_idx) as far as the page reaches, then merged. Asked across
 * the channels at once, the planner reads and sorts every comment of them (two seconds for page
 * 200 of a channel with a million comments, against 36 ms so).
 */
async function projectPageIds(
  db: Database,
  projectId: string,
  where: SQL | undefined,
  { direction, limit, offset }: { direction: SQL; limit: number; offset: number },
): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select page.id from project_channels as followed
      cross join lateral (
        select ${comments.id} as id, ${comments.publishedAt} as published_at from ${comments}
        where ${comments.channelId} = followed.channel_id ${where ? sql`and ${where}` : sql``}
        order by ${comments.publishedAt} ${direction}, ${comments.id} ${direction}
        limit ${offset + limit}
      ) as page
      where followed.project_id = ${projectId}::uuid
      order by page.published_at ${direction}, page.id ${direction}
      limit ${limit} offset ${offset}`),
  );
  return rows.map((row) => row.id);
}

export type CommentWithChannel = Awaited<ReturnType<typeof listComments>>[number];

/** The replies to `parentIds`, oldest first: what a project's list shows under each comment. */
export function repliesTo(db: Database, parentIds: string[]) {
  if (parentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ comment: comments, channel: channelColumns })
    .from(comments)
    .innerJoin(channels, eq(channels.id, comments.channelId))
    .where(inArray(comments.parentId, parentIds))
    .orderBy(asc(comments.publishedAt), asc(comments.id));
}

/** One comment of a project (on a channel it follows), with its channel; undefined otherwise. */
export async function findProjectComment(
  db: Database,
  projectId: string,
  commentId: string,
): Promise<CommentWithChannel | undefined> {
  const [row] = await db
    .select({ comment: comments, channel: channelColumns })
    .from(comments)
    .innerJoin(channels, eq(channels.id, comments.channelId))
    .where(and(eq(comments.id, commentId), matching({ projectId })))
    .limit(1);
  return row;
}

/** The owner's marks on a comment. */
export async function markComment(
  db: Database,
  commentId: string,
  marks: { isBookmarked?: boolean | undefined; isHidden?: boolean | undefined },
): Promise<void> {
  const set = Object.fromEntries(Object.entries(marks).filter(([, value]) => value !== undefined));
  await db.update(comments).set(set).where(eq(comments.id, commentId));
}

/** No comment of any sentiment: where every count starts. */
const noCounts = () => Object.fromEntries(SENTIMENTS.map((each) => [each, 0])) as Record<Sentiment, number>;

/**
 * What "a project's comments" are, wherever they are listed or counted
 * (docs/decisions/052-one-count-of-a-projects-comments.md): the top-level comments on the
 * channels the project follows, whoever wrote them. A reply shows under its comment and is never
 * counted, so the list's total, the chart, the project's card and its public report say one number.
 */
const PROJECT_COMMENT = { topLevel: true } satisfies CommentFilter;
export const projectComments = (projectId: string, filter: CommentFilter = {}): CommentFilter => ({
  ...filter,
  ...PROJECT_COMMENT,
  projectId,
});

/**
 * The one count behind every figure of a project's comments: for each of `projectIds`, its
 * comments (projectComments) matching `filter`, by sentiment, and by day (UTC) when `period`
 * is given, inside it. One statement, grouped by project through the channels it follows.
 */
async function tallyProjectComments(
  db: Database,
  projectIds: string[],
  filter: CommentFilter,
  period?: { start: number; end: number },
) {
  if (projectIds.length === 0) return [];
  if (keptByCommentDays(filter, [...COMMENT_DAYS_FILTERS])) return tallyFromCommentDays(db, projectIds, filter, period);
  const day = sql<string>`to_char(${comments.publishedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      projectId: projectChannels.projectId,
      sentiment: comments.sentiment,
      day: period ? day : sql<string>`''`,
      total: count(),
    })
    .from(comments)
    .innerJoin(projectChannels, eq(projectChannels.channelId, comments.channelId))
    .where(
      and(
        inArray(projectChannels.projectId, projectIds),
        // The projects' channels come through the join: each row is counted for its project.
        matching({ ...filter, ...PROJECT_COMMENT, projectId: undefined }),
        period ? sql`${comments.publishedAt} >= ${new Date(period.start).toISOString()}::timestamptz` : undefined,
        period ? sql`${comments.publishedAt} < ${new Date(period.end).toISOString()}::timestamptz` : undefined,
      ),
    )
    .groupBy(
      ...(period
        ? [projectChannels.projectId, comments.sentiment, day]
        : [projectChannels.projectId, comments.sentiment]),
    );
}

/** What a project's list and the review both filter by that comment_days holds too. */
export const COMMENT_DAYS_FILTERS = ['sentiment', 'channelId', 'isBookmarked', 'isHidden', 'repliedByYou'] as const;

/** COMMENT_DAYS_FILTERS of `filter`, on the rows of comment_days, or of comment_totals (the same without the day). */
export function commentDaysMatching(
  filter: CommentFilter,
  rows: typeof commentDays | typeof commentTotals = commentDays,
): SQL | undefined {
  return and(
    filter.sentiment ? eq(rows.sentiment, filter.sentiment) : undefined,
    filter.channelId ? eq(rows.channelId, filter.channelId) : undefined,
    filter.isBookmarked === undefined ? undefined : eq(rows.isBookmarked, filter.isBookmarked),
    filter.isHidden === undefined ? undefined : eq(rows.isHidden, filter.isHidden),
    filter.repliedByYou === undefined ? undefined : eq(rows.repliedByYou, filter.repliedByYou),
  );
}

/**
 * Whether `filter` asks only what comment_days holds (`keys` of it): then a count reads those
 * rows, a few a channel and day, instead of the comments (docs/decisions/062).
 */
export function keptByCommentDays(filter: CommentFilter, keys: Array<keyof CommentFilter>): boolean {
  return Object.entries(filter).every(
    ([key, value]) => value === undefined || keys.includes(key as keyof CommentFilter),
  );
}

/**
 * tallyProjectComments from the counts kept as comments change: the same rows, the same numbers.
 * A period reads comment_days, by day; every day reads comment_totals, a few rows a channel
 * (docs/decisions/071).
 */
function tallyFromCommentDays(
  db: Database,
  projectIds: string[],
  filter: CommentFilter,
  period?: { start: number; end: number },
) {
  const rows = period ? commentDays : commentTotals;
  const day = sql<string>`to_char(${commentDays.day}, 'YYYY-MM-DD')`;
  const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
  return db
    .select({
      projectId: projectChannels.projectId,
      sentiment: rows.sentiment,
      day: period ? day : sql<string>`''`,
      total: sql<number>`cast(sum(${rows.comments}) as integer)`.mapWith(Number),
    })
    .from(rows)
    .innerJoin(projectChannels, eq(projectChannels.channelId, rows.channelId))
    .where(
      and(
        inArray(projectChannels.projectId, projectIds),
        // What a project counts: its top-level comments (projectComments).
        eq(rows.topLevel, true),
        commentDaysMatching(filter, rows),
        period ? sql`${commentDays.day} >= ${utcDay(period.start)}::date` : undefined,
        period ? sql`${commentDays.day} < ${utcDay(period.end)}::date` : undefined,
      ),
    )
    .groupBy(
      ...(period ? [projectChannels.projectId, rows.sentiment, day] : [projectChannels.projectId, rows.sentiment]),
    )
    .having(sql`sum(${rows.comments}) > 0`);
}

/** Each of `projectIds`' comments (projectComments) matching `filter`, counted by sentiment. */
export async function countProjectComments(
  db: Database,
  projectIds: string[],
  filter: CommentFilter = {},
): Promise<Map<string, Record<Sentiment, number>>> {
  const byProject = new Map(projectIds.map((id) => [id, noCounts()]));
  for (const row of await tallyProjectComments(db, projectIds, filter)) {
    byProject.get(row.projectId)![row.sentiment] = row.total;
  }
  return byProject;
}

/** All of a count by sentiment: what "N comments" says. */
export const totalOf = (counts: Record<Sentiment, number>) =>
  SENTIMENTS.reduce((sum, sentiment) => sum + counts[sentiment], 0);

/**
 * A project's comments (projectComments) by sentiment, a day at a time (UTC), for the `days`
 * days up to `today`: every day listed, the empty ones at 0.
 */
export async function sentimentByDay(
  db: Database,
  projectId: string,
  { days, today }: { days: number; today: Date },
): Promise<Array<{ date: string; counts: Record<Sentiment, number> }>> {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + 86_400_000;
  const start = end - days * 86_400_000;
  const rows = await tallyProjectComments(db, [projectId], {}, { start, end });
  const byDay = new Map(
    Array.from({ length: days }, (_, n) => [new Date(start + n * 86_400_000).toISOString().slice(0, 10), noCounts()]),
  );
  for (const row of rows) {
    const counts = byDay.get(row.day);
    if (counts) counts[row.sentiment] = row.total;
  }
  return [...byDay].map(([date, counts]) => ({ date, counts }));
}

export interface ReviewRequest {
  id: string;
  sentiment?: Sentiment | undefined;
  inReview: boolean;
}

type Reason = 'alreadyReviewed' | 'alreadyInReview' | 'notFound';
export interface ReviewOutcome {
  updated: number;
  conflicts: Array<{ id: string; reason: Reason; sentiment: { sentiment: Sentiment; inReview: boolean } | null }>;
}

/**
 * The bulk update (contract/comments.ts bulkUpdateComments): one UPDATE over every entry, whose
 * WHERE holds each comment to the state the request expects (in review, to end its review; not,
 * to reopen it). Under READ COMMITTED a row another admin changed meanwhile is re-checked after
 * their commit and left out, so of two admins exactly one wins. Then one SELECT (a new snapshot,
 * so it sees that commit) reads where the left-out comments stand. Two statements whatever the
 * count, in one transaction.
 */
export async function reviewComments(
  db: Database,
  requests: ReviewRequest[],
  { adminId, batchId, now }: { adminId: string; batchId: string; now: Date },
): Promise<ReviewOutcome> {
  const input = JSON.stringify(
    requests.map((request) => ({ id: request.id, sentiment: request.sentiment ?? null, in_review: request.inReview })),
  );
  return db.transaction(async (tx) => {
    const changed = await tx.execute(sql`
      update comments as c set
        sentiment = coalesce(i.sentiment, c.sentiment),
        in_review = i.in_review,
        -- Reopened without a proposal of its own, it proposes what it has.
        proposed_sentiment = case when i.in_review then coalesce(c.proposed_sentiment, c.sentiment) else c.proposed_sentiment end,
        sentiment_before_review = case when i.in_review then null else c.sentiment end,
        reviewed_by = case when i.in_review then null else ${adminId}::uuid end,
        reviewed_at = case when i.in_review then null else ${now.toISOString()}::timestamptz end,
        review_batch_id = case when i.in_review then null else ${batchId}::uuid end
      from jsonb_to_recordset(${input}::jsonb) as i(id uuid, sentiment text, in_review boolean)
      where c.id = i.id and c.in_review <> i.in_review
      returning c.id`);
    const updated = new Set(rowsOf<{ id: string }>(changed).map((row) => row.id));
    const left = requests.filter((request) => !updated.has(request.id));
    if (left.length === 0) return { updated: updated.size, conflicts: [] };
    const standing = await tx.execute(sql`
      select id, sentiment, in_review from comments
      where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(left.map((r) => r.id))}::jsonb))`);
    const current = new Map(
      rowsOf<{ id: string; sentiment: Sentiment; in_review: boolean }>(standing).map((row) => [row.id, row]),
    );
    return {
      updated: updated.size,
      conflicts: left.map((request) => {
        const row = current.get(request.id);
        if (!row) return { id: request.id, reason: 'notFound' as const, sentiment: null };
        return {
          id: request.id,
          reason: row.in_review ? ('alreadyInReview' as const) : ('alreadyReviewed' as const),
          sentiment: { sentiment: row.sentiment, inReview: row.in_review },
        };
      }),
    };
  });
}

/** The sentiment a review of every matching comment sets, in SQL. */
function reviewedSentiment(action: ReviewAction, sentiment: Sentiment | undefined): SQL {
  if (action === 'accept') return sql`coalesce(${comments.proposedSentiment}, ${comments.sentiment})`;
  if (action === 'set') return sql`${sentiment}`;
  return sql`${comments.sentiment}`;
}

export class CountChanged extends Error {
  constructor(readonly count: number) {
    super('more comments match than confirmed');
  }
}

/**
 * "Select all matching" (reviewMatchingComments): one UPDATE over the filter, comments in review
 * only. More rows than the admin confirmed rolls it back (CountChanged): exactly the count that
 * was confirmed, or fewer, ever changes.
 */
export async function reviewMatching(
  db: Database,
  filter: Omit<CommentFilter, 'inReview'>,
  action: ReviewAction,
  sentiment: Sentiment | undefined,
  expectedTotal: number,
  { adminId, batchId, now }: { adminId: string; batchId: string; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(comments)
      .set({
        sentiment: reviewedSentiment(action, sentiment),
        inReview: false,
        sentimentBeforeReview: sql`${comments.sentiment}`,
        reviewedBy: adminId,
        reviewedAt: now,
        reviewBatchId: batchId,
      })
      .where(matching({ ...filter, inReview: true }))
      .returning({ id: comments.id });
    if (changed.length > expectedTotal) throw new CountChanged(changed.length);
    return changed.length;
  });
}

/**
 * Undo (undoReview): the batch's comments, reviewed by this admin and not reopened since, go
 * back in review with the sentiment they had. Undefined when the admin has no such batch.
 */
export async function undoReviewBatch(db: Database, batchId: string, adminId: string): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(comments)
      .set({
        inReview: true,
        sentiment: sql`coalesce(${comments.sentimentBeforeReview}, ${comments.sentiment})`,
        proposedSentiment: sql`coalesce(${comments.proposedSentiment}, ${comments.sentiment})`,
        sentimentBeforeReview: null,
        reviewedBy: null,
        reviewedAt: null,
        reviewBatchId: null,
      })
      .where(and(eq(comments.reviewBatchId, batchId), eq(comments.reviewedBy, adminId), eq(comments.inReview, false)))
      .returning({ id: comments.id });
    return changed.length > 0 ? changed.length : undefined;
  });
}

/** One comment with its channel, by id. */
export async function findComment(db: Database, id: string): Promise<CommentWithChannel | undefined> {
  const [row] = await db
    .select({ comment: comments, channel: channelColumns })
    .from(comments)
    .innerJoin(channels, eq(channels.id, comments.channelId))
    .where(eq(comments.id, id))
    .limit(1);
  return row;
}
