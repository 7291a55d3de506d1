import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENTIMENTS } from '../../contract/fields';
import { rowsOf, type Database } from '../db/client';
import { channels, comments } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';
import { seededRandom } from '../test/random';
import { foldCommentDays } from './comment-days';
import { countComments } from './queries';

/**
 * comment_days (docs/decisions/062) is kept by triggers in the transaction of every change to the
 * comments: whatever the writers do, side by side and in any order, it says what a count of the
 * comments says. On PostgreSQL the writers run on connections of their own, at the same time.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

/** `channelIds` as a list for `in (…)`. */
const uuidList = (channelIds: string[]) =>
  sql.join(
    channelIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The keys comment_totals is kept by, and then comment_days: the same and the day. */
const TOTAL_KEY_COLUMNS =
  'channel_id, sentiment, in_review, top_level, is_bookmarked, is_hidden, replied_by_you, is_done';
const TOTAL_KEYS = sql.raw(TOTAL_KEY_COLUMNS);
const KEYS = sql.raw(`${TOTAL_KEY_COLUMNS}, day`);
/**
 * A key as words: `channel [day] sentiment review|- top|reply bookmarked|- hidden|- replied|- done|-`,
 * the day where there is one.
 */
const keyAsWords = (day: string) =>
  sql.raw(
    `channel_id || ' '${day} || sentiment || ' ' || case when in_review then 'review' else '-' end
     || ' ' || case when top_level then 'top' else 'reply' end || ' ' || case when is_bookmarked then 'bookmarked' else '-' end
     || ' ' || case when is_hidden then 'hidden' else '-' end || ' ' || case when replied_by_you then 'replied' else '-' end
     || ' ' || case when is_done then 'done' else '-' end`,
  );
const KEY = keyAsWords(` || day || ' '`);
const TOTAL_KEY = keyAsWords('');

/** Both sides as `KEY: n` lines, the zero rows left out (and the same without the day, for comment_totals). */
async function countsBothWays(db: Database, channelIds: string[]) {
  const ids = uuidList(channelIds);
  const counted = rowsOf<{ key: string }>(
    await db.execute(sql`
      select ${KEY} || ': ' || count(*) as key
      from (select channel_id, (published_at at time zone 'UTC')::date as day, sentiment, in_review,
                   parent_id is null as top_level, is_bookmarked, is_hidden, channel_reply_count > 0 as replied_by_you,
                   done_at is not null as is_done
            from comments where channel_id in (${ids})) as each_comment
      group by ${KEYS}`),
  ).map((row) => row.key);
  const kept = rowsOf<{ key: string }>(
    await db.execute(sql`
      select ${KEY} || ': ' || sum(comments) as key
      from comment_days where channel_id in (${ids})
      group by ${KEYS} having sum(comments) <> 0`),
  ).map((row) => row.key);
  // comment_totals (docs/decisions/071): the same keys but the day, against the comments too.
  const withoutDay = (line: string) => line.split(' ').toSpliced(1, 1).join(' ');
  const countedTotals = new Map<string, number>();
  for (const line of counted) {
    const [key = '', n = '0'] = withoutDay(line).split(': ');
    countedTotals.set(key, (countedTotals.get(key) ?? 0) + Number(n));
  }
  const totals = rowsOf<{ key: string }>(
    await db.execute(sql`
      select ${TOTAL_KEY} || ': ' || sum(comments) as key
      from comment_totals where channel_id in (${ids})
      group by ${TOTAL_KEYS} having sum(comments) <> 0`),
  ).map((row) => row.key);
  return {
    counted: counted.sort(),
    kept: kept.sort(),
    countedTotals: [...countedTotals].map(([key, n]) => `${key}: ${n}`).sort(),
    totals: totals.sort(),
  };
}

const DAY = 86_400_000;

describe('the counts kept as comments change', () => {
  it('agree with the comments after a shuffled burst of inserts, replies, reviews, moves and removals', async () => {
    const { row: owner } = await h.factories.user();
    const made = await Promise.all([1, 2, 3].map(() => h.factories.channel(owner)));
    const channelIds = made.map((channel) => channel.id);
    const rng = seededRandom(34);
    const start = Date.UTC(2026, 10, 1, 22, 0, 0);
    let serial = 0;
    const comment = (channelId: string, parentId: string | null = null) => ({
      channelId,
      externalId: `burst-${serial++}`,
      parentId,
      message: 'A comment',
      authorName: 'Someone',
      sentiment: rng.pick(SENTIMENTS),
      // Across midnight UTC: a comment's day is its UTC day.
      publishedAt: new Date(start + rng.int(4 * 3_600_000) - rng.int(3) * DAY),
    });
    // The seed rows the burst then changes.
    const seeded = await h.db
      .insert(comments)
      .values(Array.from({ length: 60 }, () => comment(rng.pick(channelIds))))
      .returning({ id: comments.id, channelId: comments.channelId });

    // Each writer its own transaction, all of them at once.
    const writers: Array<() => Promise<unknown>> = [];
    for (let n = 0; n < 40; n++) {
      const kind = rng.int(10);
      const target = rng.pick(seeded);
      const batch = Array.from({ length: 1 + rng.int(8) }, () => comment(rng.pick(channelIds)));
      const sentiment = rng.pick(SENTIMENTS);
      const otherChannel = rng.pick(channelIds);
      const second = rng.pick(seeded);
      const day = new Date(start - rng.int(5) * DAY);
      writers.push(
        [
          () => h.db.insert(comments).values(batch),
          () => h.db.insert(comments).values(comment(target.channelId, target.id)),
          () => h.db.update(comments).set({ sentiment }).where(eq(comments.id, target.id)),
          () =>
            // Two rows in one transaction, taken in the order of their ids as the one writer takes
            // its locks in one order (server/comments/writer.ts): otherwise two such transactions
            // deadlock over the comments themselves, counts or not.
            h.db.transaction(async (tx) => {
              const [first, then] = [target.id, second.id].sort();
              await tx.update(comments).set({ publishedAt: day }).where(eq(comments.id, first!));
              await tx.update(comments).set({ isBookmarked: true, sentiment }).where(eq(comments.id, then!));
            }),
          () => h.db.delete(comments).where(eq(comments.id, target.id)),
          () =>
            h.db
              .update(comments)
              .set({ channelId: otherChannel })
              .where(inArray(comments.id, [target.id])),
          // The fold, beside the writers.
          () => foldCommentDays(h.db),
          // A mark, or the channel's first reply counted (the filters' counts).
          () =>
            h.db
              .update(comments)
              .set({ isBookmarked: rng.int(2) === 0, isHidden: rng.int(2) === 0, channelReplyCount: rng.int(2) })
              .where(eq(comments.id, target.id)),
          // A review's end, or a comment sent back to it (the review's count).
          () =>
            h.db
              .update(comments)
              .set({ inReview: rng.int(2) === 0, proposedSentiment: sentiment })
              .where(inArray(comments.id, [target.id, second.id])),
          // Marked done in the inbox, or open again (the inbox's count).
          () =>
            h.db
              .update(comments)
              .set({ doneAt: rng.int(2) === 0 ? null : day })
              .where(eq(comments.id, target.id)),
        ][kind]!,
      );
    }
    const outcomes = await Promise.allSettled(writers.map((write) => write()));
    // A writer may lose to another over the same rows (a unique key, a row deleted first); none
    // may leave the counts wrong.
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThan(20);

    const after = await countsBothWays(h.db, channelIds);
    expect(after.kept).toEqual(after.counted);
    expect(after.totals).toEqual(after.countedTotals);
    expect(after.counted.length).toBeGreaterThan(5);
    // The review's count, read from them, says what the list holds.
    for (const channelId of channelIds) {
      for (const filter of [
        { inReview: true },
        { inReview: false, sentiment: 'NEGATIVE' as const },
        {},
        { isBookmarked: true },
        { isHidden: false, repliedByYou: true },
      ]) {
        const listed = await h.db
          .select({ id: comments.id })
          .from(comments)
          .where(
            and(
              eq(comments.channelId, channelId),
              filter.inReview === undefined ? undefined : eq(comments.inReview, filter.inReview),
              filter.sentiment ? eq(comments.sentiment, filter.sentiment) : undefined,
              filter.isBookmarked === undefined ? undefined : eq(comments.isBookmarked, filter.isBookmarked),
              filter.isHidden === undefined ? undefined : eq(comments.isHidden, filter.isHidden),
              filter.repliedByYou === undefined
                ? undefined
                : sql`(${comments.channelReplyCount} > 0) = ${filter.repliedByYou}`,
            ),
          );
        expect((await countComments(h.db, { ...filter, channelId })).total, JSON.stringify(filter)).toBe(listed.length);
      }
    }

    // Folded: one row a key, the same counts.
    expect(await foldCommentDays(h.db)).toBeGreaterThan(0);
    const rows = rowsOf<{ rows: number }>(
      await h.db.execute(sql`
        select count(*)::int as rows from comment_days where channel_id in (${uuidList(channelIds)})
        group by ${KEYS}`),
    );
    expect(rows.every((row) => Number(row.rows) === 1)).toBe(true);
    const totalRows = rowsOf<{ rows: number }>(
      await h.db.execute(sql`
        select count(*)::int as rows from comment_totals where channel_id in (${uuidList(channelIds)})
        group by ${TOTAL_KEYS}`),
    );
    expect(totalRows.length).toBeGreaterThan(0);
    expect(totalRows.every((row) => Number(row.rows) === 1)).toBe(true);
    const folded = await countsBothWays(h.db, channelIds);
    expect(folded.kept).toEqual(after.counted);
    expect(folded.totals).toEqual(after.countedTotals);

    // A channel deleted takes its comments and its counts with it; the others' stay right.
    await h.db.delete(channels).where(eq(channels.id, channelIds[0]!));
    const rest = await countsBothWays(h.db, channelIds);
    expect(rest.kept).toEqual(rest.counted);
    expect(rest.totals).toEqual(rest.countedTotals);
    expect(rest.kept.some((line) => line.startsWith(channelIds[0]!))).toBe(false);
  });

  // Transactions at once need connections of their own: PGlite has one.
  it.runIf(process.env.TEST_DB_BACKEND === 'postgres')(
    'a fold leaves a channel being deleted to the next fold, so neither waits for the other',
    async () => {
      const { row: owner } = await h.factories.user();
      const [deleted, later, other] = await Promise.all([1, 2, 3].map(() => h.factories.channel(owner)));
      const ids = [deleted!.id, later!.id, other!.id];
      // Two statements a channel: two rows of the same key each, for the fold to fold.
      for (let n = 0; n < 2; n++) {
        for (const channel of [deleted!, later!, other!]) {
          await h.factories.comments(channel, [
            { sentiment: 'NEGATIVE', inReview: false, publishedAt: new Date(Date.UTC(2026, 10, 1, 12)) },
          ]);
        }
      }
      const dayRows = async (channelId: string) => {
        const [row] = rowsOf<{ n: number }>(
          await h.db.execute(sql`select count(*)::int as n from comment_days where channel_id = ${channelId}::uuid`),
        );
        return Number(row?.n);
      };
      expect(await dayRows(other!.id)).toBe(2);

      // A user's deletion, say: one transaction that deletes a channel (its counts with it, by
      // the foreign key) and, a moment later, another.
      let goOn!: () => void;
      const moment = new Promise<void>((resolve) => (goOn = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const deletion = h.db.transaction(async (tx) => {
        await tx.delete(channels).where(eq(channels.id, deleted!.id));
        holding();
        await moment;
        await tx.delete(channels).where(eq(channels.id, later!.id));
      });
      await held;

      // The fold, meanwhile: it ends on its own, or is seen waiting for a lock.
      let ended = false;
      const fold = foldCommentDays(h.db).then(() => 'folded' as const);
      const waiting = (async () => {
        while (!ended) {
          const [row] = rowsOf<{ n: number }>(
            await h.db.execute(sql`
              select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%with many as%'`),
          );
          if (Number(row?.n) > 0) return 'waiting for the deletion' as const;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return 'ended';
      })();
      const first = await Promise.race([fold, waiting]);
      ended = true;
      goOn();
      const [deletedAfter] = await Promise.allSettled([deletion, fold]);
      expect(first).toBe('folded');
      expect(deletedAfter.status).toBe('fulfilled');
      // The channel left alone was folded; the deleted ones took their rows with them.
      expect(await dayRows(other!.id)).toBe(1);
      expect(await dayRows(deleted!.id)).toBe(0);
      expect(await dayRows(later!.id)).toBe(0);
      const rest = await countsBothWays(h.db, ids);
      expect(rest.kept).toEqual(rest.counted);
      expect(rest.totals).toEqual(rest.countedTotals);
    },
  );

  it('count replies apart, and a comment that becomes a reply (or stops being one) moves in or out', async () => {
    const { row: owner } = await h.factories.user();
    const channel = await h.factories.channel(owner);
    const [parent, other] = await h.factories.comments(channel, [
      { sentiment: 'POSITIVE', inReview: false },
      { sentiment: 'NEGATIVE', inReview: false },
    ]);
    await h.factories.comments(channel, [{ parentId: parent!.id, sentiment: 'NEGATIVE', inReview: false }]);
    // What a project counts: the top-level ones, by sentiment.
    const kept = async () =>
      (await countsBothWays(h.db, [channel.id])).kept
        .filter((line) => line.split(' ')[4] === 'top')
        .map((line) => line.split(' ').slice(2, 3).concat(line.split(' ').slice(-1)).join(': '));
    expect((await kept()).sort()).toEqual(['NEGATIVE: 1', 'POSITIVE: 1']);

    await h.db.update(comments).set({ parentId: parent!.id }).where(eq(comments.id, other!.id));
    expect(await kept()).toEqual(['POSITIVE: 1']);
    await h.db.update(comments).set({ parentId: null }).where(eq(comments.id, other!.id));
    expect((await kept()).sort()).toEqual(['NEGATIVE: 1', 'POSITIVE: 1']);
    const both = await countsBothWays(h.db, [channel.id]);
    expect(both.kept).toEqual(both.counted);
    expect(both.totals).toEqual(both.countedTotals);
  });
});
